// The header user menu (spec section 2): who is signed in, the Dashboard / Insight360 switch,
// Settings, Profile and Logout.
import { DASHBOARD_VIEW_EVENT } from '@console/core/constants';
import { PROFILE_PATH } from '@console/core/routes/menus';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import {
  IconChartDots3,
  IconCheck,
  IconChevronDown,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { logout, useSession } from '../../lib/session/session-store.ts';
import {
  canSwitchDashboard,
  type DashboardView,
  readDashboardView,
  settingsPathFor,
  showsAccountDetails,
  switchDashboardView,
} from '../../lib/shell/shell-rules.ts';
import { useUserSettings } from '../../lib/user-settings/use-user-settings.ts';
import classes from './shell.module.css';

const initialsOf = (firstName: string, lastName: string, email: string): string => {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return (letters || email.charAt(0)).toUpperCase();
};

const readStoredView = (): DashboardView => {
  try {
    return readDashboardView(window.localStorage);
  } catch {
    return 'old';
  }
};

export const UserMenu = () => {
  const { t } = useTranslation('layout');
  const { auth } = useSession();
  const settings = useUserSettings();
  const [view, setView] = useState<DashboardView>(readStoredView);

  // The dashboard may switch the view itself; follow its announcement.
  useEffect(() => {
    const follow = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (detail === 'old' || detail === 'new') setView(detail);
    };
    window.addEventListener(DASHBOARD_VIEW_EVENT, follow);
    return () => window.removeEventListener(DASHBOARD_VIEW_EVENT, follow);
  }, []);
  if (!auth) return null;

  const { user, role } = auth;
  const hasDetails = showsAccountDetails(role);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const settingsPath = settingsPathFor(role, settings);
  const shownName = hasDetails && fullName ? fullName : user.email;
  const chooseView = (next: DashboardView) => {
    setView(next);
    switchDashboardView(next);
  };

  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          aria-label={t('userMenu.open', { name: shownName })}
          data-testid="user-menu"
        >
          <Avatar size={32} radius="xl" color="brand" variant="filled" aria-hidden="true">
            {/* Drawn by CSS so that the accessible name (the label) contains all visible text. */}
            <span
              className={classes.initials}
              data-initials={initialsOf(user.firstName, user.lastName, user.email)}
            />
          </Avatar>
          <span className={`${classes.userName} ${classes.hideOnPhone}`}>{shownName}</span>
          <IconChevronDown size={14} aria-hidden="true" className={classes.hideOnPhone} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="user-menu-dropdown">
        <Menu.Label data-testid="user-menu-email">{user.email}</Menu.Label>
        {hasDetails && (
          <>
            {user.companyName && <Menu.Label data-testid="user-menu-company">{user.companyName}</Menu.Label>}
            {fullName && <Menu.Label data-testid="user-menu-name">{fullName}</Menu.Label>}
            <Menu.Label data-testid="user-menu-user-id">
              {t('userMenu.userId', { id: user.user_primary_id })}
            </Menu.Label>
          </>
        )}
        <Menu.Divider />
        {canSwitchDashboard(role, settings) && (
          <>
            <Menu.Label>{t('userMenu.dashboardView')}</Menu.Label>
            <Menu.Item
              aria-current={view === 'old' ? 'true' : undefined}
              leftSection={<IconLayoutDashboard size={16} aria-hidden="true" />}
              rightSection={view === 'old' ? <IconCheck size={16} aria-hidden="true" /> : null}
              onClick={() => chooseView('old')}
              data-testid="dashboard-view-old"
            >
              {t('userMenu.dashboardOld')}
            </Menu.Item>
            <Menu.Item
              aria-current={view === 'new' ? 'true' : undefined}
              leftSection={<IconChartDots3 size={16} aria-hidden="true" />}
              rightSection={view === 'new' ? <IconCheck size={16} aria-hidden="true" /> : null}
              onClick={() => chooseView('new')}
              data-testid="dashboard-view-new"
            >
              {t('userMenu.dashboardNew')}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        {settingsPath && (
          <Menu.Item
            component={Link}
            to={settingsPath}
            leftSection={<IconSettings size={16} aria-hidden="true" />}
            data-testid="user-menu-settings"
          >
            {t('userMenu.settings')}
          </Menu.Item>
        )}
        <Menu.Item
          component={Link}
          to={PROFILE_PATH[role]}
          leftSection={<IconUser size={16} aria-hidden="true" />}
          data-testid="user-menu-profile"
        >
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
