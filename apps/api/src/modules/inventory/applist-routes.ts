// HTTP of /api/applists (inventory lists; every signed-in role, scoped: advertisers their own,
// agencies their advertisers', admin and co-admin all; 404 outside), /api/admin/applists (the DSP
// association ids: admin and co-admin) and /api/list-imports (the progress of an upload).
import { okResponse } from '@console/core/api/common';
import {
  applistAssocBody,
  applistCreateBody,
  applistDetail,
  applistIdParams,
  applistListItem,
  applistListQuery,
  applistUpdateBody,
  applistUploadFields,
  entryEditBody,
  entryEditResult,
  importJobParams,
  listImport,
} from '@console/core/api/inventory-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import { csvStream, plainColumns } from '../../platform/csv-writer.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import {
  applistEntryColumns,
  createApplist,
  deleteApplist,
  editApplistEntries,
  exportEntries,
  listApplistEntries,
  listApplists,
  readApplist,
  setApplistAssocMap,
  updateApplist,
} from './applist-service.ts';
import { readListImport, startApplistImport } from './list-import-service.ts';
import type { ListImportWorker } from './list-import-worker.ts';
import {
  addListChangeLogRoute,
  addListCreateRoute,
  addListDeleteRoute,
  addListEntryPageRoute,
  addListPageRoute,
  addListReadRoute,
  addListUploadRoute,
  addListWriteRoute,
  entryEditMessage,
} from './list-routes.ts';

const schemaBase = { tags: ['inventory lists'], security: bearer };

export type ListRouteDeps = AppDeps & { imports: ListImportWorker };

/** The file name of an export: the list's name in safe characters. */
const exportFileName = (name: string) => `${name.replace(/[^A-Za-z0-9-]+/g, '_') || 'list'}.csv`;

export const applistRoutes =
  (deps: ListRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    addListPageRoute(app, {
      access: 'inventoryList.read',
      schema: {
        ...schemaBase,
        operationId: 'listInventoryLists',
        summary: 'Inventory lists the caller may see',
        description:
          'Inventory lists the caller may see, paged, sorted (name, entry_count, created_at, updated_at) and filtered (advertiser_id, kind, q: part of the name)',
      },
      query: applistListQuery,
      item: applistListItem,
      list: (principal, query) => listApplists(deps.db, principal, query),
    });

    addListCreateRoute(app, {
      access: 'inventoryList.create',
      schema: {
        ...schemaBase,
        operationId: 'createInventoryList',
        summary: 'Create an inventory list',
        description:
          'Create an inventory list, empty or with up to 5,000 entries (every entry must be valid); upload a file for more',
      },
      body: applistCreateBody,
      result: applistDetail,
      message: 'Inventory list created.',
      create: (principal, body) => createApplist(deps, principal, body),
    });

    addListUploadRoute(app, deps, {
      access: 'inventoryList.create',
      schema: {
        ...schemaBase,
        operationId: 'uploadInventoryList',
        summary: 'Upload a file of entries into a new or an existing inventory list',
        description:
          'Upload entries (multipart: fields first, then "file"): a new list (name, kind, default_mode, advertiser_id) or an existing one (applist_id, mode: append, replace or remove). CSV: "column" names the header column; TXT: one entry per line. The file is validated as it arrives (a file that is not a list is refused whole, nothing stored); the answer is the queued import to poll at GET /api/list-imports/{id}',
      },
      fields: applistUploadFields,
      start: (principal, fields, file) =>
        startApplistImport(
          deps,
          principal,
          fields.applist_id !== undefined
            ? { applistId: fields.applist_id, mode: fields.mode }
            : {
                name: fields.name!,
                kind: fields.kind!,
                defaultMode: fields.default_mode,
                advertiserId: fields.advertiser_id,
              },
          fields.column,
          file,
        ),
      next: 'Storing the entries…',
    });

    addListReadRoute(app, {
      access: 'inventoryList.read',
      params: applistIdParams,
      schema: {
        ...schemaBase,
        operationId: 'getInventoryList',
        summary: 'One inventory list: counts, the campaigns that use it, DSP association ids',
      },
      detail: applistDetail,
      read: (principal, id) => readApplist(deps.db, principal, id),
    });

    addListWriteRoute(app, {
      method: 'patch',
      path: '/:id',
      access: 'inventoryList.update',
      params: applistIdParams,
      schema: {
        ...schemaBase,
        operationId: 'updateInventoryList',
        summary: 'Rename an inventory list or change its default use (allow or block)',
      },
      body: applistUpdateBody,
      result: applistDetail,
      message: 'Inventory list saved.',
      write: (principal, id, body) => updateApplist(deps, principal, id, body),
    });

    addListDeleteRoute(app, {
      access: 'inventoryList.delete',
      params: applistIdParams,
      schema: {
        ...schemaBase,
        operationId: 'deleteInventoryList',
        summary: 'Delete an inventory list that no campaign uses (409 naming the campaigns otherwise)',
      },
      idField: 'applist_id',
      message: 'Inventory list deleted.',
      remove: (principal, id) => deleteApplist(deps, principal, id),
    });

    addListEntryPageRoute(app, {
      path: '/:id/entries',
      access: 'inventoryList.read',
      params: applistIdParams,
      schema: {
        ...schemaBase,
        operationId: 'listInventoryListEntries',
        summary: 'Entries of a list in byte order',
        description:
          'Entries of a list in byte order, paged (page, or after: the last value of the previous page) and searched (q: entries that start with it)',
      },
      read: (principal, id, query) => listApplistEntries(deps.db, principal, id, query),
    });

    addListWriteRoute(app, {
      method: 'post',
      path: '/:id/entries',
      access: 'inventoryList.update',
      params: applistIdParams,
      schema: {
        ...schemaBase,
        operationId: 'editInventoryListEntries',
        summary: 'Add and remove up to 5,000 entries each',
        description:
          'Add and remove up to 5,000 entries each; invalid ones are skipped and reported with their position',
      },
      body: entryEditBody,
      result: entryEditResult,
      message: entryEditMessage,
      write: (principal, id, body) => editApplistEntries(deps, principal, id, body),
    });

    app.get(
      '/:id/export',
      {
        config: { access: 'inventoryList.read' },
        schema: {
          ...schemaBase,
          operationId: 'exportInventoryList',
          summary: 'Every entry as CSV (one column "entry"), streamed',
          params: applistIdParams,
          produces: ['text/csv'],
          response: withErrors(z.string().describe('CSV text')),
        },
      },
      async (request, reply) => {
        const list = await requireAccess(deps.db, principalOf(request), 'inventoryList', request.params.id);
        const csv = await csvStream(
          plainColumns('entry'),
          (async function* () {
            for await (const entry of exportEntries(deps.db, applistEntryColumns(list.id))) yield [entry];
          })(),
        );
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(list.name)}"`);
        // A stream is sent as it is (the response schema only documents it).
        return reply.send(csv as unknown as string);
      },
    );

    addListChangeLogRoute(app, deps, {
      access: 'inventoryList.read',
      resource: 'inventoryList',
      entityType: 'applist',
      params: applistIdParams,
      schema: {
        ...schemaBase,
        operationId: 'listInventoryListChanges',
        summary: "An inventory list's change log",
        description:
          "An inventory list's change log, newest first (action: create, update, entries: counts and samples of added and removed entries, delete)",
      },
    });
  };

export const applistAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/:id/assoc-map',
      {
        config: { access: 'inventoryList.assocMap' },
        schema: {
          ...schemaBase,
          operationId: 'setInventoryListAssocMap',
          summary: "Replace an inventory list's ids in upstream DSPs",
          description:
            "Replace an inventory list's ids in upstream DSPs (applist_assoc_map: dsp_name + associate_applist_id)",
          params: applistIdParams,
          body: applistAssocBody,
          response: withErrors(okResponse(applistDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'DSP association ids saved.',
        data: await setApplistAssocMap(
          deps,
          principalOf(request),
          request.params.id,
          request.body.applist_assoc_map,
        ),
      }),
    );
  };

export const listImportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:id',
      {
        config: { access: 'listImport.read' },
        schema: {
          tags: ['inventory lists', 'audiences'],
          security: bearer,
          operationId: 'getListImport',
          summary: 'An upload of an inventory list or audience',
          description:
            'An upload of an inventory list or audience: counts of the validated file, the first rejected lines, the storing progress and, once DONE, what was stored',
          params: importJobParams,
          response: withErrors(okResponse(listImport)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readListImport(deps.db, principalOf(request), request.params.id),
      }),
    );
  };
