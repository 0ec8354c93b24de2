// The role's menu (spec sections 2 and 6), in the order of core's menu table, as a labelled nav
// landmark of links: vertical (sidebar, drawer) or horizontal (top navigation).
import { menuFor } from '@console/core/routes/menus';
import { IconExternalLink } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { OnDemandTooltip } from '../../components/on-demand.tsx';
import { useCompanyConfig } from '../../lib/config/use-company-config.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { menuItemHref } from '../../lib/shell/shell-rules.ts';
import { useUserSettings } from '../../lib/user-settings/use-user-settings.ts';
import type { SidebarType } from './layout-settings.ts';
import { MenuIcon } from './menu-icons.tsx';
import classes from './shell.module.css';

type MainMenuProps = {
  orientation: 'vertical' | 'horizontal';
  density?: SidebarType;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
};

export const MainMenu = ({ orientation, density = 'default', onNavigate }: MainMenuProps) => {
  const { t } = useTranslation('layout');
  const { auth } = useSession();
  const settings = useUserSettings();
  const { config } = useCompanyConfig();
  if (!auth) return null;

  const helpLink = config?.company.help_and_support_link;
  const items = menuFor(auth.role, {
    api_access: settings.api_access === true,
    help_and_support: config?.company.help_and_support === true && Boolean(helpLink),
  });
  const isIconOnly = orientation === 'vertical' && density === 'icon';

  return (
    <nav aria-label={t('nav.mainMenu')} data-testid="main-menu" data-orientation={orientation}>
      <ul className={classes.menuList} data-orientation={orientation} data-density={density}>
        {items.map((item) => {
          const label = t(item.labelKey);
          const content = (
            <>
              <span className={classes.menuIcon}>
                <MenuIcon name={item.icon} />
              </span>
              <span className={classes.menuLabel}>{label}</span>
              {item.external && (
                <IconExternalLink
                  className={classes.externalMark}
                  size={14}
                  aria-hidden="true"
                  focusable="false"
                />
              )}
            </>
          );
          const link = item.external ? (
            <a
              href={menuItemHref(item, helpLink)}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.menuLink}
              data-testid="menu-item"
              data-path={item.path}
              onClick={onNavigate}
            >
              {content}
            </a>
          ) : (
            <NavLink
              to={item.path}
              className={classes.menuLink}
              data-testid="menu-item"
              data-path={item.path}
              onClick={onNavigate}
            >
              {content}
            </NavLink>
          );
          return (
            <li key={item.labelKey}>
              {isIconOnly ? (
                <OnDemandTooltip label={label} position="right" withArrow openDelay={150}>
                  {link}
                </OnDemandTooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
