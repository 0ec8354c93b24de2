// Wall-clock date and time in an IANA time zone <-> an instant (ISO 8601, UTC), with Intl only: the
// flight of a campaign is typed as "2026-12-01 09:00 in Europe/Berlin" and sent as
// '2026-12-01T08:00:00.000Z'. Pure; unit-tested.

export type ZonedParts = {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' (24 hours) */
  time: string;
};

const partFormatters = new Map<string, Intl.DateTimeFormat>();

const formatterOf = (zone: string): Intl.DateTimeFormat => {
  let formatter = partFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(zone, formatter);
  }
  return formatter;
};

/** True when the runtime knows the zone. */
export const isKnownZone = (zone: string): boolean => {
  if (!zone.trim()) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
};

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const wallClockOf = (timestamp: number, zone: string): WallClock => {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(timestamp))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

/** How far the zone's wall clock is ahead of UTC at `timestamp`, in milliseconds. */
export const zoneOffsetMs = (timestamp: number, zone: string): number => {
  const clock = wallClockOf(timestamp, zone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(timestamp / 1000) * 1000;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The date and time an instant shows in `zone`; empty parts for text that is not a date. */
export const zonedPartsOf = (iso: string, zone: string): ZonedParts => {
  const timestamp = Date.parse(iso);
  if (Number.isNaN(timestamp) || !isKnownZone(zone)) return { date: '', time: '' };
  const clock = wallClockOf(timestamp, zone);
  return {
    date: `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}`,
  };
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::\d{2})?$/;

/**
 * The instant of a wall-clock date and time in `zone` as ISO 8601 UTC, or null when a part is
 * missing or not a real date. In a DST gap (02:30 on a spring-forward night) the clock is read with
 * the offset before the change, as calendars do; in the repeated hour the first one is taken.
 */
export const isoFromZonedParts = (date: string, time: string, zone: string): string | null => {
  const dateMatch = DATE_PATTERN.exec(date.trim());
  const timeMatch = TIME_PATTERN.exec(time.trim());
  if (!dateMatch || !timeMatch || !isKnownZone(zone)) return null;
  const [year, month, day] = [Number(dateMatch[1]), Number(dateMatch[2]), Number(dateMatch[3])];
  const [hour, minute] = [Number(timeMatch[1]), Number(timeMatch[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null; // 2026-02-30
  // The offset at the wall clock read as UTC, at that first answer, and a day earlier: around a DST
  // change they differ, and the earliest candidate that shows the asked time wins.
  const firstGuess = wall - zoneOffsetMs(wall, zone);
  const candidates = [
    firstGuess,
    wall - zoneOffsetMs(firstGuess, zone),
    wall - zoneOffsetMs(wall - 86_400_000, zone),
  ].sort((a, b) => a - b);
  const asked = `${pad(hour)}:${pad(minute)}`;
  const instant =
    candidates.find((candidate) => zonedPartsOf(new Date(candidate).toISOString(), zone).time === asked) ??
    candidates[candidates.length - 1]!;
  return new Date(instant).toISOString();
};

/** 'UTC+01:00', 'UTC-05:30', 'UTC' for the zone at `at`. */
export const formatUtcOffset = (zone: string, at: number = Date.now()): string => {
  if (!isKnownZone(zone)) return '';
  const minutes = Math.round(zoneOffsetMs(at, zone) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/** Every IANA zone the runtime knows, 'UTC' first. */
export const listTimeZones = (): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
};

/** The browser's zone, or UTC. */
export const browserTimeZone = (): string => {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isKnownZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Today in a time zone, as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** A YYYY-MM-DD day moved by whole days. */
export const shiftDay = (dayText: string, days: number): string =>
  new Date(Date.parse(`${dayText}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The last `days` days up to today in a time zone (the dashboard's and reports' default range). */
export const lastDaysIn = (days: number, timeZone: string, now = new Date()) => {
  const today = todayIn(timeZone, now);
  return { from: shiftDay(today, -(days - 1)), to: today };
};
