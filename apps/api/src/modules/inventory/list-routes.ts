// HTTP pieces the list kinds share: an upload of a file into a list (inventory lists, audiences),
// the page of lists, the read of one list, its writes (update, entry edits, audience moves), its
// entry page and its change log (all three kinds), and the delete of a list no campaign uses
// (inventory lists, smart-app lists). Each kind declares its access, schemas and words.

import { okResponse, pageOf } from '@console/core/api/common';
import {
  type EntryListQuery,
  type EntryPage,
  entryListQuery,
  entryPage,
  type ListImport,
  listImport,
} from '@console/core/api/inventory-lists';
import { changeLogEntry, changeLogQuery } from '@console/core/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import { readChangeLog } from '../../platform/audit.ts';
import type { Access, Principal } from '../../platform/auth-guard.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import type { ListRouteDeps } from './applist-routes.ts';
import type { UploadedFile } from './list-import-service.ts';
import { readUpload } from './upload-fields.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What a route of a list kind declares: who may call it and its OpenAPI words. */
type KindRoute = {
  access: Access;
  schema: {
    tags: string[];
    security: typeof bearer;
    operationId: string;
    summary: string;
    description?: string;
  };
};

/**
 * POST /uploads of a list kind (inventory lists, audiences): reads the upload's fields and file,
 * starts its import and wakes the worker; the file is drained whatever happens. The message counts
 * the lines read and says what comes next (`next`).
 */
export const addListUploadRoute = <S extends z.ZodType>(
  app: App,
  deps: ListRouteDeps,
  kind: KindRoute & {
    fields: S;
    start: (principal: Principal, fields: z.output<S>, file: UploadedFile) => Promise<ListImport>;
    next: string;
  },
) =>
  app.post(
    '/uploads',
    {
      config: { access: kind.access },
      schema: {
        ...kind.schema,
        consumes: ['multipart/form-data'],
        response: withErrors(okResponse(listImport)),
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request, kind.fields, deps.config.listUploadMaxBytes);
      try {
        const data = await kind.start(principalOf(request), fields, {
          chunks: file.file,
          truncated: () => file.file.truncated,
        });
        deps.imports.wake();
        return {
          success: true as const,
          message: `${data.lines.toLocaleString('en-US')} lines read: ${data.valid.toLocaleString('en-US')} valid, ${data.rejected.toLocaleString('en-US')} rejected. ${kind.next}`,
          data,
        };
      } finally {
        file.file.resume();
      }
    },
  );

/** What a route of one list declares besides: its id parameter. */
type ListRoute = KindRoute & { params: z.ZodType<{ id: number }> };

/** GET / of a list kind: a page of the lists the caller may see (`query` sorts and filters). */
export const addListPageRoute = <Q extends z.ZodType, I extends z.ZodType>(
  app: App,
  kind: KindRoute & {
    query: Q;
    item: I;
    list: (principal: Principal, query: z.output<Q>) => Promise<z.input<ReturnType<typeof pageOf<I>>>>;
  },
) =>
  app.get(
    '/',
    {
      config: { access: kind.access },
      schema: {
        ...kind.schema,
        querystring: kind.query,
        response: withErrors(okResponse(pageOf(kind.item) as z.ZodType)),
      },
    },
    async (request) => ({
      success: true as const,
      data: await kind.list(principalOf(request), request.query as z.output<Q>),
    }),
  );

type ListWrite<B extends z.ZodType, T extends z.ZodType> = {
  body?: B;
  result: T;
  message: string | ((data: z.input<T>) => string);
};

/** A write of a list kind: `method` on `url` (with `params` where it names a list), `write`'s answer. */
const addWrite = <B extends z.ZodType, T extends z.ZodType>(
  app: App,
  route: KindRoute &
    ListWrite<B, T> & {
      method: 'POST' | 'PUT' | 'PATCH';
      url: string;
      params?: z.ZodType<{ id: number }>;
      write: (principal: Principal, params: { id: number }, body: z.output<B>) => Promise<z.input<T>>;
    },
) =>
  app.route({
    method: route.method,
    url: route.url,
    config: { access: route.access },
    schema: {
      ...route.schema,
      ...(route.params ? { params: route.params } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: withErrors(okResponse(route.result as z.ZodType)),
    },
    handler: async (request) => {
      const data = await route.write(
        principalOf(request),
        request.params as { id: number },
        request.body as z.output<B>,
      );
      const message = typeof route.message === 'string' ? route.message : route.message(data);
      return { success: true as const, message, data };
    },
  });

/** POST / of a list kind: a new list, answered as `create` returns it, with `message`. */
export const addListCreateRoute = <B extends z.ZodType, T extends z.ZodType>(
  app: App,
  kind: KindRoute &
    ListWrite<B, T> & { body: B; create: (principal: Principal, body: z.output<B>) => Promise<z.input<T>> },
) =>
  addWrite(app, {
    ...kind,
    method: 'POST',
    url: '/',
    write: (principal, _params, body) => kind.create(principal, body),
  });

/**
 * A write to one list (`method` on `path`, a body where `body` is given): answers what `write`
 * returns (described by `result`) with `message`, a sentence or one made of the answer.
 */
export const addListWriteRoute = <B extends z.ZodType, T extends z.ZodType>(
  app: App,
  list: ListRoute &
    ListWrite<B, T> & {
      method: 'post' | 'put' | 'patch';
      path: '/:id' | `/:id/${string}`;
      write: (principal: Principal, id: number, body: z.output<B>) => Promise<z.input<T>>;
    },
) =>
  addWrite(app, {
    ...list,
    method: list.method.toUpperCase() as 'POST' | 'PUT' | 'PATCH',
    url: list.path,
    write: (principal, params, body) => list.write(principal, params.id, body),
  });

/** The message of an entry edit: what was added, removed and (if any) rejected. */
export const entryEditMessage = (data: { added: number; removed: number; rejected: number }) =>
  `${data.added} added, ${data.removed} removed${data.rejected > 0 ? `, ${data.rejected} rejected` : ''}.`;

/** GET `path` of a list: a page of its entries in byte order (page or after; q: a prefix). */
export const addListEntryPageRoute = (
  app: App,
  list: ListRoute & {
    path: `/:id/${string}`;
    read: (principal: Principal, id: number, query: EntryListQuery) => Promise<EntryPage>;
  },
) =>
  app.get(
    list.path,
    {
      config: { access: list.access },
      schema: {
        ...list.schema,
        params: list.params,
        querystring: entryListQuery,
        response: withErrors(okResponse(entryPage)),
      },
    },
    async (request) => ({
      success: true as const,
      data: await list.read(principalOf(request), request.params.id, request.query),
    }),
  );

/** GET /:id of a list: the list as the caller may see it (404 outside its reach). */
export const addListReadRoute = <T extends z.ZodType>(
  app: App,
  list: ListRoute & { detail: T; read: (principal: Principal, id: number) => Promise<z.input<T>> },
) =>
  app.get(
    '/:id',
    {
      config: { access: list.access },
      // The generic is for the callers (`read` answers what `detail` describes); Fastify checks the
      // answer against the schema when it serializes it.
      schema: {
        ...list.schema,
        params: list.params,
        response: withErrors(okResponse(list.detail as z.ZodType)),
      },
    },
    async (request) => ({
      success: true as const,
      data: await list.read(principalOf(request), request.params.id),
    }),
  );

/** DELETE /:id of a list that no campaign uses: answers its id under `idField`, and `message`. */
export const addListDeleteRoute = (
  app: App,
  list: ListRoute & {
    idField: string;
    message: string;
    remove: (principal: Principal, id: number) => Promise<{ id: number }>;
  },
) =>
  app.delete(
    '/:id',
    {
      config: { access: list.access },
      schema: {
        ...list.schema,
        params: list.params,
        response: withErrors(okResponse(z.object({ [list.idField]: z.number().int() }))),
      },
    },
    async (request) => {
      const removed = await list.remove(principalOf(request), request.params.id);
      return { success: true as const, message: list.message, data: { [list.idField]: removed.id } };
    },
  );

/** GET /:id/change-log of a list: newest first, for a caller who may reach the list (404 otherwise). */
export const addListChangeLogRoute = (
  app: App,
  deps: { db: ListRouteDeps['db'] },
  list: {
    access: Access;
    resource: 'inventoryList' | 'audience' | 'smartAppList';
    entityType: string;
    params: z.ZodType<{ id: number }>;
    schema: { tags: string[]; operationId: string; summary: string; description: string };
  },
) =>
  app.get(
    '/:id/change-log',
    {
      config: { access: list.access },
      schema: {
        ...list.schema,
        security: bearer,
        params: list.params,
        querystring: changeLogQuery,
        response: withErrors(okResponse(pageOf(changeLogEntry))),
      },
    },
    async (request) => {
      await requireAccess(deps.db, principalOf(request), list.resource, request.params.id);
      return {
        success: true as const,
        data: await readChangeLog(
          deps.db,
          { entityType: list.entityType, entityId: request.params.id },
          request.query,
        ),
      };
    },
  );
