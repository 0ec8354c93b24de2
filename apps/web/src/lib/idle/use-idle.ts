import { IDLE_TIMEOUT_MS } from '@console/core/constants';
import { useEffect, useState } from 'react';
import { ACTIVITY_EVENTS, createIdleTimer } from './idle-timer.ts';

/**
 * True once the tab saw no mouse, key or scroll activity for IDLE_TIMEOUT_MS (5 minutes).
 * Used only on the editing pages (routes marked idleGuard), where stale forms must be reloaded.
 */
export const useIdle = (enabled = true, timeoutMs = IDLE_TIMEOUT_MS): boolean => {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = createIdleTimer(timeoutMs, () => setIdle(true));
    const onActivity = () => timer.reset();
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    return () => {
      timer.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
    };
  }, [enabled, timeoutMs]);
  return idle;
};
