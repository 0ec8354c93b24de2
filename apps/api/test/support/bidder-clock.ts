// The bidder's clock in tests: tmax and load shedding measured on a clock the test holds, with an
// event loop that is never late, so a busy test machine cannot turn a bid into a late no-bid.
import { createAdmission, DEFAULT_ADMISSION_LIMITS } from '../../src/modules/bidding/bid-admission.ts';
import type { Bidder } from '../../src/modules/bidding/bidder.ts';

export const NO_LAG = { lagMs: () => 0, close: () => {} };

/** Gives the bidder the monotonic clock `now` (ms) and an admission on it; answers that admission. */
export const holdBidderClock = (bidder: Bidder, now: () => number) => {
  bidder.admission.close();
  bidder.monotonicNow = now;
  bidder.admission = createAdmission(DEFAULT_ADMISSION_LIMITS, now, NO_LAG);
  return bidder.admission;
};
