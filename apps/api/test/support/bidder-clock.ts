// The bidder's clock in tests: tmax and load shedding measured on a clock the test holds, with an
// event loop that is never late, so a busy test machine cannot turn a bid into a late no-bid.
import { createAdmission, DEFAULT_ADMISSION_LIMITS } from '../../src/modules/bidding/bid-admission.ts';
import type { Bidder } from '../../src/modules/bidding/bidder.ts';
import { PACING_SLOT_SECONDS } from '../../src/modules/bidding/pacing.ts';

export const NO_LAG = { lagMs: () => 0, close: () => {} };

/** Gives the bidder the monotonic clock `now` (ms) and an admission on it; answers that admission. */
export const holdBidderClock = (bidder: Bidder, now: () => number) => {
  bidder.admission.close();
  bidder.monotonicNow = now;
  bidder.admission = createAdmission(DEFAULT_ADMISSION_LIMITS, now, NO_LAG);
  return bidder.admission;
};

/**
 * A bidder clock (startTestApp's `now`) that runs at real speed from the middle of the current
 * 10-minute pacing slot, so the bids of a test file never meet a slot's opening (when even pacing
 * lets only a few impressions through) nor cross into the next slot, whatever the time of day the
 * tests run. It stays within the hour and day of the real time it started from (slots divide them,
 * in every zone whose offset is a multiple of 10 minutes).
 */
export const midSlotClock = (realNow = Date.now()): (() => number) => {
  const slotMs = PACING_SLOT_SECONDS * 1000;
  const shift = Math.floor(realNow / slotMs) * slotMs + slotMs / 2 - realNow;
  return () => Date.now() + shift;
};
