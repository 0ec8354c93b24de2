import type { ChartPoint, DashboardChart } from '@console/core/api/dashboard';
import { describe, expect, it } from 'vitest';
import { bucketAt, chartRowsOf } from './chart-data.ts';
import { formatAxisTicks, formatDelta, formatMetric, NO_VALUE } from './metric-format.ts';

const ZERO = {
  spend: 0,
  impressions: 0,
  clicks: 0,
  ctr: 0,
  conversions: 0,
  ecpm: 0,
  ecpc: 0,
  ecpa: 0,
  bids: 0,
  wins: 0,
};
const point = (bucket: string, spend: number): ChartPoint => ({ ...ZERO, bucket, spend });

describe('the time chart', () => {
  it('names the present bucket in the viewer’s time zone', () => {
    const now = new Date('2026-11-27T14:30:00Z');
    expect(bucketAt('hour', 'Europe/Berlin', now)).toBe('2026-11-27T15:00');
    expect(bucketAt('hour', 'America/New_York', now)).toBe('2026-11-27T09:00');
    expect(bucketAt('day', 'Pacific/Kiritimati', now)).toBe('2026-11-28');
  });

  it('leaves hours that have not begun empty instead of plotting them as $0', () => {
    const chart: DashboardChart = {
      granularity: 'hour',
      points: [
        point('2026-11-27T13:00', 2_000_000),
        point('2026-11-27T14:00', 0),
        point('2026-11-27T15:00', 0),
      ],
      previous: [
        point('2026-11-26T13:00', 1_000_000),
        point('2026-11-26T14:00', 0),
        point('2026-11-26T15:00', 0),
      ],
    };
    const rows = chartRowsOf(chart, 'spend', 'UTC', new Date('2026-11-27T14:30:00Z'));
    expect(rows.map((row) => row.current)).toEqual([2, 0, null]);
    // Yesterday's hours all happened.
    expect(rows.map((row) => row.previous)).toEqual([1, 0, 0]);
    expect(rows[0]?.bucket).toBe('11-27 13:00');
  });
});

describe('dashboard numbers', () => {
  it('shows a dash for a ratio with nothing to divide by, not $0.00', () => {
    const totals = { ...ZERO, spend: 1_500_000, impressions: 1_284, ecpm: 1_168_224 };
    expect(formatMetric('ecpa', totals, 'en')).toBe(NO_VALUE);
    expect(formatMetric('ecpc', totals, 'en')).toBe(NO_VALUE);
    expect(formatMetric('ecpm', totals, 'en')).toBe('$1.17');
    expect(formatMetric('ctr', { ...ZERO }, 'en')).toBe(NO_VALUE);
  });

  it('writes counts exactly in tables and shortened on tiles', () => {
    const totals = { ...ZERO, impressions: 1_284 };
    expect(formatMetric('impressions', totals, 'en', true)).toBe('1,284');
    expect(formatMetric('impressions', totals, 'en')).toBe('1.2K');
  });

  it("writes counts, money and rates with the reader's digits (gr = German, rs = Russian, sp, it)", () => {
    const totals = { ...ZERO, impressions: 1_284_512, clicks: 6_000, spend: 1_234_567_890, ctr: 0.004671 };
    // Intl separates with no-break spaces (written here as spaces).
    const shown = (locale: string) =>
      [
        formatMetric('impressions', totals, locale, true),
        formatMetric('impressions', totals, locale),
        formatMetric('spend', totals, locale),
        formatMetric('ctr', totals, locale),
        formatDelta(0.125, locale),
      ].map((text) => text.replace(/\s/g, ' '));
    expect(shown('en')).toEqual(['1,284,512', '1.2M', '$1,234.57', '0.47%', '+12.5%']);
    expect(shown('de')).toEqual(['1.284.512', '1,2M', '$1.234,57', '0,47 %', '+12,5 %']);
    // Italian and Spanish group four digits not at all ($1234,57), as they write them.
    expect(shown('it')).toEqual(['1.284.512', '1,2M', '$1234,57', '0,47%', '+12,5%']);
    expect(shown('ru')).toEqual(['1 284 512', '1,2M', '$1 234,57', '0,47 %', '+12,5 %']);
    expect(shown('es')[2]).toBe('$1234,57');
  });

  it('labels neighbouring axis ticks differently', () => {
    const clicks = formatAxisTicks('clicks', [0, 0.5, 1, 1.5, 2], 'en');
    expect(new Set(clicks).size).toBe(5);
    const spend = formatAxisTicks('spend', [0, 0.0025, 0.005, 0.0075, 0.01], 'en');
    expect(spend).toEqual(['$0.0000', '$0.0025', '$0.0050', '$0.0075', '$0.0100']);
  });

  it('writes every money tick with the same decimals, at least the cents, in every language', () => {
    const ticks = [0, 0.25, 0.5, 0.75, 1];
    expect(formatAxisTicks('spend', ticks, 'de')).toEqual(['$0,00', '$0,25', '$0,50', '$0,75', '$1,00']);
    expect(formatAxisTicks('spend', ticks, 'en')).toEqual(['$0.00', '$0.25', '$0.50', '$0.75', '$1.00']);
    for (const locale of ['en', 'de', 'es', 'it', 'ru']) {
      const decimals = formatAxisTicks('ecpm', [0, 0.5, 1, 1.5], locale).map(
        (text) => text.split(/[.,]/).at(-1)!.length,
      );
      expect(new Set(decimals)).toEqual(new Set([2]));
    }
    // Whole dollars stay whole; counts and percents get no cents.
    expect(
      formatAxisTicks('spend', [0, 500, 1000, 1500], 'de').map((text) => text.replace(/\s/g, ' ')),
    ).toEqual(['$0', '$500', '$1.000', '$1.500']);
    expect(formatAxisTicks('ctr', [0, 0.5, 1], 'de')).toEqual(['0,0%', '0,5%', '1,0%']);
  });
});
