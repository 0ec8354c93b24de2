import { DASHBOARD_VIEW_EVENT, STORAGE_KEYS } from '@console/core/constants';
import { ROLES } from '@console/core/roles';
import { MENUS, SETTINGS_PATH } from '@console/core/routes/menus';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canActAs,
  canSwitchDashboard,
  formatCopyright,
  menuItemHref,
  readDashboardView,
  settingsPathFor,
  showsAccountDetails,
  switchDashboardView,
} from '../../src/lib/shell/shell-rules.ts';

describe('header user menu rules (spec sections 2 and 6)', () => {
  it('shows company, names and user ID to non-admins only', () => {
    expect(showsAccountDetails('ADMIN')).toBe(false);
    expect(showsAccountDetails('CO-ADMIN')).toBe(false);
    expect(showsAccountDetails('AGENCY')).toBe(true);
    expect(showsAccountDetails('ADVERTISER')).toBe(true);
  });

  it('offers the Dashboard / Insight360 switch always to admins, to others only with insight_dashboard', () => {
    expect(canSwitchDashboard('ADMIN', {})).toBe(true);
    expect(canSwitchDashboard('CO-ADMIN', {})).toBe(true);
    expect(canSwitchDashboard('AGENCY', {})).toBe(false);
    expect(canSwitchDashboard('ADVERTISER', { insight_dashboard: false })).toBe(false);
    expect(canSwitchDashboard('ADVERTISER', { insight_dashboard: true })).toBe(true);
    expect(canSwitchDashboard('AGENCY', { insight_dashboard: true })).toBe(true);
  });

  it('offers Settings to advertiser and agency with postback ENABLED or api_access, never to admins', () => {
    expect(settingsPathFor('ADVERTISER', {})).toBeNull();
    expect(settingsPathFor('ADVERTISER', { postback_enabled: 'DISABLED' })).toBeNull();
    expect(settingsPathFor('ADVERTISER', { postback_enabled: 'ENABLED' })).toBe('/advertiser-settings');
    expect(settingsPathFor('AGENCY', { api_access: true })).toBe('/agency/agency-settings');
    expect(settingsPathFor('AGENCY', { api_access: true })).toBe(SETTINGS_PATH.AGENCY);
    const everything = { postback_enabled: 'ENABLED', api_access: true, insight_dashboard: true } as const;
    expect(settingsPathFor('ADMIN', everything)).toBeNull();
    expect(settingsPathFor('CO-ADMIN', everything)).toBeNull();
  });

  it('lets admin, co-admin and agency act as a lower user', () => {
    expect(ROLES.filter(canActAs)).toEqual(['ADMIN', 'CO-ADMIN', 'AGENCY']);
  });
});

describe('menu targets', () => {
  it('sends Help & Support to the configured link and keeps the others', () => {
    const help = MENUS.ADVERTISER.find((item) => item.labelKey === 'menu.helpAndSupport')!;
    const docs = MENUS.ADVERTISER.find((item) => item.labelKey === 'menu.apiDocs')!;
    expect(menuItemHref(help, 'https://help.example.test')).toBe('https://help.example.test');
    expect(menuItemHref(docs, 'https://help.example.test')).toBe('/docs');
    expect(menuItemHref(MENUS.ADMIN[0], null)).toBe('/admin/dashboard');
  });
});

describe('formatCopyright', () => {
  it('spans the start year to the current year', () => {
    expect(formatCopyright(2019, 2025)).toBe('© 2019–2025');
  });

  it('shows one year when they are equal, or the start is missing or in the future', () => {
    expect(formatCopyright(2025, 2025)).toBe('© 2025');
    expect(formatCopyright(null, 2025)).toBe('© 2025');
    expect(formatCopyright(2030, 2025)).toBe('© 2025');
  });
});

describe('dashboard view', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads old unless new is stored', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readDashboardView(storage(null))).toBe('old');
    expect(readDashboardView(storage('new'))).toBe('new');
    expect(readDashboardView(storage('junk'))).toBe('old');
    expect(readDashboardView(undefined)).toBe('old');
  });

  it('stores the view and announces it with a dashboardViewChanged event', () => {
    const stored = new Map<string, string>();
    const events: CustomEvent[] = [];
    vi.stubGlobal('window', {
      localStorage: { setItem: (key: string, value: string) => stored.set(key, value) },
      dispatchEvent: (event: CustomEvent) => events.push(event),
    });
    switchDashboardView('new');
    expect(stored.get(STORAGE_KEYS.dashboardView)).toBe('new');
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe(DASHBOARD_VIEW_EVENT);
    expect(events[0]!.detail).toBe('new');
  });
});
