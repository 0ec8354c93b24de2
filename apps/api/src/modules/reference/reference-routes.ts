import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { metaDataRoutes } from './meta-data-routes.ts';
import { metadataAdminRoutes } from './metadata-admin-routes.ts';
import type { CategoryUsageCheck } from './smart-app-service.ts';

export type ReferenceOptions = {
  /** Modules that use smart-app categories without a foreign key (campaign targeting) say so here. */
  categoryUsage?: readonly CategoryUsageCheck[];
};

/**
 * Reference data, registered under /api: the look-ups (/api/meta-data/*) and their admin editing
 * (/api/admin/metadata/*).
 */
export const referenceRoutes =
  (deps: AppDeps, options: ReferenceOptions = {}): FastifyPluginAsync =>
  async (app) => {
    await app.register(metaDataRoutes(deps), { prefix: '/meta-data' });
    await app.register(metadataAdminRoutes(deps, options.categoryUsage ?? []), { prefix: '/admin/metadata' });
  };
