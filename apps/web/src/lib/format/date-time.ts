// Dates and times at the edge: stored and sent in UTC, shown in the user's own time zone (the
// browser's) and language (docs/architecture.md conventions).
import { HTML_LANG, resolveLanguage } from '../i18n/languages.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string) => {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** The BCP 47 locale of a console language code ('sp' -> 'es'). */
export const localeOf = (language: string | undefined): string => HTML_LANG[resolveLanguage(language)];

/**
 * '2026-03-01T10:05:00.000Z' -> 'Mar 1, 2026, 10:05 AM' (in `timeZone`, by default the browser's).
 * Text that is not a date is returned as it is.
 */
export const formatDateTime = (iso: string, language?: string, timeZone?: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterFor(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(date);
};

/** '2026-03-01T10:05:00.000Z' -> 'Mar 1, 2026' in the user's time zone. */
export const formatDate = (iso: string, language?: string, timeZone?: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterFor(localeOf(language), { dateStyle: 'medium' }, timeZone).format(date);
};

let zone: string | undefined;

/**
 * The user's time zone name, e.g. 'Europe/Rome' (for a caption saying which zone times are in).
 * Read once: the first date formatter of a page load loads ICU's data (136 ms on a slow phone,
 * measured on the dashboard), which main.tsx has done while the start-up's requests are on their way.
 */
export const userTimeZone = (): string => {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
};
