// Colours of the navigation surface (sidebar, or the top navigation of the horizontal layout)
// and of the top bar, each with text colours that keep AA contrast on it.
import {
  AA_CONTRAST,
  contrastRatio,
  mixColors,
  readablePairOn,
  readableTextOn,
  readableTextOnAll,
  withAlpha,
} from '../../lib/theme/contrast.ts';
import type { BrandColors } from '../../lib/theme/white-label.ts';
import type { LayoutSettings, SidebarImage, SidebarTheme, TopbarTheme } from './layout-settings.ts';

export type Surface = {
  /** CSS `background` value: a colour, or an overlay on a gradient 'image'. */
  background: string;
  /** Every colour the text may sit on; for checks and tests. */
  samples: string[];
  text: string;
  activeBackground: string;
  activeText: string;
  hoverBackground: string;
  hoverText: string;
};

const FIXED_SIDEBAR_COLORS = { light: '#ffffff', dark: '#1e2230' } as const;

/** Background 'images' of the sidebar: CSS gradients, so no binary assets ship. */
export const SIDEBAR_IMAGE_STOPS: Record<Exclude<SidebarImage, 'none'>, readonly string[]> = {
  aurora: ['#1d976c', '#2f80ed'],
  dusk: ['#ff7e5f', '#6a3093'],
  forest: ['#134e5e', '#71b280'],
  ember: ['#f12711', '#f5af19'],
};

export const gradientOf = (stops: readonly string[]): string =>
  `linear-gradient(160deg, ${stops.join(', ')})`;

const GRADIENT_REACH = [0.6, 0.45, 0.3, 0.15] as const;

/** The base colour (or gradient stops) a sidebar theme paints. */
export const sidebarStops = (theme: SidebarTheme, colors: BrandColors): string[] => {
  if (theme === 'brand') return [colors.navbar];
  if (theme === 'gradient') {
    // Towards the primary colour only as far as the navbar's own text still reads.
    const text = readableTextOn(colors.navbar);
    const end = GRADIENT_REACH.map((share) => mixColors(colors.navbar, colors.primary, share)).find(
      (stop) => contrastRatio(text, stop) >= AA_CONTRAST,
    );
    return [colors.navbar, end ?? colors.navbar];
  }
  return [FIXED_SIDEBAR_COLORS[theme]];
};

// Opacities of the sidebar colour laid over an image: the first one whose text reads wins.
const IMAGE_OVERLAY_ALPHAS = [0.72, 0.82, 0.9, 1] as const;

export const resolveNavSurface = (
  settings: Pick<LayoutSettings, 'sidebarTheme' | 'sidebarImage'>,
  colors: BrandColors,
): Surface => {
  const stops = sidebarStops(settings.sidebarTheme, colors);
  const active = readablePairOn(colors.primary);
  const hover = readablePairOn(colors.hover);
  const interactive = {
    activeBackground: active.background,
    activeText: active.text,
    hoverBackground: hover.background,
    hoverText: hover.text,
  };
  const base = stops.length > 1 ? gradientOf(stops) : (stops[0] ?? colors.navbar);

  if (settings.sidebarImage === 'none') {
    return { background: base, samples: stops, text: readableTextOnAll(stops), ...interactive };
  }

  const imageStops = SIDEBAR_IMAGE_STOPS[settings.sidebarImage];
  // The tint is the sidebar colour (its middle for a gradient theme) laid over the image.
  const tint = stops.length > 1 ? mixColors(stops[0]!, stops[stops.length - 1]!, 0.5) : stops[0]!;
  for (const alpha of IMAGE_OVERLAY_ALPHAS) {
    const samples = imageStops.map((stop) => mixColors(stop, tint, alpha));
    const text = readableTextOnAll(samples);
    const readable = samples.every((sample) => contrastRatio(text, sample) >= AA_CONTRAST);
    if (readable || alpha === 1) {
      const overlay = withAlpha(tint, alpha);
      return {
        background: `linear-gradient(${overlay}, ${overlay}), ${gradientOf(imageStops)}`,
        samples,
        text,
        ...interactive,
      };
    }
  }
  // Unreachable: alpha 1 is a solid colour and always returns above.
  return { background: tint, samples: [tint], text: readableTextOn(tint), ...interactive };
};

const TOPBAR_COLORS: Record<TopbarTheme, string> = { light: '#ffffff', dark: '#1f2433' };

export const resolveTopbarSurface = (theme: TopbarTheme): { background: string; text: string } => ({
  background: TOPBAR_COLORS[theme],
  text: readableTextOn(TOPBAR_COLORS[theme]),
});

/** CSS custom properties for an element painted as a navigation surface. */
export const navSurfaceVars = (surface: Surface): Record<string, string> => ({
  '--nav-bg': surface.background,
  '--nav-fg': surface.text,
  '--nav-active-bg': surface.activeBackground,
  '--nav-active-fg': surface.activeText,
  '--nav-hover-bg': surface.hoverBackground,
  '--nav-hover-fg': surface.hoverText,
});
