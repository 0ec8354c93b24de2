// A timestamptz column's value as the API writes it (what Date#toISOString gives: UTC, milliseconds,
// 'Z'), made from the text the database sent instead of through a Date. A list page of campaigns
// holds 80 timestamps; a Date made from each and written out again was a sixth of the API's own CPU
// on such a page (profiled at 100,000 campaigns on PostgreSQL: toISOString about 0.4 us a call).

/** Where a digit stands in 'YYYY-MM-DD hh:mm:ss'. */
const DIGITS_AT = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
/** What a fraction of 0, 1 or 2 digits is padded with to make milliseconds. */
const MS_PAD = ['.000', '00', '0'];

/** A digit ('0' to '9') at `at`. */
const isDigitAt = (value: string, at: number): boolean => {
  const code = value.charCodeAt(at);
  return code >= 48 && code <= 57;
};

/** A digit at each of `from` up to `to` (not included). */
const hasDigits = (value: string, from: number, to: number): boolean => {
  for (let at = from; at < to; at++) if (!isDigitAt(value, at)) return false;
  return true;
};

/**
 * 'YYYY-MM-DD?hh:mm:ss' at the text's start, whatever stands between the date and the time: '-' at
 * 4 and 7, ':' at 13 and 16, a digit at each of DIGITS_AT. Its fields' ranges are not tested:
 * PostgreSQL and Date#toISOString write no month 13 or hour 24.
 */
const hasDateAndTime = (value: string): boolean => {
  if (
    value.charCodeAt(4) !== 45 ||
    value.charCodeAt(7) !== 45 ||
    value.charCodeAt(13) !== 58 ||
    value.charCodeAt(16) !== 58
  )
    return false;
  for (const at of DIGITS_AT) if (!isDigitAt(value, at)) return false;
  return true;
};

/**
 * Where the '+00' of the text of a timestamptz in UTC starts, as PostgreSQL sends it
 * ('2026-11-30 14:00:00.123456+00') or as JSON holds it ('2026-11-30T14:00:00.123456+00:00',
 * PGlite's json_agg); -1 for any other text. Read by character codes: a regular expression and its
 * captures were most of what writing a page's 80 timestamps cost.
 */
const utcZoneAt = (value: string): number => {
  const n = value.length;
  const zone = value.charCodeAt(n - 3) === 58 ? n - 6 : n - 3;
  const fraction = zone - 20;
  const isUtc =
    value.charCodeAt(zone) === 43 &&
    value.charCodeAt(zone + 1) === 48 &&
    value.charCodeAt(zone + 2) === 48 &&
    (zone === n - 3 || (value.charCodeAt(n - 2) === 48 && value.charCodeAt(n - 1) === 48));
  const isDateTime =
    (value.charCodeAt(10) === 32 || value.charCodeAt(10) === 84) &&
    (zone === 19 || (value.charCodeAt(19) === 46 && fraction >= 1 && fraction <= 6));
  return isUtc && isDateTime && hasDateAndTime(value) && hasDigits(value, 20, zone) ? zone : -1;
};

/** The text is already what isoTimestamp writes: 'YYYY-MM-DDThh:mm:ss.sssZ'. */
const isIsoText = (value: string): boolean =>
  value.length === 24 &&
  value.charCodeAt(23) === 90 &&
  value.charCodeAt(10) === 84 &&
  value.charCodeAt(19) === 46 &&
  hasDateAndTime(value) &&
  hasDigits(value, 20, 23);

/**
 * The ISO text of a timestamptz driver value; the fraction cut to milliseconds, as a Date cuts it.
 * A text already in that form is returned as it is: a list row's timestamps are decoded to it
 * (db/aliased-columns.ts) and written out by the same toListItem as a detail's Dates, which made a
 * Date of each again (0.7 us each, 80 on a page: a quarter of what the API's own CPU on a list
 * request was over its floor's, profiled on the campaigns bench, 2026-12-01). Any other text
 * (another zone's offset, a year past 9999) goes through a Date, as drizzle reads it.
 */
export const isoTimestamp = (value: string | Date): string => {
  if (typeof value !== 'string') return value.toISOString();
  if (isIsoText(value)) return value;
  const zone = utcZoneAt(value);
  if (zone < 0) return new Date(value).toISOString();
  const dateTime = `${value.slice(0, 10)}T${value.slice(11, 19)}`;
  const fraction = zone === 19 ? 0 : zone - 20;
  return fraction >= 3
    ? `${dateTime}${value.slice(19, 23)}Z`
    : `${dateTime}${fraction === 0 ? '' : value.slice(19, zone)}${MS_PAD[fraction]}Z`;
};

/** The instant of a timestamp read as a Date or as isoTimestamp's text, in ms. */
export const msOf = (value: string | Date): number =>
  typeof value === 'string' ? Date.parse(value) : value.getTime();
