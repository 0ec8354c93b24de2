// Load shedding at the bidder's door. An exchange throws away an answer that comes after tmax, so
// a bid request the bidder cannot answer in time is answered "no bid" at once instead of taking its
// turn: when too many are in flight already, or when the event loop runs so late that a request has
// waited in line longer than allowed before the bidder even saw it. The loop's lateness is read from
// a timer that should fire every SAMPLE_MS: the time past that is how long work waits for its turn,
// and a request's arrival is taken as that much before the moment the bidder reads it.

/** How often the lateness of the event loop is sampled. */
const SAMPLE_MS = 5;

export type AdmissionLimits = {
  /** Bid requests answered at once (parsing, auction, recording); more are answered no bid. */
  maxInFlight: number;
  /** The longest a request may have waited for the event loop before it is answered no bid. */
  maxQueueMs: number;
};

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { maxInFlight: 256, maxQueueMs: 100 };

/** How late the event loop runs now (ms): how long a request waited for its turn before it was seen. */
export type LoopLag = { lagMs: () => number; close: () => void };

/** The loop's lateness from a timer due every SAMPLE_MS, on the monotonic clock `now` (ms). */
export const createLoopLag = (now: () => number): LoopLag => {
  let lastTickMs = now();
  let lastLagMs = 0;
  const timer = setInterval(() => {
    const at = now();
    lastLagMs = Math.max(0, at - lastTickMs - SAMPLE_MS);
    lastTickMs = at;
  }, SAMPLE_MS);
  timer.unref();
  return {
    // The last sample, or, when the timer is overdue right now, how overdue it is.
    lagMs: () => Math.max(lastLagMs, now() - lastTickMs - SAMPLE_MS),
    close: () => clearInterval(timer),
  };
};

export type Admission = {
  /**
   * A request seen now: its arrival (now less the loop's lateness) and whether it may go in; when it
   * may, `leave` must be called once it is answered.
   */
  enter: () => { admitted: boolean; arrivedMs: number };
  leave: () => void;
  /** Requests in flight (tests, figures). */
  inFlight: () => number;
  close: () => void;
};

/** `now` is the bidder's monotonic clock in ms (performance.now in production, a test's clock in tests). */
export const createAdmission = (limits: AdmissionLimits, now: () => number, loop: LoopLag): Admission => {
  let inFlight = 0;
  return {
    enter: () => {
      const queuedMs = loop.lagMs();
      const admitted = inFlight < limits.maxInFlight && queuedMs <= limits.maxQueueMs;
      if (admitted) inFlight++;
      return { admitted, arrivedMs: now() - queuedMs };
    },
    leave: () => {
      inFlight = Math.max(0, inFlight - 1);
    },
    inFlight: () => inFlight,
    close: () => loop.close(),
  };
};
