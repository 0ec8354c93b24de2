// Which page module shows each feature key of the route tables. Every page is its own lazy chunk.
// A feature issue adds its entry here; until then the route shows the "not available yet" page.
import type { FeatureKey } from '@console/core/routes/route-types';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageModule = { default: ComponentType };

const FEATURE_PAGES: Partial<Record<FeatureKey, () => Promise<PageModule>>> = {
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
  'funds.payments': () => import('../../features/users/payment-list-page.tsx'),
  'agency.list': () => import('../../features/agencies/agencies-list-page.tsx'),
  'agency.edit': () => import('../../features/agencies/edit-agency-page.tsx'),
  'agency.assignAdvertiser': () => import('../../features/agencies/assign-advertiser-page.tsx'),
};

const loadNotAvailable = () => import('../../features/placeholder/not-available-page.tsx');

const cache = new Map<FeatureKey, LazyExoticComponent<ComponentType>>();

export const getFeaturePage = (feature: FeatureKey): LazyExoticComponent<ComponentType> => {
  let page = cache.get(feature);
  if (!page) {
    page = lazy(FEATURE_PAGES[feature] ?? loadNotAvailable);
    cache.set(feature, page);
  }
  return page;
};
