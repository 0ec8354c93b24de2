// A resettable inactivity timer (spec sections 4 and 9): any activity restarts the countdown; when
// it runs out, onIdle fires once. The clock is injectable for tests.

export type IdleClock = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realClock: IdleClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type IdleTimer = { reset: () => void; stop: () => void; isIdle: () => boolean };

export const createIdleTimer = (
  timeoutMs: number,
  onIdle: () => void,
  clock: IdleClock = realClock,
): IdleTimer => {
  let handle: unknown;
  let idle = false;
  let stopped = false;
  const arm = () => {
    clock.clearTimeout(handle);
    handle = clock.setTimeout(() => {
      idle = true;
      onIdle();
    }, timeoutMs);
  };
  arm();
  return {
    // Once idle the tab stays idle: the page must be reloaded (its data may be stale).
    reset: () => {
      if (!idle && !stopped) arm();
    },
    stop: () => {
      stopped = true;
      clock.clearTimeout(handle);
    },
    isIdle: () => idle,
  };
};

/** The activity that counts (spec section 4: mouse, key, scroll). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'wheel',
  'touchstart',
] as const;
