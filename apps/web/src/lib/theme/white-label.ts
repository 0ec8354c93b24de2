// The agency's branding (company config, spec section 3) turned into colours that are safe to
// paint with: every surface colour comes with the text colour that reads on it (WCAG AA).
import { ensureContrast, normalizeHex, readablePairOn, readableTextOn } from './contrast.ts';

/** The `theme` block of the company config; every field may be missing or malformed. */
export type ThemeConfig = {
  primaryColor?: string | null;
  hoverColor?: string | null;
  textAgencyColor?: string | null;
  cardBackgroundColor?: string | null;
  navbarColor?: string | null;
};

export type BrandColors = {
  primary: string;
  hover: string;
  textAgency: string;
  cardBackground: string;
  navbar: string;
};

/** Used until the company config arrives, and for any colour it lacks or spells wrongly. */
export const DEFAULT_BRAND_COLORS: BrandColors = {
  primary: '#405189',
  hover: '#364574',
  textAgency: '#405189',
  cardBackground: '#ffffff',
  navbar: '#2a3042',
};

/** The page behind the cards. */
export const PAGE_BACKGROUND = '#f3f4f8';
/** The darkest light surface text sits on: a hovered or striped table row (Mantine gray-1). */
export const ROW_HOVER_BACKGROUND = '#f1f3f5';

export const resolveBrandColors = (theme: ThemeConfig | null | undefined): BrandColors => ({
  primary: normalizeHex(theme?.primaryColor, DEFAULT_BRAND_COLORS.primary),
  hover: normalizeHex(theme?.hoverColor, DEFAULT_BRAND_COLORS.hover),
  textAgency: normalizeHex(theme?.textAgencyColor, DEFAULT_BRAND_COLORS.textAgency),
  cardBackground: normalizeHex(theme?.cardBackgroundColor, DEFAULT_BRAND_COLORS.cardBackground),
  navbar: normalizeHex(theme?.navbarColor, DEFAULT_BRAND_COLORS.navbar),
});

/**
 * The --app-* custom properties of the shell. Raw agency colours keep their spec names; each
 * `--app-on-*` is the text colour chosen for that surface, and agency text colours are adjusted
 * (minimally) where they would not read on the surface they are used on.
 */
export const buildWhiteLabelVars = (colors: BrandColors): Record<`--app-${string}`, string> => {
  const primary = readablePairOn(colors.primary);
  const hover = readablePairOn(colors.hover);
  return {
    '--app-primary': colors.primary,
    '--app-primary-surface': primary.background,
    '--app-on-primary': primary.text,
    '--app-primary-text': ensureContrast(colors.primary, PAGE_BACKGROUND),
    '--app-hover': colors.hover,
    '--app-hover-surface': hover.background,
    '--app-on-hover': hover.text,
    '--app-text-agency': ensureContrast(colors.textAgency, PAGE_BACKGROUND),
    '--app-text-agency-on-card': ensureContrast(colors.textAgency, colors.cardBackground),
    '--app-card-bg': colors.cardBackground,
    '--app-on-card': readableTextOn(colors.cardBackground),
    '--app-navbar': colors.navbar,
    '--app-on-navbar': readableTextOn(colors.navbar),
    '--app-page-bg': PAGE_BACKGROUND,
    '--app-on-page': readableTextOn(PAGE_BACKGROUND),
  };
};
