import { userChangePasswordBody } from '@console/core/api/auth';
import { messageResponse, okResponse } from '@console/core/api/common';
import { int8Id, int8IdParams } from '@console/core/api/ids';
import {
  addUserBody,
  advertiserMarginBody,
  advertiserMarginSchema,
  noteBody,
  noteSchema,
  userConfigSchema,
  userListItem,
} from '@console/core/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { setUserPassword } from '../auth/index.ts';
import { readAdvertiserMargin, setAdvertiserMargin } from './advertiser-margin.ts';
import { ADMIN_USERS, AGENCY_ADVERTISERS, registerManagedUserRoutes } from './managed-user-routes.ts';
import {
  addNote,
  assignAdvertiser,
  createUser,
  listNotes,
  readUserConfig,
  updateUserConfig,
} from './user-admin-service.ts';

/** Admin and co-admin user management under /api/admin: the managed-user routes and the admin's own. */
export const userAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    registerManagedUserRoutes(app, deps, ADMIN_USERS);
    const schemaBase = { tags: ADMIN_USERS.tags, security: bearer };

    app.post(
      '/users',
      {
        config: { access: 'user.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createUser',
          summary: 'Add a user of any role (admin only)',
          body: addUserBody,
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'User created.',
        data: await createUser(deps, principalOf(request), request.body),
      }),
    );

    app.get(
      '/users/:id/config',
      {
        config: { access: 'user.read' },
        schema: {
          ...schemaBase,
          operationId: 'getUserConfig',
          summary: "A user's config (insight_dashboard, postback_enabled, api_access, margin, optimisation)",
          params: int8IdParams,
          response: withErrors(okResponse(userConfigSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readUserConfig(deps, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/users/:id/config',
      {
        config: { access: 'user.update' },
        schema: {
          ...schemaBase,
          operationId: 'setUserConfig',
          summary: "Set a user's config",
          params: int8IdParams,
          body: userConfigSchema,
          response: withErrors(okResponse(userConfigSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'User config saved.',
        data: await updateUserConfig(deps, principalOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/users/:id/notes',
      {
        config: { access: 'user.read' },
        schema: {
          ...schemaBase,
          operationId: 'listUserNotes',
          summary: 'Notes on a user, newest first',
          params: int8IdParams,
          response: withErrors(okResponse(z.array(noteSchema))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listNotes(deps, principalOf(request), request.params.id),
      }),
    );

    app.post(
      '/users/:id/notes',
      {
        config: { access: 'user.update', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'addUserNote',
          summary: 'Leave a note on a user',
          params: int8IdParams,
          body: noteBody,
          response: withErrors(okResponse(z.array(noteSchema))),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Note added.',
        data: await addNote(deps, principalOf(request), request.params.id, request.body.body),
      }),
    );

    app.post(
      '/assign-advertiser',
      {
        config: { access: 'user.update' },
        schema: {
          ...schemaBase,
          operationId: 'assignAdvertiser',
          summary: 'Move an advertiser to an agency, or make it direct (agency_id null)',
          body: z.object({
            advertiser_id: int8Id('advertiser id'),
            agency_id: int8Id('agency id').nullable(),
          }),
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Advertiser assigned.',
        data: await assignAdvertiser(
          deps,
          principalOf(request),
          request.body.advertiser_id,
          request.body.agency_id,
        ),
      }),
    );
  };

/** An agency's own advertisers under /api/agency: the managed-user routes, adding one, its password. */
export const agencyAdvertiserRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    registerManagedUserRoutes(app, deps, AGENCY_ADVERTISERS);
    const schemaBase = { tags: AGENCY_ADVERTISERS.tags, security: bearer };

    app.post(
      '/advertisers',
      {
        config: { access: 'advertiser.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createAgencyAdvertiser',
          summary: 'Add an advertiser to the agency',
          body: addUserBody.omit({ role: true, agency_id: true }),
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Advertiser created.',
        data: await createUser(deps, principalOf(request), { ...request.body, role: 'ADVERTISER' }),
      }),
    );

    app.get(
      '/advertisers/:id/margin',
      {
        config: { access: 'advertiser.read' },
        schema: {
          ...schemaBase,
          operationId: 'getAgencyAdvertiserMargin',
          summary: 'The agency’s margin on one of its advertisers, and the range an admin allows',
          params: int8IdParams,
          response: withErrors(okResponse(advertiserMarginSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readAdvertiserMargin(deps.db, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/advertisers/:id/margin',
      {
        config: { access: 'advertiser.update' },
        schema: {
          ...schemaBase,
          operationId: 'setAgencyAdvertiserMargin',
          summary: 'Set the agency’s margin on one of its advertisers (within the range an admin allows)',
          params: int8IdParams,
          body: advertiserMarginBody,
          response: withErrors(okResponse(advertiserMarginSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Margin saved.',
        data: await setAdvertiserMargin(
          deps.db,
          principalOf(request),
          request.params.id,
          request.body.margin_bps,
        ),
      }),
    );

    app.post(
      '/advertisers/:id/password',
      {
        config: { access: 'advertiser.update' },
        schema: {
          ...schemaBase,
          operationId: 'setAgencyAdvertiserPassword',
          summary: 'Set an advertiser’s password',
          params: int8IdParams,
          body: userChangePasswordBody.pick({ new_password: true }),
          response: withErrors(messageResponse),
        },
      },
      async (request) => {
        await setUserPassword(deps, principalOf(request), request.params.id, request.body.new_password);
        return { success: true as const, message: 'The password has been changed.' };
      },
    );
  };
