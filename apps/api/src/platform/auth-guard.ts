// Default-deny authentication: every route declares `config.access`, 'public' or the permission it
// needs (`resource.action`, @console/core/permissions); anything not 'public' needs a current
// session whose role holds that permission. While impersonating, the parent ids the
// client sends (admin_id, co_admin_id, agency_id) must match the session's actor chain.
import { mayDo, type Permission } from '@console/core/permissions';
import { PARENT_ID_PARAM, type ParentRole, type Role } from '@console/core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ActorLink } from '../db/schema/sessions.ts';
import { API_KEY_PATTERN, findApiKeyPrincipal } from './api-key-auth.ts';
import { forbidden, unauthorized } from './errors.ts';
import { findSessionPrincipal } from './session-queries.ts';
import type { TokenSigner } from './tokens.ts';

export type Access = 'public' | Permission;

export type Principal = {
  userId: number;
  publicId: string;
  role: Role;
  email: string;
  sessionId: string;
  /** Parents acting as this user, outermost first; empty when signed in directly. */
  actorChain: ActorLink[];
  /** Set when the request is authenticated by an API key instead of a session token. */
  apiKeyId?: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** The signed-in principal of a route that is not public (the guard ran before the handler). */
export const principalOf = (request: FastifyRequest): Principal => {
  if (!request.principal) throw unauthorized();
  return request.principal;
};

/** For session operations (refresh, logout, impersonation, password change): API keys may not. */
export const sessionPrincipalOf = (request: FastifyRequest): Principal => {
  const principal = principalOf(request);
  if (principal.apiKeyId !== undefined)
    throw forbidden('This operation needs a signed-in session, not an API key.');
  return principal;
};

/** The user who really acts: the outermost parent when impersonating, else the user. */
export const actorIdOf = (principal: Principal): number => principal.actorChain[0]?.id ?? principal.userId;

const bearerOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

const parentIdsIn = (source: unknown): [ParentRole, unknown][] => {
  if (typeof source !== 'object' || source === null) return [];
  return (Object.entries(PARENT_ID_PARAM) as [ParentRole, string][])
    .filter(([, param]) => param in source)
    .map(([role, param]) => [role, (source as Record<string, unknown>)[param]]);
};

/** Fields the route's own body schema declares (addUser's agency_id): data of the route, not parent ids. */
const ownBodyFieldsOf = (request: FastifyRequest): Set<string> => {
  const schema = request.routeOptions.schema?.body as { shape?: Record<string, unknown> } | undefined;
  return new Set(Object.keys(schema?.shape ?? {}));
};

const queryOf = (request: FastifyRequest): Record<string, string> => {
  const search = request.raw.url?.split('?')[1];
  return search ? Object.fromEntries(new URLSearchParams(search)) : {};
};

const principalOfToken = async (deps: { db: Db; tokens: TokenSigner }, token: string) => {
  const claims = deps.tokens.verify(token);
  if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
  return findSessionPrincipal(deps.db, claims);
};

export const registerAuthGuard = (app: FastifyInstance, deps: { db: Db; tokens: TokenSigner }) => {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    // An unmatched URL gets the not-found answer (a 404, or the console's page for a client route).
    if (request.is404) return;
    const access = request.routeOptions.config?.access;
    if (access === 'public') return;
    // Every route declares its access or the app does not start (route-access.ts); one that slipped
    // past that check (registered outside it) is refused, never served as if public.
    if (access === undefined) throw forbidden();
    const token = bearerOf(request);
    if (!token) throw unauthorized();
    const principal = API_KEY_PATTERN.test(token)
      ? await findApiKeyPrincipal(deps.db, token)
      : await principalOfToken(deps, token);
    if (!principal) throw unauthorized(SESSION_ENDED_MESSAGE);
    request.principal = principal;
    if (!mayDo(principal.role, access)) throw forbidden();
  });

  // After the envelope has opened the body: parent ids in the query or body must be the session's.
  // Synchronous (a thrown error is the answer): no promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const principal = request.principal;
    if (!principal) return done();
    const ownFields = ownBodyFieldsOf(request);
    const bodyParentIds = parentIdsIn(request.body).filter(([role]) => !ownFields.has(PARENT_ID_PARAM[role]));
    for (const [role, value] of [...parentIdsIn(queryOf(request)), ...bodyParentIds]) {
      if (value === undefined || value === null || value === '') continue;
      const matches = principal.actorChain.some(
        (link) => link.role === role && String(link.id) === String(value),
      );
      if (!matches) throw forbidden(`The ${PARENT_ID_PARAM[role]} does not match the signed-in session.`);
    }
    done();
  });
};
