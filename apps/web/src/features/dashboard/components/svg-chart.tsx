// The time chart's drawing in plain SVG (a chart library was 140 kB gzip of the dashboard's
// weight): a y axis of round ticks with its grid, x labels thinned to fit, the series as a line, an
// area or grouped bars, a legend when there are two, and a tooltip that follows the pointer and the
// arrow keys (the chart is one tab stop; the tooltip is announced as it changes).
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import type { ChartType } from '../dashboard-preferences.ts';
import type { ChartRow } from './chart-data.ts';
import { labelEvery, monotonePath, niceTicks, type Point, runsOf } from './chart-geometry.ts';
import classes from './svg-chart.module.css';

export type ChartSeries = { name: 'current' | 'previous'; label: string; color: string };

type SvgChartProps = {
  data: readonly ChartRow[];
  series: readonly ChartSeries[];
  type: ChartType;
  /** A value as the tooltip reads it. */
  valueFormatter: (value: number) => string;
  /** The y axis's ticks as it reads them (together: they share their decimals). */
  ticksFormatter: (ticks: readonly number[]) => string[];
  allowDecimals: boolean;
  withLegend: boolean;
  /** The chart's name for assistive technology. */
  label: string;
  height: number;
};

const MARGIN = { top: 10, right: 16, bottom: 30, left: 64 };
const X_LABEL_WIDTH = 56;

const seriesValue = (row: ChartRow, name: ChartSeries['name']) => row[name] ?? null;

export const SvgChart = (props: SvgChartProps) => {
  const { data, series, type, valueFormatter, ticksFormatter, allowDecimals, withLegend, label, height } =
    props;
  const { ref, width, height: plotHeight } = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);

  const values = data.flatMap((row) => series.map((s) => seriesValue(row, s.name) ?? 0));
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), 4, !allowDecimals);
  const yMin = ticks[0]!;
  const yMax = ticks[ticks.length - 1]!;
  const tickLabels = ticksFormatter(ticks);
  const plotLeft = MARGIN.left;
  const plotRight = Math.max(plotLeft + 1, width - MARGIN.right);
  const plotTop = MARGIN.top;
  const plotBottom = Math.max(plotTop + 1, plotHeight - MARGIN.bottom);
  const y = (value: number) => plotBottom - ((value - yMin) / (yMax - yMin)) * (plotBottom - plotTop);
  const isBar = type === 'bar';
  const band = (plotRight - plotLeft) / Math.max(1, data.length);
  const pointSpan = plotRight - plotLeft;
  const x = (index: number) =>
    isBar
      ? plotLeft + band * (index + 0.5)
      : plotLeft + (data.length > 1 ? (pointSpan * index) / (data.length - 1) : pointSpan / 2);
  const every = labelEvery(data.length, plotRight - plotLeft, X_LABEL_WIDTH);

  const indexAt = (clientX: number, element: Element) => {
    const offset = clientX - element.getBoundingClientRect().left;
    let best = 0;
    data.forEach((_, index) => {
      if (Math.abs(x(index) - offset) < Math.abs(x(best) - offset)) best = index;
    });
    return best;
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) =>
    setActive(indexAt(event.clientX, event.currentTarget));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = data.length - 1;
    const current = active ?? -1;
    const next: Record<string, number> = {
      ArrowRight: Math.min(last, current + 1),
      ArrowLeft: Math.max(0, current < 0 ? last : current - 1),
      Home: 0,
      End: last,
    };
    if (event.key === 'Escape') setActive(null);
    else if (event.key in next) {
      event.preventDefault();
      setActive(next[event.key]!);
    }
  };

  const activeRow = active === null ? undefined : data[active];
  const barWidth = Math.max(1, (band * 0.8) / series.length);

  return (
    <div className={classes.root} style={{ height }}>
      {withLegend && (
        <div className={classes.legend}>
          {series.map((s) => (
            <span key={s.name} className={classes.legendItem}>
              <span className={classes.swatch} style={{ background: s.color }} />
              {s.label}
            </span>
          ))}
        </div>
      )}
      <div
        ref={ref}
        className={classes.plot}
        role="application"
        aria-roledescription="chart"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: as chart libraries' accessibility layer, one tab stop whose arrow keys walk the points
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? data.length - 1)}
        onBlur={() => setActive(null)}
      >
        {width > 0 && plotHeight > 0 && (
          <svg
            width={width}
            height={plotHeight}
            aria-hidden="true"
            onPointerMove={onPointerMove}
            onPointerLeave={() => setActive(null)}
          >
            <defs>
              {series.map((s) => (
                <linearGradient key={s.name} id={`chart-fill-${s.name}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={s.color} stopOpacity={0.2} />
                  <stop offset="100%" stopColor={s.color} stopOpacity={0.01} />
                </linearGradient>
              ))}
            </defs>
            {ticks.map((tick, index) => (
              <g key={tick}>
                <line className={classes.grid} x1={plotLeft} x2={plotRight} y1={y(tick)} y2={y(tick)} />
                <text className={classes.axisText} x={plotLeft - 8} y={y(tick)} textAnchor="end" dy="0.32em">
                  {tickLabels[index]}
                </text>
              </g>
            ))}
            {data.map((row, index) =>
              index % every === 0 ? (
                <g key={row.bucket}>
                  <line
                    className={classes.tick}
                    x1={x(index)}
                    x2={x(index)}
                    y1={plotBottom}
                    y2={plotBottom + 6}
                  />
                  <text className={classes.axisText} x={x(index)} y={plotBottom + 18} textAnchor="middle">
                    {row.bucket}
                  </text>
                </g>
              ) : null,
            )}
            {isBar && active !== null && (
              <rect
                className={classes.cursorBand}
                x={plotLeft + band * active}
                y={plotTop}
                width={band}
                height={plotBottom - plotTop}
              />
            )}
            {!isBar && active !== null && (
              <line className={classes.cursor} x1={x(active)} x2={x(active)} y1={plotTop} y2={plotBottom} />
            )}
            {series.map((s, order) => {
              if (isBar)
                return data.map((row, index) => {
                  const value = seriesValue(row, s.name);
                  if (value === null) return null;
                  const top = Math.min(y(value), y(0));
                  return (
                    <rect
                      key={`${s.name}-${row.bucket}`}
                      x={plotLeft + band * index + band * 0.1 + barWidth * order}
                      y={top}
                      width={barWidth}
                      height={Math.abs(y(value) - y(0))}
                      fill={s.color}
                    />
                  );
                });
              return runsOf(data.map((row) => seriesValue(row, s.name))).map((run) => {
                const points: Point[] = run.map((index) => ({
                  x: x(index),
                  y: y(seriesValue(data[index]!, s.name)!),
                }));
                const line = monotonePath(points);
                const first = points[0]!;
                const last = points[points.length - 1]!;
                return (
                  <g key={`${s.name}-${run[0]}`}>
                    {type === 'area' && (
                      <path
                        d={`${line}L${last.x},${y(0)}L${first.x},${y(0)}Z`}
                        fill={`url(#chart-fill-${s.name})`}
                        stroke="none"
                      />
                    )}
                    <path d={line} fill="none" stroke={s.color} strokeWidth={2} />
                    {points.map((point, index) => (
                      <circle
                        key={run[index]}
                        cx={point.x}
                        cy={point.y}
                        r={4}
                        fill={run[index] === active ? 'var(--mantine-color-body)' : s.color}
                        stroke={run[index] === active ? s.color : undefined}
                        className={run[index] === active ? classes.activeDot : classes.dot}
                      />
                    ))}
                  </g>
                );
              });
            })}
          </svg>
        )}
        <div
          className={classes.tooltip}
          aria-live="polite"
          data-testid="time-chart-tooltip"
          hidden={!activeRow}
          style={
            active === null
              ? undefined
              : x(active) > width / 2
                ? { right: width - x(active) + 12, top: MARGIN.top }
                : { left: x(active) + 12, top: MARGIN.top }
          }
        >
          {activeRow && (
            <>
              <div className={classes.tooltipLabel}>{activeRow.bucket}</div>
              {series.map((s) => {
                const value = seriesValue(activeRow, s.name);
                return (
                  <div key={s.name} className={classes.tooltipItem}>
                    <span className={classes.tooltipName}>
                      <span className={classes.swatch} style={{ background: s.color }} />
                      {s.label}
                    </span>
                    <span className={classes.tooltipValue}>
                      {value === null ? '–' : valueFormatter(value)}
                    </span>
                  </div>
                );
              })}
            </>
          )}
        </div>
      </div>
    </div>
  );
};
