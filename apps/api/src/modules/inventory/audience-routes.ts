// HTTP of /api/audiences: every signed-in role, scoped like inventory lists (advertisers their own,
// agencies their advertisers', admin and co-admin all; 404 outside).

import {
  audienceDetail,
  audienceIdParams,
  audienceListItem,
  audienceListQuery,
  audienceRuleCreateBody,
  audienceStatusBody,
  audienceUpdateBody,
  audienceUploadFields,
} from '@console/core/api/audiences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer } from '../../platform/route-schemas.ts';
import type { ListRouteDeps } from './applist-routes.ts';
import {
  changeAudienceStatus,
  createRuleAudience,
  listAudiences,
  readAudience,
  refreshRuleAudience,
  renameAudience,
} from './audience-service.ts';
import { startAudienceImport } from './list-import-service.ts';
import {
  addListChangeLogRoute,
  addListCreateRoute,
  addListPageRoute,
  addListReadRoute,
  addListUploadRoute,
  addListWriteRoute,
} from './list-routes.ts';

const schemaBase = { tags: ['audiences'], security: bearer };

export const audienceRoutes =
  (deps: ListRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    addListPageRoute(app, {
      access: 'audience.read',
      schema: {
        ...schemaBase,
        operationId: 'listAudiences',
        summary: 'Audiences the caller may see',
        description:
          'Audiences the caller may see, paged, sorted (name, status, matched_size, created_at, updated_at) and filtered (advertiser_id, status, source, q)',
      },
      query: audienceListQuery,
      item: audienceListItem,
      list: (principal, query) => listAudiences(deps.db, principal, query),
    });

    addListCreateRoute(app, {
      access: 'audience.create',
      schema: {
        ...schemaBase,
        operationId: 'createRuleAudience',
        summary: 'Create a rule audience',
        description:
          "Create a rule audience: people who clicked or converted on the advertiser's chosen campaigns within N days. It is computed in the background (PROCESSING, then READY with its size)",
      },
      body: audienceRuleCreateBody,
      result: audienceDetail,
      message: 'Audience created; it is being computed.',
      create: async (principal, body) => {
        const data = await createRuleAudience(deps, principal, body);
        deps.imports.wake();
        return data;
      },
    });

    addListUploadRoute(app, deps, {
      access: 'audience.create',
      schema: {
        ...schemaBase,
        operationId: 'uploadAudience',
        summary: 'Upload a file of people into a new or an existing audience',
        description:
          'Upload people (multipart: fields first, then "file"): mobile advertising ids (IDFA, GAID), SHA-256 hashes of e-mails, or plain e-mails (hashed on arrival, never stored). A new audience (name, advertiser_id) or more for one (audience_id, mode). The answer is the queued import to poll at GET /api/list-imports/{id}; the audience is PROCESSING until it is stored',
      },
      fields: audienceUploadFields,
      start: (principal, fields, file) =>
        startAudienceImport(
          deps,
          principal,
          fields.audience_id !== undefined
            ? { audienceId: fields.audience_id, mode: fields.mode }
            : { name: fields.name!, advertiserId: fields.advertiser_id },
          fields.column,
          file,
        ),
      next: 'Matching the audience…',
    });

    addListReadRoute(app, {
      access: 'audience.read',
      params: audienceIdParams,
      schema: {
        ...schemaBase,
        operationId: 'getAudience',
        summary: 'One audience: status, matched size, rule, the campaigns that include or exclude it',
      },
      detail: audienceDetail,
      read: (principal, id) => readAudience(deps.db, principal, id),
    });

    const audienceWrite = {
      access: 'audience.update',
      params: audienceIdParams,
      result: audienceDetail,
    } as const;

    addListWriteRoute(app, {
      ...audienceWrite,
      method: 'patch',
      path: '/:id',
      schema: { ...schemaBase, operationId: 'renameAudience', summary: 'Rename an audience' },
      body: audienceUpdateBody,
      message: 'Audience saved.',
      write: (principal, id, body) => renameAudience(deps, principal, id, body.name),
    });

    addListWriteRoute(app, {
      ...audienceWrite,
      method: 'post',
      path: '/:id/status',
      schema: {
        ...schemaBase,
        operationId: 'changeAudienceStatus',
        summary: 'Move an audience by its lifecycle',
        description:
          'Move an audience by its lifecycle (an owner may archive a ready or failed audience that no campaign uses, else 409 naming the campaigns; ready and failed are set by processing)',
      },
      body: audienceStatusBody,
      message: 'Audience status changed.',
      write: (principal, id, body) => changeAudienceStatus(deps, principal, id, body.to),
    });

    addListWriteRoute(app, {
      ...audienceWrite,
      method: 'post',
      path: '/:id/refresh',
      schema: {
        ...schemaBase,
        operationId: 'refreshRuleAudience',
        summary: 'Compute a rule audience again (it is PROCESSING until done)',
      },
      message: 'The audience is being computed again.',
      write: async (principal, id) => {
        const data = await refreshRuleAudience(deps, principal, id);
        deps.imports.wake();
        return data;
      },
    });

    addListChangeLogRoute(app, deps, {
      access: 'audience.read',
      resource: 'audience',
      entityType: 'audience',
      params: audienceIdParams,
      schema: {
        ...schemaBase,
        operationId: 'listAudienceChanges',
        summary: "An audience's change log",
        description:
          "An audience's change log, newest first (create, update, status; member counts, never members)",
      },
    });
  };
