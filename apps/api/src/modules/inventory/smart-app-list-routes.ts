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
import type { AppDeps } from '../../platform/deps.ts';
import { bearer } from '../../platform/route-schemas.ts';
import {
  addListChangeLogRoute,
  addListCreateRoute,
  addListDeleteRoute,
  addListEntryPageRoute,
  addListPageRoute,
  addListReadRoute,
  addListWriteRoute,
  entryEditMessage,
} from './list-routes.ts';
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
    addListPageRoute(app, {
      access: 'smartAppList.read',
      schema: {
        ...schemaBase,
        operationId: 'listSmartAppLists',
        summary: 'Smart-app lists (every role may target them), paged, sorted and filtered (q, category_id)',
      },
      query: smartAppListQuery,
      item: smartAppListItem,
      list: (_principal, query) => listSmartAppLists(deps.db, query),
    });

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

    addListEntryPageRoute(app, {
      path: '/:id/apps',
      access: 'smartAppList.read',
      params: smartAppListIdParams,
      schema: {
        ...schemaBase,
        operationId: 'listSmartAppListApps',
        summary: 'Apps of a smart-app list in byte order, paged (page or after) and searched (q: prefix)',
      },
      read: (principal, id, query) => listSmartAppListApps(deps.db, principal, id, query),
    });
  };

export const smartAppListAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    addListCreateRoute(app, {
      access: 'smartAppList.create',
      schema: {
        ...schemaBase,
        operationId: 'createSmartAppList',
        summary: 'Create a smart-app list placed on the taxonomy',
        description:
          'Create a smart-app list placed on the taxonomy (category, optional genre and subgenre) with up to 5,000 apps',
      },
      body: smartAppListCreateBody,
      result: smartAppListDetail,
      message: 'Smart-app list created.',
      create: (principal, body) => createSmartAppList(deps, principal, body),
    });

    addListWriteRoute(app, {
      method: 'put',
      path: '/:id',
      access: 'smartAppList.update',
      params: smartAppListIdParams,
      schema: {
        ...schemaBase,
        operationId: 'updateSmartAppList',
        summary: "Change a smart-app list's name, description or place in the taxonomy",
      },
      body: smartAppListUpdateBody,
      result: smartAppListDetail,
      message: 'Smart-app list saved.',
      write: (principal, id, body) => updateSmartAppList(deps, principal, id, body),
    });

    addListWriteRoute(app, {
      method: 'post',
      path: '/:id/apps',
      access: 'smartAppList.update',
      params: smartAppListIdParams,
      schema: {
        ...schemaBase,
        operationId: 'editSmartAppListApps',
        summary: 'Add and remove apps',
        description:
          'Add and remove apps (bundles or store ids; invalid ones are skipped and reported by position)',
      },
      body: smartAppEditBody,
      result: smartAppEditResult,
      message: entryEditMessage,
      write: (principal, id, body) => editSmartAppListApps(deps, principal, id, body),
    });

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
