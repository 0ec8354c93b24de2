import { describe, expect, it } from 'vitest';
import { SIDEBAR_IMAGES, SIDEBAR_THEMES } from '../../src/app/layouts/layout-settings.ts';
import { resolveNavSurface, resolveTopbarSurface } from '../../src/app/layouts/surfaces.ts';
import { contrastRatio, toHex } from '../../src/lib/theme/contrast.ts';
import {
  buildWhiteLabelVars,
  DEFAULT_BRAND_COLORS,
  PAGE_BACKGROUND,
  resolveBrandColors,
} from '../../src/lib/theme/white-label.ts';

const randomColor = (() => {
  let seed = 2024;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const n = Math.floor((seed / 2 ** 31) * 0xffffff);
    return toHex({ r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 });
  };
})();

const randomBrand = () =>
  resolveBrandColors({
    primaryColor: randomColor(),
    hoverColor: randomColor(),
    textAgencyColor: randomColor(),
    cardBackgroundColor: randomColor(),
    navbarColor: randomColor(),
  });

describe('resolveBrandColors', () => {
  it('uses the defaults for missing or malformed colours', () => {
    expect(resolveBrandColors(null)).toEqual(DEFAULT_BRAND_COLORS);
    const colors = resolveBrandColors({ primaryColor: '#FF0000', navbarColor: 'blue', hoverColor: '' });
    expect(colors.primary).toBe('#ff0000');
    expect(colors.navbar).toBe(DEFAULT_BRAND_COLORS.navbar);
    expect(colors.hover).toBe(DEFAULT_BRAND_COLORS.hover);
  });
});

describe('buildWhiteLabelVars', () => {
  it('names the five theme colours as --app-* variables', () => {
    const vars = buildWhiteLabelVars(DEFAULT_BRAND_COLORS);
    expect(vars['--app-primary']).toBe(DEFAULT_BRAND_COLORS.primary);
    expect(vars['--app-hover']).toBe(DEFAULT_BRAND_COLORS.hover);
    expect(vars['--app-card-bg']).toBe(DEFAULT_BRAND_COLORS.cardBackground);
    expect(vars['--app-navbar']).toBe(DEFAULT_BRAND_COLORS.navbar);
    expect(vars['--app-text-agency']).toBe(DEFAULT_BRAND_COLORS.textAgency);
  });

  it('gives a yellow navbar dark text and a navy one white text', () => {
    expect(buildWhiteLabelVars({ ...DEFAULT_BRAND_COLORS, navbar: '#ffeb3b' })['--app-on-navbar']).not.toBe(
      '#ffffff',
    );
    expect(buildWhiteLabelVars({ ...DEFAULT_BRAND_COLORS, navbar: '#001f3f' })['--app-on-navbar']).toBe(
      '#ffffff',
    );
  });

  it('keeps every text/surface pair at AA for random agency colours', () => {
    for (let i = 0; i < 300; i++) {
      const colors = randomBrand();
      const v = buildWhiteLabelVars(colors);
      const pairs: [string, string][] = [
        [v['--app-on-primary']!, v['--app-primary-surface']!],
        [v['--app-on-hover']!, v['--app-hover-surface']!],
        [v['--app-on-card']!, colors.cardBackground],
        [v['--app-on-navbar']!, colors.navbar],
        [v['--app-text-agency']!, PAGE_BACKGROUND],
        [v['--app-text-agency-on-card']!, colors.cardBackground],
        [v['--app-primary-text']!, PAGE_BACKGROUND],
      ];
      for (const [fg, bg] of pairs)
        expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('navigation surfaces', () => {
  it('keep text readable for every sidebar colour and image, whatever the agency picks', () => {
    for (let i = 0; i < 80; i++) {
      const colors = randomBrand();
      for (const sidebarTheme of SIDEBAR_THEMES) {
        for (const sidebarImage of SIDEBAR_IMAGES) {
          const surface = resolveNavSurface({ sidebarTheme, sidebarImage }, colors);
          for (const sample of surface.samples) {
            expect(
              contrastRatio(surface.text, sample),
              `${sidebarTheme}/${sidebarImage} ${sample}`,
            ).toBeGreaterThanOrEqual(4.5);
          }
          expect(contrastRatio(surface.activeText, surface.activeBackground)).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(surface.hoverText, surface.hoverBackground)).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('paints the brand sidebar in the agency navbar colour', () => {
    const surface = resolveNavSurface({ sidebarTheme: 'brand', sidebarImage: 'none' }, DEFAULT_BRAND_COLORS);
    expect(surface.background).toBe(DEFAULT_BRAND_COLORS.navbar);
    expect(surface.text).toBe('#ffffff');
  });

  it('lays the sidebar colour over an image gradient', () => {
    const surface = resolveNavSurface({ sidebarTheme: 'dark', sidebarImage: 'ember' }, DEFAULT_BRAND_COLORS);
    expect(surface.background).toContain('linear-gradient(rgba(');
    expect(surface.background).toContain('#f12711');
  });

  it('gives the topbar themes readable text', () => {
    for (const theme of ['light', 'dark'] as const) {
      const { background, text } = resolveTopbarSurface(theme);
      expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
