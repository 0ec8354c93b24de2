// Wall clocks in IANA time zones: the one implementation the bidder (a campaign's day for daily
// budgets, day-parting and pacing) and the console (flights typed in a zone, report and dashboard
// ranges) share. Offsets come from @date-fns/tz (the runtime's zone data through Intl). An offset is
// looked up once per zone per quarter hour (DST moves happen on quarter hours) and a local day's
// shape once per zone per day, so the bidder's reading per request is arithmetic.
//
// DST: a local day is 23, 24 or 25 hours long. `secondOfDay` counts real seconds since the local
// midnight (not the wall clock's), `daySeconds` is the day's real length and `wallHours` maps each
// real hour of the day to the hour the wall clock shows then, so budgets and pacing spread over
// the hours that exist, and day-parting serves a repeated hour twice and a skipped one never.
import { tzOffset } from '@date-fns/tz';

const QUARTER_HOUR_MS = 900_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Entries kept in each cache before it is cleared (bounded memory for any mix of zones and days). */
const CACHE_KEPT = 10_000;

const knownZones = new Map<string, boolean>();

/** True when the runtime knows the IANA zone (e.g. 'Europe/Berlin', 'UTC'). */
export const isKnownZone = (zone: string): boolean => {
  if (zone.trim() === '' || zone.length > 64) return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size >= CACHE_KEPT) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
};

const offsets = new Map<string, number>();

/** How far the zone's wall clock is ahead of UTC at `atMs`, in ms (an unknown zone reads as UTC). */
export const zoneOffsetMs = (zone: string, atMs: number): number => {
  const bucket = Math.floor(atMs / QUARTER_HOUR_MS);
  const key = `${zone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const minutes = isKnownZone(zone) ? tzOffset(zone, new Date(bucket * QUARTER_HOUR_MS)) : 0;
    offset = Number.isFinite(minutes) ? Math.round(minutes * 60_000) : 0;
    if (offsets.size >= CACHE_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
};

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

const dateKeyOfWall = (wall: Date) =>
  `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;

/** A YYYY-MM-DD day moved by whole days. */
export const shiftDay = (dayText: string, days: number): string =>
  new Date(Date.parse(`${dayText}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The instant local midnight begins `dateKey` (YYYY-MM-DD) in the zone. */
export const localMidnightMs = (zone: string, dateKey: string): number => {
  const naive = Date.parse(`${dateKey}T00:00:00Z`);
  return naive - zoneOffsetMs(zone, naive - zoneOffsetMs(zone, naive));
};

/** A local day's shape: when it begins, how long it really is, the wall hour of each real hour. */
type LocalDay = { midnightMs: number; daySeconds: number; wallHours: readonly number[] };
const days = new Map<string, LocalDay>();

const localDayOf = (zone: string, dateKey: string): LocalDay => {
  const key = `${zone}|${dateKey}`;
  let day = days.get(key);
  if (!day) {
    const midnightMs = localMidnightMs(zone, dateKey);
    const nextMs = localMidnightMs(zone, shiftDay(dateKey, 1));
    const wallHours: number[] = [];
    for (let at = midnightMs; at < nextMs; at += HOUR_MS)
      wallHours.push(new Date(at + zoneOffsetMs(zone, at)).getUTCHours());
    day = { midnightMs, daySeconds: Math.round((nextMs - midnightMs) / 1000), wallHours };
    if (days.size >= CACHE_KEPT) days.clear();
    days.set(key, day);
  }
  return day;
};

export type LocalClock = {
  /** 'YYYY-MM-DD' in the zone: the key of the campaign's day. */
  dateKey: string;
  /** 0 = Monday ... 6 = Sunday (the day-parting grid's order). */
  weekday: number;
  /** The hour the wall clock shows (0-23). */
  hour: number;
  /** Real seconds since the local midnight (on a DST day not the wall clock's). */
  secondOfDay: number;
  /** The local day's real length: 86,400 s, or 82,800 / 90,000 on a DST day. */
  daySeconds: number;
  /** The wall hour of each real hour since the local midnight (23, 24 or 25 of them). */
  wallHours: readonly number[];
};

/** The zone's wall clock at `nowMs`. */
export const readLocalClock = (zone: string, nowMs: number): LocalClock => {
  const wall = new Date(nowMs + zoneOffsetMs(zone, nowMs));
  const dateKey = dateKeyOfWall(wall);
  const day = localDayOf(zone, dateKey);
  return {
    dateKey,
    weekday: (wall.getUTCDay() + 6) % 7,
    hour: wall.getUTCHours(),
    secondOfDay: Math.max(0, Math.floor((nowMs - day.midnightMs) / 1000)),
    daySeconds: day.daySeconds,
    wallHours: day.wallHours,
  };
};

/** Today in a time zone, as YYYY-MM-DD. */
export const todayIn = (zone: string, now = new Date()): string =>
  dateKeyOfWall(new Date(now.getTime() + zoneOffsetMs(zone, now.getTime())));

/** The last `days` days up to today in a time zone (the dashboard's and reports' default range). */
export const lastDaysIn = (count: number, zone: string, now = new Date()) => {
  const today = todayIn(zone, now);
  return { from: shiftDay(today, -(count - 1)), to: today };
};

export type ZonedParts = {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' (24 hours) */
  time: string;
};

/** The date and time an instant shows in `zone`; empty parts for text that is not a date. */
export const zonedPartsOf = (iso: string, zone: string): ZonedParts => {
  const timestamp = Date.parse(iso);
  if (Number.isNaN(timestamp) || !isKnownZone(zone)) return { date: '', time: '' };
  const wall = new Date(timestamp + zoneOffsetMs(zone, timestamp));
  return { date: dateKeyOfWall(wall), time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}` };
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
  // The offsets in force a day before and a day after bound the candidates: the earliest instant
  // that shows the asked time wins (the first of a repeated hour); none shows it in a gap, and the
  // offset from before the change is used.
  const before = wall - zoneOffsetMs(zone, wall - DAY_MS);
  const after = wall - zoneOffsetMs(zone, wall + DAY_MS);
  const shows = (instant: number) => instant + zoneOffsetMs(zone, instant) === wall;
  const instant = [Math.min(before, after), Math.max(before, after)].find(shows) ?? before;
  return new Date(instant).toISOString();
};

/** 'UTC+01:00', 'UTC-05:30', 'UTC' for the zone at `at`. */
export const formatUtcOffset = (zone: string, at: number = Date.now()): string => {
  if (!isKnownZone(zone)) return '';
  const minutes = Math.round(zoneOffsetMs(zone, at) / 60_000);
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

/** The runtime's (browser's) zone, or UTC. */
export const runtimeTimeZone = (): string => {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isKnownZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
};
