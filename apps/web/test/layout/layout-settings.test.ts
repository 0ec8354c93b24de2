import { STORAGE_KEYS } from '@console/core/constants';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAYOUT_SETTINGS,
  parseLayoutSettings,
  readLayoutSettings,
  writeLayoutSettings,
} from '../../src/app/layouts/layout-settings.ts';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
};

describe('layout settings', () => {
  it('default to the vertical, fluid, light layout', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toMatchObject({
      layoutType: 'vertical',
      layoutWidth: 'fluid',
      topbarTheme: 'light',
      sidebarType: 'default',
      preloader: false,
    });
  });

  it('keep valid fields and replace unknown ones with defaults', () => {
    const parsed = parseLayoutSettings({ layoutType: 'horizontal', layoutWidth: 'huge', preloader: 'yes' });
    expect(parsed.layoutType).toBe('horizontal');
    expect(parsed.layoutWidth).toBe('fluid');
    expect(parsed.preloader).toBe(false);
    expect(parseLayoutSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(parseLayoutSettings('nonsense')).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('round-trip through storage under the layout key', () => {
    const storage = memoryStorage();
    const settings = { ...DEFAULT_LAYOUT_SETTINGS, layoutType: 'horizontal', sidebarType: 'icon' } as const;
    writeLayoutSettings(storage, settings);
    expect(storage.map.has(STORAGE_KEYS.layout)).toBe(true);
    expect(readLayoutSettings(storage)).toEqual(settings);
  });

  it('survive broken JSON and missing storage', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.layout, '{not json');
    expect(readLayoutSettings(storage)).toEqual(DEFAULT_LAYOUT_SETTINGS);
    expect(readLayoutSettings(undefined)).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });
});
