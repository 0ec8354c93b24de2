import type { ReactNode } from 'react';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';

export const AppProviders = ({ children }: { children: ReactNode }) => (
  <AppThemeProvider>{children}</AppThemeProvider>
);
