// Throttling of password sign-ins (OWASP ASVS 5.0 V6.3: brute force without malicious lockout).
//
// Three counters per attempt, each a row of login_throttles:
// - the pair (account, client address): five failures lock that pair for 15 minutes. This is the
//   lockout a guesser meets; the owner signing in from elsewhere is not locked out by it.
// - the account from any address: past ten failures a growing delay (1 s doubling, at most 60 s)
//   slows a guesser spread over many addresses, while the owner waits a minute at worst.
// - the client address over every account: past twenty failures a growing delay (1 s doubling, at
//   most 15 minutes) slows one address spraying many accounts.
// An account is keyed by a hash of its e-mail whether or not the account exists, so an unknown
// address is counted and answered exactly like a known one. An attempt is counted in the same
// statement that checks the block, before its password is checked, so parallel attempts cannot
// pass the limit; a right password then gives its count back.
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { and, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema/sessions.ts';
import { type AppError, tooManyRequests } from '../../platform/errors.ts';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

type Policy = {
  /** The failure that starts a block. */
  limit: number;
  /** The first block; each further failure doubles it, up to `maxBlockMs`. */
  blockMs: number;
  maxBlockMs: number;
  /** Quiet time after which the count starts again. */
  windowMs: number;
  /** Whether a right password clears the count (not for an address: its own account would launder it). */
  clearsOnSuccess: boolean;
  lockedMessage: (until: Date) => string;
};

const minutesUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
const secondsUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));

const waitMessage = (until: Date) => {
  const seconds = secondsUntil(until);
  const wait = seconds < 120 ? `${seconds} second(s)` : `${minutesUntil(until)} minute(s)`;
  return `Too many failed sign-in attempts. Please try again in ${wait}.`;
};

const WINDOW_MS = LOCK_MINUTES * 60_000;

const POLICIES = {
  pair: {
    limit: MAX_FAILED_LOGINS,
    blockMs: WINDOW_MS,
    maxBlockMs: WINDOW_MS,
    windowMs: WINDOW_MS,
    clearsOnSuccess: true,
    lockedMessage: (until) =>
      `Too many failed sign-in attempts. Your account is locked; try again in ${minutesUntil(until)} minute(s).`,
  },
  account: {
    limit: 10,
    blockMs: 1000,
    maxBlockMs: 60_000,
    windowMs: WINDOW_MS,
    clearsOnSuccess: true,
    lockedMessage: waitMessage,
  },
  address: {
    limit: 20,
    blockMs: 1000,
    maxBlockMs: WINDOW_MS,
    windowMs: WINDOW_MS,
    clearsOnSuccess: false,
    lockedMessage: waitMessage,
  },
} satisfies Record<string, Policy>;

type Counter = { key: string; policy: Policy };

const accountKeyOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

const countersOf = (email: string, clientAddress: string): Counter[] => {
  const account = accountKeyOf(email);
  // An IPv6 client holds a whole /64: counted as one address, as the rate limits do.
  const address = normalizeIP(clientAddress, 64);
  return [
    { key: `p:${account}:${address}`, policy: POLICIES.pair },
    { key: `a:${account}`, policy: POLICIES.account },
    { key: `i:${address}`, policy: POLICIES.address },
  ];
};

type Reservation = { refusedUntil: Date | null; blocksUntil: Date | null };

/**
 * Counts one attempt on the key unless it is blocked, in one statement; a count that reaches the
 * limit blocks the key at once (a right password lifts it again). Answers the block that refused
 * the attempt, or the block this attempt started.
 */
const reserve = async (db: DbOrTx, { key, policy }: Counter): Promise<Reservation> => {
  const windowStart = sql`now() - ${policy.windowMs}::float8 * interval '1 millisecond'`;
  const counted = sql`(case when ${loginThrottles.lastFailureAt} < ${windowStart} then 1 else ${loginThrottles.failures} + 1 end)`;
  const blockFor = (failures: unknown) =>
    sql`case when ${failures} >= ${policy.limit} then now() + least(${policy.maxBlockMs}::float8, ${policy.blockMs}::float8 * power(2, ${failures} - ${policy.limit})) * interval '1 millisecond' end`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, blockedUntil: blockFor(sql`1`), lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures: counted, blockedUntil: blockFor(counted), lastFailureAt: sql`now()` },
      setWhere: or(isNull(loginThrottles.blockedUntil), lt(loginThrottles.blockedUntil, sql`now()`)),
    })
    .returning({ blockedUntil: loginThrottles.blockedUntil });
  if (row) return { refusedUntil: null, blocksUntil: row.blockedUntil };
  const [blocked] = await db
    .select({ until: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  return { refusedUntil: blocked?.until ?? new Date(Date.now() + policy.blockMs), blocksUntil: null };
};

/** Gives a counted attempt back: all of it for a right password, or one for an attempt refused elsewhere. */
const release = async (db: DbOrTx, { key, policy }: Counter, clear: boolean) => {
  if (clear) {
    await db
      .update(loginThrottles)
      .set({ failures: 0, blockedUntil: null })
      .where(eq(loginThrottles.key, key));
    return;
  }
  const remaining = sql`greatest(${loginThrottles.failures} - 1, 0)`;
  await db
    .update(loginThrottles)
    .set({
      failures: remaining,
      blockedUntil: sql`case when ${remaining} < ${policy.limit} then null else ${loginThrottles.blockedUntil} end`,
    })
    .where(eq(loginThrottles.key, key));
};

export type LoginAttempt = {
  /** The password was right: the counts it took are given back. */
  succeed: () => Promise<void>;
  /** The password was wrong: the error to answer (the lock, when this attempt reached a limit). */
  failure: (wrongPassword: AppError) => AppError;
};

/**
 * Counts a sign-in attempt of an e-mail from an address before its password is checked; throws the
 * 429 of the first blocked counter, in which case nothing is counted.
 */
export const beginLoginAttempt = async (
  db: DbOrTx,
  email: string,
  address: string,
): Promise<LoginAttempt> => {
  const counters = countersOf(email, address);
  const reserved: Counter[] = [];
  let lock: AppError | null = null;
  for (const counter of counters) {
    const { refusedUntil, blocksUntil } = await reserve(db, counter);
    if (refusedUntil) {
      for (const done of reserved) await release(db, done, false);
      throw tooManyRequests(counter.policy.lockedMessage(refusedUntil));
    }
    if (blocksUntil) lock ??= tooManyRequests(counter.policy.lockedMessage(blocksUntil));
    reserved.push(counter);
  }
  await pruneStaleCounters(db);
  return {
    succeed: async () => {
      for (const counter of reserved) await release(db, counter, counter.policy.clearsOnSuccess);
    },
    failure: (wrongPassword) => lock ?? wrongPassword,
  };
};

/** After a password reset or an admin's new password, the account starts with a clean slate. */
export const clearAccountThrottles = async (db: DbOrTx, email: string) => {
  const account = accountKeyOf(email);
  await db
    .delete(loginThrottles)
    .where(or(eq(loginThrottles.key, `a:${account}`), like(loginThrottles.key, `p:${account}:%`)));
};

const PRUNE_EVERY_MS = 60 * 60_000;
let lastPrunedAt = 0;

/** Counters quiet for a day go, at most once an hour, so made-up e-mails cannot grow the table for ever. */
const pruneStaleCounters = async (db: DbOrTx) => {
  if (Date.now() - lastPrunedAt < PRUNE_EVERY_MS) return;
  lastPrunedAt = Date.now();
  const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
  await db
    .delete(loginThrottles)
    .where(
      and(
        lt(loginThrottles.lastFailureAt, dayAgo),
        or(isNull(loginThrottles.blockedUntil), lt(loginThrottles.blockedUntil, sql`now()`)),
      ),
    );
};
