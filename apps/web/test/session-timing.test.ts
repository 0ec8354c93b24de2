import { SESSION_LIFETIME_MS } from '@console/core/constants';
import { describe, expect, it } from 'vitest';
import {
  computeElapsedShare,
  computeRefreshDelay,
  decideStartup,
  isExpired,
  isRefreshDue,
  STARTUP_REFRESH_SHARE,
} from '../src/lib/session/session-timing.ts';

// A fake clock: times are plain numbers, starting at an arbitrary epoch.
const T0 = 1_700_000_000_000;
const span = { issued_at: T0, expiry_at: T0 + SESSION_LIFETIME_MS };
const at = (share: number) => T0 + share * SESSION_LIFETIME_MS;

describe('token refresh timing (spec sections 4 and 9)', () => {
  it('measures the elapsed share of the lifetime', () => {
    expect(computeElapsedShare(span, at(0))).toBe(0);
    expect(computeElapsedShare(span, at(0.5))).toBe(0.5);
  });

  it('is due once 90% of the lifetime has passed, until expiry', () => {
    expect(isRefreshDue(span, at(0.89))).toBe(false);
    expect(isRefreshDue(span, at(0.9))).toBe(true);
    expect(isRefreshDue(span, at(0.99))).toBe(true);
    expect(isRefreshDue(span, at(1))).toBe(false);
    expect(isExpired(span, at(1))).toBe(true);
  });

  it('schedules the timer between 10% and 1% of the lifetime before expiry', () => {
    const earliest = computeRefreshDelay(span, T0, 1);
    const latest = computeRefreshDelay(span, T0, 0);
    expect(earliest).toBe(0.9 * SESSION_LIFETIME_MS);
    expect(latest).toBe(0.99 * SESSION_LIFETIME_MS);
    for (let i = 0; i < 100; i++) {
      const delay = computeRefreshDelay(span, T0, Math.random());
      expect(delay).toBeGreaterThanOrEqual(earliest);
      expect(delay).toBeLessThanOrEqual(latest);
    }
  });

  it('counts the delay from now and never goes negative', () => {
    expect(computeRefreshDelay(span, at(0.5), 0)).toBe(0.49 * SESSION_LIFETIME_MS);
    expect(computeRefreshDelay(span, at(0.995), 0)).toBe(0);
    expect(computeRefreshDelay(span, at(2), 0.5)).toBe(0);
  });

  it('restores, refreshes or clears a stored session at start-up', () => {
    expect(STARTUP_REFRESH_SHARE).toBe(0.1);
    expect(decideStartup(span, at(0.05))).toBe('restore');
    expect(decideStartup(span, at(0.1))).toBe('restore');
    expect(decideStartup(span, at(0.11))).toBe('refresh');
    expect(decideStartup(span, at(0.95))).toBe('refresh');
    expect(decideStartup(span, at(1))).toBe('clear');
    expect(decideStartup(span, at(3))).toBe('clear');
  });
});
