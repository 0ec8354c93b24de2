// Low-balance mail. A debit that takes an account from at least its owner's threshold to below it
// marks the alert due in the debit's own transaction (post-transfer.ts); this sends the due ones.
// It runs right after each movement committed here, and every minute for spend booked by the bidder.
// Marking in the transaction and sending after means a rolled-back debit mails nobody, and one alert
// per crossing: the next mail needs the balance back above the threshold first.
import { formatMicros } from '@console/core/format/money';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { takeDueLowBalanceAlerts } from './post-transfer.ts';

const BATCH = 50;
const SWEEP_EVERY_MS = 60_000;

export const lowBalanceMail = (balance: bigint, threshold: bigint) => ({
  subject: 'Your balance is low',
  body:
    `Your balance is ${formatMicros(balance)}, below the ${formatMicros(threshold)} you asked to be told about.\n` +
    'Campaigns stop bidding when the balance runs out. Add funds on the Funds page of the console.',
});

export const sendDueLowBalanceAlerts = async (deps: Pick<AppDeps, 'db' | 'mailer'>): Promise<number> => {
  let sent = 0;
  for (;;) {
    const due = await deps.db.transaction((tx) => takeDueLowBalanceAlerts(tx, BATCH));
    for (const account of due) {
      if (account.userId === null || account.lowBalanceThresholdMicros === null) continue;
      const [owner] = await deps.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, account.userId));
      if (!owner) continue;
      await deps.mailer.send({
        to: owner.email,
        ...lowBalanceMail(account.balanceMicros, account.lowBalanceThresholdMicros),
      });
      sent += 1;
    }
    if (due.length < BATCH) return sent;
  }
};

/** Sweeps every minute; answers a stop function for the app's close. */
export const startLowBalanceAlerts = (
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  log: { error: (o: object, m: string) => void },
) => {
  const timer = setInterval(() => {
    sendDueLowBalanceAlerts(deps).catch((error: unknown) =>
      log.error({ err: error }, 'low-balance alerts failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};
