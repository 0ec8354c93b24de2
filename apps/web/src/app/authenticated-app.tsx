// Everything a signed-in user needs, as one lazy chunk (nothing here is loaded on /login): the
// role's route table (packages/core), TanStack Query, the shell layout and the toasts. Only the
// role's own routes exist; unknown paths and / go to the role's home (spec section 2).
import type { Role } from '@console/core/roles';
import { HOME_PATH } from '@console/core/routes/menus';
import { ROUTE_TABLES } from '@console/core/routes/route-tables';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { queryClient } from '../lib/http/query-client.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import NotificationsHost from './notifications-host.tsx';
import { RoutePage } from './routing/route-page.tsx';

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
    <NotificationsHost />
  </QueryClientProvider>
);

export default AuthenticatedApp;
