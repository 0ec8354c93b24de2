// A time of day (HH:MM, 24-hour, what the forms and the API hold) as the reader writes it, and back:
// 24-hour in German, Spanish, Italian and Russian (14:30), 12-hour with AM/PM in English (2:30 PM).
// The browser's own time input follows the browser's language whatever the console's
// (time-field.tsx).

const cycles = new Map<string, boolean>();

/** Whether the locale writes times on a 12-hour clock. */
export const usesTwelveHours = (locale: string): boolean => {
  let twelve = cycles.get(locale);
  if (twelve === undefined) {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    twelve = cycle === 'h12' || cycle === 'h11';
    cycles.set(locale, twelve);
  }
  return twelve;
};

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '14:30' -> '2:30 PM' ('en'), '14:30' ('de'); '' for '', other text as it is. */
export const formatTimeText = (time: string, locale: string): string => {
  const match = CLOCK.exec(time);
  if (!match || !usesTwelveHours(locale)) return time;
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** How a time is written, in the reader's letters: 'hh:mm AM' on a 12-hour clock, 'чч:мм' in Russian. */
export const timePlaceholder = (locale: string, letters: { hour: string; minute: string }): string =>
  `${letters.hour}:${letters.minute}${usesTwelveHours(locale) ? ' AM' : ''}`;

/**
 * The time text means as HH:MM: '14:30', '9:05', '2:30 PM', '2:30pm', '12:00 AM' (midnight), in
 * any locale; null when it is not a time of day ('24:00', '13:00 PM', '9').
 */
export const parseTimeText = (text: string): string | null => {
  const match = /^(\d{1,2})[:.](\d{2})\s*([ap]\.?\s?m\.?)?$/i.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const half = match[3]?.toLowerCase().replace(/[.\s]/g, '');
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'pm' ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};
