// Which page module shows each feature key of the route tables. Every page is its own lazy chunk.
// A feature issue adds its entry here; until then the route shows the "not available yet" page.
import type { FeatureKey } from '@console/core/routes/route-types';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageModule = { default: ComponentType };

const FEATURE_PAGES: Partial<Record<FeatureKey, () => Promise<PageModule>>> = {
  'dashboard.home': () => import('../../features/dashboard/dashboard-page.tsx'),
  'profile.view': () => import('../../features/profile/profile-page.tsx'),
  'settings.view': () => import('../../features/settings/settings-page.tsx'),
  'dsp.list': () => import('../../features/dsp/dsp-list-page.tsx'),
  'dsp.create': () => import('../../features/dsp/create-dsp-page.tsx'),
  'dsp.new': () => import('../../features/dsp/onboarding-page.tsx'),
  'dsp.edit': () => import('../../features/dsp/edit-dsp-page.tsx'),
  'dsp.view': () => import('../../features/dsp/view-dsp-page.tsx'),
  'advertiser.list': () => import('../../features/advertisers/advertisers-list-page.tsx'),
  'advertiser.create': () => import('../../features/advertisers/add-advertiser-page.tsx'),
  'advertiser.edit': () => import('../../features/advertisers/edit-advertiser-page.tsx'),
  'advertiser.changelog': () => import('../../features/advertisers/change-log-page.tsx'),
  'user.list': () => import('../../features/users/users-list-page.tsx'),
  'user.create': () => import('../../features/users/add-user-page.tsx'),
  'user.edit': () => import('../../features/users/edit-user-page.tsx'),
  'user.config': () => import('../../features/users/user-config-page.tsx'),
  'user.changelog': () => import('../../features/users/user-change-log-page.tsx'),
  'funds.list': () => import('../../features/funds/funds-page.tsx'),
  'funds.add': () => import('../../features/funds/add-fund-page.tsx'),
  'funds.payments': () => import('../../features/funds/payment-list-page.tsx'),
  'agency.list': () => import('../../features/agencies/agencies-list-page.tsx'),
  'agency.edit': () => import('../../features/agencies/edit-agency-page.tsx'),
  'agency.assignAdvertiser': () => import('../../features/agencies/assign-advertiser-page.tsx'),
  'campaign.list': () => import('../../features/campaigns/list/campaign-list-page.tsx'),
  'campaign.byOwner': () => import('../../features/campaigns/list/campaigns-by-owner-page.tsx'),
  'campaign.view': () => import('../../features/campaigns/view/campaign-view-page.tsx'),
  'campaign.changelog': () => import('../../features/campaigns/list/campaign-change-log-page.tsx'),
  'campaign.ownerChangelog': () => import('../../features/campaigns/list/owner-change-log-page.tsx'),
  'campaign.create': () => import('../../features/campaigns/form/campaign-create-page.tsx'),
  'campaign.edit': () => import('../../features/campaigns/form/campaign-edit-page.tsx'),
  'campaign.clone': () => import('../../features/campaigns/form/campaign-clone-page.tsx'),
  'campaign.bulkEdit': () => import('../../features/campaigns/bulk/bulk-edit-page.tsx'),
  'campaign.bulkEditExchanges': () => import('../../features/campaigns/bulk/bulk-exchanges-page.tsx'),
  'campaign.bulkStatus': () => import('../../features/campaigns/bulk/bulk-status-page.tsx'),
  'exchange.approval': () => import('../../features/exchange-approval/exchange-approval-page.tsx'),
  'exchange.bulkApproval': () => import('../../features/exchange-approval/bulk-approval-page.tsx'),
  'exchange.changelog': () => import('../../features/exchange-approval/approval-change-log-page.tsx'),
  'creative.list': () => import('../../features/creatives/list/creative-list-page.tsx'),
  'creative.view': () => import('../../features/creatives/view/creative-view-page.tsx'),
  'creative.changelog': () => import('../../features/creatives/list/creative-change-log-page.tsx'),
  'creative.byCampaign': () => import('../../features/creatives/list/campaign-creatives-page.tsx'),
  'creative.bulkEdit': () => import('../../features/creatives/bulk/bulk-creative-edit-page.tsx'),
  'creative.bulkStatus': () => import('../../features/creatives/bulk/bulk-creative-status-page.tsx'),
  'metadata.view': () => import('../../features/metadata/metadata-page.tsx'),
  'inventory.list': () => import('../../features/targeting-lists/inventory/inventory-list-page.tsx'),
  'inventory.create': () => import('../../features/targeting-lists/inventory/inventory-create-page.tsx'),
  'inventory.edit': () => import('../../features/targeting-lists/inventory/inventory-edit-page.tsx'),
  'inventory.view': () => import('../../features/targeting-lists/inventory/inventory-view-page.tsx'),
  'inventory.changelog': () =>
    import('../../features/targeting-lists/inventory/inventory-changelog-page.tsx'),
  'audience.list': () => import('../../features/targeting-lists/audiences/audience-list-page.tsx'),
  'audience.create': () => import('../../features/targeting-lists/audiences/audience-create-page.tsx'),
  'audience.view': () => import('../../features/targeting-lists/audiences/audience-view-page.tsx'),
  'audience.changelog': () => import('../../features/targeting-lists/audiences/audience-changelog-page.tsx'),
  'smartApp.list': () => import('../../features/targeting-lists/smart-apps/smart-app-list-page.tsx'),
  'smartApp.create': () => import('../../features/targeting-lists/smart-apps/smart-app-form-page.tsx'),
  'smartApp.edit': () => import('../../features/targeting-lists/smart-apps/smart-app-form-page.tsx'),
  'smartApp.view': () => import('../../features/targeting-lists/smart-apps/smart-app-view-page.tsx'),
  'smartApp.changelog': () =>
    import('../../features/targeting-lists/smart-apps/smart-app-changelog-page.tsx'),
  'report.list': () => import('../../features/reports/report-list-page.tsx'),
  'report.create': () => import('../../features/reports/report-form-page.tsx'),
  'report.createMultiDimensional': () => import('../../features/reports/report-form-page.tsx'),
  'report.edit': () => import('../../features/reports/report-form-page.tsx'),
  'report.view': () => import('../../features/reports/report-view-page.tsx'),
};

const loadNotAvailable = () => import('../../features/placeholder/not-available-page.tsx');

const cache = new Map<FeatureKey, LazyExoticComponent<ComponentType>>();
const loads = new Map<FeatureKey, Promise<PageModule>>();

/** Starts loading a page's module (once); the lazy page of getFeaturePage waits for the same load. */
export const preloadFeaturePage = (feature: FeatureKey): Promise<PageModule> => {
  let load = loads.get(feature);
  if (!load) {
    load = (FEATURE_PAGES[feature] ?? loadNotAvailable)();
    // A failed load is tried again by the next caller (React shows the error boundary meanwhile).
    load.catch(() => loads.delete(feature));
    loads.set(feature, load);
  }
  return load;
};

export const getFeaturePage = (feature: FeatureKey): LazyExoticComponent<ComponentType> => {
  let page = cache.get(feature);
  if (!page) {
    page = lazy(() => preloadFeaturePage(feature));
    cache.set(feature, page);
  }
  return page;
};
