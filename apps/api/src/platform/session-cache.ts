// A short in-process memory of sessions found current (short-memory.ts), so that a client's burst of
// requests costs one session read rather than one per request (the read was a round trip
// on every call).
//
// Staleness is bounded by SESSION_CACHE_MS:
// - In this process, ending a session (revocation, token rotation) forgets every entry at once, and
//   for SESSION_CACHE_MS afterwards nothing is remembered, so that a read taken before the change's
//   transaction committed cannot be kept either.
// - Any change recorded for a user (status, e-mail, agency, ...) forgets every entry in every
//   process when it commits (change-feed.ts). A revocation or rotation alone is not told to other
//   processes: another API process on the same database may serve that session for at most
//   SESSION_CACHE_MS more. That is the time a request sent just before the revocation may take
//   anyway, and shorter than the rotation grace (ROTATION_GRACE_MS), within which an old token is
//   not taken for theft either; the theft check itself still runs on the first read after the
//   entry ends.
// An entry also ends with the session's own expiry, so expiry is as exact as without the cache.
import type { Principal } from './auth-guard.ts';
import { concerns, onEntityChange } from './change-feed.ts';
import { createShortMemory } from './short-memory.ts';
import type { TokenClaims } from './tokens.ts';

export const SESSION_CACHE_MS = 2_000;

const sessions = createShortMemory<Principal>({ ttlMs: SESSION_CACHE_MS, maxEntries: 10_000 });

const keyOf = (claims: TokenClaims) => `${claims.sid} ${claims.jti} ${claims.uid}`;

export const recallSession = (claims: TokenClaims, now = Date.now()): Principal | undefined =>
  sessions.recall(keyOf(claims), now);

/** Remembers a current session until SESSION_CACHE_MS from now or its own end, whichever is sooner. */
export const rememberSession = (
  claims: TokenClaims,
  principal: Principal,
  endsAt: number,
  now = Date.now(),
) => sessions.remember(keyOf(claims), principal, endsAt, now);

/** Forgets every session (any change to sessions or users): cheap, and never wrong. */
export const forgetSessions = (now = Date.now()) => sessions.forgetAll(now);

// Every write to a user records a change (audit.ts), announced here once committed, in every process.
const USER_CHANGES = new Set(['user']);
onEntityChange((entityType) => {
  if (concerns(entityType, USER_CHANGES)) forgetSessions();
});
