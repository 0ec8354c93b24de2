import type { CompanyConfig } from '../../lib/config/use-company-config.ts';
import { formatCopyright } from '../../lib/shell/shell-rules.ts';

/** Spec section 2: the copyright start year to the current year, then the footer text. */
export const AppFooter = ({ config, className }: { config: CompanyConfig; className?: string }) => {
  const copyright = formatCopyright(config.footer.startYear, new Date().getFullYear());
  return (
    <footer className={className} data-testid="app-footer">
      {copyright} {config.footer.text}
    </footer>
  );
};
