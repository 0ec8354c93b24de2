import { okResponse } from '@console/core/api/common';
import { idParams, optimisationSettingsSchema } from '@console/core/api/users';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userConfigs } from '../../db/schema/users.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { canSee } from '../../platform/scope.ts';
import { findUserById } from './user-queries.ts';

/** The spec's `withOutRole` family: reads any signed-in role may make, still within its scope. */
export const optimisationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/getUserOptimizationSettings/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['users'],
          security: bearer,
          summary: "A user's bid optimisation settings",
          params: idParams,
          response: withErrors(okResponse(optimisationSettingsSchema)),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const target = await findUserById(deps.db, request.params.id);
        if (!target || !canSee({ userId: principal.userId, role: principal.role }, target))
          throw notFound('User not found.');
        const [config] = await deps.db
          .select()
          .from(userConfigs)
          .where(eq(userConfigs.userId, target.id))
          .limit(1);
        return { success: true as const, data: config?.optimisation ?? {} };
      },
    );
  };
