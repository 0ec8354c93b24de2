// The console's routes (spec section 2). Logged out: only the public routes, anything else goes to
// /login. Logged in: the role's routes (authenticated-app.tsx, generated from the role tables of
// packages/core); unknown paths and / go to the role's home. /maintenance and /documentation/* stay
// open to everyone; /login, /register and /forgot-password lead a signed-in user home.
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import LoginPage from '../features/auth/login-page.tsx';
import { useCompanyConfig } from '../lib/config/use-company-config.ts';
import { setAppNavigator } from '../lib/navigation/app-navigator.ts';
import { formatDocumentTitle } from '../lib/routing/document-title.ts';
import { useSession } from '../lib/session/session-store.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { PageSpinner } from './page-spinner.tsx';

const AuthenticatedApp = lazy(() => import('./authenticated-app.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page.tsx'));
const MaintenancePage = lazy(() => import('../features/public/maintenance-page.tsx'));
const DocumentationPage = lazy(() => import('../features/public/documentation-page.tsx'));

const Lazy = ({ children, fullScreen = false }: { children: ReactNode; fullScreen?: boolean }) => (
  <Suspense fallback={<PageSpinner fullScreen={fullScreen} />}>{children}</Suspense>
);

/** Lets session actions and the HTTP client navigate (logout, 401, impersonation). */
const NavigatorBridge = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setAppNavigator((path, options) => navigate(path, options));
    return () => setAppNavigator(null);
  }, [navigate]);
  return null;
};

/** Spec section 2: the capitalised path, then the meta title, then the company name. */
const DocumentTitle = () => {
  const { pathname } = useLocation();
  const { config } = useCompanyConfig();
  useEffect(() => {
    document.title = formatDocumentTitle(pathname, config?.meta?.title, config?.company?.name);
  }, [pathname, config]);
  return null;
};

const AppRoutes = () => {
  const { auth } = useSession();
  const role = auth?.role ?? null;
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {role === null ? (
          <>
            <Route path="/login" element={<LoginPage />} />
            <Route
              path="/register"
              element={
                <Lazy>
                  <RegisterPage />
                </Lazy>
              }
            />
            <Route
              path="/forgot-password"
              element={
                <Lazy>
                  <ForgotPasswordPage />
                </Lazy>
              }
            />
          </>
        ) : null}
        <Route
          path="/maintenance"
          element={
            <Lazy>
              <MaintenancePage />
            </Lazy>
          }
        />
        <Route
          path="/documentation/general"
          element={
            <Lazy>
              <DocumentationPage section="general" />
            </Lazy>
          }
        />
        <Route
          path="/documentation/console"
          element={
            <Lazy>
              <DocumentationPage section="console" />
            </Lazy>
          }
        />
      </Route>
      {role ? (
        <Route
          path="*"
          element={
            <Lazy fullScreen>
              <AuthenticatedApp role={role} />
            </Lazy>
          }
        />
      ) : (
        <Route path="*" element={<Navigate to="/login" replace />} />
      )}
    </Routes>
  );
};

export const AppRouter = () => (
  <BrowserRouter>
    <NavigatorBridge />
    <DocumentTitle />
    <AppRoutes />
  </BrowserRouter>
);
