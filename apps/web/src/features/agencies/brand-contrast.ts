// The WCAG AA checks of the white-label editor: every text/background pair the agency's colours
// make in the console, with its contrast ratio. Reuses the shell's colour maths (contrast.ts).
import type { CompanyConfigEdit } from '@console/core/api/agencies';
import {
  AA_CONTRAST,
  contrastRatio,
  isHexColor,
  normalizeHex,
  readablePairOn,
  readableTextOn,
} from '../../lib/theme/contrast.ts';
import { PAGE_BACKGROUND } from '../../lib/theme/white-label.ts';

export type BrandTheme = CompanyConfigEdit['theme'];
export type ThemeField = keyof BrandTheme;

export const THEME_FIELDS = [
  'primaryColor',
  'hoverColor',
  'textAgencyColor',
  'cardBackgroundColor',
  'navbarColor',
] as const satisfies readonly ThemeField[];

export type ContrastPairId = 'textOnCard' | 'textOnPage' | 'primaryOnCard' | 'buttonLabel' | 'menuOnNavbar';

export type ContrastCheck = {
  id: ContrastPairId;
  foreground: string;
  background: string;
  /** The theme colours this pair is made of (a warning shows beside each). */
  fields: readonly ThemeField[];
  ratio: number;
  passes: boolean;
};

/** The colours of the preview: the agency's own, and the text the console paints on its surfaces. */
export type PreviewColors = {
  primary: string;
  hover: string;
  text: string;
  card: string;
  navbar: string;
  page: string;
  onNavbar: string;
  button: { background: string; text: string };
  buttonHover: { background: string; text: string };
};

const FALLBACK = '#888888';

/** Colours as typed may be half-written: anything not a hex colour previews as grey. */
export const resolvePreviewColors = (theme: BrandTheme): PreviewColors => {
  const hex = (value: string) => (isHexColor(value) ? normalizeHex(value, FALLBACK) : FALLBACK);
  const primary = hex(theme.primaryColor);
  const hover = hex(theme.hoverColor);
  const navbar = hex(theme.navbarColor);
  return {
    primary,
    hover,
    text: hex(theme.textAgencyColor),
    card: hex(theme.cardBackgroundColor),
    navbar,
    page: PAGE_BACKGROUND,
    onNavbar: readableTextOn(navbar),
    button: readablePairOn(primary),
    buttonHover: readablePairOn(hover),
  };
};

const check = (
  id: ContrastPairId,
  foreground: string,
  background: string,
  fields: readonly ThemeField[],
): ContrastCheck => {
  const ratio = contrastRatio(foreground, background);
  return { id, foreground, background, fields, ratio, passes: ratio >= AA_CONTRAST };
};

/**
 * The agency's text colour on cards and on the page, the primary colour as link text on cards, the
 * label the console puts on the primary button, and the menu text on the navbar.
 */
export const checkBrandContrast = (theme: BrandTheme): ContrastCheck[] => {
  const colors = resolvePreviewColors(theme);
  return [
    check('textOnCard', colors.text, colors.card, ['textAgencyColor', 'cardBackgroundColor']),
    check('textOnPage', colors.text, colors.page, ['textAgencyColor']),
    check('primaryOnCard', colors.primary, colors.card, ['primaryColor', 'cardBackgroundColor']),
    check('buttonLabel', colors.button.text, colors.button.background, ['primaryColor']),
    check('menuOnNavbar', colors.onNavbar, colors.navbar, ['navbarColor']),
  ];
};

/** "4.52:1", rounded down so that a failing pair never reads as 4.50. */
export const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
