// The list's and the detail's delivery facts are read at the quarter hour `now` falls in
// (factInstantValueOf), so that their statement's values repeat and the read cache can answer them.
// That is only right if the quarter hour is always in the same local day as `now`, in every zone.
import { describe, expect, it } from 'vitest';
import { factInstantValueOf } from '../src/modules/bidding/index.ts';

/** The zone's offset from UTC at `ms`, in minutes ("GMT+05:45" is 345). */
const offsetMinutesOf = (zone: string) => {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return (ms: number) => {
    const name = format.formatToParts(ms).find((part) => part.type === 'timeZoneName')!.value;
    const [, sign, hours, minutes] = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
    return sign ? (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) : 0;
  };
};

describe('the instant the delivery facts are read at', () => {
  it('is the quarter hour now falls in, never later than now', () => {
    const now = Date.parse('2026-11-30T18:44:59.999Z');
    expect(factInstantValueOf(now)).toBe('2026-11-30T18:30:00.000Z');
    expect(factInstantValueOf(Date.parse('2026-11-30T18:45:00.000Z'))).toBe('2026-11-30T18:45:00.000Z');
  });

  // A local day starts where the local clock reads 00:00, at UTC minus the zone's offset: on a
  // quarter hour when the offset is a whole number of quarter hours. The quarter hour `now` falls in
  // is then never before the day's start.
  it('is in the same local day as now in every zone: every offset in use is whole quarter hours', () => {
    const odd: string[] = [];
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const offsetOf = offsetMinutesOf(zone);
      // Daily: an offset holds for months between changes.
      for (
        let ms = Date.parse('2026-01-01T12:00:00Z');
        ms < Date.parse('2028-01-01T00:00:00Z');
        ms += 86_400_000
      )
        if (offsetOf(ms) % 15 !== 0) odd.push(`${zone} ${new Date(ms).toISOString()} ${offsetOf(ms)}`);
    }
    expect(odd).toEqual([]);
    expect(offsetMinutesOf('Asia/Kathmandu')(Date.now())).toBe(345);
    expect(offsetMinutesOf('America/St_Johns')(Date.parse('2026-01-15T12:00:00Z'))).toBe(-210);
  });
});
