// MantineProvider themed by the agency's company config (spec section 3), re-themed at run time
// when the config arrives: the Mantine theme, the --app-* variables on :root, and the favicon.
import { MantineProvider } from '@mantine/core';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useCompanyConfig } from '../../lib/config/use-company-config.ts';
import { resolveBrandColors } from '../../lib/theme/white-label.ts';
import { buildCssVariablesResolver, buildTheme } from './build-theme.ts';

const setFavicon = (href: string): void => {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
};

export const AppThemeProvider = ({ children }: { children: ReactNode }) => {
  const { config } = useCompanyConfig();
  const theme = config?.theme;
  const favicon = config?.company?.favicon;
  const colors = useMemo(() => resolveBrandColors(theme), [theme]);
  const mantineTheme = useMemo(() => buildTheme(colors), [colors]);
  const cssVariablesResolver = useMemo(() => buildCssVariablesResolver(colors), [colors]);

  useEffect(() => {
    if (favicon) setFavicon(favicon);
  }, [favicon]);

  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      // Writes every variable itself instead of only those that differ from Mantine's default
      // stylesheet, so /login does not load that stylesheet (about 4 KB gzip).
      deduplicateCssVariables={false}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
};
