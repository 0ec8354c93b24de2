import { messageResponse, okResponse } from '@console/core/api/common';
import { int8IdParams } from '@console/core/api/ids';
import {
  apiKeyCreateBody,
  apiKeySchema,
  createdApiKeySchema,
  postbackBody,
  postbackSchema,
} from '@console/core/api/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, sessionPrincipalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { createApiKey, listApiKeys, readPostback, revokeApiKey, savePostback } from './settings-service.ts';

const schemaBase = { tags: ['settings'], security: bearer };

/** /api/settings: the caller's own API keys and postback template. Keys cannot mint keys. */
export const settingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api-keys',
      {
        config: { access: 'apiKey.read' },
        schema: {
          ...schemaBase,
          operationId: 'listApiKeys',
          summary: "The caller's API keys (never the secrets)",
          response: withErrors(okResponse(z.array(apiKeySchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listApiKeys(deps, principalOf(request)) }),
    );
    app.post(
      '/api-keys',
      {
        config: { access: 'apiKey.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createApiKey',
          summary: 'Create an API key; the answer is the only time the key is shown',
          body: apiKeyCreateBody,
          response: withErrors(okResponse(createdApiKeySchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'API key created. Copy it now: it will not be shown again.',
        data: await createApiKey(deps, sessionPrincipalOf(request), request.body.name),
      }),
    );
    app.delete(
      '/api-keys/:id',
      {
        config: { access: 'apiKey.delete' },
        schema: {
          ...schemaBase,
          operationId: 'revokeApiKey',
          summary: 'Revoke an API key',
          params: int8IdParams,
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await revokeApiKey(deps, sessionPrincipalOf(request), request.params.id);
        return { success: true as const, message: 'API key revoked.' };
      },
    );
    app.get(
      '/postback',
      {
        config: { access: 'postback.read' },
        schema: {
          ...schemaBase,
          operationId: 'getPostback',
          summary: 'The conversion postback URL template and its macros',
          response: withErrors(okResponse(postbackSchema)),
        },
      },
      async (request) => ({ success: true as const, data: await readPostback(deps, principalOf(request)) }),
    );
    app.put(
      '/postback',
      {
        config: { access: 'postback.update' },
        schema: {
          ...schemaBase,
          operationId: 'savePostback',
          summary: 'Save the conversion postback URL template',
          body: postbackBody,
          response: withErrors(okResponse(postbackSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Postback saved.',
        data: await savePostback(deps, principalOf(request), request.body.url_template),
      }),
    );
  };
