import { STORAGE_KEYS } from '@console/core/constants';
import { todayIn } from '@console/core/time/zoned-time';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, rangeOf, readPreferences, savePreferences } from './dashboard-preferences.ts';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
};

describe('saved dashboard preferences', () => {
  it('are written under the spec key and read back as they were', () => {
    const storage = memoryStorage();
    const chosen = {
      ...DEFAULT_PREFERENCES,
      preset: 'custom' as const,
      range: { from: '2026-05-01', to: '2026-05-07' },
      compare: true,
      filters: { campaign_ids: [4, 9], exchange_ids: [2], countries: ['US', 'RS'], advertiser_id: 12 },
      dimensions: ['exchange' as const, 'os' as const],
      metrics: ['spend' as const, 'ecpa' as const],
      chartMetric: 'clicks' as const,
      chartType: 'bar' as const,
    };
    savePreferences(storage, chosen);
    expect(storage.items.has(STORAGE_KEYS.dashboardPreferences)).toBe(true);
    expect(readPreferences(storage)).toEqual(chosen);
  });

  it('replace a broken field by its default and keep the others', () => {
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEYS.dashboardPreferences,
      JSON.stringify({ preset: 'last7', chartType: 'pie', compare: true, filters: { countries: ['usa'] } }),
    );
    const read = readPreferences(storage);
    expect(read.preset).toBe('last7');
    expect(read.compare).toBe(true);
    expect(read.chartType).toBe(DEFAULT_PREFERENCES.chartType);
    expect(read.filters.countries).toEqual([]);
    storage.setItem(STORAGE_KEYS.dashboardPreferences, '{not json');
    expect(readPreferences(storage)).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('date presets', () => {
  // 2026-03-01 02:30 UTC is still February 28 in New York.
  const now = new Date('2026-03-01T02:30:00Z');

  it('count days in the user’s time zone', () => {
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('America/New_York', now)).toBe('2026-02-28');
    expect(rangeOf({ preset: 'today', range: null }, 'America/New_York', now)).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
  });

  it('cover the last 7 and 30 days, yesterday, this and last month', () => {
    const zone = 'UTC';
    expect(rangeOf({ preset: 'last7', range: null }, zone, now)).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
    });
    expect(rangeOf({ preset: 'last30', range: null }, zone, now)).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(rangeOf({ preset: 'yesterday', range: null }, zone, now)).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(rangeOf({ preset: 'thisMonth', range: null }, zone, now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(rangeOf({ preset: 'lastMonth', range: null }, zone, now)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('use the saved custom range, or the last 30 days when it is reversed', () => {
    const range = { from: '2026-01-10', to: '2026-01-20' };
    expect(rangeOf({ preset: 'custom', range }, 'UTC', now)).toEqual(range);
    expect(
      rangeOf({ preset: 'custom', range: { from: '2026-01-20', to: '2026-01-10' } }, 'UTC', now).to,
    ).toBe('2026-03-01');
  });
});
