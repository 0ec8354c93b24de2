// The routes of the users a caller manages, written once and registered once per audience: admin and
// co-admin under /api/admin/users (every user below them), an agency under /api/agency/advertisers
// (its own advertisers). Each audience has its own path, permissions, operation ids and wording;
// the handlers and their scope (the service's access checks) are the same, so the two cannot drift.
import { okResponse, pageOf } from '@console/core/api/common';
import { historyPage, historyQuery } from '@console/core/api/funds';
import { int8IdParams } from '@console/core/api/ids';
import {
  changeLogEntry,
  changeLogQuery,
  editUserBody,
  type UserListQuery,
  userListItem,
  userListQuery,
  userStatusBody,
} from '@console/core/api/users';
import type { Permission } from '@console/core/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import {
  listUserPayments,
  listUsers,
  readManagedUser,
  readUserChangeLog,
  setUserStatus,
  updateUser,
} from './user-admin-service.ts';

type Operation = 'list' | 'get' | 'update' | 'status' | 'changeLog' | 'payments';

export type ManagedUsersAudience = {
  /** The collection's path under the plugin's prefix. */
  collection: '/users' | '/advertisers';
  /** The word of the answers' messages ('User updated.'). */
  noun: 'User' | 'Advertiser';
  tags: string[];
  read: Permission;
  update: Permission;
  listQuery: z.ZodType<UserListQuery>;
  operations: Record<Operation, { operationId: string; summary: string }>;
};

export const ADMIN_USERS: ManagedUsersAudience = {
  collection: '/users',
  noun: 'User',
  tags: ['users'],
  read: 'user.read',
  update: 'user.update',
  listQuery: userListQuery,
  operations: {
    list: {
      operationId: 'listUsers',
      summary: 'Users, paged, sorted, filtered (role, status, agency) and searched',
    },
    get: { operationId: 'getUser', summary: 'One user' },
    update: { operationId: 'updateUser', summary: "Edit a user's e-mail, names and company" },
    status: {
      operationId: 'setUserStatus',
      summary: 'Activate or deactivate a user (a deactivated user is signed out)',
    },
    changeLog: { operationId: 'listUserChangeLog', summary: "A user's change log, newest first" },
    payments: {
      operationId: 'listUserPayments',
      summary: "An advertiser's ledger: payments, spend and adjustments with the running balance",
    },
  },
};

export const AGENCY_ADVERTISERS: ManagedUsersAudience = {
  collection: '/advertisers',
  noun: 'Advertiser',
  tags: ['agency advertisers'],
  read: 'advertiser.read',
  update: 'advertiser.update',
  listQuery: userListQuery.omit({ role: true, agency: true }),
  operations: {
    list: {
      operationId: 'listAgencyAdvertisers',
      summary: "The agency's advertisers, paged, sorted and searched",
    },
    get: { operationId: 'getAgencyAdvertiser', summary: 'One of the agency’s advertisers' },
    update: { operationId: 'updateAgencyAdvertiser', summary: 'Edit one of the agency’s advertisers' },
    status: {
      operationId: 'setAgencyAdvertiserStatus',
      summary: 'Activate or deactivate one of the agency’s advertisers',
    },
    changeLog: {
      operationId: 'listAgencyAdvertiserChangeLog',
      summary: 'An advertiser’s change log, newest first',
    },
    payments: {
      operationId: 'listAgencyAdvertiserPayments',
      summary: "An advertiser's ledger entries with the running balance",
    },
  },
};

/** List, read, edit, activate or deactivate, change log and ledger of the audience's users. */
export const registerManagedUserRoutes = (
  app: FastifyInstance,
  deps: AppDeps,
  audience: ManagedUsersAudience,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { collection, noun, operations } = audience;
  const schemaOf = (operation: Operation) => ({
    tags: audience.tags,
    security: bearer,
    ...operations[operation],
  });

  routes.get(
    collection,
    {
      config: { access: audience.read },
      schema: {
        ...schemaOf('list'),
        querystring: audience.listQuery,
        response: withErrors(okResponse(pageOf(userListItem))),
      },
    },
    async (request) => ({
      success: true as const,
      data: await listUsers(deps, principalOf(request), request.query),
    }),
  );

  routes.get(
    `${collection}/:id`,
    {
      config: { access: audience.read },
      schema: { ...schemaOf('get'), params: int8IdParams, response: withErrors(okResponse(userListItem)) },
    },
    async (request) => ({
      success: true as const,
      data: await readManagedUser(deps, principalOf(request), request.params.id),
    }),
  );

  routes.put(
    `${collection}/:id`,
    {
      config: { access: audience.update },
      schema: {
        ...schemaOf('update'),
        params: int8IdParams,
        body: editUserBody,
        response: withErrors(okResponse(userListItem)),
      },
    },
    async (request) => ({
      success: true as const,
      message: `${noun} updated.`,
      data: await updateUser(deps, principalOf(request), request.params.id, request.body),
    }),
  );

  routes.patch(
    `${collection}/:id/status`,
    {
      config: { access: audience.update },
      schema: {
        ...schemaOf('status'),
        params: int8IdParams,
        body: userStatusBody,
        response: withErrors(okResponse(userListItem)),
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.status === 'ACTIVE' ? `${noun} activated.` : `${noun} deactivated.`,
      data: await setUserStatus(deps, principalOf(request), request.params.id, request.body.status),
    }),
  );

  routes.get(
    `${collection}/:id/change-log`,
    {
      config: { access: audience.read },
      schema: {
        ...schemaOf('changeLog'),
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

  routes.get(
    `${collection}/:id/payments`,
    {
      config: { access: audience.read },
      schema: {
        ...schemaOf('payments'),
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
};
