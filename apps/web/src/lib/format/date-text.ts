// A calendar day (YYYY-MM-DD, what the API and the URLs hold) as the reader writes it, and back:
// German 28.11.2026, English 11/28/2026, Spanish and Italian 28/11/2026, Russian 28.11.2026. The
// browser's own date input writes the browser's format whatever the page's language (Chromium:
// mm/dd/yyyy), so the console's date fields are text in the console's language (date-field.tsx).

type Part = 'day' | 'month' | 'year';
type DayPattern = { order: Part[]; separator: string };

const patterns = new Map<string, DayPattern>();

/** The order of day, month and year in the locale's numeric date, and what separates them. */
export const dayPatternOf = (locale: string): DayPattern => {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const parts = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).formatToParts(new Date(Date.UTC(2026, 10, 28)));
    pattern = {
      order: parts.flatMap((part) =>
        part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
      ),
      separator: parts.find((part) => part.type === 'literal')?.value.trim() || '/',
    };
    patterns.set(locale, pattern);
  }
  return pattern;
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-11-28' -> '28.11.2026' ('de'); '' for '', other text as it is. */
export const formatDayText = (day: string, locale: string): string => {
  const match = ISO_DAY.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  const values: Record<Part, string> = { day: date!, month: month!, year: year! };
  const { order, separator } = dayPatternOf(locale);
  return order.map((part) => values[part]).join(separator);
};

/** How a day is written, in the reader's letters: 'TT.MM.JJJJ' for German. */
export const dayPlaceholder = (locale: string, letters: Record<Part, string>): string => {
  const { order, separator } = dayPatternOf(locale);
  return order.map((part) => letters[part]).join(separator);
};

/**
 * The day text means as YYYY-MM-DD: the locale's order with any of . / - as separators and one- or
 * two-digit days and months ('1.3.2026' in German), or YYYY-MM-DD itself; null when it is not a
 * real day ('31.02.2026') or not complete.
 */
export const parseDayText = (text: string, locale: string): string | null => {
  const trimmed = text.trim();
  let values: Record<Part, string> | undefined;
  const iso = ISO_DAY.exec(trimmed);
  if (iso) values = { year: iso[1]!, month: iso[2]!, day: iso[3]! };
  else {
    const fields = trimmed.split(/\s*[./-]\s*/);
    const { order } = dayPatternOf(locale);
    if (fields.length !== 3 || !fields.every((field) => /^\d+$/.test(field))) return null;
    values = Object.fromEntries(order.map((part, index) => [part, fields[index]!])) as Record<Part, string>;
    if (values.year.length !== 4 || values.day.length > 2 || values.month.length > 2) return null;
  }
  const year = Number(values.year);
  const month = Number(values.month);
  const day = Number(values.day);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (year < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${values.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
