import { describe, expect, it } from 'vitest';
import { formatCount, shortenNumber } from './count.ts';

describe('shortenNumber (spec section 9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_549, '1.5K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [25_300_000, '25.3M'],
    [1_000_000_000, '1B'],
    [-2_500, '-2.5K'],
  ])('%d reads %s', (value, text) => {
    expect(shortenNumber(value)).toBe(text);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_284, '1,284'],
    [1_284_512, '1,284,512'],
    [-2_500, '-2,500'],
  ])('%d reads %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});
