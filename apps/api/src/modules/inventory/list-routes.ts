// HTTP pieces the list kinds share: an upload of a file into a list (inventory lists, audiences),
// the read of one list and its change log (all three kinds), and the delete of a list no campaign
// uses (inventory lists, smart-app lists).

import { okResponse, pageOf } from '@console/core/api/common';
import type { ListImport } from '@console/core/api/inventory-lists';
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

/** What a route of one list declares: who may call it, its id parameter and its OpenAPI words. */
type ListRoute = {
  access: Access;
  params: z.ZodType<{ id: number }>;
  schema: {
    tags: string[];
    security: typeof bearer;
    operationId: string;
    summary: string;
    description?: string;
  };
};

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
