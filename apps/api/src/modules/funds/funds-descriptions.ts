// A movement in words for files (the history CSV and the PDF statement in the reader's
// language): the bidder's spend reads "37 impressions · Campaign", a repriced impression "Repriced
// impression", an agency's part of the margin "Margin income", and any other movement its reference.
// The console says the same from its own locale files (funds.json, history.*).
import type { FundsEntry } from '@console/core/api/funds';
import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@console/core/constants';
import { z } from 'zod';

export type { Language };

export const languageField = z
  .enum(LANGUAGES)
  .default('en')
  .describe("The language of the file's descriptions: en, gr (German), rs (Russian), sp (Spanish), it.");

const WORDS: Record<
  Language,
  {
    impressions: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
    repriced: string;
    margin: string;
  }
> = {
  en: {
    impressions: { one: 'impression', other: 'impressions' },
    repriced: 'Repriced impression',
    margin: 'Margin income',
  },
  gr: {
    impressions: { one: 'Impression', other: 'Impressionen' },
    repriced: 'Neu bepreiste Impression',
    margin: 'Margenertrag',
  },
  rs: {
    impressions: { one: 'показ', few: 'показа', many: 'показов', other: 'показа' },
    repriced: 'Показ с изменённой ценой',
    margin: 'Доход от наценки',
  },
  sp: {
    impressions: { one: 'impresión', other: 'impresiones' },
    repriced: 'Impresión con precio corregido',
    margin: 'Ingreso por margen',
  },
  it: {
    impressions: { one: 'impressione', other: 'impressioni' },
    repriced: 'Impressione con prezzo corretto',
    margin: 'Ricavo da margine',
  },
};

/**
 * "37 impressions · Summer sale", "Repriced impression", the campaign, or the reference; on an
 * agency's account its part of the margin says so first ("Margin income · 37 impressions · ...").
 */
export const describeEntry = (entry: FundsEntry, language: Language = 'en'): string => {
  const words = WORDS[language];
  let what: string | null = null;
  if (entry.repricing) what = words.repriced;
  else if (entry.impressions !== null) {
    const rule = new Intl.PluralRules(LANGUAGE_TAGS[language]).select(entry.impressions);
    const noun = words.impressions[rule] ?? words.impressions.other;
    what = `${new Intl.NumberFormat(LANGUAGE_TAGS[language]).format(entry.impressions)} ${noun}`;
  }
  const spend =
    entry.kind === 'SPEND'
      ? [entry.agency_margin ? words.margin : null, what, entry.campaign_name].filter(Boolean).join(' · ')
      : '';
  return spend || (entry.reference ?? '');
};
