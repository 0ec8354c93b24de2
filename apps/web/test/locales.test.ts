// Every language carries every key of every namespace (English is the reference), no value is
// empty, interpolations match, and the other languages are really translated: a value identical to
// English fails unless it is short or a known name; and each file reads as its own language (franc over
// the file's text) in its own script: German (gr) has no Greek letters, Russian (rs) is not Serbian Latin.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@console/core/constants';
import { francAll } from 'franc';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = join(import.meta.dirname, '../src/locales');
/** Every namespace English has (src/locales/en/<ns>.json); the others must match it. */
const NAMESPACES = readdirSync(join(LOCALES_DIR, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

/**
 * Values that may equal English: brand and proper names, international terms, and true cognates
 * (Italian 'Password', Spanish and German 'Horizontal', Spanish 'Vertical').
 */
const SAME_EVERYWHERE = new Set([
  'Insight360',
  'OK',
  'Email',
  'E-mail',
  'Password',
  'API',
  'CSV',
  'HTML',
  'URL',
  'Horizontal',
  'Vertical',
  'Aurora',
]);
/** Up to this many characters, a value may equal English (DSP, ID, Logo...). */
const SHORT = 5;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Leaves = Map<string, string>;

const flatten = (value: unknown, prefix = '', out: Leaves = new Map()): Leaves => {
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) flatten(item, `${prefix}[${index}]`, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, String(value ?? ''));
  return out;
};

const load = (language: string, namespace: string): Leaves | null => {
  try {
    return flatten(JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/** Plural forms differ by language (Russian has few/many): compare keys without the suffix. */
const baseKeys = (leaves: Leaves) => new Set([...leaves.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));
const variables = (text: string) => [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('exist for exactly the five languages', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const namespace of NAMESPACES) {
    const english = load('en', namespace);

    it(`en/${namespace}.json exists and has no empty value`, () => {
      expect(english, `en/${namespace}.json is missing`).not.toBeNull();
      const empty = [...(english ?? new Map())].filter(([, value]) => !value.trim()).map(([key]) => key);
      expect(empty).toEqual([]);
    });

    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      describe(`${language}/${namespace}.json`, () => {
        const leaves = load(language, namespace);

        it('exists', () => expect(leaves, `${language}/${namespace}.json is missing`).not.toBeNull());

        it('has every key of English and no other', () => {
          if (!english || !leaves) return;
          const mine = baseKeys(leaves);
          const reference = baseKeys(english);
          expect(
            [...reference].filter((key) => !mine.has(key)),
            'missing keys',
          ).toEqual([]);
          expect(
            [...mine].filter((key) => !reference.has(key)),
            'keys unknown to English',
          ).toEqual([]);
        });

        it('has no empty value and keeps the interpolations', () => {
          if (!english || !leaves) return;
          const empty = [...leaves].filter(([, value]) => !value.trim()).map(([key]) => key);
          expect(empty, 'empty values').toEqual([]);
          const mismatched = [...leaves]
            .filter(
              ([key, value]) =>
                english.has(key) && variables(value).join() !== variables(english.get(key) ?? '').join(),
            )
            .map(([key]) => key);
          expect(mismatched, 'interpolation variables differ from English').toEqual([]);
        });

        it('is translated (no value left in English)', () => {
          if (!english || !leaves) return;
          const untranslated = [...leaves]
            .filter(([key, value]) => {
              const reference = english.get(key);
              return reference === value && value.length > SHORT && !SAME_EVERYWHERE.has(value);
            })
            .map(([key, value]) => `${key}: ${value}`);
          expect(untranslated).toEqual([]);
        });
      });
    }
  }

  describe('every value is in its own language and script', () => {
    /** Our codes are not ISO's: gr is German (not Greek), rs is Russian (not Serbian). */
    const ISO_639_3 = { en: 'eng', sp: 'spa', gr: 'deu', it: 'ita', rs: 'rus' } as const satisfies Record<
      Language,
      string
    >;
    /** The languages a file could be written in by mistake: ours, and the ones our codes are taken for. */
    const CANDIDATES = [...Object.values(ISO_639_3), 'ell', 'srp', 'hrv', 'bos'];
    const GREEK = /\p{Script=Greek}/u;
    const CYRILLIC = /\p{Script=Cyrillic}/u;
    /** A Latin word a Russian value may keep: acronyms (CTR, eCPM, DSP) and the product's names. */
    const isLatinTerm = (word: string) =>
      SAME_EVERYWHERE.has(word) || (word.match(/\p{Ll}/gu) ?? []).length < 3;
    const text = (value: string) => value.replace(/{{[^}]*}}/g, ' ').replace(/<[^>]*>/g, ' ');

    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const leaves = load(language, namespace);
        if (!leaves) continue;

        it(`${language}/${namespace}.json reads as ${ISO_639_3[language]}`, () => {
          const all = [...leaves.values()].map(text).join('. ');
          const [best] = francAll(all, { only: CANDIDATES, minLength: 10 });
          expect(best?.[0]).toBe(ISO_639_3[language]);
        });

        it(`${language}/${namespace}.json has no letters of another script`, () => {
          const foreign = [...leaves]
            .filter(([, value]) => {
              const plain = text(value);
              if (GREEK.test(plain)) return true;
              if (language !== 'rs') return CYRILLIC.test(plain);
              const latinWords = plain.match(/\p{Script=Latin}[\p{Script=Latin}\d]*/gu) ?? [];
              return !CYRILLIC.test(plain) && latinWords.some((word) => !isLatinTerm(word));
            })
            .map(([key, value]) => `${key}: ${value}`);
          expect(foreign).toEqual([]);
        });
      }
    }
  });
});
