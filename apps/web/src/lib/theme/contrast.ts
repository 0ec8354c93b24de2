// WCAG 2.x colour maths. Agencies pick their own colours, so every text colour painted on a
// coloured surface goes through these functions to stay readable (AA: contrast >= 4.5:1).

export type Rgb = { r: number; g: number; b: number };

export const AA_CONTRAST = 4.5;
export const WHITE = '#ffffff';
/** Dark text for light surfaces; soft enough to look designed, dark enough for AA on mid tones. */
export const NEAR_BLACK = '#1a1b1e';
const BLACK = '#000000';

const HEX_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX_PATTERN.test(value.trim());

/** Parses #rgb or #rrggbb (the # is optional); null for anything else. */
export const parseHex = (value: string): Rgb | null => {
  const match = HEX_PATTERN.exec(value.trim());
  if (!match?.[1]) return null;
  const digits =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((d) => d + d)
          .join('')
      : match[1];
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
};

const clampByte = (value: number): number => Math.min(255, Math.max(0, Math.round(value)));

export const toHex = ({ r, g, b }: Rgb): string =>
  `#${[r, g, b].map((c) => clampByte(c).toString(16).padStart(2, '0')).join('')}`;

/** Normalises any accepted hex spelling to lower-case #rrggbb, or returns the fallback. */
export const normalizeHex = (value: unknown, fallback: string): string => {
  const rgb = isHexColor(value) ? parseHex(value) : null;
  return rgb ? toHex(rgb) : fallback;
};

const toRgb = (color: string | Rgb): Rgb => {
  if (typeof color !== 'string') return color;
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  return rgb;
};

const linearChannel = (byte: number): number => {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance per WCAG 2.x, 0 (black) to 1 (white). */
export const relativeLuminance = (color: string | Rgb): number => {
  const { r, g, b } = toRgb(color);
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
};

/** Contrast ratio per WCAG 2.x, 1 to 21, symmetric in its arguments. */
export const contrastRatio = (a: string | Rgb, b: string | Rgb): number => {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/** Linear blend in sRGB: amount 0 gives `from`, 1 gives `to`. */
export const mixColors = (from: string, to: string, amount: number): string => {
  const a = toRgb(from);
  const b = toRgb(to);
  const t = Math.min(1, Math.max(0, amount));
  return toHex({ r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t });
};

/**
 * White or near-black, whichever reads better on `bg`. Near-black cannot reach 4.5:1 on a narrow
 * band of mid tones where white fails too; pure black always can there, so it is the last resort.
 */
export const readableTextOn = (bg: string, minRatio = AA_CONTRAST): string => {
  const onWhite = contrastRatio(WHITE, bg);
  const onDark = contrastRatio(NEAR_BLACK, bg);
  const best = onWhite >= onDark ? WHITE : NEAR_BLACK;
  if (Math.max(onWhite, onDark) >= minRatio) return best;
  return contrastRatio(BLACK, bg) >= onWhite ? BLACK : WHITE;
};

export type SurfacePair = { background: string; text: string };

/** How far a brand surface may be darkened (towards black) to keep white text on it. */
const MAX_DARKEN_FOR_WHITE = 0.25;

/**
 * A filled brand surface and its text. Brand buttons conventionally carry white text, so when a
 * slight darkening of `bg` lets white reach AA (a mid blue, say) the surface is darkened just
 * enough; otherwise (yellow, pastel) `bg` stays exact and gets dark text.
 */
export const readablePairOn = (bg: string, minRatio = AA_CONTRAST): SurfacePair => {
  const background = normalizeHex(bg, WHITE);
  const text = readableTextOn(background, minRatio);
  if (text === WHITE) return { background, text };
  const darkest = mixColors(background, BLACK, MAX_DARKEN_FOR_WHITE);
  if (contrastRatio(WHITE, darkest) < minRatio) return { background, text };
  return { background: blendUntilReadable(background, WHITE, BLACK, minRatio) ?? darkest, text: WHITE };
};

/** The text colour that reads best on every one of `backgrounds` (e.g. the stops of a gradient). */
export const readableTextOnAll = (backgrounds: readonly string[], minRatio = AA_CONTRAST): string => {
  const candidates = [WHITE, NEAR_BLACK, BLACK];
  const worst = (fg: string) => Math.min(...backgrounds.map((bg) => contrastRatio(fg, bg)));
  const preferred = candidates.find((fg) => worst(fg) >= minRatio);
  if (preferred) return preferred;
  return candidates.reduce((best, fg) => (worst(fg) > worst(best) ? fg : best));
};

/** Smallest blend of `fg` towards `target` that reaches `minRatio` on `bg`, or null if none does. */
const blendUntilReadable = (fg: string, bg: string, target: string, minRatio: number): string | null => {
  if (contrastRatio(target, bg) < minRatio) return null;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (contrastRatio(mixColors(fg, target, mid), bg) >= minRatio) high = mid;
    else low = mid;
  }
  const result = mixColors(fg, target, high);
  // Rounding to bytes can land a hair under the bound; the target itself always passes.
  return contrastRatio(result, bg) >= minRatio ? result : target;
};

/**
 * Keeps the agency's `fg` when it already reads on `bg`; otherwise moves it just far enough
 * towards black or white (whichever changes it less) to reach `minRatio`, so the hue survives.
 */
export const ensureContrast = (fg: string, bg: string, minRatio = AA_CONTRAST): string => {
  const fgHex = normalizeHex(fg, NEAR_BLACK);
  const bgHex = normalizeHex(bg, WHITE);
  if (contrastRatio(fgHex, bgHex) >= minRatio) return fgHex;
  const options = [
    blendUntilReadable(fgHex, bgHex, BLACK, minRatio),
    blendUntilReadable(fgHex, bgHex, WHITE, minRatio),
  ]
    .filter((c): c is string => c !== null)
    .sort((a, b) => colorDistance(a, fgHex) - colorDistance(b, fgHex));
  return options[0] ?? readableTextOn(bgHex, minRatio);
};

const colorDistance = (a: string, b: string): number => {
  const x = toRgb(a);
  const y = toRgb(b);
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
};

/** rgba() of a hex colour, for translucent overlays (hover and active states). */
export const withAlpha = (hex: string, alpha: number): string => {
  const { r, g, b } = toRgb(hex);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
};
