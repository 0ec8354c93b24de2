// The statement PDF's words: every one in every console language, none left in English; the
// reader's days and months.
import { LANGUAGES } from '@console/core/constants';
import { describe, expect, it } from 'vitest';
import { STATEMENT_WORDS, statementDay, statementMonth } from '../src/modules/funds/statement-words.ts';

/** Every text a language's words give (its functions called with sample values). */
const textsOf = (language: (typeof LANGUAGES)[number]) => {
  const words = STATEMENT_WORDS[language];
  return {
    title: words.title,
    account: words.account(12, 'x'),
    ...Object.fromEntries(Object.entries(words.roles).map(([role, text]) => [`role.${role}`, text])),
    revised: words.revised('d', 'a'),
    opening: words.opening,
    moneyIn: words.moneyIn,
    moneyOut: words.moneyOut,
    closing: words.closing,
    marginIncome: words.marginIncome,
    spendAdvertiserCost: words.spendAdvertiserCost,
    spendMediaCost: words.spendMediaCost,
    ...Object.fromEntries(Object.entries(words.columns).map(([key, text]) => [`column.${key}`, text])),
    none: words.none,
    ...Object.fromEntries(Object.entries(words.kinds).map(([kind, text]) => [`kind.${kind}`, text])),
    reversalOf: words.reversalOf(7),
    booked: words.booked('o', 'b'),
  };
};

describe('statement words', () => {
  it('has every word in every language, none left in English', () => {
    const english = textsOf('en');
    for (const language of LANGUAGES) {
      const texts = textsOf(language);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
      if (language === 'en') continue;
      const untranslated = Object.entries(texts)
        .filter(([key, text]) => text === english[key as keyof typeof english])
        .map(([key]) => key);
      expect(untranslated, language).toEqual([]);
    }
  });

  it('writes days and months as the language does', () => {
    expect(statementDay('2026-11-28', 'gr')).toBe('28.11.2026');
    expect(statementDay('2026-11-28', 'en')).toBe('Nov 28, 2026');
    expect(statementMonth('2026-11', 'gr')).toBe('November 2026');
    expect(statementMonth('2026-11', 'sp')).toBe('noviembre de 2026');
  });
});
