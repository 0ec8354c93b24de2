// HTTP of /api/admin/exchange-approval: admin and co-admin only (403 for everyone else).
import {
  campaignIdParam,
  exchangeApprovalQuery,
  exchangeApprovalRow,
  exchangeDecisionBody,
  exchangeDecisionResult,
} from '@console/core/api/campaigns';
import { cappedPageOf, okResponse, pageOf } from '@console/core/api/common';
import { changeLogEntry, changeLogQuery } from '@console/core/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccess } from '../../platform/access.ts';
import { readChangeLog } from '../../platform/audit.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { decideExchanges, listExchangeApprovals } from './exchange-approval-service.ts';

const schemaBase = { tags: ['exchange approval'], security: bearer };

export const exchangeApprovalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'exchangeApproval.read' },
        schema: {
          ...schemaBase,
          operationId: 'listExchangeApprovals',
          summary: 'Campaign x exchange rows of submitted campaigns, paged, filtered and sorted',
          description:
            'Campaign x exchange rows of submitted campaigns, paged, filtered (state, exchange_id, advertiser_id, campaign_id, q) and sorted',
          querystring: exchangeApprovalQuery,
          response: withErrors(okResponse(cappedPageOf(exchangeApprovalRow))),
        },
      },
      async (request) => ({ success: true as const, data: await listExchangeApprovals(deps, request.query) }),
    );

    app.post(
      '/decide',
      {
        config: { access: 'exchangeApproval.decide' },
        schema: {
          ...schemaBase,
          operationId: 'decideExchangeApprovals',
          summary: 'Approve or reject many campaign exchanges',
          description:
            'Approve or reject (with a reason) many campaign exchanges. Approving one of a pending campaign makes it active; rejecting all of them makes it rejected. Each item in its own transaction; answers each with ok or the reason',
          body: exchangeDecisionBody,
          response: withErrors(okResponse(exchangeDecisionResult)),
        },
      },
      async (request) => {
        const data = await decideExchanges(
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

    app.get(
      '/change-log/:campaign_id',
      {
        config: { access: 'exchangeApproval.read' },
        schema: {
          ...schemaBase,
          operationId: 'listExchangeApprovalChangeLog',
          summary: "A campaign's exchange-approval log, newest first",
          description:
            "A campaign's exchange-approval log, newest first (action defaults to exchange-approval; action=status for its status moves)",
          params: campaignIdParam,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => {
        const { campaign_id: id } = request.params;
        await requireAccess(deps.db, principalOf(request), 'campaign', id);
        return {
          success: true as const,
          data: await readChangeLog(
            deps.db,
            { entityType: 'campaign', entityId: id },
            { ...request.query, action: request.query.action ?? 'exchange-approval' },
          ),
        };
      },
    );
  };
