// Money moved by people: admin and co-admin credits and debits, agency allocations and pull-backs,
// reversals. The rules: nobody moves money they do not own (scope checks answer "not found"); an
// advertiser never credits itself (no route lets it; card top-ups are credited by Stripe's webhook
// only); no movement takes an agency's or advertiser's balance below zero; a refusal changes nothing
// (the transaction rolls back). Each movement may carry the client's Idempotency-Key, kept as the
// transfer's dedupe key: a retry finds the first transfer and answers it again, even after a crash
// between the commit and the answer.
import type { AllocationBody, MovementBody, MovementResult, TransferKind } from '@console/core/api/funds';
import { formatMicros } from '@console/core/format/money';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import {
  announceBalanceChanges,
  ensureUserAccount,
  findPlatformAccount,
  type PostedTransfer,
  postTransferInTx,
  sendDueLowBalanceAlerts,
  type TransferRow,
} from '../ledger/index.ts';

export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'This Idempotency-Key was already used with a different request. Use a new key for a new request.';
export const TRANSFER_NOT_FOUND = 'Movement not found.';
export const ALREADY_REVERSED_MESSAGE = 'This movement has already been reversed.';
export const REVERSAL_OF_REVERSAL_MESSAGE = 'A reversal cannot be reversed. Make a new movement instead.';

export type Replayable<T> = { result: T; isReplay: boolean };

/** The dedupe key of a request's Idempotency-Key: the caller's, as the platform's keys are. */
const idempotencyDedupeKey = (principal: Principal, key: string | undefined) =>
  key === undefined ? null : `idem:${actorIdOf(principal)}:${principal.userId}:${key}`;

const isUniqueViolation = (error: unknown): boolean => {
  let current = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Runs a movement's transaction, then tells the bidder about the new balances and sends the
 * low-balance mails it made due. Mail failures are logged by the mailer and never undo a movement.
 */
export const commitMovement = async <T extends { posted: PostedTransfer }>(
  deps: AppDeps,
  build: (tx: Tx) => Promise<T>,
): Promise<T> => {
  const outcome = await deps.db.transaction(build);
  const { posted } = outcome;
  if (!posted.isReplay) {
    announceBalanceChanges(
      posted.entries.flatMap((entry) => {
        const userId = posted.holderUserIds?.get(entry.accountId);
        return userId === undefined ? [] : [{ userId, balanceMicros: entry.balanceAfterMicros }];
      }),
    );
    if (posted.hasAlertDue) await sendDueLowBalanceAlerts(deps);
  }
  return outcome;
};

const findTransferByDedupeKey = async (
  deps: AppDeps,
  dedupeKey: string,
): Promise<PostedTransfer | undefined> => {
  const [transfer] = await deps.db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.dedupeKey, dedupeKey))
    .limit(1);
  if (!transfer) return undefined;
  const entries = await deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transfer.id));
  return { transfer, entries, isReplay: true };
};

const resultOf = (posted: PostedTransfer, accountId: number): MovementResult => {
  const entry = posted.entries.find((candidate) => candidate.accountId === accountId);
  return {
    transfer_id: posted.transfer.id,
    kind: posted.transfer.kind as TransferKind,
    amount_micros: Number(entry ? (entry.amountMicros < 0n ? -entry.amountMicros : entry.amountMicros) : 0n),
    balance_micros: Number(entry?.balanceAfterMicros ?? 0n),
    createdAt: posted.transfer.createdAt.toISOString(),
  };
};

/** A replayed key must carry the same request; the same key for another request is refused. */
const requireSameRequest = (
  posted: PostedTransfer,
  expected: { kind: string; accountId: number; amount: bigint; fields: Partial<TransferRow> },
) => {
  if (!posted.isReplay) return;
  const entry = posted.entries.find((candidate) => candidate.accountId === expected.accountId);
  const sameFields = Object.entries(expected.fields).every(
    ([field, value]) => posted.transfer[field as keyof TransferRow] === value,
  );
  if (posted.transfer.kind !== expected.kind || entry?.amountMicros !== expected.amount || !sameFields) {
    throw new AppError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
  }
};

const accountLowMessage =
  (who: string) =>
  ({ balance }: { balance: bigint }) =>
    `${who} has ${formatMicros(balance)}, too little for this movement. Nothing was moved.`;

/** Admin or co-admin: a credit (money in) or debit (money out) of an agency's or advertiser's account. */
export const moveFunds = async (
  deps: AppDeps,
  principal: Principal,
  body: MovementBody,
  idempotencyKey?: string,
): Promise<Replayable<MovementResult>> => {
  const holder = await requireAccess(deps.db, principal, 'managedFundsAccount', body.user_primary_id);
  const amount = BigInt(body.amount_micros);
  const signed = body.direction === 'CREDIT' ? amount : -amount;
  const { posted, accountId } = await commitMovement(deps, async (tx) => {
    const account = await ensureUserAccount(tx, holder.id);
    const funding = await findPlatformAccount(tx, 'FUNDING');
    const fields = { method: body.method, reference: body.reference || null, note: body.note };
    const posted = await postTransferInTx(
      tx,
      {
        kind: body.direction,
        ...fields,
        dedupeKey: idempotencyDedupeKey(principal, idempotencyKey),
        createdBy: actorIdOf(principal),
        onBehalfOf: principal.userId,
        legs: [
          { accountId: account.id, amountMicros: signed },
          { accountId: funding.id, amountMicros: -signed },
        ],
      },
      accountLowMessage(holder.companyName || holder.email),
    );
    requireSameRequest(posted, { kind: body.direction, accountId: account.id, amount: signed, fields });
    if (!posted.isReplay) {
      await recordFundsChange(tx, principal, holder.id, posted, account.id);
    }
    return { posted, accountId: account.id };
  });
  return { result: resultOf(posted, accountId), isReplay: posted.isReplay };
};

/** Agency: money to one of its advertisers, or back from it (only what the advertiser has not spent). */
export const allocateFunds = async (
  deps: AppDeps,
  principal: Principal,
  body: AllocationBody,
  idempotencyKey?: string,
): Promise<Replayable<MovementResult>> => {
  // An agency (the only role allocating) sees no advertiser but its own, so this is one it manages.
  const advertiser = await requireAccess(deps.db, principal, 'advertiser', body.advertiser_id);
  const amount = BigInt(body.amount_micros);
  const toAdvertiser = body.direction === 'ALLOCATE' ? amount : -amount;
  const kind = body.direction === 'ALLOCATE' ? 'ALLOCATION' : 'PULL_BACK';
  const { posted, accountId } = await commitMovement(deps, async (tx) => {
    const agencyAccount = await ensureUserAccount(tx, principal.userId);
    const advertiserAccount = await ensureUserAccount(tx, advertiser.id);
    const fields = { note: body.note };
    const posted = await postTransferInTx(
      tx,
      {
        kind,
        ...fields,
        dedupeKey: idempotencyDedupeKey(principal, idempotencyKey),
        createdBy: actorIdOf(principal),
        onBehalfOf: principal.userId,
        legs: [
          { accountId: advertiserAccount.id, amountMicros: toAdvertiser },
          { accountId: agencyAccount.id, amountMicros: -toAdvertiser },
        ],
      },
      ({ id, balance }) =>
        id === agencyAccount.id
          ? `Your agency balance is ${formatMicros(balance)}, too little to allocate this. Nothing was moved.`
          : `${advertiser.companyName || advertiser.email} has ${formatMicros(balance)} unspent, too little to pull this back. Nothing was moved.`,
    );
    requireSameRequest(posted, { kind, accountId: advertiserAccount.id, amount: toAdvertiser, fields });
    if (!posted.isReplay) await recordFundsChange(tx, principal, advertiser.id, posted, advertiserAccount.id);
    return { posted, accountId: advertiserAccount.id };
  });
  return { result: resultOf(posted, accountId), isReplay: posted.isReplay };
};

const recordFundsChange = async (
  tx: Tx,
  principal: Principal,
  userId: number,
  posted: PostedTransfer,
  accountId: number,
) => {
  const entry = posted.entries.find((candidate) => candidate.accountId === accountId);
  if (!entry) return;
  await recordChange(tx, {
    entityType: 'user',
    entityId: userId,
    action: 'funds',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [
      { field: 'transfer', from: null, to: `#${posted.transfer.id} ${posted.transfer.kind}` },
      {
        field: 'balance_micros',
        from: Number(entry.balanceAfterMicros - entry.amountMicros),
        to: Number(entry.balanceAfterMicros),
      },
    ],
  });
};

/**
 * Whether the caller may reverse a transfer: admins and co-admins any movement but a reversal; an
 * agency its own allocations and pull-backs with its advertisers.
 */
export const mayReverse = (
  viewer: { role: string; userId: number },
  transfer: { kind: string; holderUserIds: readonly number[] },
): boolean => {
  if (transfer.kind === 'REVERSAL') return false;
  if (viewer.role === 'ADMIN' || viewer.role === 'CO-ADMIN') return true;
  return (
    viewer.role === 'AGENCY' &&
    (transfer.kind === 'ALLOCATION' || transfer.kind === 'PULL_BACK') &&
    transfer.holderUserIds.includes(viewer.userId)
  );
};

/** Undoes a transfer with a new one of opposite legs that points at it; the original stays as it was. */
export const reverseTransfer = async (
  deps: AppDeps,
  principal: Principal,
  transferId: number,
  note: string,
  idempotencyKey?: string,
): Promise<Replayable<MovementResult>> => {
  const [original] = await deps.db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId))
    .limit(1);
  if (!original) throw notFound(TRANSFER_NOT_FOUND);
  const legs = await deps.db
    .select({
      accountId: ledgerEntries.accountId,
      amountMicros: ledgerEntries.amountMicros,
      userId: ledgerAccounts.userId,
      email: users.email,
      companyName: users.companyName,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .leftJoin(users, eq(users.id, ledgerAccounts.userId))
    .where(eq(ledgerEntries.transferId, transferId));
  const holderUserIds = legs.flatMap((leg) => (leg.userId === null ? [] : [leg.userId]));
  // Out of the caller's sight: not found. In sight but not theirs to undo: forbidden.
  const isStaff = principal.role === 'ADMIN' || principal.role === 'CO-ADMIN';
  if (!isStaff) {
    const visible = await Promise.all(
      holderUserIds.map((userId) =>
        userId === principal.userId
          ? true
          : requireAccess(deps.db, principal, 'managedFundsAccount', userId).then(
              () => true,
              () => false,
            ),
      ),
    );
    if (!visible.some(Boolean)) throw notFound(TRANSFER_NOT_FOUND);
    if (!visible.every(Boolean) || !mayReverse(principal, { kind: original.kind, holderUserIds })) {
      throw forbidden('You may not reverse this movement.');
    }
  }
  if (original.kind === 'REVERSAL') throw conflict(REVERSAL_OF_REVERSAL_MESSAGE);
  const named = legs.find((leg) => leg.userId !== null);
  const dedupeKey = idempotencyDedupeKey(principal, idempotencyKey);
  const replay = dedupeKey === null ? undefined : await findTransferByDedupeKey(deps, dedupeKey);
  if (replay) {
    if (replay.transfer.reversesTransferId !== original.id)
      throw new AppError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
    return { result: resultOf(replay, named?.accountId ?? replay.entries[0]!.accountId), isReplay: true };
  }
  const [reversed] = await deps.db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reversesTransferId, transferId))
    .limit(1);
  if (reversed) throw conflict(ALREADY_REVERSED_MESSAGE);
  try {
    const { posted } = await commitMovement(deps, async (tx) => {
      const posted = await postTransferInTx(
        tx,
        {
          kind: 'REVERSAL',
          method: original.method,
          reference: original.reference,
          note,
          reversesTransferId: original.id,
          campaignId: original.campaignId,
          dedupeKey,
          createdBy: actorIdOf(principal),
          onBehalfOf: principal.userId,
          legs: legs.map((leg) => ({ accountId: leg.accountId, amountMicros: -leg.amountMicros })),
        },
        ({ userId, balance }) => {
          const who = legs.find((leg) => leg.userId === userId);
          return `${who?.companyName || who?.email || 'The account'} has ${formatMicros(balance)}, too little to reverse this movement. Nothing was moved.`;
        },
      );
      if (posted.isReplay && posted.transfer.reversesTransferId !== original.id) {
        throw new AppError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
      }
      if (!posted.isReplay && named?.userId != null) {
        await recordFundsChange(tx, principal, named.userId, posted, named.accountId);
      }
      return { posted };
    });
    return {
      result: resultOf(posted, named?.accountId ?? posted.entries[0]!.accountId),
      isReplay: posted.isReplay,
    };
  } catch (error) {
    // Two reversals at once: the second waits on the unique index and then finds the first.
    if (isUniqueViolation(error)) throw conflict(ALREADY_REVERSED_MESSAGE);
    throw error;
  }
};
