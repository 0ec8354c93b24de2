// HTTP of smart-app lists: /api/smart-app-lists (every signed-in role reads them, to target them in
// campaigns) and /api/admin/smart-app-lists (admin and co-admin curate them).
import { okResponse, pageOf } from '@console/core/api/common';
import { entryListQuery, entryPage } from '@console/core/api/inventory-lists';
import {
  smartAppEditBody,
  smartAppEditResult,
  smartAppListCreateBody,
  smartAppListDetail,
  smartAppListIdParams,
  smartAppListItem,
  smartAppListQuery,
  smartAppListUpdateBody,
} from '@console/core/api/smart-app-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { addListChangeLogRoute, addListDeleteRoute, addListReadRoute } from './list-routes.ts';
import {
  createSmartAppList,
  deleteSmartAppList,
  editSmartAppListApps,
  listSmartAppListApps,
  listSmartAppLists,
  readSmartAppList,
  updateSmartAppList,
} from './smart-app-list-service.ts';

const schemaBase = { tags: ['smart-app lists'], security: bearer };

export const smartAppListRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'smartAppList.read' },
        schema: {
          ...schemaBase,
          operationId: 'listSmartAppLists',
          summary:
            'Smart-app lists (every role may target them), paged, sorted and filtered (q, category_id)',
          querystring: smartAppListQuery,
          response: withErrors(okResponse(pageOf(smartAppListItem))),
        },
      },
      async (request) => ({ success: true as const, data: await listSmartAppLists(deps.db, request.query) }),
    );

    addListReadRoute(app, {
      access: 'smartAppList.read',
      params: smartAppListIdParams,
      schema: {
        ...schemaBase,
        operationId: 'getSmartAppList',
        summary: 'One smart-app list with its place in the taxonomy and counts',
      },
      detail: smartAppListDetail,
      read: (principal, id) => readSmartAppList(deps.db, principal, id),
    });

    app.get(
      '/:id/apps',
      {
        config: { access: 'smartAppList.read' },
        schema: {
          ...schemaBase,
          operationId: 'listSmartAppListApps',
          summary: 'Apps of a smart-app list in byte order, paged (page or after) and searched (q: prefix)',
          params: smartAppListIdParams,
          querystring: entryListQuery,
          response: withErrors(okResponse(entryPage)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listSmartAppListApps(deps.db, principalOf(request), request.params.id, request.query),
      }),
    );
  };

export const smartAppListAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/',
      {
        config: { access: 'smartAppList.create' },
        schema: {
          ...schemaBase,
          operationId: 'createSmartAppList',
          summary: 'Create a smart-app list placed on the taxonomy',
          description:
            'Create a smart-app list placed on the taxonomy (category, optional genre and subgenre) with up to 5,000 apps',
          body: smartAppListCreateBody,
          response: withErrors(okResponse(smartAppListDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Smart-app list created.',
        data: await createSmartAppList(deps, principalOf(request), request.body),
      }),
    );

    app.put(
      '/:id',
      {
        config: { access: 'smartAppList.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateSmartAppList',
          summary: "Change a smart-app list's name, description or place in the taxonomy",
          params: smartAppListIdParams,
          body: smartAppListUpdateBody,
          response: withErrors(okResponse(smartAppListDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Smart-app list saved.',
        data: await updateSmartAppList(deps, principalOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/:id/apps',
      {
        config: { access: 'smartAppList.update' },
        schema: {
          ...schemaBase,
          operationId: 'editSmartAppListApps',
          summary: 'Add and remove apps',
          description:
            'Add and remove apps (bundles or store ids; invalid ones are skipped and reported by position)',
          params: smartAppListIdParams,
          body: smartAppEditBody,
          response: withErrors(okResponse(smartAppEditResult)),
        },
      },
      async (request) => {
        const data = await editSmartAppListApps(deps, principalOf(request), request.params.id, request.body);
        return {
          success: true as const,
          message: `${data.added} added, ${data.removed} removed${data.rejected > 0 ? `, ${data.rejected} rejected` : ''}.`,
          data,
        };
      },
    );

    addListDeleteRoute(app, {
      access: 'smartAppList.delete',
      params: smartAppListIdParams,
      schema: {
        ...schemaBase,
        operationId: 'deleteSmartAppList',
        summary: 'Delete a smart-app list no campaign targets (409 naming the campaigns otherwise)',
      },
      idField: 'list_id',
      message: 'Smart-app list deleted.',
      remove: (principal, id) => deleteSmartAppList(deps, principal, id),
    });

    addListChangeLogRoute(app, deps, {
      access: 'smartAppList.readChanges',
      resource: 'smartAppList',
      entityType: 'smart-app-list',
      params: smartAppListIdParams,
      schema: {
        ...schemaBase,
        operationId: 'listSmartAppListChanges',
        summary: "A smart-app list's change log",
        description:
          "A smart-app list's change log, newest first (create, update, entries: counts and samples, delete)",
      },
    });
  };
