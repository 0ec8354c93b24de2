// The shell theme's AA fixes that the account pages rely on: links on the page background, field
// errors, and the light variant of Mantine's colours (badges, alerts, light buttons).
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildCssVariablesResolver, buildTheme } from '../../src/app/theme/build-theme.ts';
import { contrastRatio } from '../../src/lib/theme/contrast.ts';
import { PAGE_BACKGROUND, resolveBrandColors } from '../../src/lib/theme/white-label.ts';

describe('theme readability', () => {
  for (const primaryColor of ['#1c7ed6', '#ffd43b', '#40c057']) {
    it(`keeps links, errors and light variants at AA (primary ${primaryColor})`, () => {
      const colors = resolveBrandColors({ primaryColor });
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(colors));
      const light = buildCssVariablesResolver(colors)(theme).light;
      expect(contrastRatio(light['--mantine-color-anchor']!, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
        const text = light[`--mantine-color-${name}-light-color`]!;
        expect(contrastRatio(text, shades[1]), name).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(text, shades[2]), name).toBeGreaterThanOrEqual(4.5);
      }
    });
  }
});
