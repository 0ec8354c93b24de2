// The browser's auth record (spec section 3) and the pure transitions on it: sign-in,
// impersonation, going back to a parent, token refresh. No I/O here, so it is unit-tested.
import {
  isRole,
  PARENT_ID_PARAM,
  PARENT_ROLES,
  type ParentRole,
  ROLES,
  type Role,
  SESSION_SLOT,
} from '@console/core/roles';

/** What the API answers on login, verify-otp, auto-login and refresh-token. */
export type SessionData = {
  token: string;
  expires_in: number;
  role: Role;
  _id: string;
  user_primary_id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

export type AuthUser = {
  _id: string;
  token: string;
  role: Role;
  user_primary_id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
};

export type AuthRecord = {
  logged_in: boolean;
  role: Role;
  /** The effective (current) user; also held in the slot of its role. */
  user: AuthUser;
  admin?: AuthUser;
  co_admin?: AuthUser;
  agency?: AuthUser;
  advertiser?: AuthUser;
  /** Epoch ms. With several tokens held, these are the times of the one that expires first. */
  issued_at: number;
  expiry_at: number;
};

const rankOf = (role: Role): number => ROLES.indexOf(role);

export const toAuthUser = (data: SessionData): AuthUser => ({
  _id: data._id,
  token: data.token,
  role: data.role,
  user_primary_id: data.user_primary_id,
  email: data.email,
  firstName: data.firstName,
  lastName: data.lastName,
  companyName: data.companyName,
});

export const createAuthRecord = (data: SessionData, now: number): AuthRecord => {
  const user = toAuthUser(data);
  return {
    logged_in: true,
    role: data.role,
    user,
    [SESSION_SLOT[data.role]]: user,
    issued_at: now,
    expiry_at: now + data.expires_in * 1000,
  };
};

/** The parent identities held while impersonating, outermost first (ADMIN before AGENCY). */
export const listParents = (record: AuthRecord): ParentRole[] =>
  PARENT_ROLES.filter(
    (role) => rankOf(role) < rankOf(record.role) && record[SESSION_SLOT[role]] !== undefined,
  );

/** Every token the record holds, with its role, outermost first. */
export const listHeldSessions = (record: AuthRecord): AuthUser[] =>
  ROLES.map((role) => record[SESSION_SLOT[role]]).filter((user): user is AuthUser => user !== undefined);

/**
 * Query parameters naming the parents of `role` (admin_id, co_admin_id, agency_id), sent on every
 * call made with that role's token while impersonating.
 */
export const buildParentParams = (record: AuthRecord, role: Role = record.role): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const parent of PARENT_ROLES) {
    const held = record[SESSION_SLOT[parent]];
    if (held && rankOf(parent) < rankOf(role)) params[PARENT_ID_PARAM[parent]] = String(held.user_primary_id);
  }
  return params;
};

const withoutSlotsBelow = (record: AuthRecord, role: Role): AuthRecord => {
  const next = { ...record };
  for (const lower of ROLES) if (rankOf(lower) > rankOf(role)) delete next[SESSION_SLOT[lower]];
  return next;
};

/** Acting as a lower user: the child becomes the effective user, parents stay held. */
export const applyImpersonation = (record: AuthRecord, child: SessionData, now: number): AuthRecord => {
  const user = toAuthUser(child);
  const next = withoutSlotsBelow(record, child.role);
  // Keep the earliest expiry so the refresh timer serves the token that runs out first.
  const childExpiry = now + child.expires_in * 1000;
  const keepOld = record.expiry_at <= childExpiry;
  return {
    ...next,
    role: child.role,
    user,
    [SESSION_SLOT[child.role]]: user,
    issued_at: keepOld ? record.issued_at : now,
    expiry_at: keepOld ? record.expiry_at : childExpiry,
  };
};

/** Back to a parent: its identity is restored and every session below it is dropped. */
export const applyBackTo = (record: AuthRecord, parent: ParentRole): AuthRecord | null => {
  const held = record[SESSION_SLOT[parent]];
  if (!held) return null;
  return { ...withoutSlotsBelow(record, parent), role: parent, user: held };
};

/**
 * Refreshed sessions replace their role's slot (and the effective user). The record's times move
 * on only when every held token was refreshed; otherwise the old, earlier expiry still governs.
 */
export const applyRefresh = (
  record: AuthRecord,
  refreshed: Partial<Record<Role, SessionData>>,
  now: number,
): AuthRecord => {
  const next: AuthRecord = { ...record };
  let shortest = Number.POSITIVE_INFINITY;
  for (const held of listHeldSessions(record)) {
    const data = refreshed[held.role];
    if (!data) return applyPartialRefresh(record, refreshed);
    const user = toAuthUser({ ...data, role: held.role });
    next[SESSION_SLOT[held.role]] = user;
    if (held.role === record.role) next.user = user;
    shortest = Math.min(shortest, data.expires_in * 1000);
  }
  next.issued_at = now;
  next.expiry_at = now + shortest;
  return next;
};

const applyPartialRefresh = (
  record: AuthRecord,
  refreshed: Partial<Record<Role, SessionData>>,
): AuthRecord => {
  const next: AuthRecord = { ...record };
  for (const held of listHeldSessions(record)) {
    const data = refreshed[held.role];
    if (!data) continue;
    const user = toAuthUser({ ...data, role: held.role });
    next[SESSION_SLOT[held.role]] = user;
    if (held.role === record.role) next.user = user;
  }
  return next;
};

/** The editable details of a user, as the profile page changes them. */
export type UserDetails = Pick<AuthUser, 'email' | 'firstName' | 'lastName' | 'companyName'>;

/** New details of the effective user (profile saved, e-mail confirmed): the token stays the same. */
export const applyUserDetails = (record: AuthRecord, details: Partial<UserDetails>): AuthRecord => {
  const user: AuthUser = { ...record.user, ...details };
  return { ...record, user, [SESSION_SLOT[record.role]]: user };
};

const isAuthUser = (value: unknown): value is AuthUser => {
  const user = value as AuthUser | null;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof user.token === 'string' &&
    isRole(user.role) &&
    typeof user.user_primary_id === 'number'
  );
};

/** Guards what comes out of storage (another version of the app may have written it). */
export const isAuthRecord = (value: unknown): value is AuthRecord => {
  const record = value as AuthRecord | null;
  if (typeof record !== 'object' || record === null) return false;
  if (record.logged_in !== true || !isRole(record.role) || !isAuthUser(record.user)) return false;
  if (typeof record.issued_at !== 'number' || typeof record.expiry_at !== 'number') return false;
  return ROLES.every(
    (role) => record[SESSION_SLOT[role]] === undefined || isAuthUser(record[SESSION_SLOT[role]]),
  );
};

export const isSessionData = (value: unknown): value is SessionData => {
  const data = value as SessionData | null;
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof data.token === 'string' &&
    typeof data.expires_in === 'number' &&
    isRole(data.role) &&
    typeof data.user_primary_id === 'number'
  );
};
