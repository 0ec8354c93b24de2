// Everything a signed-in user needs, as one lazy chunk (nothing here is loaded on /login): the
// role's route table (packages/core), TanStack Query, the shell layout and the toasts (their host
// loaded with the first toast). Only the role's own routes exist; unknown paths and / go to the
// role's home (spec section 2).
import type { Role } from '@console/core/roles';
import { HOME_PATH } from '@console/core/routes/menus';
import { ROUTE_TABLES } from '@console/core/routes/route-tables';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { queryClient } from '../lib/http/query-client.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { RoutePage } from './routing/route-page.tsx';

// The start-up (router.tsx) begins loading the opened page as soon as this chunk is in.
export { preloadRoutePage } from './routing/preload-route.ts';

const NotificationsHost = lazy(() => import('./notifications-host.tsx'));

/**
 * Mantine's toast host (and its transitions) is loaded once the first toast is asked for: toasts
 * wait in the notifications store meanwhile, and their time on screen starts when they show.
 */
const ToastHost = () => {
  const { notifications, queue } = useNotifications();
  const [isWanted, setIsWanted] = useState(false);
  if (!isWanted && notifications.length + queue.length > 0) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
};

const AuthenticatedApp = ({ role }: { role: Role }) => (
  <QueryClientProvider client={queryClient}>
    <Routes>
      <Route element={<AppLayout />}>
        {ROUTE_TABLES[role].map((route) => (
          <Route key={route.path} path={route.path} caseSensitive element={<RoutePage route={route} />} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to={HOME_PATH[role]} replace />} />
    </Routes>
    <ToastHost />
  </QueryClientProvider>
);

export default AuthenticatedApp;
