// Who sees what in the shell (spec sections 2 and 6), as pure functions the components and the
// unit tests share.
import { DASHBOARD_VIEW_EVENT, STORAGE_KEYS } from '@console/core/constants';
import { IMPERSONATION_TARGETS, isAdminRole, type Role } from '@console/core/roles';
import type { MenuItem } from '@console/core/routes/menus';
import { SETTINGS_PATH } from '@console/core/routes/paths';

export type UserSettingsFlags = {
  insight_dashboard?: boolean;
  postback_enabled?: 'ENABLED' | 'DISABLED';
  api_access?: boolean;
};

/** Admins see only their e-mail; the others also their company, names and user ID. */
export const showsAccountDetails = (role: Role): boolean => !isAdminRole(role);

/** The Dashboard / Insight360 switch: always for admins, otherwise only with insight_dashboard. */
export const canSwitchDashboard = (role: Role, settings: UserSettingsFlags): boolean =>
  isAdminRole(role) || settings.insight_dashboard === true;

/** The Settings entry of the user menu, or null when the role or its settings do not offer it. */
export const settingsPathFor = (role: Role, settings: UserSettingsFlags): string | null => {
  if (role !== 'ADVERTISER' && role !== 'AGENCY') return null;
  const isOffered = settings.postback_enabled === 'ENABLED' || settings.api_access === true;
  return isOffered ? SETTINGS_PATH[role] : null;
};

/** Admin, co-admin and agency may act as a lower user. */
export const canActAs = (role: Role): boolean => IMPERSONATION_TARGETS[role].length > 0;

/** Where a menu item leads: Help & Support's path names the config field holding its link. */
export const menuItemHref = (item: MenuItem, helpAndSupportLink: string | null | undefined): string =>
  item.requires === 'help_and_support' ? (helpAndSupportLink ?? '#') : item.path;

/** '© 2019–2025' or, when the years are equal, '© 2025'. */
export const formatCopyright = (startYear: number | null | undefined, currentYear: number): string => {
  const start = Number.isInteger(startYear) && startYear! > 0 ? startYear! : currentYear;
  return start >= currentYear ? `© ${currentYear}` : `© ${start}–${currentYear}`;
};

export const DASHBOARD_VIEWS = ['old', 'new'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

export const readDashboardView = (storage: Pick<Storage, 'getItem'> | undefined): DashboardView => {
  try {
    return storage?.getItem(STORAGE_KEYS.dashboardView) === 'new' ? 'new' : 'old';
  } catch {
    return 'old';
  }
};

/** Stores the view and announces it, so an open dashboard can switch without a reload. */
export const switchDashboardView = (view: DashboardView): void => {
  try {
    window.localStorage.setItem(STORAGE_KEYS.dashboardView, view);
  } catch {
    // Storage disabled: the event below still switches the open dashboard.
  }
  window.dispatchEvent(new CustomEvent(DASHBOARD_VIEW_EVENT, { detail: view }));
};
