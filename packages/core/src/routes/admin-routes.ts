// Admin routes (spec section 2), under /admin. The co-admin area mirrors them (co-admin-routes.ts),
// so the table is built for a prefix.
import { type Crumb, createRouteFactory, type FeatureKey, type RouteDef } from './route-types.ts';

/** Admin-only pages: the co-admin has no addUser, dsplist or DSP pages. */
export const ADMIN_ONLY_FEATURES: readonly FeatureKey[] = [
  'user.create',
  'dsp.list',
  'dsp.create',
  'dsp.new',
  'dsp.edit',
  'dsp.view',
];

export const createAdminAreaRoutes = (prefix: '/admin' | '/co-admin'): RouteDef[] => {
  const at = (path: string) => `${prefix}${path}`;
  const home: Crumb = { labelKey: 'titles.dashboard.home', path: at('/dashboard') };
  const campaigns: Crumb = { labelKey: 'titles.campaign.list', path: at('/campaign') };
  const creatives: Crumb = { labelKey: 'titles.creative.list', path: at('/creative') };
  const exchanges: Crumb = { labelKey: 'titles.exchange.approval', path: at('/exchange-approval') };
  const funds: Crumb = { labelKey: 'titles.funds.list', path: at('/funds') };
  const inventory: Crumb = { labelKey: 'titles.inventory.list', path: at('/inventory-list') };
  const audiences: Crumb = { labelKey: 'titles.audience.list', path: at('/audience') };
  const reports: Crumb = { labelKey: 'titles.report.list', path: at('/report') };
  const users: Crumb = { labelKey: 'titles.user.list', path: at('/users') };
  const agencies: Crumb = { labelKey: 'titles.agency.list', path: at('/agencies') };
  const dsps: Crumb = { labelKey: 'titles.dsp.list', path: at('/dsplist') };
  const smartApps: Crumb = { labelKey: 'titles.smartApp.list', path: at('/smart-apps') };
  const route = createRouteFactory(home);

  return [
    route(at('/dashboard'), 'dashboard.home', 'titles.dashboard.home'),
    route(at('/profile'), 'profile.view', 'titles.profile.view'),
    route(at('/campaign'), 'campaign.list', 'titles.campaign.list'),
    route(at('/bulk-campaign-status'), 'campaign.bulkStatus', 'titles.campaign.bulkStatus', {
      parent: campaigns,
    }),
    route(at('/bulk-exchange-approval'), 'exchange.bulkApproval', 'titles.exchange.bulkApproval', {
      parent: exchanges,
    }),
    route(at('/campaignEditForm/:id'), 'campaign.edit', 'titles.campaign.edit', {
      parent: campaigns,
      idleGuard: true,
    }),
    route(at('/campaignForm'), 'campaign.create', 'titles.campaign.create', { parent: campaigns }),
    route(at('/CampaignList/:id'), 'campaign.byOwner', 'titles.campaign.byUser', { parent: users }),
    route(at('/CampaignList/changeLog/:id'), 'campaign.ownerChangelog', 'titles.campaign.ownerChangelog', {
      parent: users,
    }),
    route(at('/campaign/viewCampaign/:id'), 'campaign.view', 'titles.campaign.view', { parent: campaigns }),
    route(at('/campaign/changelog/:id'), 'campaign.changelog', 'titles.campaign.changelog', {
      parent: campaigns,
    }),
    route(at('/exchange-approval'), 'exchange.approval', 'titles.exchange.approval'),
    route(at('/exchange-approval/change-log/:id'), 'exchange.changelog', 'titles.exchange.changelog', {
      parent: exchanges,
    }),
    route(at('/creative'), 'creative.list', 'titles.creative.list'),
    route(at('/bulk-creative-status'), 'creative.bulkStatus', 'titles.creative.bulkStatus', {
      parent: creatives,
    }),
    route(at('/CampaignList/creative-list/:id'), 'creative.byCampaign', 'titles.creative.byCampaign', {
      parent: campaigns,
    }),
    route(at('/creative/changelog/:id'), 'creative.changelog', 'titles.creative.changelog', {
      parent: creatives,
    }),
    route(at('/creative/viewCreative/:id'), 'creative.view', 'titles.creative.view', { parent: creatives }),
    route(at('/funds'), 'funds.list', 'titles.funds.list'),
    route(at('/addfund'), 'funds.add', 'titles.funds.add', { parent: funds }),
    route(at('/inventory-list'), 'inventory.list', 'titles.inventory.list'),
    route(at('/inventory-list/create'), 'inventory.create', 'titles.inventory.create', { parent: inventory }),
    route(at('/inventory-list/edit/:applist_id'), 'inventory.edit', 'titles.inventory.edit', {
      parent: inventory,
      idleGuard: true,
    }),
    route(at('/inventory-list/view/:applist_id'), 'inventory.view', 'titles.inventory.view', {
      parent: inventory,
    }),
    route(at('/inventory-list/changelog/:applist_id'), 'inventory.changelog', 'titles.inventory.changelog', {
      parent: inventory,
    }),
    route(at('/audience'), 'audience.list', 'titles.audience.list'),
    route(at('/audience/create'), 'audience.create', 'titles.audience.create', { parent: audiences }),
    route(at('/audience/view/:audience_id'), 'audience.view', 'titles.audience.view', { parent: audiences }),
    route(at('/audience/changelog/:audience_id'), 'audience.changelog', 'titles.audience.changelog', {
      parent: audiences,
    }),
    route(at('/report'), 'report.list', 'titles.report.list'),
    route(
      at('/report/create/multi-dimensional'),
      'report.createMultiDimensional',
      'titles.report.createMultiDimensional',
      {
        parent: reports,
      },
    ),
    route(at('/report/create/:report_type'), 'report.create', 'titles.report.create', { parent: reports }),
    route(at('/report/edit/:report_id'), 'report.edit', 'titles.report.edit', { parent: reports }),
    route(at('/report/view/:report_id'), 'report.view', 'titles.report.view', { parent: reports }),
    route(at('/users'), 'user.list', 'titles.user.list'),
    route(at('/addUser'), 'user.create', 'titles.user.create', { parent: users }),
    route(at('/user-config/:id'), 'user.config', 'titles.user.config', { parent: users }),
    route(at('/user/change-log/:id'), 'user.changelog', 'titles.user.changelog', { parent: users }),
    route(at('/editUser/:id'), 'user.edit', 'titles.user.edit', { parent: users }),
    route(at('/CampaignList/payment-list/:id'), 'funds.payments', 'titles.funds.payments', { parent: users }),
    route(at('/agencies'), 'agency.list', 'titles.agency.list'),
    route(at('/assignAdvertiser'), 'agency.assignAdvertiser', 'titles.agency.assignAdvertiser', {
      parent: agencies,
    }),
    route(at('/editAgency/:id'), 'agency.edit', 'titles.agency.edit', { parent: agencies }),
    route(at('/metadata'), 'metadata.view', 'titles.metadata.view'),
    route(at('/dsplist'), 'dsp.list', 'titles.dsp.list'),
    route(at('/createdsp'), 'dsp.create', 'titles.dsp.create', { parent: dsps }),
    route(at('/editdsp/:id'), 'dsp.edit', 'titles.dsp.edit', { parent: dsps }),
    route(at('/viewdsp/:id'), 'dsp.view', 'titles.dsp.view', { parent: dsps }),
    route(at('/newdsp'), 'dsp.new', 'titles.dsp.new', { parent: dsps }),
    route(at('/smart-apps'), 'smartApp.list', 'titles.smartApp.list'),
    route(at('/smart-apps/create'), 'smartApp.create', 'titles.smartApp.create', { parent: smartApps }),
    route(at('/smart-apps/edit/:list_id'), 'smartApp.edit', 'titles.smartApp.edit', { parent: smartApps }),
    route(at('/smart-apps/view/:list_id'), 'smartApp.view', 'titles.smartApp.view', { parent: smartApps }),
    route(at('/smart-apps/changelog/:list_id'), 'smartApp.changelog', 'titles.smartApp.changelog', {
      parent: smartApps,
    }),
  ];
};

export const ADMIN_ROUTES: readonly RouteDef[] = createAdminAreaRoutes('/admin');
