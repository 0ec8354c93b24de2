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
} from '@console/core/api/inventory-lists';
import { changeLogEntry, changeLogQuery } from '@console/core/api/users';
import type { FastifyRequest } from 'fastify';
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

/**
 * Reads an upload's fields and file, starts its import and wakes the worker; the file is drained
 * whatever happens. The message counts the lines read and says what comes next.
 */
export const receiveListUpload = async <S extends z.ZodType>(
  deps: ListRouteDeps,
  request: FastifyRequest,
  fieldsSchema: S,
  start: (fields: z.output<S>, file: UploadedFile) => Promise<ListImport>,
  next: string,
) => {
  const { fields, file } = await readUpload(request, fieldsSchema, deps.config.listUploadMaxBytes);
  try {
    const data = await start(fields, { chunks: file.file, truncated: () => file.file.truncated });
    deps.imports.wake();
    return {
      success: true as const,
      message: `${data.lines.toLocaleString('en-US')} lines read: ${data.valid.toLocaleString('en-US')} valid, ${data.rejected.toLocaleString('en-US')} rejected. ${next}`,
      data,
    };
  } finally {
    file.file.resume();
  }
};

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

/**
 * A write to one list (`method` on `path`, a body where `body` is given): answers what `write`
 * returns (described by `result`) with `message`, a sentence or one made of the answer.
 */
export const addListWriteRoute = <B extends z.ZodType, T extends z.ZodType>(
  app: App,
  list: ListRoute & {
    method: 'post' | 'put' | 'patch';
    path: '/:id' | `/:id/${string}`;
    body?: B;
    result: T;
    message: string | ((data: z.input<T>) => string);
    write: (principal: Principal, id: number, body: z.output<B>) => Promise<z.input<T>>;
  },
) =>
  app.route({
    method: list.method.toUpperCase() as 'POST' | 'PUT' | 'PATCH',
    url: list.path,
    config: { access: list.access },
    schema: {
      ...list.schema,
      params: list.params,
      ...(list.body ? { body: list.body } : {}),
      response: withErrors(okResponse(list.result as z.ZodType)),
    },
    handler: async (request) => {
      const { id } = request.params as { id: number };
      const data = await list.write(principalOf(request), id, request.body as z.output<B>);
      const message = typeof list.message === 'string' ? list.message : list.message(data);
      return { success: true as const, message, data };
    },
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
