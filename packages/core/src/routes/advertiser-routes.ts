// Advertiser routes (spec section 2), at the root of the console.
import { type Crumb, createRouteFactory, type RouteDef } from './route-types.ts';

const home: Crumb = { labelKey: 'titles.dashboard.home', path: '/dashboard' };
const campaigns: Crumb = { labelKey: 'titles.campaign.list', path: '/campaign' };
const creatives: Crumb = { labelKey: 'titles.creative.list', path: '/creatives' };
const inventory: Crumb = { labelKey: 'titles.inventory.list', path: '/inventory-list' };
const audiences: Crumb = { labelKey: 'titles.audience.list', path: '/audience' };
const reports: Crumb = { labelKey: 'titles.report.list', path: '/report' };
const route = createRouteFactory(home);

export const ADVERTISER_ROUTES: readonly RouteDef[] = [
  route('/dashboard', 'dashboard.home', 'titles.dashboard.home'),
  route('/profile', 'profile.view', 'titles.profile.view'),
  route('/advertiser-settings', 'settings.view', 'titles.settings.view'),
  route('/campaign', 'campaign.list', 'titles.campaign.list'),
  route('/bulk-campaign-edit', 'campaign.bulkEdit', 'titles.campaign.bulkEdit', {
    parent: campaigns,
    idleGuard: true,
  }),
  route('/bulk-edit-exchanges', 'campaign.bulkEditExchanges', 'titles.campaign.bulkEditExchanges', {
    parent: campaigns,
  }),
  route('/campaign/changelog/:id', 'campaign.changelog', 'titles.campaign.changelog', { parent: campaigns }),
  route('/campaignForm', 'campaign.create', 'titles.campaign.create', { parent: campaigns }),
  route('/campaignEditForm/:id', 'campaign.edit', 'titles.campaign.edit', {
    parent: campaigns,
    idleGuard: true,
  }),
  route('/campaign/:id', 'campaign.view', 'titles.campaign.view', { parent: campaigns }),
  route('/campaignClone/:id', 'campaign.clone', 'titles.campaign.clone', {
    parent: campaigns,
    idleGuard: true,
  }),
  route('/campaign/creative/changelog/:id', 'creative.changelog', 'titles.creative.changelog', {
    parent: creatives,
  }),
  route('/creative/ViewCreative/:id', 'creative.view', 'titles.creative.view', { parent: creatives }),
  route('/creatives', 'creative.list', 'titles.creative.list'),
  route('/creative/bulk-creative-edit', 'creative.bulkEdit', 'titles.creative.bulkEdit', {
    parent: creatives,
  }),
  route('/funds', 'funds.list', 'titles.funds.list'),
  route('/inventory-list', 'inventory.list', 'titles.inventory.list'),
  route('/inventory-list/create', 'inventory.create', 'titles.inventory.create', { parent: inventory }),
  route('/inventory-list/edit/:applist_id', 'inventory.edit', 'titles.inventory.edit', {
    parent: inventory,
    idleGuard: true,
  }),
  route('/inventory-list/view/:applist_id', 'inventory.view', 'titles.inventory.view', { parent: inventory }),
  route('/inventory-list/changelog/:applist_id', 'inventory.changelog', 'titles.inventory.changelog', {
    parent: inventory,
  }),
  route('/audience', 'audience.list', 'titles.audience.list'),
  route('/audience/create', 'audience.create', 'titles.audience.create', { parent: audiences }),
  route('/audience/view/:audience_id', 'audience.view', 'titles.audience.view', { parent: audiences }),
  route('/audience/changeLog/:audience_id', 'audience.changelog', 'titles.audience.changelog', {
    parent: audiences,
  }),
  route('/report', 'report.list', 'titles.report.list'),
  route('/report/create/:report_type', 'report.create', 'titles.report.create', { parent: reports }),
  route('/report/edit/:report_id', 'report.edit', 'titles.report.edit', { parent: reports }),
  route('/report/view/:report_id', 'report.view', 'titles.report.view', { parent: reports }),
];
