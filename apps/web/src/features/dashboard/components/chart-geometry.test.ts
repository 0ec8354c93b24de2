import { describe, expect, it } from 'vitest';
import { labelEvery, monotonePath, niceTicks, runsOf } from './chart-geometry.ts';

describe('niceTicks', () => {
  it('covers the values with round steps', () => {
    expect(niceTicks(0, 1.27, 4, false)).toEqual([0, 0.5, 1, 1.5]);
    expect(niceTicks(0, 1406, 4, true)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0, 0.0123, 4, false)).toEqual([0, 0.005, 0.01, 0.015]);
  });

  it('keeps counts whole and gives a flat series a range', () => {
    expect(niceTicks(0, 3, 4, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 0, 4, true)).toEqual([0, 1]);
    expect(niceTicks(0, 0, 4, false)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});

describe('runsOf', () => {
  it('splits a series at its gaps (hours not yet begun)', () => {
    expect(runsOf([1, 2, null, 3, undefined, null, 4, 5])).toEqual([[0, 1], [3], [6, 7]]);
    expect(runsOf([null, null])).toEqual([]);
  });
});

describe('monotonePath', () => {
  it('draws two points straight and more as curves through every point', () => {
    expect(
      monotonePath([
        { x: 0, y: 10 },
        { x: 10, y: 0 },
      ]),
    ).toBe('M0,10L10,0');
    const path = monotonePath([
      { x: 0, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 10 },
    ]);
    expect(path.startsWith('M0,0C')).toBe(true);
    expect(path.endsWith(',20,10')).toBe(true);
  });

  it('never overshoots a flat stretch (no dip below the values)', () => {
    const path = monotonePath([
      { x: 0, y: 50 },
      { x: 10, y: 0 },
      { x: 20, y: 0 },
      { x: 30, y: 50 },
    ]);
    const ys = [...path.matchAll(/-?[\d.]+,(-?[\d.]+)/g)].map((match) => Number(match[1]));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
  });
});

describe('labelEvery', () => {
  it('thins the x labels so they do not overlap', () => {
    expect(labelEvery(30, 1000, 56)).toBe(2);
    expect(labelEvery(30, 300, 56)).toBe(6);
    expect(labelEvery(5, 1000, 56)).toBe(1);
  });
});
