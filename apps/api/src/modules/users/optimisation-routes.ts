import { okResponse } from '@console/core/api/common';
import { int8IdParams } from '@console/core/api/ids';
import { optimisationSettingsSchema } from '@console/core/api/users';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userConfigs } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';

/** The spec's `withOutRole` family: reads any signed-in role may make, still within its scope. */
export const optimisationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/getUserOptimizationSettings/:id',
      {
        config: { access: 'userSettings.read' },
        schema: {
          tags: ['users'],
          security: bearer,
          operationId: 'getUserOptimizationSettings',
          summary: "A user's bid optimisation settings",
          params: int8IdParams,
          response: withErrors(okResponse(optimisationSettingsSchema)),
        },
      },
      async (request) => {
        const target = await requireAccess(deps.db, principalOf(request), 'user', request.params.id);
        const [config] = await deps.db
          .select()
          .from(userConfigs)
          .where(eq(userConfigs.userId, target.id))
          .limit(1);
        return { success: true as const, data: config?.optimisation ?? {} };
      },
    );
  };
