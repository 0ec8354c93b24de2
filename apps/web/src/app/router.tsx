// The console's routes (spec section 2). Logged out: only the public routes, anything else goes to
// /login (which brings the visitor back to the asked path after sign-in); this shell needs no router library, so /login stays light (docs/measuring.md budget). Logged in:
// the signed-in router (signed-in-router.tsx), loaded on sign-in.
import { lazy, useEffect } from 'react';
import { useCompanyConfig } from '../lib/config/use-company-config.ts';
import { navigateTo, useAppLocation } from '../lib/navigation/app-navigator.ts';
import { rememberDeepLink } from '../lib/navigation/deep-link.ts';
import { formatDocumentTitle } from '../lib/routing/document-title.ts';
import { useSession } from '../lib/session/session-store.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { Lazy } from './lazy-page.tsx';
import { loadSignedInRouter } from './load-signed-in-router.ts';
import { LOGGED_OUT_PAGES, OPEN_PAGES } from './public-pages.tsx';

// The signed-in app's locale files (with the frame's texts) come with the signed-in router, which
// starts loading the frame and the opened page as soon as it runs (signed-in-router.tsx). With a
// stored session main.tsx has started loading it already.
const SignedInRouter = lazy(loadSignedInRouter);

/** Spec section 2: the capitalised path, then the meta title, then the company name. */
const DocumentTitle = () => {
  const { pathname } = useAppLocation();
  const { config } = useCompanyConfig();
  useEffect(() => {
    document.title = formatDocumentTitle(pathname, config?.meta?.title, config?.company?.name);
  }, [pathname, config]);
  return null;
};

/** As the router matches: case-insensitive, a trailing slash ignored. */
const routeKey = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

const LoggedOutRoutes = () => {
  const { pathname, search, hash } = useAppLocation();
  const key = routeKey(pathname);
  const page = LOGGED_OUT_PAGES[key] ?? OPEN_PAGES[key];
  useEffect(() => {
    if (!page) {
      rememberDeepLink(pathname, search, hash);
      navigateTo('/login', { replace: true });
    }
  }, [page, pathname, search, hash]);
  if (!page) return null;
  return (
    <PublicLayout>
      <Lazy>{page()}</Lazy>
    </PublicLayout>
  );
};

export const AppRouter = () => {
  const { auth } = useSession();
  const role = auth?.role ?? null;
  return (
    <>
      <DocumentTitle />
      {role ? (
        <Lazy fullScreen>
          <SignedInRouter role={role} />
        </Lazy>
      ) : (
        <LoggedOutRoutes />
      )}
    </>
  );
};
