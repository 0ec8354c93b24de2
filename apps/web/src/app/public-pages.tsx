// The public screens by path, shared by the logged-out shell (router.tsx) and the signed-in router.
// Login is in the entry chunk (it is the first screen of most visits); the others load on demand.
import { lazy, type ReactNode } from 'react';
import LoginPage from '../features/auth/login-page.tsx';

const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page.tsx'));
const MaintenancePage = lazy(() => import('../features/public/maintenance-page.tsx'));
const DocumentationPage = lazy(() => import('../features/public/documentation-page.tsx'));

/** Open to everyone, signed in or not. */
export const OPEN_PAGES: Record<string, () => ReactNode> = {
  '/maintenance': () => <MaintenancePage />,
  '/documentation/general': () => <DocumentationPage section="general" />,
  '/documentation/console': () => <DocumentationPage section="console" />,
};

/** Only for visitors who are not signed in (a signed-in user goes home instead). */
export const LOGGED_OUT_PAGES: Record<string, () => ReactNode> = {
  '/login': () => <LoginPage />,
  '/register': () => <RegisterPage />,
  '/forgot-password': () => <ForgotPasswordPage />,
};
