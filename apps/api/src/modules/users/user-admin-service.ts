// Managing users: admin and co-admin for everyone below them, an agency for its own advertisers.
// Every read and write goes through `requireAccess(..., 'managedUser', id)`, which answers "not found"
// outside the scope.

import type { HistoryQuery } from '@console/core/api/funds';
import type { UserConfig, UserListItem, UserListQuery } from '@console/core/api/users';
import type { Role } from '@console/core/roles';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { userConfigs, userNotes, users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { actorOf } from '../../platform/advertiser-scope.ts';
import { diffFields, readChangeLog, recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden } from '../../platform/errors.ts';
import { fetchPage, likePattern } from '../../platform/pagination.ts';
import { refuseCommonPassword } from '../../platform/password-policy.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { findUserByEmail, findUserById, toUser } from '../../platform/user-queries.ts';
import { revokeBrokenChains, revokeUserSessions } from '../auth/index.ts';
import { listHistory, viewerOf } from '../funds/index.ts';
import { marginBoundsOf } from './advertiser-margin.ts';

/** The rows a caller may list at all: co-admins see agencies and advertisers; agencies their own. */
const scopeFilter = (principal: Principal): SQL | undefined => {
  if (principal.role === 'CO-ADMIN') return inArray(users.role, ['AGENCY', 'ADVERTISER']);
  if (principal.role === 'AGENCY')
    return and(eq(users.role, 'ADVERTISER'), eq(users.agencyId, principal.userId));
  return undefined;
};

const SORT_COLUMNS = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
} as const;

export const listUsers = async (deps: AppDeps, principal: Principal, query: UserListQuery) => {
  const agency = alias(users, 'agency');
  const where = and(
    scopeFilter(principal),
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.agency === undefined
      ? undefined
      : query.agency === 0
        ? and(eq(users.role, 'ADVERTISER'), isNull(users.agencyId))
        : eq(users.agencyId, query.agency),
    query.q
      ? or(
          ilike(users.email, likePattern(query.q)),
          ilike(users.firstName, likePattern(query.q)),
          ilike(users.lastName, likePattern(query.q)),
          ilike(users.companyName, likePattern(query.q)),
        )
      : undefined,
  );
  const sortColumn = SORT_COLUMNS[query.sort];
  return fetchPage(
    query,
    (limit, offset) =>
      deps.db
        .select({
          user: users,
          agencyId: agency.id,
          agencyCompany: agency.companyName,
          marginBps: userConfigs.marginBps,
        })
        .from(users)
        .leftJoin(agency, eq(agency.id, users.agencyId))
        .leftJoin(userConfigs, eq(userConfigs.userId, users.id))
        .where(where)
        .orderBy(query.order === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(users.id))
        .limit(limit)
        .offset(offset),
    () => deps.db.select({ value: count() }).from(users).where(where),
    (row): UserListItem => ({
      ...toUser(row.user),
      agency:
        row.agencyId === null
          ? null
          : { user_primary_id: row.agencyId, companyName: row.agencyCompany ?? '' },
      createdAt: row.user.createdAt.toISOString(),
      margin_bps: row.marginBps ?? 0,
    }),
  );
};

export const readManagedUser = async (deps: AppDeps, principal: Principal, id: number) => {
  const user = await requireAccess(deps.db, principal, 'managedUser', id);
  const agency = user.agencyId ? await findUserById(deps.db, user.agencyId) : undefined;
  return {
    ...toUser(user),
    agency: agency ? { user_primary_id: agency.id, companyName: agency.companyName } : null,
    createdAt: user.createdAt.toISOString(),
  };
};

export type NewUserInput = {
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  agency_id?: number | undefined;
};

const requireAgency = async (db: DbOrTx, agencyId: number) => {
  const agency = await findUserById(db, agencyId);
  if (agency?.role !== 'AGENCY')
    throw badRequest('Choose an existing agency.', { agency_id: 'Choose an existing agency.' });
  return agency;
};

/** Admin adds any user; an agency adds advertisers of its own (forced role and agency). */
export const createUser = async (deps: AppDeps, principal: Principal, input: NewUserInput) => {
  const isAgency = principal.role === 'AGENCY';
  const role: Role = isAgency ? 'ADVERTISER' : input.role;
  if (!isAgency && principal.role !== 'ADMIN') throw forbidden();
  let agencyId: number | null = null;
  if (isAgency) agencyId = principal.userId;
  else if (input.agency_id !== undefined) {
    if (role !== 'ADVERTISER')
      throw badRequest('Only advertisers belong to an agency.', {
        agency_id: 'Only advertisers belong to an agency.',
      });
    agencyId = (await requireAgency(deps.db, input.agency_id)).id;
  }
  refuseCommonPassword(input.password, 'password');
  if (await findUserByEmail(deps.db, input.email)) {
    throw conflict('An account with this e-mail already exists.');
  }
  const passwordHash = await hashPassword(input.password);
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        role,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        agencyId,
        status: 'ACTIVE',
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (role === 'AGENCY' || role === 'ADVERTISER') await tx.insert(userConfigs).values({ userId: row!.id });
    await recordChange(tx, {
      entityType: 'user',
      entityId: row!.id,
      action: 'create',
      ...actorOf(principal),
      changes: diffFields(
        {},
        {
          email: row!.email,
          role,
          firstName: row!.firstName,
          lastName: row!.lastName,
          companyName: row!.companyName,
          agencyId,
        },
      ),
    });
    return row!;
  });
  return readManagedUser(deps, principal, created.id);
};

export const updateUser = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  input: { email: string; firstName: string; lastName: string; companyName: string },
) => {
  const before = await requireAccess(deps.db, principal, 'managedUser', id);
  if (input.email !== before.email) {
    const taken = await findUserByEmail(deps.db, input.email);
    if (taken && taken.id !== id) throw conflict('An account with this e-mail already exists.');
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(users.id, id));
    await recordChange(tx, {
      entityType: 'user',
      entityId: id,
      action: 'update',
      ...actorOf(principal),
      changes: diffFields(
        {
          email: before.email,
          firstName: before.firstName,
          lastName: before.lastName,
          companyName: before.companyName,
        },
        input,
      ),
    });
  });
  return readManagedUser(deps, principal, id);
};

/** Activates or deactivates; a deactivated user's sessions end at once. */
export const setUserStatus = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  status: 'ACTIVE' | 'INACTIVE',
) => {
  const before = await requireAccess(deps.db, principal, 'managedUser', id);
  if (before.status === status) return readManagedUser(deps, principal, id);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
    await recordChange(tx, {
      entityType: 'user',
      entityId: id,
      action: 'status',
      ...actorOf(principal),
      changes: [{ field: 'status', from: before.status, to: status }],
    });
    if (status === 'INACTIVE') {
      await revokeUserSessions(tx, id, 'deactivated');
      // Keys made while this user acted as someone (an agency as its advertiser) go with it.
      await revokeBrokenChains(tx, id, 'deactivated', actorOf(principal));
    }
  });
  return readManagedUser(deps, principal, id);
};

const requireConfigurable = async (db: DbOrTx, principal: Principal, id: number) => {
  const user = await requireAccess(db, principal, 'managedUser', id);
  if (user.role !== 'AGENCY' && user.role !== 'ADVERTISER') {
    throw badRequest('Admins and co-admins have no user config.');
  }
  return user;
};

/** A user's config; an agency's carries the range of margins it may give its advertisers. */
const readConfigRow = async (db: DbOrTx, user: { id: number; role: string }): Promise<UserConfig> => {
  const [row] = await db.select().from(userConfigs).where(eq(userConfigs.userId, user.id)).limit(1);
  return {
    insight_dashboard: row?.insightDashboard ?? false,
    postback_enabled: row?.postbackEnabled === 'ENABLED' ? 'ENABLED' : 'DISABLED',
    api_access: row?.apiAccess ?? false,
    margin_bps: row?.marginBps ?? 0,
    ...(user.role === 'AGENCY' ? { advertiser_margin_bounds: marginBoundsOf(row) } : {}),
    optimisation: row?.optimisation ?? {},
  };
};

export const readUserConfig = async (deps: AppDeps, principal: Principal, id: number) => {
  const user = await requireConfigurable(deps.db, principal, id);
  return readConfigRow(deps.db, user);
};

const AGENCY_ONLY_BOUNDS = 'Only an agency has a range of margins for its advertisers.';

export const updateUserConfig = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  input: UserConfig,
) => {
  const user = await requireConfigurable(deps.db, principal, id);
  const bounds = input.advertiser_margin_bounds;
  if (bounds && user.role !== 'AGENCY')
    throw badRequest(AGENCY_ONLY_BOUNDS, { advertiser_margin_bounds: AGENCY_ONLY_BOUNDS });
  const before = await readConfigRow(deps.db, user);
  const values = {
    insightDashboard: input.insight_dashboard,
    postbackEnabled: input.postback_enabled,
    apiAccess: input.api_access,
    marginBps: input.margin_bps,
    ...(bounds ? { advertiserMarginMinBps: bounds.min_bps, advertiserMarginMaxBps: bounds.max_bps } : {}),
    optimisation: input.optimisation,
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(userConfigs)
      .values({ userId: id, ...values })
      .onConflictDoUpdate({ target: userConfigs.userId, set: values });
    await recordChange(tx, {
      entityType: 'user',
      entityId: id,
      action: 'config',
      ...actorOf(principal),
      changes: diffFields(before, input),
    });
  });
  return readConfigRow(deps.db, user);
};

/** Moves an advertiser to an agency, or makes it direct (agencyId null). */
export const assignAdvertiser = async (
  deps: AppDeps,
  principal: Principal,
  advertiserId: number,
  agencyId: number | null,
) => {
  const advertiser = await requireAccess(deps.db, principal, 'managedUser', advertiserId);
  if (advertiser.role !== 'ADVERTISER') throw badRequest('Only advertisers can be assigned to an agency.');
  if (agencyId !== null) await requireAgency(deps.db, agencyId);
  if (advertiser.agencyId === agencyId) return readManagedUser(deps, principal, advertiserId);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ agencyId, updatedAt: new Date() }).where(eq(users.id, advertiserId));
    await recordChange(tx, {
      entityType: 'user',
      entityId: advertiserId,
      action: 'assign-agency',
      ...actorOf(principal),
      changes: [{ field: 'agencyId', from: advertiser.agencyId, to: agencyId }],
    });
    // The old agency no longer stands above the advertiser: its sessions and keys as it end.
    await revokeBrokenChains(tx, advertiserId, 'agency-changed', actorOf(principal));
  });
  return readManagedUser(deps, principal, advertiserId);
};

export const listNotes = async (deps: AppDeps, principal: Principal, id: number) => {
  await requireAccess(deps.db, principal, 'managedUser', id);
  const rows = await deps.db
    .select({ note: userNotes, authorEmail: users.email })
    .from(userNotes)
    .innerJoin(users, eq(users.id, userNotes.authorId))
    .where(eq(userNotes.userId, id))
    .orderBy(desc(userNotes.createdAt), desc(userNotes.id));
  return rows.map((row) => ({
    id: row.note.id,
    body: row.note.body,
    author: { user_primary_id: row.note.authorId, email: row.authorEmail },
    createdAt: row.note.createdAt.toISOString(),
  }));
};

export const addNote = async (deps: AppDeps, principal: Principal, id: number, body: string) => {
  await requireAccess(deps.db, principal, 'managedUser', id);
  await deps.db.transaction(async (tx) => {
    await tx.insert(userNotes).values({ userId: id, authorId: actorIdOf(principal), body });
    await recordChange(tx, {
      entityType: 'user',
      entityId: id,
      action: 'note',
      ...actorOf(principal),
      changes: [{ field: 'note', from: null, to: body }],
    });
  });
  return listNotes(deps, principal, id);
};

export const readUserChangeLog = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  query: Parameters<typeof readChangeLog>[2],
) => {
  await requireAccess(deps.db, principal, 'managedUser', id);
  return readChangeLog(deps.db, { entityType: 'user', entityId: id }, query);
};

/** An advertiser's ledger, for the staff and the advertiser's own agency. */
export const listUserPayments = async (
  deps: AppDeps,
  principal: Principal,
  id: number,
  query: HistoryQuery,
) => {
  const user = await requireAccess(deps.db, principal, 'managedUser', id);
  return listHistory(deps.db, viewerOf(principal), user, query);
};
