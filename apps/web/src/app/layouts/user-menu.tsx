// The header user menu (spec section 2): who is signed in, the Dashboard / Insight360 switch,
// Settings, Profile and Logout. The button is drawn with the frame; the menu (user-menu-dropdown.tsx)
// loads when it is first hovered, focused or opened.
import { DASHBOARD_VIEW_EVENT } from '@console/core/constants';
import { Avatar, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, useEffect, useState } from 'react';
import { type OnDemandTargetProps, OpenOnDemand } from '../../components/on-demand.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useSession } from '../../lib/session/session-store.ts';
import {
  type DashboardView,
  readDashboardView,
  settingsPathFor,
  showsAccountDetails,
  switchDashboardView,
} from '../../lib/shell/shell-rules.ts';
import { useUserSettings } from '../../lib/user-settings/use-user-settings.ts';
import classes from './shell.module.css';

const loadUserMenuDropdown = () => import('./user-menu-dropdown.tsx');
const UserMenuDropdown = lazy(loadUserMenuDropdown);

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

  const target = (props: OnDemandTargetProps) => (
    <UnstyledButton
      className={classes.userButton}
      aria-label={t('userMenu.open', { name: shownName })}
      aria-haspopup="menu"
      data-testid="user-menu"
      {...props}
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
  );

  // The menu itself (Mantine's Menu) loads with its first opening (components/on-demand.tsx).
  return (
    <OpenOnDemand load={loadUserMenuDropdown} target={target}>
      <UserMenuDropdown
        target={target({})}
        hasDetails={hasDetails}
        fullName={fullName}
        settingsPath={settingsPath}
        view={view}
        onChooseView={chooseView}
      />
    </OpenOnDemand>
  );
};
