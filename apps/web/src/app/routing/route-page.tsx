// One authenticated page: its route entry in context, its lazy module (a skeleton in the frame until
// it is in), and, on the editing pages, the idle-tab guard.
import type { RouteDef } from '@console/core/routes/route-types';
import { lazy, Suspense } from 'react';
import { CurrentRouteContext } from '../../lib/routing/current-route.ts';
import { PageSkeleton } from '../layouts/page-skeleton.tsx';
import { getFeaturePage } from './feature-pages.ts';

const IdleGuard = lazy(() => import('./idle-guard.tsx'));

export const RoutePage = ({ route }: { route: RouteDef }) => {
  const Page = getFeaturePage(route.feature);
  return (
    <CurrentRouteContext.Provider value={route}>
      <Suspense fallback={<PageSkeleton />}>
        <Page />
        {route.idleGuard ? <IdleGuard /> : null}
      </Suspense>
    </CurrentRouteContext.Provider>
  );
};
