import { okResponse, pageOf } from '@console/core/api/common';
import {
  connectionTestResult,
  dspCreateBody,
  dspCredentialsBody,
  dspListQuery,
  dspSchema,
  dspStatusBody,
  dspTestBody,
  dspUpdateBody,
} from '@console/core/api/dsps';
import { int8IdParams } from '@console/core/api/ids';
import { changeLogEntry, changeLogQuery } from '@console/core/api/users';
import type { DspType } from '@console/core/dsp-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readChangeLog } from '../../platform/audit.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { testDspConnection } from './dsp-connection-test.ts';
import {
  createDsp,
  type DspDeps,
  listActiveDsps,
  listDsps,
  readDsp,
  replaceDspCredentials,
  requireDsp,
  setDspStatus,
  testSavedDsp,
  updateDsp,
} from './dsp-service.ts';

const schemaBase = { tags: ['dsp'], security: bearer };

/** /api/admin/dsp: upstream DSP connections, for admins alone. */
export const dspRoutes =
  (deps: DspDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/list',
      {
        config: { access: 'dsp.read' },
        schema: {
          ...schemaBase,
          operationId: 'listDsps',
          summary: 'DSP connections, paged, sorted and filtered',
          querystring: dspListQuery,
          response: withErrors(okResponse(pageOf(dspSchema))),
        },
      },
      async (request) => ({ success: true as const, data: await listDsps(deps, request.query) }),
    );
    app.get(
      '/activeDspList',
      {
        config: { access: 'dsp.read' },
        schema: {
          ...schemaBase,
          operationId: 'listActiveDsps',
          summary: 'Active DSP connections',
          response: withErrors(okResponse(z.array(dspSchema))),
        },
      },
      async () => ({ success: true as const, data: await listActiveDsps(deps) }),
    );
    app.post(
      '/',
      {
        config: { access: 'dsp.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createDsp',
          summary: 'Create a DSP connection: tested first, saved inactive when the test fails',
          body: dspCreateBody,
          response: withErrors(okResponse(dspSchema)),
        },
      },
      async (request) => {
        const dsp = await createDsp(deps, principalOf(request), request.body);
        const message =
          dsp.status === 'ACTIVE' ? 'DSP created.' : 'DSP saved inactive: its connection test failed.';
        return { success: true as const, message, data: dsp };
      },
    );
    app.post(
      '/test',
      {
        config: { access: 'dsp.test' },
        schema: {
          ...schemaBase,
          operationId: 'testDspConnection',
          summary: 'Test an unsaved connection (the onboarding step before saving)',
          body: dspTestBody,
          response: withErrors(okResponse(connectionTestResult)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await testDspConnection(
          deps.outbound,
          request.body.type as DspType,
          request.body.endpoint_url,
          request.body.credentials,
        ),
      }),
    );
    app.get(
      '/:id',
      {
        config: { access: 'dsp.read' },
        schema: {
          ...schemaBase,
          operationId: 'getDsp',
          summary: 'One DSP connection (credentials as hints only)',
          params: int8IdParams,
          response: withErrors(okResponse(dspSchema)),
        },
      },
      async (request) => ({ success: true as const, data: await readDsp(deps, request.params.id) }),
    );
    app.put(
      '/:id',
      {
        config: { access: 'dsp.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateDsp',
          summary: 'Edit a DSP connection',
          params: int8IdParams,
          body: dspUpdateBody,
          response: withErrors(okResponse(dspSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'DSP updated.',
        data: await updateDsp(deps, principalOf(request), request.params.id, request.body),
      }),
    );
    app.put(
      '/:id/credentials',
      {
        config: { access: 'dsp.update' },
        schema: {
          ...schemaBase,
          operationId: 'replaceDspCredentials',
          summary: 'Replace the credentials of a DSP connection',
          params: int8IdParams,
          body: dspCredentialsBody,
          response: withErrors(okResponse(dspSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Credentials saved.',
        data: await replaceDspCredentials(
          deps,
          principalOf(request),
          request.params.id,
          request.body.credentials,
        ),
      }),
    );
    app.patch(
      '/:id/status',
      {
        config: { access: 'dsp.update' },
        schema: {
          ...schemaBase,
          operationId: 'setDspStatus',
          summary: 'Activate or deactivate a DSP connection',
          params: int8IdParams,
          body: dspStatusBody,
          response: withErrors(okResponse(dspSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await setDspStatus(deps, principalOf(request), request.params.id, request.body.status),
      }),
    );
    app.post(
      '/:id/test',
      {
        config: { access: 'dsp.test' },
        schema: {
          ...schemaBase,
          operationId: 'testSavedDspConnection',
          summary: 'Test a saved connection with its stored credentials',
          params: int8IdParams,
          response: withErrors(okResponse(connectionTestResult)),
        },
      },
      async (request) => ({ success: true as const, data: await testSavedDsp(deps, request.params.id) }),
    );
    app.get(
      '/:id/change-log',
      {
        config: { access: 'dsp.read' },
        schema: {
          ...schemaBase,
          operationId: 'listDspChangeLog',
          summary: "A DSP connection's change log, newest first",
          params: int8IdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => {
        await requireDsp(deps, request.params.id);
        return {
          success: true as const,
          data: await readChangeLog(
            deps.db,
            { entityType: 'dsp', entityId: request.params.id },
            request.query,
          ),
        };
      },
    );
  };
