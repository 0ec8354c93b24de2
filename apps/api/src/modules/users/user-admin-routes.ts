import { userChangePasswordBody } from '@console/core/api/auth';
import { messageResponse, okResponse, pageOf } from '@console/core/api/common';
import { historyPage, historyQuery } from '@console/core/api/funds';
import { int8Id, int8IdParams } from '@console/core/api/ids';
import {
  addUserBody,
  changeLogEntry,
  changeLogQuery,
  editUserBody,
  noteBody,
  noteSchema,
  userConfigSchema,
  userListItem,
  userListQuery,
  userStatusBody,
} from '@console/core/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { setUserPassword } from '../auth/index.ts';
import {
  addNote,
  assignAdvertiser,
  createUser,
  listNotes,
  listUserPayments,
  listUsers,
  readManagedUser,
  readUserChangeLog,
  readUserConfig,
  setUserStatus,
  updateUser,
  updateUserConfig,
} from './user-admin-service.ts';

const tags = ['users'];

/** Admin and co-admin user management under /api/admin. */
export const userAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schemaBase = { tags, security: bearer };

    app.get(
      '/users',
      {
        config: { access: 'user.read' },
        schema: {
          ...schemaBase,
          operationId: 'listUsers',
          summary: 'Users, paged, sorted, filtered (role, status, agency) and searched',
          querystring: userListQuery,
          response: withErrors(okResponse(pageOf(userListItem))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listUsers(deps, principalOf(request), request.query),
      }),
    );

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
      '/users/:id',
      {
        config: { access: 'user.read' },
        schema: {
          ...schemaBase,
          operationId: 'getUser',
          summary: 'One user',
          params: int8IdParams,
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readManagedUser(deps, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/users/:id',
      {
        config: { access: 'user.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateUser',
          summary: "Edit a user's e-mail, names and company",
          params: int8IdParams,
          body: editUserBody,
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'User updated.',
        data: await updateUser(deps, principalOf(request), request.params.id, request.body),
      }),
    );

    app.patch(
      '/users/:id/status',
      {
        config: { access: 'user.update' },
        schema: {
          ...schemaBase,
          operationId: 'setUserStatus',
          summary: 'Activate or deactivate a user (a deactivated user is signed out)',
          params: int8IdParams,
          body: userStatusBody,
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        message: request.body.status === 'ACTIVE' ? 'User activated.' : 'User deactivated.',
        data: await setUserStatus(deps, principalOf(request), request.params.id, request.body.status),
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
      '/users/:id/change-log',
      {
        config: { access: 'user.read' },
        schema: {
          ...schemaBase,
          operationId: 'listUserChangeLog',
          summary: "A user's change log, newest first",
          params: int8IdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readUserChangeLog(deps, principalOf(request), request.params.id, request.query),
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

    app.get(
      '/users/:id/payments',
      {
        config: { access: 'user.read' },
        schema: {
          ...schemaBase,
          operationId: 'listUserPayments',
          summary: "An advertiser's ledger: payments, spend and adjustments with the running balance",
          params: int8IdParams,
          querystring: historyQuery.omit({ user_primary_id: true }),
          response: withErrors(okResponse(historyPage)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listUserPayments(deps, principalOf(request), request.params.id, request.query),
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

/** An agency's own advertisers under /api/agency. */
export const agencyAdvertiserRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const schemaBase = { tags: ['agency advertisers'], security: bearer };
    const advertiserListQuery = userListQuery.omit({ role: true, agency: true });

    app.get(
      '/advertisers',
      {
        config: { access: 'advertiser.read' },
        schema: {
          ...schemaBase,
          operationId: 'listAgencyAdvertisers',
          summary: "The agency's advertisers, paged, sorted and searched",
          querystring: advertiserListQuery,
          response: withErrors(okResponse(pageOf(userListItem))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listUsers(deps, principalOf(request), request.query),
      }),
    );

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
      '/advertisers/:id',
      {
        config: { access: 'advertiser.read' },
        schema: {
          ...schemaBase,
          operationId: 'getAgencyAdvertiser',
          summary: 'One of the agency’s advertisers',
          params: int8IdParams,
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readManagedUser(deps, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/advertisers/:id',
      {
        config: { access: 'advertiser.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateAgencyAdvertiser',
          summary: 'Edit one of the agency’s advertisers',
          params: int8IdParams,
          body: editUserBody,
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Advertiser updated.',
        data: await updateUser(deps, principalOf(request), request.params.id, request.body),
      }),
    );

    app.patch(
      '/advertisers/:id/status',
      {
        config: { access: 'advertiser.update' },
        schema: {
          ...schemaBase,
          operationId: 'setAgencyAdvertiserStatus',
          summary: 'Activate or deactivate one of the agency’s advertisers',
          params: int8IdParams,
          body: userStatusBody,
          response: withErrors(okResponse(userListItem)),
        },
      },
      async (request) => ({
        success: true as const,
        message: request.body.status === 'ACTIVE' ? 'Advertiser activated.' : 'Advertiser deactivated.',
        data: await setUserStatus(deps, principalOf(request), request.params.id, request.body.status),
      }),
    );

    app.get(
      '/advertisers/:id/change-log',
      {
        config: { access: 'advertiser.read' },
        schema: {
          ...schemaBase,
          operationId: 'listAgencyAdvertiserChangeLog',
          summary: 'An advertiser’s change log, newest first',
          params: int8IdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readUserChangeLog(deps, principalOf(request), request.params.id, request.query),
      }),
    );

    app.get(
      '/advertisers/:id/payments',
      {
        config: { access: 'advertiser.read' },
        schema: {
          ...schemaBase,
          operationId: 'listAgencyAdvertiserPayments',
          summary: "An advertiser's ledger entries with the running balance",
          params: int8IdParams,
          querystring: historyQuery.omit({ user_primary_id: true }),
          response: withErrors(okResponse(historyPage)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listUserPayments(deps, principalOf(request), request.params.id, request.query),
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
