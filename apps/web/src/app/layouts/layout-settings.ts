// The right-hand settings panel's choices (spec section 3 'Layout settings'), kept in local
// storage under STORAGE_KEYS.layout. Anything unknown in storage falls back to the default.
import { STORAGE_KEYS } from '@console/core/constants';

export const LAYOUT_TYPES = ['vertical', 'horizontal'] as const;
export const LAYOUT_WIDTHS = ['fluid', 'boxed', 'scrollable'] as const;
export const TOPBAR_THEMES = ['light', 'dark'] as const;
export const SIDEBAR_TYPES = ['default', 'compact', 'icon'] as const;
/** 'brand' is the agency's navbarColor; the others are fixed. */
export const SIDEBAR_THEMES = ['brand', 'light', 'dark', 'gradient'] as const;
export const SIDEBAR_IMAGES = ['none', 'aurora', 'dusk', 'forest', 'ember'] as const;

export type LayoutType = (typeof LAYOUT_TYPES)[number];
export type LayoutWidth = (typeof LAYOUT_WIDTHS)[number];
export type TopbarTheme = (typeof TOPBAR_THEMES)[number];
export type SidebarType = (typeof SIDEBAR_TYPES)[number];
export type SidebarTheme = (typeof SIDEBAR_THEMES)[number];
export type SidebarImage = (typeof SIDEBAR_IMAGES)[number];

export type LayoutSettings = {
  layoutType: LayoutType;
  layoutWidth: LayoutWidth;
  topbarTheme: TopbarTheme;
  sidebarType: SidebarType;
  sidebarTheme: SidebarTheme;
  sidebarImage: SidebarImage;
  preloader: boolean;
};

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  layoutType: 'vertical',
  layoutWidth: 'fluid',
  topbarTheme: 'light',
  sidebarType: 'default',
  sidebarTheme: 'brand',
  sidebarImage: 'none',
  preloader: false,
};

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Validates whatever storage held, field by field. */
export const parseLayoutSettings = (raw: unknown): LayoutSettings => {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_LAYOUT_SETTINGS;
  return {
    layoutType: pick(LAYOUT_TYPES, value.layoutType, d.layoutType),
    layoutWidth: pick(LAYOUT_WIDTHS, value.layoutWidth, d.layoutWidth),
    topbarTheme: pick(TOPBAR_THEMES, value.topbarTheme, d.topbarTheme),
    sidebarType: pick(SIDEBAR_TYPES, value.sidebarType, d.sidebarType),
    sidebarTheme: pick(SIDEBAR_THEMES, value.sidebarTheme, d.sidebarTheme),
    sidebarImage: pick(SIDEBAR_IMAGES, value.sidebarImage, d.sidebarImage),
    preloader: typeof value.preloader === 'boolean' ? value.preloader : d.preloader,
  };
};

export const readLayoutSettings = (storage: Pick<Storage, 'getItem'> | undefined): LayoutSettings => {
  try {
    const stored = storage?.getItem(STORAGE_KEYS.layout);
    return parseLayoutSettings(stored ? JSON.parse(stored) : null);
  } catch {
    return DEFAULT_LAYOUT_SETTINGS;
  }
};

export const writeLayoutSettings = (
  storage: Pick<Storage, 'setItem'> | undefined,
  settings: LayoutSettings,
): void => {
  try {
    storage?.setItem(STORAGE_KEYS.layout, JSON.stringify(settings));
  } catch {
    // Storage full or disabled (private mode): the choice lasts for this page only.
  }
};
