// HTTP of /api/campaigns: every signed-in role; what each may see and do is decided by the service's
// scope check (404 outside it) and the status table (400 illegal, 403 admin-only moves).
import {
  advertiserCampaignListQuery,
  type BulkResult,
  bulkAudienceBody,
  bulkBidRangeBody,
  bulkExchangesBody,
  bulkInventoryBody,
  bulkResult,
  bulkStatusBody,
  bulkUpdateBody,
  type CampaignDetail,
  campaignCreateBody,
  campaignDetail,
  campaignIdParams,
  campaignListItem,
  campaignListQuery,
  campaignStatusBody,
  campaignSubmitResponse,
  campaignUpdateBody,
  RELATION_OPTIONS_LIMIT,
  relationOptions,
  relationOptionsQuery,
} from '@console/core/api/campaigns';
import { cappedPageOf, okResponse, pageOf } from '@console/core/api/common';
import { changeLogEntry, changeLogQuery } from '@console/core/api/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import { readChangeLog } from '../../platform/audit.ts';
import { principalOf } from '../../platform/auth-guard.ts';
import { compiledResponse } from '../../platform/compiled-response.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { budgetWarningOf } from './campaign-budget-warning.ts';
import {
  type BulkContext,
  bulkAudience,
  bulkBidRange,
  bulkExchanges,
  bulkInventory,
  bulkMessage,
  bulkStatus,
  bulkUpdate,
} from './campaign-bulk-service.ts';
import { readAdvertiserCampaignsChangeLog } from './campaign-change-log.ts';
import { listCampaigns } from './campaign-queries.ts';
import { listRelationOptions } from './campaign-relation-options.ts';
import {
  changeCampaignStatus,
  cloneCampaign,
  createCampaign,
  readCampaign,
  updateCampaign,
} from './campaign-service.ts';

const schemaBase = { tags: ['campaigns'], security: bearer };
const BULK_NOTE =
  ' Answers each id with ok or the reason it failed. Each campaign is changed in its own transaction: ' +
  'one that fails is left unchanged and does not undo the others.';

export const campaignRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /** The answer of a request that submitted the campaign: a budget above the balance is flagged. */
    const submittedAnswer = async (data: CampaignDetail, message: string) => {
      const warning = await budgetWarningOf(deps.db, data);
      return { success: true as const, message, data, ...(warning ? { budget_warning: warning } : {}) };
    };

    app.get(
      '/',
      {
        config: { access: 'campaign.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCampaigns',
          summary: 'Campaigns the caller may see, paged, sorted and filtered',
          description:
            'Campaigns the caller may see, paged, sorted (name, status, start_at, end_at, total_budget, created_at) and filtered (status, advertiser_id, from/to overlapping the flight, q)',
          querystring: campaignListQuery,
          response: withErrors(compiledResponse(okResponse(cappedPageOf(campaignListItem)))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listCampaigns(deps.db, principalOf(request), request.query),
      }),
    );

    app.get(
      '/advertiser/:id/change-log',
      {
        config: { access: 'campaign.read' },
        schema: {
          ...schemaBase,
          operationId: 'listAdvertiserCampaignsChangeLog',
          summary: "The change logs of one advertiser's campaigns as one, newest first",
          description:
            "The change logs of one advertiser's campaigns as one, newest first, each entry naming its campaign (admin CampaignList/changeLog/{id})",
          params: campaignIdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => {
        const advertiser = await requireAccess(
          deps.db,
          principalOf(request),
          'advertiser',
          request.params.id,
        );
        return {
          success: true as const,
          data: await readAdvertiserCampaignsChangeLog(deps.db, advertiser.id, request.query),
        };
      },
    );

    app.get(
      '/advertiser/:id',
      {
        config: { access: 'campaign.read' },
        schema: {
          ...schemaBase,
          operationId: 'listAdvertiserCampaigns',
          summary: "One advertiser's campaigns (agency campaignList/{id}, admin CampaignList/{id})",
          params: campaignIdParams,
          querystring: advertiserCampaignListQuery,
          response: withErrors(compiledResponse(okResponse(cappedPageOf(campaignListItem)))),
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const advertiser = await requireAccess(deps.db, principal, 'advertiser', request.params.id);
        return {
          success: true as const,
          data: await listCampaigns(deps.db, principal, { ...request.query, advertiser_id: advertiser.id }),
        };
      },
    );

    app.get(
      '/relation-options',
      {
        config: { access: 'campaign.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCampaignRelationOptions',
          summary: "The inventory lists and audiences an advertiser's campaigns may use",
          description: `The inventory lists and audiences one advertiser's campaigns may use, by name, at most ${RELATION_OPTIONS_LIMIT} of each (advertiser_id: required but for an advertiser; q: part of a name)`,
          querystring: relationOptionsQuery,
          response: withErrors(okResponse(relationOptions)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await listRelationOptions(deps.db, principalOf(request), request.query),
      }),
    );

    app.post(
      '/',
      {
        config: { access: 'campaign.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'createCampaign',
          summary: 'Create a campaign: a draft, or submitted for approval at once with submit=true',
          body: campaignCreateBody,
          response: withErrors(campaignSubmitResponse),
        },
      },
      async (request) => {
        const data = await createCampaign(deps, principalOf(request), request.body);
        if (data.status === 'DRAFT') {
          return { success: true as const, message: 'Campaign saved as a draft.', data };
        }
        return submittedAnswer(data, 'Campaign submitted for approval.');
      },
    );

    app.get(
      '/:id',
      {
        config: { access: 'campaign.read' },
        schema: {
          ...schemaBase,
          operationId: 'getCampaign',
          summary: 'One campaign with its exchanges, creatives, inventory, audiences and DSP ids',
          description:
            'One campaign with everything: exchanges and their approval, creatives, inventory, audiences, DSP association ids',
          params: campaignIdParams,
          response: withErrors(compiledResponse(okResponse(campaignDetail))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readCampaign(deps, principalOf(request), request.params.id),
      }),
    );

    app.put(
      '/:id',
      {
        config: { access: 'campaign.update' },
        schema: {
          ...schemaBase,
          operationId: 'updateCampaign',
          summary: 'Edit a campaign',
          description:
            'Edit a campaign (draft, pending, active, paused or rejected; a rejected one becomes a draft). New exchanges start pending; submit=true submits a draft',
          params: campaignIdParams,
          body: campaignUpdateBody,
          response: withErrors(campaignSubmitResponse),
        },
      },
      async (request) => {
        const data = await updateCampaign(deps, principalOf(request), request.params.id, request.body);
        if (!request.body.submit) return { success: true as const, message: 'Campaign saved.', data };
        return submittedAnswer(data, 'Campaign saved.');
      },
    );

    app.post(
      '/:id/clone',
      {
        config: { access: 'campaign.create', idempotent: true },
        schema: {
          ...schemaBase,
          operationId: 'cloneCampaign',
          summary: 'Copy a campaign into a new draft',
          description:
            "A new draft 'Copy of …' with every setting and relation of the campaign, but no approvals",
          params: campaignIdParams,
          response: withErrors(okResponse(campaignDetail)),
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Campaign copied.',
        data: await cloneCampaign(deps, principalOf(request), request.params.id),
      }),
    );

    app.post(
      '/:id/status',
      {
        config: { access: 'campaign.update' },
        schema: {
          ...schemaBase,
          operationId: 'changeCampaignStatus',
          summary: 'Move a campaign to another status',
          description:
            'Move a campaign to another status by the lifecycle table (approve and reject: admin and co-admin; reject needs a reason)',
          params: campaignIdParams,
          body: campaignStatusBody,
          response: withErrors(campaignSubmitResponse),
        },
      },
      async (request) => {
        const data = await changeCampaignStatus(
          deps,
          principalOf(request),
          request.params.id,
          request.body.to,
          request.body.reason,
        );
        if (request.body.to !== 'PENDING_APPROVAL') {
          return { success: true as const, message: 'Campaign status changed.', data };
        }
        return submittedAnswer(data, 'Campaign status changed.');
      },
    );

    app.get(
      '/:id/change-log',
      {
        config: { access: 'campaign.read' },
        schema: {
          ...schemaBase,
          operationId: 'listCampaignChangeLog',
          summary: "A campaign's change log, newest first",
          description:
            "A campaign's change log, newest first (action: create, update, status, exchange-approval)",
          params: campaignIdParams,
          querystring: changeLogQuery,
          response: withErrors(okResponse(pageOf(changeLogEntry))),
        },
      },
      async (request) => {
        await requireAccess(deps.db, principalOf(request), 'campaign', request.params.id);
        return {
          success: true as const,
          data: await readChangeLog(
            deps.db,
            { entityType: 'campaign', entityId: request.params.id },
            request.query,
          ),
        };
      },
    );

    const bulkRoute = <B extends z.ZodType>(
      path: string,
      operation: { operationId: string; summary: string },
      body: B,
      run: (context: BulkContext, body: z.output<B>) => Promise<BulkResult>,
    ) =>
      app.post(
        `/bulk/${path}`,
        {
          config: { access: 'campaign.update' },
          schema: {
            ...schemaBase,
            ...operation,
            description: operation.summary + BULK_NOTE,
            body,
            response: withErrors(okResponse(bulkResult)),
          },
        },
        async (request) => {
          const context = { deps, principal: principalOf(request), log: request.log };
          const data = await run(context, request.body as z.output<B>);
          return { success: true as const, message: bulkMessage(data), data };
        },
      );

    bulkRoute(
      'bid-range',
      {
        operationId: 'setCampaignsBidRange',
        summary: 'Set the bid range (and optionally the bid) of many campaigns',
      },
      bulkBidRangeBody,
      bulkBidRange,
    );
    bulkRoute(
      'inventory',
      {
        operationId: 'editCampaignsInventory',
        summary: 'Add, remove or replace inventory lists (allow or block) of many campaigns',
      },
      bulkInventoryBody,
      bulkInventory,
    );
    bulkRoute(
      'audience',
      {
        operationId: 'editCampaignsAudiences',
        summary: 'Add, remove or replace audiences (include or exclude) of many campaigns',
      },
      bulkAudienceBody,
      bulkAudience,
    );
    bulkRoute(
      'update',
      {
        operationId: 'updateCampaigns',
        summary: 'Change budgets, pacing, frequency cap or end date of many campaigns',
      },
      bulkUpdateBody,
      bulkUpdate,
    );
    bulkRoute(
      'status',
      {
        operationId: 'setCampaignsStatus',
        summary: 'Move many campaigns to a status (the admin bulk status too)',
      },
      bulkStatusBody,
      bulkStatus,
    );
    bulkRoute(
      'exchanges',
      {
        operationId: 'editCampaignsExchanges',
        summary: 'Add, remove or replace exchanges of many campaigns (new ones start pending)',
      },
      bulkExchangesBody,
      bulkExchanges,
    );
  };
