// Which page module shows each feature key of the route tables. Every page is its own lazy chunk.
// A feature issue adds its entry here; until then the route shows the "not available yet" page.
import type { FeatureKey } from '@console/core/routes/route-types';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageModule = { default: ComponentType };

const FEATURE_PAGES: Partial<Record<FeatureKey, () => Promise<PageModule>>> = {};

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
