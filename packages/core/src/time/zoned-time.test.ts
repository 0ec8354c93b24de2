import { describe, expect, it } from 'vitest';
import {
  formatUtcOffset,
  isoFromZonedParts,
  lastDaysIn,
  listTimeZones,
  localMidnightMs,
  readLocalClock,
  todayIn,
  zonedPartsOf,
  zoneOffsetMs,
} from './zoned-time.ts';

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

  it('reads a campaign day on DST days: 23 and 25 real hours, the wall hour of each', () => {
    const zone = 'America/New_York';
    // Spring forward on 2026-03-08 at 02:00 EST (07:00Z): the day has 23 hours, no 02:xx.
    const spring = readLocalClock(zone, Date.parse('2026-03-08T16:00:00Z')); // 12:00 EDT
    expect(spring).toMatchObject({ dateKey: '2026-03-08', weekday: 6, hour: 12, daySeconds: 23 * 3600 });
    expect(spring.secondOfDay).toBe(11 * 3600); // 11 real hours since midnight EST
    expect(spring.wallHours).toHaveLength(23);
    expect(spring.wallHours).not.toContain(2);
    expect(spring.wallHours.slice(0, 4)).toEqual([0, 1, 3, 4]);
    // Fall back on 2026-11-01 at 02:00 EDT (06:00Z): 25 hours, 01:xx twice.
    const fall = readLocalClock(zone, Date.parse('2026-11-01T17:00:00Z')); // 12:00 EST
    expect(fall).toMatchObject({ dateKey: '2026-11-01', hour: 12, daySeconds: 25 * 3600 });
    expect(fall.secondOfDay).toBe(13 * 3600);
    expect(fall.wallHours.filter((hour) => hour === 1)).toHaveLength(2);
    // An ordinary day, and the local midnights around the changes.
    const plain = readLocalClock(zone, Date.parse('2026-03-09T16:00:00Z'));
    expect(plain).toMatchObject({ hour: 12, secondOfDay: 12 * 3600, daySeconds: 86_400 });
    expect(new Date(localMidnightMs(zone, '2026-03-08')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(localMidnightMs(zone, '2026-03-09')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(new Date(localMidnightMs(zone, '2026-11-02')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('turns the date at local midnight, for daily budgets and frequency days', () => {
    const zone = 'Europe/Berlin';
    const beforeMidnight = Date.parse('2026-10-25T22:59:59Z'); // 23:59:59 CET on the 25th
    expect(readLocalClock(zone, beforeMidnight).dateKey).toBe('2026-10-25');
    expect(readLocalClock(zone, beforeMidnight + 1000).dateKey).toBe('2026-10-26');
    expect(readLocalClock(zone, beforeMidnight + 1000).secondOfDay).toBe(0);
    expect(todayIn(zone, new Date(beforeMidnight + 1000))).toBe('2026-10-26');
    expect(lastDaysIn(7, zone, new Date(beforeMidnight + 1000))).toEqual({
      from: '2026-10-20',
      to: '2026-10-26',
    });
    // Offsets switch at the change's instant, not a quarter hour late.
    expect(zoneOffsetMs(zone, Date.parse('2026-10-25T00:59:59Z'))).toBe(2 * 3_600_000);
    expect(zoneOffsetMs(zone, Date.parse('2026-10-25T01:00:00Z'))).toBe(3_600_000);
    // An unknown zone reads as UTC.
    expect(readLocalClock('Mars/Olympus', Date.parse('2026-10-25T01:00:00Z')).hour).toBe(1);
  });
});
