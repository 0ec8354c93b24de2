import { describe, expect, it } from 'vitest';
import { formatCompactNumber } from './number.ts';

describe('formatCompactNumber', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [1234, '1.2K'],
    [10_000, '10K'],
    [999_000, '999K'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_000_000_000, '1B'],
    [7_340_000_000, '7.3B'],
    [1e12, '1000B'],
    [1e21, '1000000000000B'],
    [12.34, '12.3'],
    [999.94, '999.9'],
  ])('%d -> %s', (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });

  it('keeps the sign of negatives', () => {
    expect(formatCompactNumber(-999)).toBe('-999');
    expect(formatCompactNumber(-1000)).toBe('-1K');
    expect(formatCompactNumber(-1500)).toBe('-1.5K');
    expect(formatCompactNumber(-2_500_000)).toBe('-2.5M');
    expect(formatCompactNumber(-3e9)).toBe('-3B');
  });

  it('writes no minus for values that round to zero', () => {
    expect(formatCompactNumber(-0)).toBe('0');
    expect(formatCompactNumber(-0.01)).toBe('0');
  });

  it('rounds halves away from zero', () => {
    expect(formatCompactNumber(1250)).toBe('1.3K');
    expect(formatCompactNumber(-1250)).toBe('-1.3K');
    expect(formatCompactNumber(1050)).toBe('1.1K');
    expect(formatCompactNumber(1049)).toBe('1K');
  });

  it('promotes to the next unit when rounding reaches 1000', () => {
    expect(formatCompactNumber(999.95)).toBe('1K');
    expect(formatCompactNumber(999_950)).toBe('1M');
    expect(formatCompactNumber(999_949)).toBe('999.9K');
    expect(formatCompactNumber(999_950_000)).toBe('1B');
    expect(formatCompactNumber(-999_950)).toBe('-1M');
    expect(formatCompactNumber(999_500, { decimals: 0 })).toBe('1M');
  });

  it('honours the decimals option', () => {
    expect(formatCompactNumber(1234, { decimals: 2 })).toBe('1.23K');
    expect(formatCompactNumber(1234, { decimals: 0 })).toBe('1K');
    expect(formatCompactNumber(1500, { decimals: 0 })).toBe('2K');
    expect(formatCompactNumber(1_234_567, { decimals: 3 })).toBe('1.235M');
    expect(formatCompactNumber(2_000_000, { decimals: 3 })).toBe('2M');
    expect(formatCompactNumber(1234, { decimals: -1 })).toBe('1K');
  });

  it('returns non-finite input as text', () => {
    expect(formatCompactNumber(Number.NaN)).toBe('NaN');
    expect(formatCompactNumber(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
  });
});
