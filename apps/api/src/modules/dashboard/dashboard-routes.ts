// HTTP of the dashboards (spec section 7: overview, performance by campaign, creative, exchange,
// OS, country and day, and the chart; with agency and admin variants). One plugin, registered once
// per audience: /api/dashboard (advertisers, their own delivery), /api/agency/dashboard (an agency,
// its advertisers or one of them) and /api/admin/dashboard (admin and co-admin, everyone's).
import { okResponse } from '@console/core/api/common';
import {
  chartQuery,
  dashboardChart,
  dashboardOverview,
  dashboardQuery,
  performancePage,
  performanceParams,
  performanceQuery,
} from '@console/core/api/dashboard';
import type { Permission } from '@console/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth-guard.ts';
import { compiledResponse } from '../../platform/compiled-response.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { readChart, readOverview, readPerformance } from './dashboard-queries.ts';

type Audience = {
  /** The permission of its routes (which roles see this dashboard). */
  permission: Permission;
  /** operationId prefix: '' for advertisers, 'agency' or 'admin'. */
  prefix: string;
  /** Whose delivery, in words, for the API document. */
  whose: string;
};

/** get + the audience + the name: getDashboardOverview, getAgencyDashboardOverview, ... */
const operationId = (prefix: string, name: string) =>
  `get${prefix ? `${prefix[0]!.toUpperCase()}${prefix.slice(1)}` : ''}${name[0]!.toUpperCase()}${name.slice(1)}`;

const dashboardRoutes =
  (deps: AppDeps, audience: Audience): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['dashboard'];
    const config = { access: audience.permission };

    app.get(
      '/overview',
      {
        config,
        schema: {
          operationId: operationId(audience.prefix, 'dashboardOverview'),
          tags,
          summary: `Overview tiles (totals, ratios, balance) of ${audience.whose}`,
          description:
            'Spend, impressions, clicks, CTR, conversions, eCPM, eCPC, eCPA and the balance, from the hourly rollups.',
          security: bearer,
          querystring: dashboardQuery,
          response: withErrors(okResponse(dashboardOverview)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readOverview(deps.db, principalOf(request), request.query),
      }),
    );

    app.get(
      '/chart',
      {
        config,
        schema: {
          operationId: operationId(audience.prefix, 'dashboardChart'),
          tags,
          summary: `Every metric by hour or day: ${audience.whose}`,
          security: bearer,
          querystring: chartQuery,
          // 30 to 744 points: written by the compiled serialiser (platform/compiled-response.ts).
          response: withErrors(compiledResponse(okResponse(dashboardChart))),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readChart(deps.db, principalOf(request), request.query),
      }),
    );

    app.get(
      '/performance/:dimension',
      {
        config,
        schema: {
          operationId: operationId(audience.prefix, 'dashboardPerformance'),
          tags,
          summary: `Performance table: ${audience.whose}, by one dimension`,
          description:
            'One row per campaign, creative, exchange, OS, country or day; sorted by any metric and paged.',
          security: bearer,
          params: performanceParams,
          querystring: performanceQuery,
          response: withErrors(okResponse(performancePage)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await readPerformance(deps.db, principalOf(request), request.params.dimension, request.query),
      }),
    );
  };

export const advertiserDashboardRoutes = (deps: AppDeps) =>
  dashboardRoutes(deps, {
    permission: 'advertiserDashboard.read',
    prefix: '',
    whose: "the advertiser's own delivery",
  });

export const agencyDashboardRoutes = (deps: AppDeps) =>
  dashboardRoutes(deps, {
    permission: 'agencyDashboard.read',
    prefix: 'agency',
    whose: "an agency's advertisers (or one)",
  });

export const adminDashboardRoutes = (deps: AppDeps) =>
  dashboardRoutes(deps, {
    permission: 'adminDashboard.read',
    prefix: 'admin',
    whose: 'every advertiser (or one)',
  });
