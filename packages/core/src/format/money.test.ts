import { describe, expect, it } from 'vitest';
import { MICROS_PER_UNIT } from '../constants.ts';
import {
  findMoneyTextError,
  formatMicros,
  formatMicrosDecimal,
  formatMicrosExact,
  MONEY_INVALID_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  MONEY_TOO_PRECISE_MESSAGE,
  moneyTextOf,
  parseMoneyToMicros,
} from './money.ts';

describe('formatMicrosExact', () => {
  it.each<[number | bigint, string]>([
    [0, '$0.00'],
    [12_340_000, '$12.34'],
    [2_500, '$0.0025'],
    [4_999, '$0.004999'],
    [-1_234_567, '-$1.234567'],
    [1_234_500_000n, '$1,234.50'],
    [-10, '-$0.00001'],
  ])('%s -> %s: a nonzero amount never reads $0.00', (micros, text) => {
    expect(formatMicrosExact(micros)).toBe(text);
  });

  it("writes the reader's digits with a locale, every micro-unit kept", () => {
    const shown = (micros: number | bigint, locale: string) =>
      formatMicrosExact(micros, locale).replace(/\s/g, ' ');
    expect(shown(4_978_880_000, 'de')).toBe('$4.978,88');
    expect(shown(-1_234_567, 'de')).toBe('-$1,234567');
    expect(shown(4_978_880_050, 'ru')).toBe('$4 978,88005');
    expect(shown(9_007_199_254_740_991n, 'en')).toBe('$9,007,199,254.740991');
    expect(formatMicrosExact(4_978_880_000, 'en')).toBe(formatMicrosExact(4_978_880_000));
  });
});

describe('formatMicros', () => {
  it('uses 1,000,000 micro-units per dollar', () => {
    expect(MICROS_PER_UNIT).toBe(1_000_000);
  });

  it.each<[number | bigint, string]>([
    [0, '$0.00'],
    [0n, '$0.00'],
    [12_340_000, '$12.34'],
    [1_000_000, '$1.00'],
    [-1_234_500_000, '-$1,234.50'],
    [10_000, '$0.01'],
    [9_999, '$0.01'],
    [5_000, '$0.01'],
    [4_999, '$0.00'],
    [-4_999, '$0.00'],
    [-5_000, '-$0.01'],
    [1_004_999, '$1.00'],
    [1_005_000, '$1.01'],
    [999_995_000, '$1,000.00'],
    [Number.MAX_SAFE_INTEGER, '$9,007,199,254.74'],
    [-Number.MAX_SAFE_INTEGER, '-$9,007,199,254.74'],
    [123_456_789_012_345_678_901n, '$123,456,789,012,345.68'],
    [-123_456_789_012_345_678_901n, '-$123,456,789,012,345.68'],
  ])('%d -> %s', (micros, expected) => {
    expect(formatMicros(micros)).toBe(expected);
  });

  it('never loses a cent to floating point', () => {
    // As floats, 0.29 * 100 = 28.999999999999996 and 1.15 * 100 = 114.99999999999999.
    expect(formatMicros(290_000)).toBe('$0.29');
    expect(formatMicros(1_150_000)).toBe('$1.15');
    for (let cents = 0; cents < 20_000; cents += 1) {
      const expected = `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
      expect(formatMicros(cents * 10_000)).toBe(expected);
    }
  });

  it('rounds a fractional number to a whole micro first, and returns non-finite input as text', () => {
    expect(formatMicros(4_999.6)).toBe('$0.01');
    expect(formatMicros(Number.NaN)).toBe('NaN');
  });
});

describe('formatMicrosDecimal', () => {
  it.each<[number | bigint, string]>([
    [0, '0.00'],
    [12_340_000, '12.34'],
    [-1_234_500_000, '-1234.50'],
    [1_004_999, '1.00'],
    [1_005_000, '1.01'],
    [-1_005_000, '-1.01'],
    [-4_999, '0.00'],
    [2_675_000, '2.68'],
    [999_995_000, '1000.00'],
    [Number.MAX_SAFE_INTEGER, '9007199254.74'],
    [123_456_789_012_345_678_901n, '123456789012345.68'],
    [Number.NaN, 'NaN'],
  ])('%d -> %s (the amount formatMicros shows, as a plain number)', (micros, expected) => {
    expect(formatMicrosDecimal(micros)).toBe(expected);
  });

  it.each<[number | bigint, string]>([
    [0, '0.000000'],
    [2_500, '0.002500'],
    [1, '0.000001'],
    [-1, '-0.000001'],
    [-1_005_000, '-1.005000'],
    [12_340_000.4, '12.340000'],
    [Number.MAX_SAFE_INTEGER, '9007199254.740991'],
    [123_456_789_012_345_678_901n, '123456789012345.678901'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('%d -> %s exactly (micros)', (micros, expected) => {
    expect(formatMicrosDecimal(micros, 'micros')).toBe(expected);
  });

  it('writes amounts that sum, as the decimals read back, to their exact total', () => {
    const amounts = [2_500, 1_999, 3_001, 4_999, 7];
    const cents = amounts.reduce(
      (sum, micros) => sum + Math.round(Number(formatMicrosDecimal(micros)) * 100),
      0,
    );
    const exact = amounts.reduce(
      (sum, micros) => sum + Math.round(Number(formatMicrosDecimal(micros, 'micros')) * 1e6),
      0,
    );
    expect(cents).toBe(0);
    expect(exact).toBe(12_506);
  });
});

describe('parseMoneyToMicros', () => {
  it.each([
    ['12.34', 12_340_000],
    ['0', 0],
    ['0.000001', 1],
    ['12', 12_000_000],
    ['12.', 12_000_000],
    ['.5', 500_000],
    ['0.29', 290_000],
    ['1.15', 1_150_000],
    ['123456.123456', 123_456_123_456],
    ['1,234.50', 1_234_500_000],
    ['$1,234.50', 1_234_500_000],
    ['-$1,234.50', -1_234_500_000],
    ['-12.34', -12_340_000],
    ['  7.5  ', 7_500_000],
    ['1,000,000', 1_000_000_000_000],
    ['9007199254.740991', Number.MAX_SAFE_INTEGER],
  ])('%j -> %d', (text, micros) => {
    expect(parseMoneyToMicros(text)).toBe(micros);
    expect(findMoneyTextError(text)).toBeUndefined();
  });

  it('never returns -0', () => {
    expect(Object.is(parseMoneyToMicros('-0.00'), 0)).toBe(true);
  });

  it('reads back what formatMicros writes', () => {
    for (const micros of [0, 10_000, -10_000, 1_234_560_000, -987_654_320_000]) {
      expect(parseMoneyToMicros(formatMicros(micros))).toBe(micros);
    }
  });

  it.each(['1.1234567', '0.0000001', '-5.0000000'])('rejects more than 6 decimals: %j', (text) => {
    expect(() => parseMoneyToMicros(text)).toThrow(new RangeError(MONEY_TOO_PRECISE_MESSAGE));
    expect(findMoneyTextError(text)).toBe(MONEY_TOO_PRECISE_MESSAGE);
    expect(MONEY_TOO_PRECISE_MESSAGE).toBe('Please use at most 6 decimals.');
  });

  it.each([
    '',
    '   ',
    '.',
    '-',
    '$',
    'abc',
    '12abc',
    '1.2.3',
    '1e6',
    '+5',
    '$-5',
    '12,34',
    '1,2345.00',
    '1 234',
    '0x10',
    'NaN',
    'Infinity',
    '--5',
    '€5',
  ])('rejects garbage %j', (text) => {
    expect(() => parseMoneyToMicros(text)).toThrow(new RangeError(MONEY_INVALID_MESSAGE));
    expect(findMoneyTextError(text)).toBe(MONEY_INVALID_MESSAGE);
  });

  it('rejects amounts beyond safe integer micro-units', () => {
    expect(() => parseMoneyToMicros('9007199254.740992')).toThrow(new RangeError(MONEY_TOO_LARGE_MESSAGE));
    expect(findMoneyTextError('-99999999999')).toBe(MONEY_TOO_LARGE_MESSAGE);
  });

  // A German, Spanish, Italian or Russian reader writes 1.500 for fifteen hundred and 1,5 for one and
  // a half: read the English way, each was a thousand times off.
  it.each([
    ['de', '1.500', 1_500_000_000],
    ['de', '1,500', 1_500_000],
    ['de', '1,5', 1_500_000],
    ['de', '1.234,56', 1_234_560_000],
    ['de', '-$1.234,50', -1_234_500_000],
    ['de', '12.345.678', 12_345_678_000_000],
    ['es', '0,125', 125_000],
    ['it', '2,50', 2_500_000],
    ['ru', '1\u00a0234,50', 1_234_500_000],
    ['ru', '1 234,5', 1_234_500_000],
    // One dot that cannot group thousands is the English decimal sign, in any language.
    ['de', '2.50', 2_500_000],
    ['de', '.5', 500_000],
    ['de', '1.2345', 1_234_500],
    ['de', '1500', 1_500_000_000],
    // English keeps its own reading.
    ['en', '1,500', 1_500_000_000],
    ['en', '1.500', 1_500_000],
  ])('in %s reads %j as %d', (locale, text, micros) => {
    expect(parseMoneyToMicros(text, locale)).toBe(micros);
    expect(findMoneyTextError(text, locale)).toBeUndefined();
  });

  it.each([
    ['de', '1,234.50'],
    ['de', '1,2,3'],
    ['de', '12.34.5'],
    ['ru', '1 23,5'],
  ])('in %s rejects %j', (locale, text) => {
    expect(findMoneyTextError(text, locale)).toBe(MONEY_INVALID_MESSAGE);
  });

  it('reads back what formatMicros and moneyTextOf write in each language', () => {
    for (const locale of ['en', 'de', 'es', 'it', 'ru'])
      for (const micros of [0, 10_000, -10_000, 1_234_560_000, -987_654_320_000, 12_345_678_900_000]) {
        expect(parseMoneyToMicros(formatMicros(micros, locale), locale)).toBe(micros);
        expect(parseMoneyToMicros(moneyTextOf(micros, locale), locale)).toBe(micros);
        expect(parseMoneyToMicros(moneyTextOf(micros + 125, locale), locale)).toBe(micros + 125);
      }
    expect(moneyTextOf(1_125_000, 'de')).toBe('1,125');
    expect(moneyTextOf(1_125_000, 'en')).toBe('1.125');
  });
});
