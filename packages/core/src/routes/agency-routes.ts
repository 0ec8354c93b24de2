// Agency routes (spec section 2), under /agency.
import { type Crumb, createRouteFactory, type RouteDef } from './route-types.ts';

const home: Crumb = { labelKey: 'titles.dashboard.home', path: '/agency/dashboard' };
const campaigns: Crumb = { labelKey: 'titles.campaign.list', path: '/agency/campaign' };
const creatives: Crumb = { labelKey: 'titles.creative.list', path: '/agency/creative' };
const inventory: Crumb = { labelKey: 'titles.inventory.list', path: '/agency/inventory-list' };
const audiences: Crumb = { labelKey: 'titles.audience.list', path: '/agency/audience' };
const reports: Crumb = { labelKey: 'titles.report.list', path: '/agency/report' };
const advertisers: Crumb = { labelKey: 'titles.advertiser.list', path: '/agency/advertiser' };
const route = createRouteFactory(home);

export const AGENCY_ROUTES: readonly RouteDef[] = [
  route('/agency/dashboard', 'dashboard.home', 'titles.dashboard.home'),
  route('/agency/profile', 'profile.view', 'titles.profile.view'),
  route('/agency/agency-settings', 'settings.view', 'titles.settings.view'),
  route('/agency/campaign', 'campaign.list', 'titles.campaign.list'),
  route('/agency/campaignList/:id', 'campaign.byOwner', 'titles.campaign.byAdvertiser', {
    parent: advertisers,
  }),
  route('/agency/campaignForm', 'campaign.create', 'titles.campaign.create', { parent: campaigns }),
  route('/agency/campaign/viewCampaign/:id', 'campaign.view', 'titles.campaign.view', { parent: campaigns }),
  route('/agency/campaignEditForm/:id', 'campaign.edit', 'titles.campaign.edit', {
    parent: campaigns,
    idleGuard: true,
  }),
  route('/agency/campaign/changelog/:id', 'campaign.changelog', 'titles.campaign.changelog', {
    parent: campaigns,
  }),
  route('/agency/CampaignList/creativeList/:id', 'creative.byCampaign', 'titles.creative.byCampaign', {
    parent: campaigns,
  }),
  route('/agency/creative/changelog/:id', 'creative.changelog', 'titles.creative.changelog', {
    parent: creatives,
  }),
  route('/agency/creative', 'creative.list', 'titles.creative.list'),
  route('/agency/creative/viewCreative/:id', 'creative.view', 'titles.creative.view', { parent: creatives }),
  route('/agency/funds', 'funds.list', 'titles.funds.list'),
  route('/agency/inventory-list', 'inventory.list', 'titles.inventory.list'),
  route('/agency/inventory-list/create', 'inventory.create', 'titles.inventory.create', {
    parent: inventory,
  }),
  route('/agency/inventory-list/edit/:applist_id', 'inventory.edit', 'titles.inventory.edit', {
    parent: inventory,
    idleGuard: true,
  }),
  route('/agency/inventory-list/view/:applist_id', 'inventory.view', 'titles.inventory.view', {
    parent: inventory,
  }),
  route('/agency/inventory-list/changelog/:applist_id', 'inventory.changelog', 'titles.inventory.changelog', {
    parent: inventory,
  }),
  route('/agency/audience', 'audience.list', 'titles.audience.list'),
  route('/agency/audience/create', 'audience.create', 'titles.audience.create', { parent: audiences }),
  route('/agency/audience/view/:audience_id', 'audience.view', 'titles.audience.view', { parent: audiences }),
  route('/agency/audience/changelog/:audience_id', 'audience.changelog', 'titles.audience.changelog', {
    parent: audiences,
  }),
  route('/agency/report', 'report.list', 'titles.report.list'),
  route('/agency/report/create/:report_type', 'report.create', 'titles.report.create', { parent: reports }),
  route('/agency/report/edit/:report_id', 'report.edit', 'titles.report.edit', { parent: reports }),
  route('/agency/report/view/:report_id', 'report.view', 'titles.report.view', { parent: reports }),
  route('/agency/advertiser', 'advertiser.list', 'titles.advertiser.list'),
  route('/agency/advertiser/payment-list/:id', 'funds.payments', 'titles.funds.payments', {
    parent: advertisers,
  }),
  route('/agency/editAdvertiser/:id', 'advertiser.edit', 'titles.advertiser.edit', { parent: advertisers }),
  route('/agency/addAdvertiser', 'advertiser.create', 'titles.advertiser.create', { parent: advertisers }),
  route('/agency/changeLog/:id', 'advertiser.changelog', 'titles.advertiser.changelog', {
    parent: advertisers,
  }),
];
