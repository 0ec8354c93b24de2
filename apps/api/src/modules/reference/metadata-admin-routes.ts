import { messageResponse, okResponse, pageOf } from '@console/core/api/common';
import { exchangeSettingsBody, exchangeSettingsSchema } from '@console/core/api/exchange-settings';
import { int4IdParams, int8IdParams } from '@console/core/api/ids';
import {
  exchangeCreateBody,
  exchangeListQuery,
  exchangeSchema,
  exchangeUpdateBody,
  smartAppNodeCreateBody,
  smartAppNodeRenameBody,
  smartAppNodeSchema,
  userSupportedExchangesBody,
  userSupportedExchangesSchema,
} from '@console/core/api/reference';
import { changeLogEntry, changeLogQuery } from '@console/core/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readChangeLog } from '../../platform/audit.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { PRICE_KEYS_PURPOSE } from '../delivery/index.ts';
import {
  createExchange,
  listExchanges,
  requireExchange,
  toExchange,
  updateExchange,
} from './exchange-service.ts';
import { readExchangeSettings, updateExchangeSettings } from './exchange-settings-service.ts';
import {
  type CategoryUsageCheck,
  createNode,
  deleteNode,
  renameNode,
  requireNode,
  ENTITY as SMART_APP_ENTITY,
  toNode,
} from './smart-app-service.ts';
import { setSupportedExchanges } from './supported-exchange-service.ts';

const schemaBase = { tags: ['admin metadata'], security: bearer };

/** /api/admin/metadata: editing the reference data that is ours (exchanges, taxonomy, user lists). */
export const metadataAdminRoutes =
  (deps: AppDeps, categoryUsage: readonly CategoryUsageCheck[]): FastifyPluginAsyncZod =>
  async (app) => {
    const priceKeyBox = await createSecretBox(deps.config.jwtSecret, PRICE_KEYS_PURPOSE);
    app.get(
      '/exchanges',
      {
        config: { access: 'exchange.read' },
        schema: {
          ...schemaBase,
          operationId: 'listExchanges',
          summary: 'Exchanges of every status, paged, sorted and searched (name or key)',
          querystring: exchangeListQuery,
          response: withErrors(okResponse(pageOf(exchangeSchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listExchanges(deps.db, request.query) }),
    );
    app.post(
      '/exchanges',
      {
        config: { access: 'exchange.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createExchange',
          summary: 'Add an exchange',
          body: exchangeCreateBody,
          response: withErrors(okResponse(exchangeSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Exchange created.',
        data: await createExchange(deps.db, principalOf(request), request.body),
      }),
    );
    app.get(
      '/exchanges/:id',
      {
        config: { access: 'exchange.read' },
        schema: {
          ...schemaBase,
          operationId: 'getExchange',
          summary: 'One exchange',
          params: int4IdParams,
          response: withErrors(okResponse(exchangeSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: toExchange(await requireExchange(deps.db, request.params.id)),
      }),
    );
    app.put(
      '/exchanges/:id',
      {
        config: { access: 'exchange.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateExchange',
          summary: 'Edit an exchange (name, key, status)',
          params: int4IdParams,
          body: exchangeUpdateBody,
          response: withErrors(okResponse(exchangeSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Exchange updated.',
        data: await updateExchange(deps.db, principalOf(request), request.params.id, request.body),
      }),
    );
    app.get(
      '/exchanges/:id/settings',
      {
        config: { access: 'exchange.read' },
        schema: {
          ...schemaBase,
          operationId: 'getExchangeSettings',
          summary: "An exchange's notice window and whether its winning-price keys are set (never the keys)",
          params: int4IdParams,
          response: withErrors(okResponse(exchangeSettingsSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readExchangeSettings(deps.db, priceKeyBox, request.params.id),
      }),
    );
    app.put(
      '/exchanges/:id/settings',
      {
        config: { access: 'exchange.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateExchangeSettings',
          summary: "Set an exchange's notice window and its winning-price keys",
          description:
            'notice_window_seconds: 60 to 86400. price_encryption NONE clears the keys; GOOGLE with ' +
            'encryption_key and integrity_key (32 bytes each, web-safe base64 or hex) replaces them; ' +
            'GOOGLE without keys keeps the keys already set. The bidder reloads at once.',
          params: int4IdParams,
          body: exchangeSettingsBody,
          response: withErrors(okResponse(exchangeSettingsSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Exchange settings saved.',
        data: await updateExchangeSettings(
          deps.db,
          priceKeyBox,
          principalOf(request),
          request.params.id,
          request.body,
        ),
      }),
    );
    app.get(
      '/exchanges/:id/change-log',
      {
        config: { access: 'exchange.read' },
        schema: {
          ...schemaBase,
          operationId: 'listExchangeChangeLog',
          summary: "An exchange's change log, newest first",
          params: int4IdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => {
        await requireExchange(deps.db, request.params.id);
        return {
          success: true as const,
          data: await readChangeLog(
            deps.db,
            { entityType: 'exchange', entityId: request.params.id },
            request.query,
          ),
        };
      },
    );

    app.post(
      '/smart-app-categories',
      {
        config: { access: 'appCategory.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createSmartAppCategory',
          summary: 'Add a category, genre or subgenre',
          description:
            'Add a category (no parent_id), a genre (parent: a category) or a subgenre (parent: a genre)',
          body: smartAppNodeCreateBody,
          response: withErrors(okResponse(smartAppNodeSchema)),
        },
      },
      async (request) => {
        const node = await createNode(deps.db, principalOf(request), request.body);
        return { success: true as const, message: `The ${node.level} was added.`, data: node };
      },
    );
    app.get(
      '/smart-app-categories/:id',
      {
        config: { access: 'appCategory.read' },
        schema: {
          ...schemaBase,
          operationId: 'getSmartAppCategory',
          summary: 'One category, genre or subgenre',
          params: int4IdParams,
          response: withErrors(okResponse(smartAppNodeSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: toNode(await requireNode(deps.db, request.params.id)),
      }),
    );
    app.put(
      '/smart-app-categories/:id',
      {
        config: { access: 'appCategory.update' },
        schema: {
          ...schemaBase,
          operationId: 'renameSmartAppCategory',
          summary: 'Rename a category, genre or subgenre',
          params: int4IdParams,
          body: smartAppNodeRenameBody,
          response: withErrors(okResponse(smartAppNodeSchema)),
        },
      },
      async (request) => {
        const node = await renameNode(deps.db, principalOf(request), request.params.id, request.body.name);
        return { success: true as const, message: `The ${node.level} was renamed.`, data: node };
      },
    );
    app.delete(
      '/smart-app-categories/:id',
      {
        config: { access: 'appCategory.delete' },
        schema: {
          ...schemaBase,
          operationId: 'deleteSmartAppCategory',
          summary: 'Delete a category, genre or subgenre',
          description: 'Delete a category, genre or subgenre (refused while it has children or is in use)',
          params: int4IdParams,
          response: withErrors(messageResponse),
        },
      },
      async (request) => ({
        success: true as const,
        message: await deleteNode(deps.db, principalOf(request), request.params.id, categoryUsage),
      }),
    );
    app.get(
      '/smart-app-categories/:id/change-log',
      {
        config: { access: 'appCategory.read' },
        schema: {
          ...schemaBase,
          operationId: 'listSmartAppCategoryChangeLog',
          summary: 'The change log of a category, genre or subgenre, newest first',
          description: 'The change log of a category, genre or subgenre (also once deleted), newest first',
          params: int4IdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => {
        const log = await readChangeLog(
          deps.db,
          { entityType: SMART_APP_ENTITY, entityId: request.params.id },
          request.query,
        );
        if (log.total === 0) await requireNode(deps.db, request.params.id);
        return { success: true as const, data: log };
      },
    );

    app.put(
      '/user-supported-exchanges/:id',
      {
        config: { access: 'userExchanges.update' },
        schema: {
          ...schemaBase,
          operationId: 'setUserSupportedExchanges',
          summary: "Set a user's supported exchanges (an empty list: every active exchange)",
          params: int8IdParams,
          body: userSupportedExchangesBody,
          response: withErrors(okResponse(userSupportedExchangesSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Supported exchanges saved.',
        data: await setSupportedExchanges(
          deps.db,
          principalOf(request),
          request.params.id,
          request.body.exchange_ids,
        ),
      }),
    );
  };
