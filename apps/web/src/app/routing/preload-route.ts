// Starts loading the page of the address being opened while the signed-in app itself loads, so the
// page's module does not wait for the router to match it (one round trip instead of a chain).
import type { Role } from '@console/core/roles';
import { ROUTE_TABLES } from '@console/core/routes/route-tables';
import { preloadFeaturePage } from './feature-pages.ts';

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}/?$`);

/** The role's route at `pathname`, matched as the router does (case-sensitive, a trailing slash ignored). */
export const preloadRoutePage = (role: Role, pathname: string): Promise<unknown> => {
  const route = ROUTE_TABLES[role].find((candidate) => patternOf(candidate.path).test(pathname));
  return route ? preloadFeaturePage(route.feature).catch(() => undefined) : Promise.resolve();
};
