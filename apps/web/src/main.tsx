// Before anything that could build a zod schema (see the module).
import './lib/zod-jitless.ts';
// Mantine's base styles only (its CSS variables are written by MantineProvider, see
// app-theme-provider.tsx); each component's stylesheet is imported where it is used, so that
// /login does not pay for the whole kit (budget: 120 KB gzip of JS and CSS,
// e2e/tests/login-weight.test.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadNamespaces } from './lib/i18n/locale-store.ts';
import { startSession } from './lib/session/session-store.ts';

const bootstrap = async () => {
  // The session is decrypted from storage before the first render, so guards never see a
  // logged-out flash on reload.
  await Promise.all([preloadNamespaces(['common', 'layout']), startSession()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

void bootstrap();
