import { IDLE_TIMEOUT_MS } from '@console/core/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer } from '../src/lib/idle/idle-timer.ts';

describe('idle timer (spec sections 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after 5 minutes without activity', () => {
    const onIdle = vi.fn();
    createIdleTimer(IDLE_TIMEOUT_MS, onIdle);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('restarts the countdown on activity', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer(IDLE_TIMEOUT_MS, onIdle);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    timer.reset();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(timer.isIdle()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(timer.isIdle()).toBe(true);
  });

  it('stays idle once idle, and stops for good', () => {
    const onIdle = vi.fn();
    const timer = createIdleTimer(1000, onIdle);
    vi.advanceTimersByTime(1000);
    timer.reset();
    vi.advanceTimersByTime(5000);
    expect(onIdle).toHaveBeenCalledTimes(1);

    const other = vi.fn();
    const stopped = createIdleTimer(1000, other);
    stopped.stop();
    stopped.reset();
    vi.advanceTimersByTime(5000);
    expect(other).not.toHaveBeenCalled();
  });
});
