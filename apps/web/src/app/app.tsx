import { Suspense } from 'react';
import { ConfigGate } from './config-gate.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { AppProviders } from './providers.tsx';
import { AppRouter } from './router.tsx';

export const App = () => (
  <AppProviders>
    <Suspense fallback={<PageSpinner fullScreen />}>
      <ConfigGate>
        <AppRouter />
      </ConfigGate>
    </Suspense>
  </AppProviders>
);
