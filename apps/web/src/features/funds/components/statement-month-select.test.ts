import { describe, expect, it } from 'vitest';
import { monthIn, statementMonthOptions } from './statement-month-select.tsx';

// 2026-11-30 22:00 UTC: already December in Tokyo, still November in New York.
const LATE_NOVEMBER_UTC = new Date('2026-11-30T22:00:00Z');

describe('the statement months a reader is offered', () => {
  it("starts at the reader's own month, not UTC's", () => {
    expect(monthIn('UTC', LATE_NOVEMBER_UTC)).toBe('2026-11');
    expect(monthIn('Asia/Tokyo', LATE_NOVEMBER_UTC)).toBe('2026-12');
    expect(monthIn('America/New_York', LATE_NOVEMBER_UTC)).toBe('2026-11');
    expect(statementMonthOptions('en-US', 'Asia/Tokyo', LATE_NOVEMBER_UTC)[0]).toEqual({
      value: '2026-12',
      label: 'December 2026',
    });
  });

  it('names five years of months back, newest first, across the year, in the console language', () => {
    const options = statementMonthOptions('de-DE', 'Europe/Berlin', new Date('2026-01-15T12:00:00Z'));
    expect(options).toHaveLength(61);
    expect(options.slice(0, 2)).toEqual([
      { value: '2026-01', label: 'Januar 2026' },
      { value: '2025-12', label: 'Dezember 2025' },
    ]);
    expect(options.at(-1)?.value).toBe('2021-01');
  });
});
