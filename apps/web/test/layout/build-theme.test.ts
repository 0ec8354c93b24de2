import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildCssVariablesResolver, buildTheme } from '../../src/app/theme/build-theme.ts';
import { contrastRatio } from '../../src/lib/theme/contrast.ts';
import { resolveBrandColors } from '../../src/lib/theme/white-label.ts';

const colors = resolveBrandColors({ primaryColor: '#ffd43b', hoverColor: '#1c7ed6', navbarColor: '#001f3f' });
const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(colors));

describe('buildTheme', () => {
  it('makes the agency colour the primary palette, exact at the filled shade', () => {
    expect(theme.primaryColor).toBe('brand');
    expect(theme.colors.brand?.[6]).toBe('#ffd43b');
  });

  it('paints filled brand surfaces with readable text, hover included', () => {
    const filled = theme.variantColorResolver({ color: undefined, theme, variant: 'filled' });
    expect(contrastRatio(filled.color, filled.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(filled.hoverColor!, filled.hover)).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves other colours and variants to Mantine', () => {
    const red = theme.variantColorResolver({ color: 'red', theme, variant: 'filled' });
    expect(red.background).toContain('red');
  });
});

describe('buildCssVariablesResolver', () => {
  it('puts the --app-* variables on :root and fixes Mantine greys that fail AA', () => {
    const vars = buildCssVariablesResolver(colors)(theme);
    expect(vars.variables['--app-primary']).toBe('#ffd43b');
    expect(vars.variables['--app-navbar']).toBe('#001f3f');
    expect(contrastRatio(vars.light['--mantine-color-dimmed']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars.light['--mantine-color-anchor']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
