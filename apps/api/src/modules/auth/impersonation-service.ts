// Acting as a lower user (spec sections 4 and 6). The child's session records the chain of parents
// acting through it; the guard checks the parent ids a client sends against that chain.
import type { SessionData } from '@console/core/api/auth';
import { canImpersonate, type Role } from '@console/core/roles';
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { recordChange } from '../../platform/audit.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { fetchPage, likePattern } from '../../platform/pagination.ts';
import { revokeSessions } from '../../platform/session-revocation.ts';
import { toUser } from '../../platform/user-queries.ts';
import { openSession } from './session-service.ts';

export const actAs = async (deps: AppDeps, principal: Principal, targetId: number): Promise<SessionData> => {
  const target = await requireAccess(deps.db, principal, 'managedUser', targetId);
  if (!canImpersonate(principal.role, target.role as Role)) {
    throw forbidden(`Users with the role ${principal.role} cannot act as ${target.role} users.`);
  }
  if (target.status !== 'ACTIVE') throw badRequest('This user is not active.');
  const actorChain = [...principal.actorChain, { id: principal.userId, role: principal.role }];
  const session = await openSession(deps, target, {
    actorChain,
    parentSessionId: principal.sessionId,
  });
  await recordChange(deps.db, {
    entityType: 'user',
    entityId: target.id,
    action: 'impersonate',
    actorUserId: actorIdOf(principal),
    effectiveUserId: principal.userId,
    changes: [],
  });
  return session;
};

/** Ends the impersonation session the caller is in; the client goes back to the parent's token. */
export const endImpersonation = async (deps: AppDeps, principal: Principal) => {
  if (principal.actorChain.length === 0) throw badRequest('This session is not acting as another user.');
  await revokeSessions(deps.db, [principal.sessionId], 'impersonation-ended');
};

const targetRolesOf = (role: Role): Role[] =>
  role === 'ADMIN'
    ? ['CO-ADMIN', 'AGENCY', 'ADVERTISER']
    : role === 'CO-ADMIN'
      ? ['AGENCY', 'ADVERTISER']
      : ['ADVERTISER'];

/** The active users the caller may act as, searchable by e-mail, name or company. */
export const listImpersonationTargets = async (
  deps: AppDeps,
  principal: Principal,
  query: { page: number; limit: number; q?: string | undefined },
) => {
  const filters: (SQL | undefined)[] = [
    eq(users.status, 'ACTIVE'),
    inArray(users.role, targetRolesOf(principal.role)),
    principal.role === 'AGENCY' ? eq(users.agencyId, principal.userId) : undefined,
  ];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.companyName, pattern),
      ),
    );
  }
  const where = and(...filters);
  return fetchPage(
    query,
    (limit, offset) =>
      deps.db.select().from(users).where(where).orderBy(asc(users.email)).limit(limit).offset(offset),
    () => deps.db.select({ value: count() }).from(users).where(where),
    toUser,
  );
};
