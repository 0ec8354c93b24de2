import type { CSSProperties } from 'react';

/**
 * For buttons on the top bar and the public band: text takes the surface's chosen (contrast-safe)
 * colour, hover a neutral tint that works on light and dark. Inline, so it beats Mantine's classes.
 */
export const INHERIT_COLOR_STYLE = {
  color: 'inherit',
  '--button-hover': 'rgba(127, 127, 127, 0.18)',
  '--ai-hover': 'rgba(127, 127, 127, 0.18)',
} as CSSProperties;
