// Before anything that could build a zod schema (see the module).
import './lib/zod-jitless.ts';
// Mantine's base styles only (its CSS variables are written by MantineProvider, see
// app-theme-provider.tsx); each component's stylesheet is imported where it is used, so that
// /login does not pay for the whole kit (budget: 120 KB gzip of JS and CSS,
// e2e/tests/login-weight.test.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { STORAGE_KEYS } from '@console/core/constants';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadSignedInRouter } from './app/load-signed-in-router.ts';
import { userTimeZone } from './lib/format/date-time.ts';
import { preloadNamespaces } from './lib/i18n/locale-store.ts';
import { startSession } from './lib/session/session-store.ts';

const hasStoredSession = () => {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.auth) !== null;
  } catch {
    return false;
  }
};

const bootstrap = async () => {
  // The session is decrypted from storage before the first render, so guards never see a
  // logged-out flash on reload.
  const ready = Promise.all([preloadNamespaces(['common', 'layout']), startSession()]);
  if (hasStoredSession()) {
    // The signed-in router (and through it the frame and the opened page) is requested now, with
    // the texts and the session, rather than after them: one round of requests less before the frame.
    void loadSignedInRouter().catch(() => undefined);
    // A signed-in page shows times in the user's zone: the first date formatter (ICU's data, 136 ms
    // on a slow phone) is built here, while the texts and the session are on their way, rather than
    // in the page's first render. /login does not need it.
    userTimeZone();
  }
  await ready;
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

void bootstrap();
