import { describe, expect, it } from 'vitest';
import { formatUtcOffset, isoFromZonedParts, listTimeZones, zonedPartsOf } from './zoned-time.ts';

describe('zoned time', () => {
  it('reads a wall clock in a zone as an instant', () => {
    expect(isoFromZonedParts('2026-12-01', '09:00', 'Europe/Berlin')).toBe('2026-12-01T08:00:00.000Z');
    expect(isoFromZonedParts('2026-07-01', '09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(isoFromZonedParts('2026-12-01', '23:59', 'America/New_York')).toBe('2026-12-02T04:59:00.000Z');
    expect(isoFromZonedParts('2026-12-01', '00:00', 'UTC')).toBe('2026-12-01T00:00:00.000Z');
    expect(isoFromZonedParts('2026-12-01', '09:00', 'Asia/Kolkata')).toBe('2026-12-01T03:30:00.000Z');
  });

  it('refuses missing or impossible parts and unknown zones', () => {
    expect(isoFromZonedParts('', '09:00', 'UTC')).toBeNull();
    expect(isoFromZonedParts('2026-12-01', '', 'UTC')).toBeNull();
    expect(isoFromZonedParts('2026-02-30', '09:00', 'UTC')).toBeNull();
    expect(isoFromZonedParts('2026-12-01', '24:00', 'UTC')).toBeNull();
    expect(isoFromZonedParts('2026-12-01', '09:00', 'Mars/Olympus')).toBeNull();
  });

  it('handles the DST changes: the gap reads with the offset before it, the repeated hour takes the first', () => {
    // New York springs forward at 02:00 on 2026-03-08: 02:30 does not exist, 03:30 EDT is meant.
    expect(isoFromZonedParts('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // Berlin falls back at 03:00 on 2026-10-25: 02:30 happens twice; the first (CEST) is taken.
    expect(isoFromZonedParts('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('shows an instant in a zone, and round-trips', () => {
    expect(zonedPartsOf('2026-12-01T08:00:00.000Z', 'Europe/Berlin')).toEqual({
      date: '2026-12-01',
      time: '09:00',
    });
    expect(zonedPartsOf('2027-01-31T00:41:19.074Z', 'America/New_York')).toEqual({
      date: '2027-01-30',
      time: '19:41',
    });
    expect(zonedPartsOf('not a date', 'UTC')).toEqual({ date: '', time: '' });
    const { date, time } = zonedPartsOf('2026-05-17T13:45:00.000Z', 'Australia/Sydney');
    expect(isoFromZonedParts(date, time, 'Australia/Sydney')).toBe('2026-05-17T13:45:00.000Z');
  });

  it('names offsets and lists zones with UTC first', () => {
    expect(formatUtcOffset('UTC')).toBe('UTC');
    expect(formatUtcOffset('Asia/Kolkata')).toBe('UTC+05:30');
    expect(formatUtcOffset('America/New_York', Date.parse('2026-01-15T12:00:00Z'))).toBe('UTC-05:00');
    const zones = listTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
  });
});
