// The Mantine theme of one agency: its primary colour as a generated palette, filled surfaces
// with text chosen for contrast, and the few Mantine defaults that fall short of WCAG AA fixed.
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import { ensureContrast, readablePairOn, WHITE } from '../../lib/theme/contrast.ts';
import { type BrandColors, buildWhiteLabelVars, ROW_HOVER_BACKGROUND } from '../../lib/theme/white-label.ts';
import { BRAND_SHADE, generatePalette } from './palette.ts';

export const BRAND_COLOR_NAME = 'brand';

/** Mantine's dimmed grey (gray-6) reads at about 3.3:1 on white; gray-7 passes AA. */
const DIMMED_TEXT = '#5c636a';
const PLACEHOLDER_TEXT = '#868e96';
/** Mantine's red-6, darkened as far as AA needs. */
const ERROR_TEXT = '#fa5252';

/**
 * Mantine's light variant (badges, alerts, light buttons) writes shade 9 on shade 1, which is
 * below AA for green, yellow, orange, red, teal and cyan: each such text is darkened until it
 * reads on shade 2 (the hover background, the darker of the two).
 */
const readableLightColors = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      ensureContrast(shades[9], shades[2]),
    ]),
  );

export const buildTheme = (colors: BrandColors): MantineThemeOverride => {
  const palette = generatePalette(colors.primary);
  const primary = readablePairOn(colors.primary);
  const hover = readablePairOn(colors.hover);

  // Filled brand surfaces take the agency's exact colours and the text that reads on them.
  const variantColorResolver: VariantColorsResolver = (input) => {
    const result = defaultVariantColorsResolver({ ...input, color: input.color ?? BRAND_COLOR_NAME });
    const isBrand = input.color === undefined || input.color === BRAND_COLOR_NAME;
    if (input.variant !== 'filled' || !isBrand) return result;
    return {
      ...result,
      background: primary.background,
      color: primary.text,
      hover: hover.background,
      hoverColor: hover.text,
    };
  };

  return createTheme({
    colors: { [BRAND_COLOR_NAME]: palette },
    primaryColor: BRAND_COLOR_NAME,
    primaryShade: BRAND_SHADE,
    variantColorResolver,
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    components: {
      Card: { styles: { root: { backgroundColor: 'var(--app-card-bg)', color: 'var(--app-on-card)' } } },
    },
  });
};

/** Adds the shell's --app-* variables and contrast-safe overrides of Mantine's own variables. */
export const buildCssVariablesResolver =
  (colors: BrandColors): CSSVariablesResolver =>
  () => {
    const palette = generatePalette(colors.primary);
    return {
      variables: buildWhiteLabelVars(colors),
      light: {
        ...readableLightColors(),
        '--mantine-primary-color-contrast': readablePairOn(colors.primary).text,
        '--mantine-primary-color-filled': readablePairOn(colors.primary).background,
        '--mantine-primary-color-filled-hover': readablePairOn(colors.hover).background,
        // Links sit on the page background (darker than white), not only on cards.
        // Links and dimmed text also sit on hovered and striped table rows, a shade darker than the page.
        '--mantine-color-anchor': ensureContrast(colors.primary, ROW_HOVER_BACKGROUND),
        [`--mantine-color-${BRAND_COLOR_NAME}-text`]: ensureContrast(colors.primary, WHITE),
        [`--mantine-color-${BRAND_COLOR_NAME}-light-color`]: ensureContrast(palette[9], palette[1]),
        '--mantine-color-dimmed': ensureContrast(DIMMED_TEXT, ROW_HOVER_BACKGROUND),
        // Field errors (Mantine's red-6 is about 3.3:1 on white).
        '--mantine-color-error': ensureContrast(ERROR_TEXT, WHITE),
        // Placeholders are hints users must read too (Mantine's gray-5 is about 2.5:1).
        '--mantine-color-placeholder': ensureContrast(PLACEHOLDER_TEXT, WHITE),
      },
      dark: {},
    };
  };
