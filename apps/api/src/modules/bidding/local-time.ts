// A campaign's wall clock (its IANA time zone, read through Intl): the local date, weekday and hour
// that flights, day-parting, daily budgets and pacing are read in. The zone's offset is looked up
// once per zone per quarter hour (offsets only change on DST moves, which happen on quarter hours),
// so a bid request costs arithmetic, not an Intl call per campaign.

export type LocalClock = {
  /** 'YYYY-MM-DD' in the zone: the key of the campaign's day. */
  dateKey: string;
  /** 0 = Monday ... 6 = Sunday (the day-parting grid's order). */
  weekday: number;
  hour: number;
  /** Seconds since local midnight. */
  secondOfDay: number;
};

const QUARTER_HOUR_MS = 15 * 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Offsets by zone and quarter hour. Several buckets per zone, not the latest one only: a campaign
 * list reads "now" and local midnight for every row, and one slot per zone had those two evict each
 * other, an Intl call per row (a CPU profile of the campaign list showed it). Cleared when large.
 */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 10_000;

const formatterOf = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The zone's offset from UTC at `nowMs`, in milliseconds (east positive). */
export const zoneOffsetMs = (timeZone: string, nowMs: number): number => {
  const bucket = Math.floor(nowMs / QUARTER_HOUR_MS);
  const key = `${timeZone}|${bucket}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const at = bucket * QUARTER_HOUR_MS;
  let offsetMs = 0;
  try {
    const parts: Record<string, number> = {};
    for (const part of formatterOf(timeZone).formatToParts(new Date(at))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const asUtc = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    offsetMs = asUtc - at;
  } catch {
    offsetMs = 0; // an unknown zone reads as UTC (the API only stores zones Intl knows)
  }
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, offsetMs);
  return offsetMs;
};

const pad = (value: number) => (value < 10 ? `0${value}` : String(value));

export const readLocalClock = (timeZone: string, nowMs: number): LocalClock => {
  const local = new Date(nowMs + zoneOffsetMs(timeZone, nowMs));
  const hour = local.getUTCHours();
  return {
    dateKey: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    weekday: (local.getUTCDay() + 6) % 7,
    hour,
    secondOfDay: hour * 3600 + local.getUTCMinutes() * 60 + local.getUTCSeconds(),
  };
};

/** The UTC instant of local midnight starting `dateKey` in the zone (DST-exact to the quarter hour). */
export const localMidnightMs = (timeZone: string, dateKey: string): number => {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, day);
  return naive - zoneOffsetMs(timeZone, naive - zoneOffsetMs(timeZone, naive));
};
