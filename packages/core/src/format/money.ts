// Money at the edge (spec section 9: dollar sign, two decimals, leading minus when negative).
// Amounts live as integer micro-units (1 USD = 1,000,000); formatMicros and parseMoneyToMicros
// work on integers (BigInt) so no cent is lost to binary floating point.
import { MICROS_PER_UNIT } from '../constants.ts';

const MICROS = BigInt(MICROS_PER_UNIT);
const MICROS_PER_CENT = MICROS / 100n;
const MICROS_DECIMALS = String(MICROS_PER_UNIT).length - 1;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

type RoundedAmount = { sign: '' | '-'; whole: string; fraction: string };

/** Micro-units rounded to the cent, half away from zero; no minus on an amount that rounds to zero. */
function roundToCents(micros: number | bigint): RoundedAmount {
  const value = typeof micros === 'bigint' ? micros : BigInt(Math.round(micros));
  const isNegative = value < 0n;
  const cents = ((isNegative ? -value : value) + MICROS_PER_CENT / 2n) / MICROS_PER_CENT;
  return {
    sign: isNegative && cents > 0n ? '-' : '',
    whole: (cents / 100n).toString(),
    fraction: (cents % 100n).toString().padStart(2, '0'),
  };
}

/**
 * 12_340_000 -> '$12.34', -1_234_500_000 -> '-$1,234.50'. Rounds to the cent, half away from zero
 * (5_000 -> '$0.01', -5_000 -> '-$0.01'); an amount that rounds to zero has no minus. A fractional
 * number is first rounded to a whole micro-unit; non-finite input is returned as text ('NaN').
 * With a locale (a BCP 47 tag: 'de', 'ru'), the digits are grouped and the cents separated as it
 * writes numbers, still with the dollar sign first: 'de' -> '-$1.234,50', 'ru' -> '-$1 234,50'.
 */
export function formatMicros(micros: number | bigint, locale?: string): string {
  if (typeof micros === 'number' && !Number.isFinite(micros)) return String(micros);
  const { sign, whole, fraction } = roundToCents(micros);
  return `${sign}$${writeDollars(BigInt(whole), fraction, locale)}`;
}

/** Whole dollars and their decimals as a locale writes a number: 1234n, '50' -> '1,234.50' ('de': '1.234,50'). */
function writeDollars(whole: bigint, fraction: string, locale: string | undefined): string {
  if (locale === undefined) return `${groupThousands(whole.toString())}.${fraction}`;
  const { numbers, decimal } = numbersOf(locale);
  // A bigint keeps every digit of the whole part, however large.
  return `${numbers.format(whole)}${decimal}${fraction}`;
}

/**
 * A locale's number format and decimal sign, made once: a table of money cells made a formatter
 * (and asked it for its decimal sign) per cell.
 */
const localeNumbers = new Map<string, { numbers: Intl.NumberFormat; decimal: string }>();
function numbersOf(locale: string) {
  let cached = localeNumbers.get(locale);
  if (!cached) {
    const numbers = new Intl.NumberFormat(locale);
    const decimal = numbers.formatToParts(0.5).find((part) => part.type === 'decimal')?.value ?? '.';
    cached = { numbers, decimal };
    localeNumbers.set(locale, cached);
  }
  return cached;
}

/**
 * Money on a screen where every micro-unit counts (a ledger row: spend of a few impressions is often
 * under a cent): formatMicros's form with the decimals beyond the cent that the amount has, so a
 * nonzero amount never reads $0.00. 12_340_000 -> '$12.34', 2_500 -> '$0.0025', -1_234_567 ->
 * '-$1.234567', 0 -> '$0.00'. With a locale, its digits as formatMicros writes them: 'de' ->
 * '-$4.978,88'.
 */
export function formatMicrosExact(micros: number | bigint, locale?: string): string {
  if (typeof micros === 'number' && !Number.isFinite(micros)) return String(micros);
  const value = typeof micros === 'bigint' ? micros : BigInt(Math.round(micros));
  const magnitude = value < 0n ? -value : value;
  const fraction = (magnitude % MICROS)
    .toString()
    .padStart(MICROS_DECIMALS, '0')
    .replace(/0{1,4}$/, '')
    .padEnd(2, '0');
  return `${value < 0n ? '-' : ''}$${writeDollars(magnitude / MICROS, fraction, locale)}`;
}

/**
 * Money as a plain decimal number for files that spreadsheets read (CSV), no dollar sign, no
 * thousands separators; non-finite input is returned as text ('NaN').
 * - 'cents' (default): the amount formatMicros shows, with its rounding: 12_340_000 -> '12.34',
 *   -1_234_500_000 -> '-1234.50', 1_005_000 -> '1.01'.
 * - 'micros': exact, every micro-unit (6 decimals), so that a column of many small amounts sums to
 *   their total: 2_500 -> '0.002500', -1_005_000 -> '-1.005000'. A fractional number is first
 *   rounded to a whole micro-unit.
 */
export function formatMicrosDecimal(
  micros: number | bigint,
  precision: 'cents' | 'micros' = 'cents',
): string {
  if (typeof micros === 'number' && !Number.isFinite(micros)) return String(micros);
  if (precision === 'micros') {
    const value = typeof micros === 'bigint' ? micros : BigInt(Math.round(micros));
    const magnitude = value < 0n ? -value : value;
    const fraction = (magnitude % MICROS).toString().padStart(MICROS_DECIMALS, '0');
    return `${value < 0n ? '-' : ''}${magnitude / MICROS}.${fraction}`;
  }
  const { sign, whole, fraction } = roundToCents(micros);
  return `${sign}${whole}.${fraction}`;
}

/**
 * Micro-units as plain dollars text for a form's input, exactly, at least the cents: 2_500_000 ->
 * '2.50', 1_234_567 -> '1.234567'; '' for no amount. With a locale whose decimal sign is a comma
 * ('de', 'ru'), written with it ('2,50'), as that language's readers type it and readMoneyText reads
 * it back.
 */
export const moneyTextOf = (micros: number | null | undefined, locale?: string): string => {
  if (typeof micros !== 'number' || !Number.isSafeInteger(micros)) return '';
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_UNIT);
  const fraction = String(abs % MICROS_PER_UNIT)
    .padStart(MICROS_DECIMALS, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${sign}${whole}${decimalCommaIn(locale) ? ',' : '.'}${fraction}`;
};

/** OpenRTB prices are CPM in the currency's units; ours are micro-units. */
export const microsOfCpm = (cpm: number): number => Math.round(cpm * MICROS_PER_UNIT);
export const cpmOfMicros = (micros: number): number => micros / MICROS_PER_UNIT;

export const MONEY_INVALID_MESSAGE = 'Please enter an amount like 12.34.';
export const MONEY_TOO_PRECISE_MESSAGE = `Please use at most ${MICROS_DECIMALS} decimals.`;
export const MONEY_TOO_LARGE_MESSAGE = 'This amount is too large.';

// Optional minus, optional $, digits (optionally grouped by commas in threes), optional decimals:
// '12', '12.34', '.5', '12.', '$1,234.50', '-$1,234.50' (what formatMicros writes reads back).
const MONEY_TEXT_PATTERN = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;
// The same where the decimal sign is a comma: digits grouped by dots or spaces ('de' '1.234,50',
// 'ru' '1 234,50', as formatMicros writes them there), a comma before the decimals.
const COMMA_DECIMAL_PATTERN = /^(-)?\$?(\d{1,3}(?:[. \u00a0\u202f]\d{3})+|\d*)(?:,(\d*))?$/;
// Where the decimal sign is a comma, one dot not followed by exactly three digits cannot group
// thousands: it is the decimal sign of someone who writes numbers the English way ('2.50', '0.1').
const DOT_DECIMAL_ONLY = /^-?\$?\d*\.(?:\d{0,2}|\d{4,})$/;

/** Whether the locale (a BCP 47 tag) writes decimals after a comma ('de', 'es', 'it', 'ru'). */
const decimalCommaIn = (locale: string | undefined) =>
  locale !== undefined && numbersOf(locale).decimal === ',';

type MoneyParse = { micros: number; error?: undefined } | { micros?: undefined; error: string };

/**
 * Text typed in the language of `locale` (English when none) to micro-units. Where the decimal sign
 * is a comma, "1.500" is fifteen hundred dollars and "1,500" one and a half, as a reader of that
 * language means them; read the English way, either was a thousand times off.
 */
function readMoneyText(text: string, locale?: string): MoneyParse {
  const trimmed = text.trim();
  const commaDecimal = decimalCommaIn(locale) && !DOT_DECIMAL_ONLY.test(trimmed);
  const match = (commaDecimal ? COMMA_DECIMAL_PATTERN : MONEY_TEXT_PATTERN).exec(trimmed);
  if (!match) return { error: MONEY_INVALID_MESSAGE };
  const [, minus, wholeText = '', fractionText = ''] = match;
  if (wholeText === '' && fractionText === '') return { error: MONEY_INVALID_MESSAGE };
  if (fractionText.length > MICROS_DECIMALS) return { error: MONEY_TOO_PRECISE_MESSAGE };
  const whole = BigInt(wholeText.replace(/\D/g, '') || '0');
  const magnitude = whole * MICROS + BigInt(fractionText.padEnd(MICROS_DECIMALS, '0'));
  if (magnitude > BigInt(Number.MAX_SAFE_INTEGER)) return { error: MONEY_TOO_LARGE_MESSAGE };
  // No -0 for '-0.00'.
  const micros = Number(magnitude);
  return { micros: minus && micros !== 0 ? -micros : micros };
}

/** The message for text that is not an amount (in `locale`'s way, as readMoneyText), or undefined. */
export function findMoneyTextError(text: string, locale?: string): string | undefined {
  return readMoneyText(text, locale).error;
}

/**
 * '12.34' -> 12_340_000, exactly. Accepts what formatMicros writes ('-$1,234.50'; with a locale,
 * what it writes there: 'de' '-$1.234,50'); throws a RangeError with one of the MONEY_* messages for
 * garbage, more than 6 decimals, or more micros than Number.MAX_SAFE_INTEGER (about 9 billion
 * dollars).
 */
export function parseMoneyToMicros(text: string, locale?: string): number {
  const result = readMoneyText(text, locale);
  if (result.error !== undefined) throw new RangeError(result.error);
  return result.micros;
}
