// Default-deny starts at boot: every route registered after `requireDeclaredAccess` (the API, and
// the bidder and tracking routes to come) must say who may call it in `config.access`, or the app
// refuses to start and names the route. Only what is registered before it is exempt: static files
// and the API reference pages, which are public by nature. The guard (auth-guard.ts) then enforces
// the declared level on every request.
import { isRole } from '@console/core/roles';
import type { FastifyInstance } from 'fastify';
import type { Access } from './auth-guard.ts';

export type DeclaredRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app declared, with its access level (HEAD twins left out). */
    declaredRoutes: readonly DeclaredRoute[];
  }
}

const isAccess = (value: unknown): value is Access =>
  value === 'public' ||
  value === 'user' ||
  (Array.isArray(value) && value.length > 0 && value.every((role) => isRole(role)));

export const requireDeclaredAccess = (app: FastifyInstance) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    const access: unknown = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no access: every route needs ` +
          "config.access ('public', 'user' or a non-empty list of roles).",
      );
    }
    for (const method of methods) declared.push({ method, url: route.url, access });
  });
};
