import { okResponse } from '@console/core/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Liveness of the server',
        description: 'Liveness',
        response: { 200: okResponse(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ({ success: true as const, data: { status: 'ok' as const } }),
  );
};
