import { describe, expect, it, vi } from 'vitest';
import { isoTimestamp, msOf } from '../src/db/timestamp-text.ts';

// What the fast path must equal: drizzle's reading of the same text (a Date), written out.
const throughDate = (text: string) => new Date(text).toISOString();

/** Each text reads as a Date reads it, or is refused as a Date refuses it. */
const expectAsDate = (texts: string[]) => {
  for (const text of texts) {
    let expected: string;
    try {
      expected = throughDate(text);
    } catch {
      expect(() => isoTimestamp(text), text).toThrow(RangeError);
      continue;
    }
    expect(isoTimestamp(text), text).toBe(expected);
  }
};

describe('isoTimestamp (db/timestamp-text.ts)', () => {
  it('writes PostgreSQL and JSON texts of UTC instants as a Date would, the fraction cut to ms', () => {
    const texts = [
      '2026-11-30 14:00:00+00',
      '2026-11-30 14:00:00.1+00',
      '2026-11-30 14:00:00.12+00',
      '2026-11-30 14:00:00.123+00',
      '2026-11-30 14:00:00.123999+00',
      '2026-11-30 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
      '2026-11-30T14:00:00.5+00:00',
      '2026-11-30T14:00:00.123456+00:00',
      '2026-11-30T14:00:00+00:00',
    ];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(throughDate(text));
    // Random instants over two centuries, with every length of fraction.
    for (let i = 0; i < 2000; i++) {
      const ms = Date.UTC(1950, 0, 1) + Math.floor(Math.random() * 200 * 365.25 * 86_400_000);
      const base = new Date(ms)
        .toISOString()
        .slice(0, 19)
        .replace('T', i % 2 ? ' ' : 'T');
      const digits = String(Math.floor(Math.random() * 1_000_000))
        .padStart(6, '0')
        .slice(0, i % 7);
      const text = `${base}${digits ? `.${digits}` : ''}${i % 2 ? '+00' : '+00:00'}`;
      expect(isoTimestamp(text), text).toBe(throughDate(text));
    }
  });

  it('returns its own text as it is, without a Date, and reads near misses of it through one', () => {
    const isos = Array.from({ length: 500 }, () =>
      new Date(Date.UTC(1950, 0, 1) + Math.floor(Math.random() * 200 * 365.25 * 86_400_000)).toISOString(),
    );
    // A list row's timestamps are decoded to this text and written out by isoTimestamp again: no
    // Date is made of them either time (a Date each was most of the API's own CPU on a list page).
    const writeDate = vi.spyOn(Date.prototype, 'toISOString');
    try {
      for (const iso of isos) {
        expect(isoTimestamp(iso)).toBe(iso);
        expect(isoTimestamp(isoTimestamp(iso.replace('T', ' ').replace('Z', '+00')))).toBe(iso);
      }
      expect(writeDate).not.toHaveBeenCalled();
    } finally {
      writeDate.mockRestore();
    }
    expectAsDate([
      '2026-11-30T14:00:00.12Z',
      '2026-11-30T14:00:00.1234Z',
      '2026-11-30T14:00:00Z',
      '2026-11-30 14:00:00.123Z',
      '2026-11-30T14:00:00.123+01:00',
      '2026-11-30T14:00:00,123Z',
      '2026-11-30T14:0a:00.123Z',
    ]);
  });

  it('reads other offsets, other shapes and Dates through a Date', () => {
    expectAsDate([
      '10000-01-01 00:00:00+00',
      '2026-11-30 14:00:00.1234567+00',
      '2026-11-30 14:00:00.+00',
      '2026-11-30 14:00:00.12a+00',
      '2026-11-30 14:00:0x+00',
      '2026-11-30 14:00:00+0000',
    ]);
    expect(isoTimestamp('2026-11-30 15:00:00.25+01')).toBe('2026-11-30T14:00:00.250Z');
    expect(isoTimestamp('2026-11-30T09:30:00-04:30')).toBe('2026-11-30T14:00:00.000Z');
    expect(isoTimestamp(new Date('2026-11-30T14:00:00.007Z'))).toBe('2026-11-30T14:00:00.007Z');
  });

  it('gives the instant in ms of either form', () => {
    const date = new Date('2026-11-30T14:00:00.123Z');
    expect(msOf(date)).toBe(date.getTime());
    expect(msOf(isoTimestamp('2026-11-30 14:00:00.123456+00'))).toBe(date.getTime());
  });
});
