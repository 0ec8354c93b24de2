// The time chart's geometry, without a chart library: round axis ticks, the runs of a series between
// its gaps, and the smooth (monotone) path through a run, which never overshoots its points, so a
// curve does not dip below $0 between two days of spend.

export type Point = { x: number; y: number };

const STEPS = [1, 2, 2.5, 5, 10];

/**
 * Round ticks covering [low, high] (about `count` of them), starting and ending on a tick; whole
 * numbers only when `integer` (counts).
 */
export const niceTicks = (low: number, high: number, count: number, integer: boolean): number[] => {
  const from = Math.min(low, high);
  let to = Math.max(low, high);
  if (to === from) to = from + (integer ? 1 : Math.abs(from) || 1);
  const raw = (to - from) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  let step = (STEPS.find((candidate) => candidate * magnitude >= raw) ?? 10) * magnitude;
  if (integer) step = Math.max(1, Math.ceil(step));
  const first = Math.floor(from / step);
  const last = Math.ceil(to / step);
  const ticks: number[] = [];
  // toPrecision drops the float noise of the multiplication (0.30000000000000004).
  for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
};

/** The indexes of each run of values without a gap (null), in order. */
export const runsOf = (values: readonly (number | null | undefined)[]): number[][] => {
  const runs: number[][] = [];
  let run: number[] = [];
  values.forEach((value, index) => {
    if (value === null || value === undefined) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(index);
  });
  if (run.length) runs.push(run);
  return runs;
};

const sign = (value: number) => (value < 0 ? -1 : 1);

/** The tangent at b (Steffen's monotone rule, as d3's curveMonotoneX). */
const innerTangent = (a: Point, b: Point, c: Point) => {
  const h0 = b.x - a.x;
  const h1 = c.x - b.x;
  const s0 = (b.y - a.y) / h0;
  const s1 = (c.y - b.y) / h1;
  const p = (s0 * h1 + s1 * h0) / (h0 + h1);
  return (sign(s0) + sign(s1)) * Math.min(Math.abs(s0), Math.abs(s1), 0.5 * Math.abs(p)) || 0;
};

/** An end point's tangent, from its segment and the neighbour's tangent. */
const endTangent = (a: Point, b: Point, neighbour: number) => {
  const h = b.x - a.x;
  return h ? ((3 * (b.y - a.y)) / h - neighbour) / 2 : neighbour;
};

const round = (value: number) => Math.round(value * 100) / 100;

/** An SVG path through `points` (x increasing): straight for two points, monotone cubic for more. */
export const monotonePath = (points: readonly Point[]): string => {
  const [first] = points;
  if (!first) return '';
  const start = `M${round(first.x)},${round(first.y)}`;
  if (points.length < 3) return points.slice(1).reduce((d, p) => `${d}L${round(p.x)},${round(p.y)}`, start);
  const last = points.length - 1;
  const tangents = points.map((point, index) =>
    index > 0 && index < last ? innerTangent(points[index - 1]!, point, points[index + 1]!) : 0,
  );
  tangents[0] = endTangent(points[0]!, points[1]!, tangents[1]!);
  tangents[last] = endTangent(points[last - 1]!, points[last]!, tangents[last - 1]!);
  let d = start;
  for (let index = 0; index < last; index += 1) {
    const a = points[index]!;
    const b = points[index + 1]!;
    const dx = (b.x - a.x) / 3;
    d += `C${round(a.x + dx)},${round(a.y + dx * tangents[index]!)},${round(b.x - dx)},${round(
      b.y - dx * tangents[index + 1]!,
    )},${round(b.x)},${round(b.y)}`;
  }
  return d;
};

/** Every how many buckets an x label fits (labels of `labelWidth` px over `width` px). */
export const labelEvery = (count: number, width: number, labelWidth: number): number =>
  Math.max(1, Math.ceil((count * labelWidth) / Math.max(1, width)));
