// What the in-process bidder plugs into the ledger, without the ledger knowing the bidder:
// - onBalanceChange: told after each committed movement posted through commitMovement, so an
//   advertiser that ran dry and was topped up bids again without waiting for a poll (spend booked by
//   recordSpend inside the bidder's own transaction is the bidder's to announce);
// - setPendingSpendReader: the spend the bidder has committed but not yet booked, shown on the funds
//   pages as "pending" and taken off the available balance. Without a reader (no bidder) it is 0.

export type BalanceChange = { userId: number; balanceMicros: bigint };
type BalanceListener = (change: BalanceChange) => void;

const listeners = new Set<BalanceListener>();

export const onBalanceChange = (listener: BalanceListener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const announceBalanceChanges = (changes: readonly BalanceChange[]) => {
  for (const change of changes) for (const listener of listeners) listener(change);
};

export type PendingSpendReader = (userIds: readonly number[]) => Promise<Map<number, bigint>>;

let pendingSpendReader: PendingSpendReader | null = null;

/** The bidder's delivery state supplies its pending holds per advertiser here (app.ts). */
export const setPendingSpendReader = (reader: PendingSpendReader | null) => {
  pendingSpendReader = reader;
};

export const readPendingSpend = async (userIds: readonly number[]): Promise<Map<number, bigint>> =>
  pendingSpendReader ? pendingSpendReader(userIds) : new Map();
