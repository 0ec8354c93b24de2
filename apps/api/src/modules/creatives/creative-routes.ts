// HTTP of /api/creatives (every signed-in role, scoped: advertisers their own, agencies their
// advertisers', admin and co-admin all) and /api/admin/creatives (ADMIN and CO-ADMIN: approval per
// exchange and the DSP association map).
//
// HTML creatives: the API answers the tag as JSON text only and never serves it as a page. The
// console previews it in an <iframe srcdoc> with `sandbox="allow-scripts allow-popups"` (never
// allow-same-origin), so the ad's scripts run in an opaque origin without the console's storage,
// cookies or DOM.
import { cappedPageOf, okResponse, pageOf } from '@console/core/api/common';
import {
  CREATIVE_MEDIA_KINDS,
  CREATIVE_MEDIA_RULES,
  type CreativeMediaKind,
  creativeApprovalQuery,
  creativeApprovalRow,
  creativeAssocMapBody,
  creativeBulkResult,
  creativeBulkUpdateBody,
  creativeCampaignParams,
  creativeCreateBody,
  creativeDecisionBody,
  creativeDecisionResult,
  creativeDetail,
  creativeIdParams,
  creativeListItem,
  creativeListQuery,
  creativeMediaSchema,
  creativeUpdateBody,
} from '@console/core/api/creatives';
import { changeLogEntry, changeLogQuery } from '@console/core/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import { compiledResponse } from '../../platform/compiled-response.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { fileTooLargeMessage } from '../../platform/media-store.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import {
  decideCreativeExchanges,
  listCreativeApprovals,
  setCreativeAssocMap,
} from './creative-approval-service.ts';
import { bulkUpdateCreatives } from './creative-bulk-service.ts';
import { listCampaignCreatives } from './creative-campaigns.ts';
import { uploadCreativeMedia } from './creative-media.ts';
import {
  createCreative,
  listCreatives,
  readCreative,
  readCreativeChangeLog,
  updateCreative,
} from './creative-service.ts';

const schemaBase = { tags: ['creatives'], security: bearer };
const SEND_FILE = 'Send the file as multipart/form-data in the field "file".';
const mb = (bytes: number) => `${bytes / (1024 * 1024)} MB`;
const KIND_MESSAGE = `Choose the kind of file: ${CREATIVE_MEDIA_KINDS.join(', ')}.`;

const kindOf = (value: unknown): CreativeMediaKind => {
  if (value === undefined || value === '') return 'image';
  if (typeof value === 'string' && (CREATIVE_MEDIA_KINDS as readonly string[]).includes(value))
    return value as CreativeMediaKind;
  throw badRequest(KIND_MESSAGE, { kind: KIND_MESSAGE });
};

/** The value of a plain multipart field that came before the file. */
const fieldValue = (fields: Record<string, unknown>, name: string): unknown => {
  const field = fields[name] as
    | { type?: string; value?: unknown }
    | { type?: string; value?: unknown }[]
    | undefined;
  const first = Array.isArray(field) ? field[0] : field;
  return first && first.type === 'field' ? first.value : undefined;
};

export const creativeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/media',
      {
        config: { access: 'media.upload' },
        schema: {
          ...schemaBase,
          operationId: 'uploadCreativeMedia',
          summary: 'Upload a creative file',
          description:
            `Upload a creative file (multipart: field "kind" first — image (default), video, icon or main — then field "file"; or ?kind=). ` +
            `image: PNG, JPEG, GIF or WebP up to ${mb(CREATIVE_MEDIA_RULES.image.maxBytes)}; ` +
            `main (native main image): the same, at least 300x250, up to ${mb(CREATIVE_MEDIA_RULES.main.maxBytes)}; ` +
            `icon (native icon): square, at least 50x50, up to ${CREATIVE_MEDIA_RULES.icon.maxBytes / 1024} KB; ` +
            `video: MP4 or WebM up to ${mb(CREATIVE_MEDIA_RULES.video.maxBytes)} (duration and size read from the file). ` +
            'The file name must follow the creative file-name rule; the content is sniffed and must match the declared type and the extension.',
          consumes: ['multipart/form-data'],
          querystring: z.object({ kind: z.enum(CREATIVE_MEDIA_KINDS).optional() }),
          response: withErrors(okResponse(creativeMediaSchema)),
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(SEND_FILE);
        // The largest limit of all kinds; the kind's own limit is checked once the kind is known.
        const ceiling = Math.max(...Object.values(CREATIVE_MEDIA_RULES).map((rule) => rule.maxBytes));
        const file = await request.file({ limits: { fileSize: ceiling + 1 } });
        if (!file) throw badRequest(SEND_FILE);
        const kind = kindOf(request.query.kind ?? fieldValue(file.fields, 'kind'));
        const maxBytes = CREATIVE_MEDIA_RULES[kind].maxBytes;
        // Past the stream limit the multipart plugin stops reading and throws (413 without a useful
        // message); answer it like any other oversized file.
        const content = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(fileTooLargeMessage(maxBytes));
          throw error;
        });
        return {
          success: true as const,
          message: 'File uploaded.',
          data: await uploadCreativeMedia(deps, principalOf(request), {
            content,
            mime: file.mimetype,
            fileName: file.filename,
            kind,
          }),
        };
      },
    );

    app.get(
      '/',
      {
        config: { access: 'creative.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCreatives',
          summary: 'Creatives the caller may see, paged, sorted and filtered',
          description:
            'Creatives the caller may see, paged, sorted (created_at, updated_at, name, status, creative_type) and filtered (creative_type, status, advertiser_id, exchange_id + exchange_state, q: name or id)',
          querystring: creativeListQuery,
          response: withErrors(compiledResponse(okResponse(cappedPageOf(creativeListItem)))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listCreatives(deps, principalOf(request), request.query),
      }),
    );

    app.post(
      '/',
      {
        config: { access: 'creative.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createCreative',
          summary: 'Create a creative (image, native, video or html)',
          description:
            'Create a creative: image (media_url, click_url, pixel_url[]), native (native assets, click_url, impression_url), video (media_url or vast_url, click_url, impression_url[]) or html (html_tag; URL fields are dropped). Starts PENDING on its exchanges',
          body: creativeCreateBody,
          response: withErrors(okResponse(creativeDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Creative created.',
        data: await createCreative(deps, principalOf(request), request.body),
      }),
    );

    app.post(
      '/bulk/update',
      {
        config: { access: 'creative.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateCreatives',
          summary: 'Apply the same edit to many creatives',
          description:
            'The same edit on many creatives (click_url, pixel_url, impression_url, name_prefix); each in its own transaction, answered per creative. A URL change sends the creative back to approval',
          body: creativeBulkUpdateBody,
          response: withErrors(okResponse(creativeBulkResult)),
        },
      },
      async (request) => {
        const data = await bulkUpdateCreatives(
          { deps, principal: principalOf(request), log: request.log },
          request.body,
        );
        return {
          success: true as const,
          message: `${data.succeeded} of ${data.results.length} updated${data.failed > 0 ? `; ${data.failed} failed and are unchanged` : ''}.`,
          data,
        };
      },
    );

    app.get(
      '/campaign/:campaignId',
      {
        config: { access: 'creative.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCampaignCreatives',
          summary: 'The creatives of one campaign, paged, sorted and filtered like the list',
          params: creativeCampaignParams,
          querystring: creativeListQuery,
          response: withErrors(compiledResponse(okResponse(cappedPageOf(creativeListItem)))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listCampaignCreatives(
          deps,
          principalOf(request),
          request.params.campaignId,
          request.query,
        ),
      }),
    );

    app.get(
      '/:id',
      {
        config: { access: 'creative.read' },
        schema: {
          ...schemaBase,
          operationId: 'getCreative',
          summary: 'One creative with its media, exchanges and their approval, and DSP association ids',
          params: creativeIdParams,
          response: withErrors(okResponse(creativeDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readCreative(deps, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/:id',
      {
        config: { access: 'creative.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateCreative',
          summary: 'Edit a creative',
          description:
            'Edit a creative (the whole creative again; its type cannot change). A change of content (URLs, files, native assets, tag) sends every exchange back to PENDING',
          params: creativeIdParams,
          body: creativeUpdateBody,
          response: withErrors(okResponse(creativeDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Creative updated.',
        data: await updateCreative(deps, principalOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/:id/change-log',
      {
        config: { access: 'creative.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCreativeChangeLog',
          summary: "A creative's change log, newest first",
          description:
            "A creative's change log, newest first (actions: create, update, bulk-update, exchange-approval)",
          params: creativeIdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readCreativeChangeLog(deps, principalOf(request), request.params.id, request.query),
      }),
    );
  };

export const creativeAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const adminSchema = { tags: ['creative approval'], security: bearer };

    app.get(
      '/approval',
      {
        config: { access: 'creativeApproval.read' },
        schema: {
          ...adminSchema,
          operationId: 'listCreativeApprovals',
          summary: 'Creative x exchange rows, paged, filtered and sorted',
          description:
            'Creative x exchange rows, paged, filtered (state, exchange_id, advertiser_id, creative_id, creative_type, q) and sorted',
          querystring: creativeApprovalQuery,
          response: withErrors(okResponse(pageOf(creativeApprovalRow))),
        },
      },
      async (request) => ({ success: true as const, data: await listCreativeApprovals(deps, request.query) }),
    );

    app.post(
      '/approval/decide',
      {
        config: { access: 'creativeApproval.decide' },
        schema: {
          ...adminSchema,
          operationId: 'decideCreativeApprovals',
          summary: 'Approve or reject many creative exchanges',
          description:
            'Approve or reject (with a reason) many creative exchanges. The creative is APPROVED once any exchange approved it and REJECTED when all rejected it. Each item in its own transaction; answers each with ok or the reason',
          body: creativeDecisionBody,
          response: withErrors(okResponse(creativeDecisionResult)),
        },
      },
      async (request) => {
        const data = await decideCreativeExchanges(
          { deps, principal: principalOf(request), log: request.log },
          request.body,
        );
        const verb = request.body.decision === 'APPROVED' ? 'approved' : 'rejected';
        return {
          success: true as const,
          message: `${data.succeeded} of ${data.results.length} ${verb}${data.failed > 0 ? `; ${data.failed} failed and are unchanged` : ''}.`,
          data,
        };
      },
    );

    app.put(
      '/:id/assoc-map',
      {
        config: { access: 'creative.assocMap' },
        schema: {
          ...adminSchema,
          operationId: 'setCreativeAssocMap',
          summary: "Set a creative's ids in upstream DSPs",
          description:
            "Set a creative's ids in upstream DSPs (creative_assoc_map: one creative_associate_id per dsp_name)",
          params: creativeIdParams,
          body: creativeAssocMapBody,
          response: withErrors(okResponse(creativeDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Association ids saved.',
        data: await setCreativeAssocMap(
          deps,
          principalOf(request),
          request.params.id,
          request.body.creative_assoc_map,
        ),
      }),
    );
  };
