// Mantine's base styles only (its CSS variables are written by MantineProvider, see
// app-theme-provider.tsx); each component's stylesheet is imported where it is used, so that
// /login does not pay for the whole kit (bundle budget: 150 KB gzip).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n/i18n.ts';
import { startSession } from './lib/session/session-store.ts';

const bootstrap = async () => {
  // The session is decrypted from storage before the first render, so guards never see a
  // logged-out flash on reload.
  await Promise.all([initI18n(), startSession()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html.');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

void bootstrap();
