// The five languages of the console (spec section 1). Codes are the product's own (sp, gr, rs);
// the page's lang attribute needs the standard codes for screen readers and axe.
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, type Language } from '@console/core/constants';

export const HTML_LANG = LANGUAGE_TAGS;

/** Each language named in itself, as language pickers show them. */
export const LANGUAGE_NAMES = {
  en: 'English',
  sp: 'Español',
  gr: 'Deutsch',
  it: 'Italiano',
  rs: 'Русский',
} as const satisfies Record<Language, string>;

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

export const resolveLanguage = (stored: string | null | undefined): Language =>
  isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
