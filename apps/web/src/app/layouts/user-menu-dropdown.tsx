// The header user menu's list (user-menu.tsx draws its button): loaded with its first opening, and
// mounted open.
import { PROFILE_PATH } from '@console/core/routes/menus';
import { Menu } from '@mantine/core';
import {
  IconChartDots3,
  IconCheck,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { logout, useSession } from '../../lib/session/session-store.ts';
import { canSwitchDashboard, type DashboardView } from '../../lib/shell/shell-rules.ts';
import { useUserSettings } from '../../lib/user-settings/use-user-settings.ts';

type UserMenuDropdownProps = {
  target: ReactElement;
  hasDetails: boolean;
  fullName: string;
  settingsPath: string | null;
  view: DashboardView;
  onChooseView: (view: DashboardView) => void;
};

const UserMenuDropdown = ({
  target,
  hasDetails,
  fullName,
  settingsPath,
  view,
  onChooseView: chooseView,
}: UserMenuDropdownProps) => {
  const { t } = useTranslation('layout');
  const { auth } = useSession();
  const settings = useUserSettings();
  if (!auth) return null;
  const { user, role } = auth;

  return (
    <Menu
      defaultOpened
      position="bottom-end"
      shadow="md"
      width={260}
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{target}</Menu.Target>
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

export default UserMenuDropdown;
