import { agencyListItem, agencyListQuery, companyConfigEditSchema } from '@console/core/api/agencies';
import { okResponse, pageOf } from '@console/core/api/common';
import { int8IdParams } from '@console/core/api/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { BRAND_IMAGE_TYPES } from '../../platform/media-store.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { listAgencies, readAgencyCompany, saveAgencyCompany } from './agency-admin-service.ts';

const schemaBase = { tags: ['agencies'], security: bearer };
const BRAND_IMAGE_MAX_BYTES = 512 * 1024;

export const agencyAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/agencies',
      {
        config: { access: 'agency.read' },
        schema: {
          ...schemaBase,
          operationId: 'listAgencies',
          summary: 'Agencies with their advertiser counts and domains',
          querystring: agencyListQuery,
          response: withErrors(okResponse(pageOf(agencyListItem))),
        },
      },
      async (request) => ({ success: true as const, data: await listAgencies(deps, request.query) }),
    );

    app.get(
      '/agencies/:id/company',
      {
        config: { access: 'agency.read' },
        schema: {
          ...schemaBase,
          operationId: 'getAgencyCompany',
          summary: "An agency's white-label company config",
          params: int8IdParams,
          response: withErrors(okResponse(companyConfigEditSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readAgencyCompany(deps, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/agencies/:id/company',
      {
        config: { access: 'agency.update' },
        schema: {
          ...schemaBase,
          operationId: 'saveAgencyCompany',
          summary: "Save an agency's white-label company config (brand, colours, footer, custom domain)",
          params: int8IdParams,
          body: companyConfigEditSchema,
          response: withErrors(okResponse(companyConfigEditSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Company config saved.',
        data: await saveAgencyCompany(deps, principalOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/uploads/brand-image',
      {
        config: { access: 'agency.update' },
        schema: {
          ...schemaBase,
          operationId: 'uploadBrandImage',
          summary: 'Upload a logo or favicon',
          description:
            'Upload a logo or favicon (multipart field "file"; PNG, JPEG, WebP, GIF or ICO up to 512 KB)',
          consumes: ['multipart/form-data'],
          response: withErrors(
            okResponse(
              z.object({ url: z.string(), width: z.number().optional(), height: z.number().optional() }),
            ),
          ),
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw badRequest('Send the file as multipart/form-data in the field "file".');
        const file = await request.file({ limits: { fileSize: BRAND_IMAGE_MAX_BYTES + 1 } });
        if (!file) throw badRequest('Send the file as multipart/form-data in the field "file".');
        // Past the stream limit the multipart plugin stops reading and throws (413 without a useful
        // message); answer it like any other oversized file.
        const content = await file.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw badRequest(`The file is too large: at most ${BRAND_IMAGE_MAX_BYTES / 1024} KB.`);
          }
          throw error;
        });
        const stored = await deps.media.saveImage(content, file.mimetype, {
          allowed: BRAND_IMAGE_TYPES,
          maxBytes: BRAND_IMAGE_MAX_BYTES,
        });
        return {
          success: true as const,
          message: 'File uploaded.',
          data: { url: stored.url, width: stored.width, height: stored.height },
        };
      },
    );
  };
