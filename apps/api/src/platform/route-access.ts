// Default-deny starts at boot: every route must say who may call it in `config.access`, or the app
// refuses to start and names the route. Plugins whose routes cannot carry a config of their own
// (static files, the API reference pages) are registered in a scope declared public as a whole
// (`registerPublicScope`). The guard (auth-guard.ts) then enforces the declared level on every
// request, and refuses a route that reached it with none.
import { isPermission } from '@console/core/permissions';
import type { FastifyInstance } from 'fastify';
import type { Access } from './auth-guard.ts';

export type DeclaredRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app declared, with its access level (HEAD twins left out). */
    declaredRoutes: readonly DeclaredRoute[];
  }
}

const isAccess = (value: unknown): value is Access => value === 'public' || isPermission(value);

/** The access a scope declares for every route registered in it (and in the plugins it registers). */
const SCOPE_ACCESS = Symbol('access of every route in this scope');

const scopeAccessOf = (scope: FastifyInstance): Access | undefined =>
  scope.hasDecorator(SCOPE_ACCESS) ? scope.getDecorator<Access>(SCOPE_ACCESS) : undefined;

/**
 * Registers, in a scope of their own, plugins whose every route is public by nature and which cannot
 * declare it themselves (@fastify/static, @fastify/swagger-ui): each of their routes is declared
 * 'public', listed in `declaredRoutes` and let through by the guard like any other public route.
 */
export const registerPublicScope = (
  app: FastifyInstance,
  register: (scope: FastifyInstance) => Promise<void>,
) =>
  app.register(async (scope) => {
    scope.decorate(SCOPE_ACCESS, 'public');
    await register(scope);
  });

export const requireDeclaredAccess = (app: FastifyInstance) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', function checkAccess(this: FastifyInstance, route) {
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    const access: unknown = route.config?.access ?? scopeAccessOf(this);
    if (!isAccess(access)) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} declares no access: every route needs ` +
          "config.access: 'public' or a permission of @console/core/permissions (like 'campaign.read').",
      );
    }
    // The guard reads the level from the route's config (a scope's level is written there too).
    route.config = { ...route.config, access };
    for (const method of methods) declared.push({ method, url: route.url, access });
  });
};
