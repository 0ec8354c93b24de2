// A Mantine colour tuple (10 shades, light to dark) around one agency colour.
import { mixColors, normalizeHex } from '../../lib/theme/contrast.ts';

/** Index of the agency's exact colour in the tuple; Mantine's light scheme fills with shade 6. */
export const BRAND_SHADE = 6;

// How far each shade moves towards white (0-5) or black (7-9) from the base colour.
const LIGHTEN = [0.92, 0.82, 0.66, 0.5, 0.34, 0.16] as const;
const DARKEN = [0.16, 0.32, 0.48] as const;

export type ColorTuple = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

export const generatePalette = (color: string): ColorTuple => {
  const base = normalizeHex(color, '#228be6');
  const light = LIGHTEN.map((amount) => mixColors(base, '#ffffff', amount));
  const dark = DARKEN.map((amount) => mixColors(base, '#000000', amount));
  return [...light, base, ...dark] as unknown as ColorTuple;
};
