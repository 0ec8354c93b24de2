// The frame of the public screens (login, register, forgot password, maintenance, documentation):
// the agency's logo, a language picker, the page (which brings its own card and <main>), the footer.

import type { ReactNode } from 'react';
import { useCompanyConfig } from '../../lib/config/use-company-config.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { AppLink } from '../../lib/navigation/app-link.tsx';
import { formatCopyright } from '../../lib/shell/shell-rules.ts';
import { LanguagePicker } from './language-picker.tsx';
import classes from './public-layout.module.css';

export const PublicLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('layout');
  const { config } = useCompanyConfig();
  const companyName = config?.company.name ?? '';
  const logoSrc = config?.company.logoSrc;

  return (
    <div className={classes.page} data-testid="public-layout">
      <div className={classes.band} aria-hidden="true" />
      <header className={classes.header}>
        <AppLink to="/" className={classes.logoLink} aria-label={t('topbar.home', { company: companyName })}>
          {logoSrc ? (
            <img className={classes.logo} src={logoSrc} alt={companyName} />
          ) : (
            <span className={classes.companyName}>{companyName}</span>
          )}
        </AppLink>
        <div className={classes.tools}>
          <LanguagePicker />
        </div>
      </header>
      <div className={classes.content}>{children}</div>
      {config && (
        <footer className={classes.footer} data-testid="public-footer">
          {formatCopyright(config.footer.startYear, new Date().getFullYear())} {config.footer.text}
        </footer>
      )}
    </div>
  );
};
