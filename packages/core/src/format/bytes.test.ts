import { describe, expect, it } from 'vitest';
import { BYTE_UNITS, formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1 MB'],
    [1.75 * 1024 ** 3, '1.75 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
    [123_456_789, '117.74 MB'],
  ])('%d -> %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('covers Bytes to YB', () => {
    expect(BYTE_UNITS).toEqual(['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
  });

  it('honours the decimals option and drops trailing zeros', () => {
    expect(formatBytes(1536, { decimals: 0 })).toBe('2 KB');
    expect(formatBytes(1234, { decimals: 0 })).toBe('1 KB');
    expect(formatBytes(1234, { decimals: 1 })).toBe('1.2 KB');
    expect(formatBytes(1234, { decimals: 3 })).toBe('1.205 KB');
    expect(formatBytes(1024 * 1.1, { decimals: 5 })).toBe('1.1 KB');
    expect(formatBytes(1234, { decimals: -2 })).toBe('1 KB');
    expect(formatBytes(1234, { decimals: 1.9 })).toBe('1.2 KB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1023.999)).toBe('1 KB');
    expect(formatBytes(1024 * 1023.99)).toBe('1023.99 KB');
    expect(formatBytes(1024 * 1023.996)).toBe('1 MB');
    expect(formatBytes(1024 * 1023.6, { decimals: 0 })).toBe('1 MB');
  });

  it('rounds halves up', () => {
    expect(formatBytes(1024 * 1.125)).toBe('1.13 KB');
    expect(formatBytes(1024 * 1.5, { decimals: 0 })).toBe('2 KB');
  });

  it('handles fractions of a byte, negatives and non-finite input', () => {
    expect(formatBytes(0.5)).toBe('0.5 Bytes');
    expect(formatBytes(-1536)).toBe('-1.5 KB');
    expect(formatBytes(-0.001)).toBe('0 Bytes');
    expect(formatBytes(-0)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('NaN');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
