// The ledger module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export {
  ensureUserAccount,
  findPlatformAccount,
  isAccountHolderRole,
  readBalances,
} from './ledger-accounts.ts';
export { checkLedger } from './ledger-check.ts';
export { announceBalanceChanges, readPendingSpend } from './ledger-events.ts';
export { sendDueLowBalanceAlerts } from './low-balance-alerts.ts';
export {
  advertiserCostOf,
  agencyMarginOf,
  readMarginBps,
  readMarginSplits,
} from './margin.ts';
export { type PostedTransfer, postTransferInTx, type TransferRow } from './post-transfer.ts';
export { ensureAccounts, recordSpendDifference, spendCtesOf } from './record-spend.ts';
