// When to refresh the tokens (spec sections 4 and 9). Pure functions of the clock so that the
// rules are unit-tested with a fake clock.
import { REFRESH_AT_ELAPSED_SHARE, REFRESH_BEFORE_END_SHARE } from '@console/core/constants';

type Lifetime = { issued_at: number; expiry_at: number };

/**
 * At start-up a stored session that has used more than this share of its life is refreshed before
 * anything else (the spec leaves the threshold open). 10% = 12 minutes of a 2-hour token: a reload
 * soon after login does not hit the API, while a tab reopened later starts on a fresh token.
 */
export const STARTUP_REFRESH_SHARE = 0.1;

const lifetimeOf = (span: Lifetime): number => Math.max(1, span.expiry_at - span.issued_at);

export const computeElapsedShare = (span: Lifetime, now: number): number =>
  (now - span.issued_at) / lifetimeOf(span);

export const isExpired = (span: Lifetime, now: number): boolean => now >= span.expiry_at;

/** True once the token has passed 90% of its life (and is not yet expired). */
export const isRefreshDue = (span: Lifetime, now: number): boolean =>
  !isExpired(span, now) && computeElapsedShare(span, now) >= REFRESH_AT_ELAPSED_SHARE;

export type StartupDecision = 'clear' | 'refresh' | 'restore';

export const decideStartup = (span: Lifetime, now: number): StartupDecision => {
  if (isExpired(span, now)) return 'clear';
  return computeElapsedShare(span, now) > STARTUP_REFRESH_SHARE ? 'refresh' : 'restore';
};

/**
 * Delay until the background refresh: a random point between 1% and 10% of the lifetime before
 * expiry (so that several tabs rarely refresh at once). `random` is in [0, 1).
 */
export const computeRefreshDelay = (span: Lifetime, now: number, random: number): number => {
  const { min, max } = REFRESH_BEFORE_END_SHARE;
  const before = lifetimeOf(span) * (min + random * (max - min));
  return Math.max(0, Math.round(span.expiry_at - before - now));
};
