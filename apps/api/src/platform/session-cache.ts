// A short in-process memory of sessions found current, so that a client's burst of requests costs
// one session read rather than one per request (issue 14: the read was a round trip on every call).
//
// Staleness is bounded by SESSION_CACHE_MS:
// - In this process, every change that can end a session or alter its principal (revocation, token
//   rotation, any change recorded for a user: status, e-mail, agency, ...) forgets every entry at
//   once, and for SESSION_CACHE_MS afterwards nothing is remembered, so that a read taken before the
//   change's transaction committed cannot be kept either.
// - Another API process on the same database learns nothing of it: it may serve a revoked or
//   rotated session for at most SESSION_CACHE_MS more. That is the time a request sent just before
//   the revocation may take anyway, and shorter than the rotation grace (ROTATION_GRACE_MS), within
//   which an old token is not taken for theft either; the theft check itself still runs on the
//   first read after the entry ends.
// An entry also ends with the session's own expiry, so expiry is as exact as without the cache.
import type { Principal } from './auth-guard.ts';
import { onEntityChange } from './change-feed.ts';
import type { TokenClaims } from './tokens.ts';

export const SESSION_CACHE_MS = 2_000;
/** Bounds memory under many distinct tokens; the cache simply starts over beyond it. */
const MAX_ENTRIES = 10_000;

type Entry = { principal: Principal; until: number };
const entries = new Map<string, Entry>();
let storeAfter = 0;

const keyOf = (claims: TokenClaims) => `${claims.sid} ${claims.jti} ${claims.uid}`;

export const recallSession = (claims: TokenClaims, now = Date.now()): Principal | undefined => {
  const key = keyOf(claims);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.until > now) return entry.principal;
  entries.delete(key);
  return undefined;
};

/** Remembers a current session until SESSION_CACHE_MS from now or its own end, whichever is sooner. */
export const rememberSession = (
  claims: TokenClaims,
  principal: Principal,
  endsAt: number,
  now = Date.now(),
) => {
  if (now < storeAfter) return;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(keyOf(claims), { principal, until: Math.min(now + SESSION_CACHE_MS, endsAt) });
};

/** Forgets every session (any change to sessions or users): cheap, and never wrong. */
export const forgetSessions = (now = Date.now()) => {
  entries.clear();
  storeAfter = now + SESSION_CACHE_MS;
};

// Every write to a user records a change (audit.ts), announced here.
onEntityChange((entityType) => {
  if (entityType === 'user') forgetSessions();
});
