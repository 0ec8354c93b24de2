// Day-parting as the form holds it and as the API takes it: 7 days (0 = Monday ... 6 = Sunday) x 24
// hours in the campaign's time zone, true = serve. The API's null means "every hour of every day";
// the form's null means the same (no limit). Pure; unit-tested.

export const DAYS = 7;
export const HOURS = 24;
export type DayParting = boolean[][];

export const DAY_PARTING_PRESETS = ['all', 'none', 'weekdayWork'] as const;
export type DayPartingPreset = (typeof DAY_PARTING_PRESETS)[number];

/** Working hours of the "weekdays 9-18" preset: 09:00 up to 18:00 (the 18:00 hour is not served). */
export const WORK_HOURS = { from: 9, to: 18 } as const;

export const makeGrid = (fill: boolean): DayParting =>
  Array.from({ length: DAYS }, () => Array.from({ length: HOURS }, () => fill));

export const presetGrid = (preset: DayPartingPreset): DayParting => {
  if (preset === 'all') return makeGrid(true);
  if (preset === 'none') return makeGrid(false);
  return Array.from({ length: DAYS }, (_, day) =>
    Array.from({ length: HOURS }, (_, hour) => day < 5 && hour >= WORK_HOURS.from && hour < WORK_HOURS.to),
  );
};

const isFull = (grid: DayParting) => grid.every((hours) => hours.every(Boolean));

/** The API's value: null for "no limit" (no grid, or every hour chosen). */
export const dayPartingToApi = (grid: DayParting | null): boolean[][] | null =>
  grid === null || isFull(grid) ? null : grid.map((hours) => [...hours]);

/** The form's grid of an API value: null stays null; a malformed grid is padded with false. */
export const dayPartingFromApi = (
  value: readonly (readonly boolean[])[] | null | undefined,
): DayParting | null =>
  value
    ? Array.from({ length: DAYS }, (_, day) =>
        Array.from({ length: HOURS }, (_, hour) => value[day]?.[hour] === true),
      )
    : null;

/** A copy with one cell set (toggled when `value` is not given). */
export const setCell = (grid: DayParting, day: number, hour: number, value?: boolean): DayParting =>
  grid.map((hours, d) => (d === day ? hours.map((on, h) => (h === hour ? (value ?? !on) : on)) : hours));

/** A copy with a whole rectangle of cells (a drag from one corner to the other) set to `value`. */
export const setRange = (
  grid: DayParting,
  from: { day: number; hour: number },
  to: { day: number; hour: number },
  value: boolean,
): DayParting => {
  const [d0, d1] = [Math.min(from.day, to.day), Math.max(from.day, to.day)];
  const [h0, h1] = [Math.min(from.hour, to.hour), Math.max(from.hour, to.hour)];
  return grid.map((hours, d) =>
    d < d0 || d > d1 ? hours : hours.map((on, h) => (h >= h0 && h <= h1 ? value : on)),
  );
};

/** A copy with a whole day (row) or a whole hour (column) set: on unless it is already all on. */
export const toggleDay = (grid: DayParting, day: number): DayParting => {
  const value = !(grid[day] ?? []).every(Boolean);
  return grid.map((hours, d) => (d === day ? hours.map(() => value) : hours));
};
export const toggleHour = (grid: DayParting, hour: number): DayParting => {
  const value = !grid.every((hours) => hours[hour]);
  return grid.map((hours) => hours.map((on, h) => (h === hour ? value : on)));
};

export const countHours = (grid: DayParting | null): number =>
  grid === null ? DAYS * HOURS : grid.reduce((sum, hours) => sum + hours.filter(Boolean).length, 0);

/** Hour ranges [from, to) of one day: [true x 9..17] -> [[9, 18]]. */
export const rangesOfDay = (hours: readonly boolean[]): [number, number][] => {
  const ranges: [number, number][] = [];
  let start = -1;
  for (let hour = 0; hour <= HOURS; hour += 1) {
    const on = hour < HOURS && hours[hour] === true;
    if (on && start < 0) start = hour;
    if (!on && start >= 0) {
      ranges.push([start, hour]);
      start = -1;
    }
  }
  return ranges;
};

export type DayGroup = { days: number[]; ranges: [number, number][] };

/**
 * Days with the same hours grouped, in week order, for a summary: weekdays 9-18 ->
 * [{ days: [0..4], ranges: [[9, 18]] }, { days: [5, 6], ranges: [] }].
 */
export const groupDays = (grid: DayParting): DayGroup[] => {
  const groups: DayGroup[] = [];
  grid.forEach((hours, day) => {
    const ranges = rangesOfDay(hours);
    const key = JSON.stringify(ranges);
    const same = groups.find((group) => JSON.stringify(group.ranges) === key);
    if (same) same.days.push(day);
    else groups.push({ days: [day], ranges });
  });
  return groups;
};

/** '09:00' for 9, '24:00' for 24. */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
