import { dayPartingSchema } from '@console/core/api/campaigns';
import { describe, expect, it } from 'vitest';
import {
  countHours,
  dayPartingFromApi,
  dayPartingToApi,
  groupDays,
  makeGrid,
  presetGrid,
  rangesOfDay,
  setCell,
  setRange,
  toggleDay,
  toggleHour,
} from './day-parting.ts';

describe('day-parting grid', () => {
  it('has the presets: every hour, none, weekdays 9-18', () => {
    expect(countHours(presetGrid('all'))).toBe(168);
    expect(countHours(presetGrid('none'))).toBe(0);
    const work = presetGrid('weekdayWork');
    expect(countHours(work)).toBe(5 * 9);
    expect(work[0]?.[8]).toBe(false);
    expect(work[0]?.[9]).toBe(true);
    expect(work[4]?.[17]).toBe(true);
    expect(work[4]?.[18]).toBe(false);
    expect(work[5]?.some(Boolean)).toBe(false);
  });

  it('goes to the API shape: null for no limit or every hour, 7 x 24 booleans otherwise', () => {
    expect(dayPartingToApi(null)).toBeNull();
    expect(dayPartingToApi(presetGrid('all'))).toBeNull();
    const api = dayPartingToApi(presetGrid('weekdayWork'));
    expect(api).toHaveLength(7);
    expect(api?.every((hours) => hours.length === 24)).toBe(true);
    expect(dayPartingSchema.safeParse(api).success).toBe(true);
    // "none" is sent as it is: core's schema refuses it with its message.
    const none = dayPartingToApi(presetGrid('none'));
    expect(dayPartingSchema.safeParse(none).error?.issues[0]?.message).toBe(
      'Choose at least one hour of the week.',
    );
  });

  it('comes back from the API shape (and pads a malformed one)', () => {
    expect(dayPartingFromApi(null)).toBeNull();
    const work = presetGrid('weekdayWork');
    expect(dayPartingFromApi(dayPartingToApi(work))).toEqual(work);
    const short = dayPartingFromApi([[true, true]]);
    expect(short).toHaveLength(7);
    expect(short?.[0]?.slice(0, 3)).toEqual([true, true, false]);
    expect(countHours(short)).toBe(2);
  });

  it('toggles cells, rectangles, days and hours without touching the input', () => {
    const grid = makeGrid(false);
    const one = setCell(grid, 2, 5);
    expect(one[2]?.[5]).toBe(true);
    expect(grid[2]?.[5]).toBe(false);
    expect(setCell(one, 2, 5)[2]?.[5]).toBe(false);
    const rect = setRange(grid, { day: 3, hour: 10 }, { day: 1, hour: 8 }, true);
    expect(countHours(rect)).toBe(3 * 3);
    expect(rect[1]?.[8] && rect[3]?.[10] && !rect[0]?.[8]).toBe(true);
    expect(countHours(toggleDay(grid, 6))).toBe(24);
    expect(countHours(toggleDay(toggleDay(grid, 6), 6))).toBe(0);
    expect(countHours(toggleHour(grid, 0))).toBe(7);
    expect(countHours(toggleHour(toggleHour(grid, 0), 0))).toBe(0);
  });

  it('summarises ranges and groups days with the same hours', () => {
    expect(rangesOfDay(presetGrid('weekdayWork')[0] ?? [])).toEqual([[9, 18]]);
    expect(rangesOfDay(makeGrid(true)[0] ?? [])).toEqual([[0, 24]]);
    const split = setCell(setCell(makeGrid(false), 0, 0, true), 0, 23, true);
    expect(rangesOfDay(split[0] ?? [])).toEqual([
      [0, 1],
      [23, 24],
    ]);
    expect(groupDays(presetGrid('weekdayWork'))).toEqual([
      { days: [0, 1, 2, 3, 4], ranges: [[9, 18]] },
      { days: [5, 6], ranges: [] },
    ]);
  });
});
