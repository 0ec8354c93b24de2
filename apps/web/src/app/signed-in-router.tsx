// The router of a signed-in user (react-router, loaded only after sign-in): the role's routes
// (authenticated-app.tsx, generated from the role tables of packages/core); unknown paths and / go
// to the role's home, /login, /register and /forgot-password too. /maintenance and
// /documentation/* stay open.
import type { Role } from '@console/core/roles';
import { lazy, useEffect } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { notifyLocationChange, setAppNavigator } from '../lib/navigation/app-navigator.ts';
import { getAuth, subscribeAuth } from '../lib/session/auth-state.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { Lazy } from './lazy-page.tsx';
import { OPEN_PAGES } from './public-pages.tsx';

/**
 * Requested when this module runs, while the frame's texts are still loading, and the opened address's page
 * with it: the frame then shows after one round of requests, not a chain (the page's own
 * placeholder until the page is in). Not in the entry chunk: its list of files would weigh on /login.
 * main.tsx may load this module before the stored session is read: the page is then asked for
 * as soon as the session is in.
 */
const authenticatedApp = import('./authenticated-app.tsx').then((app) => {
  const preload = () => {
    const role = getAuth()?.role;
    if (role) void app.preloadRoutePage(role, window.location.pathname);
    return role !== undefined;
  };
  if (!preload()) {
    const stop = subscribeAuth(() => {
      if (preload()) stop();
    });
  }
  return app;
});
const AuthenticatedApp = lazy(() => authenticatedApp);

/** Lets session actions, the HTTP client and the public links navigate through the router. */
const NavigatorBridge = () => {
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => {
    setAppNavigator((path, options) => navigate(path, options));
    return () => setAppNavigator(null);
  }, [navigate]);
  // Every navigation has a new key: the readers of useAppLocation (the document title) follow.
  useEffect(() => {
    if (key) notifyLocationChange();
  }, [key]);
  return null;
};

const PublicFrame = () => (
  <PublicLayout>
    <Outlet />
  </PublicLayout>
);

const SignedInRouter = ({ role }: { role: Role }) => (
  <BrowserRouter>
    <NavigatorBridge />
    <Routes>
      <Route element={<PublicFrame />}>
        {Object.entries(OPEN_PAGES).map(([path, page]) => (
          <Route key={path} path={path} element={<Lazy>{page()}</Lazy>} />
        ))}
      </Route>
      <Route
        path="*"
        element={
          <Lazy fullScreen>
            <AuthenticatedApp role={role} />
          </Lazy>
        }
      />
    </Routes>
  </BrowserRouter>
);

export default SignedInRouter;
