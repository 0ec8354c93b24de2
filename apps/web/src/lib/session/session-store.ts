// The session's life in the browser (spec sections 3, 4 and 9): sign-in, logout, impersonation,
// token refresh, restore at start-up and following other tabs.
import { STORAGE_KEYS } from '@console/core/constants';
import { type ParentRole, ROLES, type Role } from '@console/core/roles';
import { BACK_TO_PATH, HOME_PATH } from '@console/core/routes/paths';
import { useMemo, useSyncExternalStore } from 'react';
import { ApiError, apiGet, apiPost } from '../http/api-client.ts';
import { navigateTo } from '../navigation/app-navigator.ts';
import { takeDeepLink } from '../navigation/deep-link.ts';
import {
  type AuthRecord,
  applyBackTo,
  applyImpersonation,
  applyRefresh,
  applyUserDetails,
  createAuthRecord,
  isSessionData,
  listHeldSessions,
  listParents,
  type SessionData,
  type UserDetails,
} from './auth-record.ts';
import {
  getAuth,
  readStoredAuth,
  saveAuth,
  setAuthInMemory,
  setRequestObserver,
  subscribeAuth,
} from './auth-state.ts';
import { computeRefreshDelay, decideStartup, isExpired, isRefreshDue } from './session-timing.ts';

export type { AuthRecord, SessionData, UserDetails } from './auth-record.ts';

export type SessionView = { auth: AuthRecord | null; isImpersonating: boolean; parents: ParentRole[] };

export const useSession = (): SessionView => {
  const auth = useSyncExternalStore(subscribeAuth, getAuth, getAuth);
  return useMemo(() => {
    const parents = auth ? listParents(auth) : [];
    return { auth, isImpersonating: parents.length > 0, parents };
  }, [auth]);
};

const rankOf = (role: Role): number => ROLES.indexOf(role);

/**
 * Starts the session after login or OTP verification and lands on the path a deep link asked for
 * (remembered when this page load was sent to /login), else on the role's home.
 */
export const signIn = async (data: SessionData): Promise<void> => {
  const record = createAuthRecord(data, Date.now());
  const askedFor = takeDeepLink();
  await saveAuth(record);
  navigateTo(askedFor ?? HOME_PATH[record.role], { replace: true });
};

/** Clears all local storage at once (spec section 4), then ends the server sessions. */
export const logout = async (): Promise<void> => {
  const record = getAuth();
  setAuthInMemory(null);
  localStorage.clear();
  navigateTo('/login', { replace: true });
  if (!record) return;
  await Promise.allSettled(
    listHeldSessions(record)
      .reverse()
      .map((held) =>
        apiPost('/api/auth/logout', undefined, {
          as: { token: held.token, role: held.role },
          ignoreUnauthorized: true,
        }),
      ),
  );
};

/** Acts as a lower user (auto-login) and lands on the child's home. Throws ApiError on refusal. */
export const actAs = async (user_primary_id: number): Promise<void> => {
  const result = await apiPost<SessionData>('/api/auth/auto-login', { user_primary_id });
  const record = getAuth();
  if (!result.success || !isSessionData(result.data)) throw new ApiError(result);
  if (!record) return;
  const next = applyImpersonation(record, result.data, Date.now());
  await saveAuth(next);
  navigateTo(HOME_PATH[next.role]);
};

/** Restores a parent identity; returning to a parent drops every session below it. */
export const backTo = async (parent: ParentRole): Promise<void> => {
  const record = getAuth();
  const next = record ? applyBackTo(record, parent) : null;
  if (!record || !next) return;
  const dropped = listHeldSessions(record)
    .filter((held) => rankOf(held.role) > rankOf(parent))
    .reverse();
  await Promise.allSettled(
    dropped.map((held) =>
      apiPost('/api/auth/end-impersonation', undefined, {
        as: { token: held.token, role: held.role },
        ignoreUnauthorized: true,
      }),
    ),
  );
  await saveAuth(next);
  navigateTo(BACK_TO_PATH[parent]);
};

/** Shows the effective user's new details (names, e-mail) in the header; the token is unchanged. */
export const updateCurrentUser = async (details: Partial<UserDetails>): Promise<void> => {
  const record = getAuth();
  if (record) await saveAuth(applyUserDetails(record, details));
};

/**
 * Adopts a new session of the effective user, answered by a password change (the server ends the
 * other sessions and rotates this one), so this tab keeps working with the new token.
 */
export const adoptCurrentSession = async (data: SessionData): Promise<void> => {
  const record = getAuth();
  if (!record || data.role !== record.role) return;
  await saveAuth(applyRefresh(record, { [record.role]: data }, Date.now()));
};

// ---- token refresh ----

type Due = (record: AuthRecord, now: number) => boolean;

const withRefreshLock = async (task: () => Promise<void>): Promise<void> => {
  // One tab at a time: the others then find the rotated tokens in storage.
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request('console-auth-refresh', task);
  } else {
    await task();
  }
};

const refreshHeldSessions = async (record: AuthRecord): Promise<void> => {
  const held = listHeldSessions(record);
  const answers = await Promise.all(
    held.map((user) =>
      apiGet<SessionData>('/api/auth/refresh-token', undefined, {
        as: { token: user.token, role: user.role },
      }),
    ),
  );
  const latest = getAuth();
  if (!latest) return;
  const refreshed: Partial<Record<Role, SessionData>> = {};
  answers.forEach((answer, index) => {
    const user = held[index];
    const ok = answer.success && (answer.status === undefined || answer.status === 1);
    // Apply only to sessions still held unchanged (a logout or switch may have happened meanwhile).
    if (user && ok && isSessionData(answer.data) && latest.user && holdsToken(latest, user.token)) {
      refreshed[user.role] = answer.data;
    }
  });
  if (Object.keys(refreshed).length > 0) await saveAuth(applyRefresh(latest, refreshed, Date.now()));
};

const holdsToken = (record: AuthRecord, token: string): boolean =>
  listHeldSessions(record).some((held) => held.token === token);

let inFlight: Promise<void> | null = null;

/** Refreshes every held token when `isDue` says so, once per tab and across tabs. */
export const refreshTokens = (isDue: Due = isRefreshDue): Promise<void> => {
  inFlight ??= withRefreshLock(async () => {
    let record = getAuth();
    const stored = await readStoredAuth();
    // Another tab may have refreshed already: adopt its newer record of the same identity.
    if (record && stored && stored.user._id === record.user._id && stored.issued_at > record.issued_at) {
      setAuthInMemory(stored);
      record = stored;
    }
    if (!record) return;
    const now = Date.now();
    if (isExpired(record, now)) {
      await saveAuth(null);
      return;
    }
    if (isDue(record, now)) await refreshHeldSessions(record);
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
};

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

const scheduleRefresh = (record: AuthRecord | null): void => {
  clearTimeout(refreshTimer);
  if (!record) return;
  const delay = computeRefreshDelay(record, Date.now(), Math.random());
  // The timer fires between 1% and 10% of the lifetime before expiry, past the 90% mark by design.
  refreshTimer = setTimeout(() => void refreshTokens(() => true), delay);
};

// ---- start-up and other tabs ----

const followOtherTab = (event: StorageEvent): void => {
  if (event.storageArea !== localStorage) return;
  // key null: storage was cleared (a logout in another tab, or by hand).
  if (event.key === null || (event.key === STORAGE_KEYS.auth && !event.newValue)) {
    setAuthInMemory(null);
    return;
  }
  if (event.key !== STORAGE_KEYS.auth) return;
  const sequence = ++syncSequence;
  void readStoredAuth(event.newValue).then((next) => {
    if (sequence !== syncSequence) return;
    const previous = getAuth();
    setAuthInMemory(next);
    const switched = next && previous && (previous.user._id !== next.user._id || previous.role !== next.role);
    if (switched) {
      // Another identity in this tab: land on its home (query-client.ts drops the old data).
      navigateTo(HOME_PATH[next.role], { replace: true });
    }
  });
};
let syncSequence = 0;

const checkOnReturn = (): void => {
  if (document.visibilityState === 'visible') void refreshTokens();
};

let started = false;

/** Restores a stored session (spec section 4) and starts timers and tab sync. Call once before rendering. */
export const startSession = async (): Promise<void> => {
  if (started) return;
  started = true;
  const stored = await readStoredAuth();
  if (stored) {
    const decision = decideStartup(stored, Date.now());
    if (decision === 'clear') {
      localStorage.removeItem(STORAGE_KEYS.auth);
    } else {
      setAuthInMemory(stored);
      // Not awaited: the screen shows at once; calls racing the rotation retry with the new token.
      if (decision === 'refresh') void refreshTokens(() => true);
    }
  } else if (localStorage.getItem(STORAGE_KEYS.auth)) {
    localStorage.removeItem(STORAGE_KEYS.auth); // unreadable or of another shape
  }
  scheduleRefresh(getAuth());
  subscribeAuth(() => scheduleRefresh(getAuth()));
  setRequestObserver(() => {
    const record = getAuth();
    if (record && isRefreshDue(record, Date.now())) void refreshTokens();
  });
  window.addEventListener('storage', followOtherTab);
  document.addEventListener('visibilitychange', checkOnReturn);
};
