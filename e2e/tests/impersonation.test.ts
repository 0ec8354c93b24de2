// Impersonation (spec sections 2 and 4): admin acts as the agency, the
// agency as its advertiser; the Back To buttons restore the parents (to /agency/advertiser,
// /admin/users, /co-admin/users) and returning to admin drops the lower sessions; every call made
// with a child's token carries its parents' ids (admin_id, co_admin_id, agency_id).
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import {
  actAsThroughSelect,
  expectMenu,
  readStoredAuth,
  shownText,
  waitForPath,
} from '../support/console.ts';
import { expectedMenuPaths } from '../support/spec-menus.ts';

const e2e = useE2E();

const IDS = { admin: 1, coAdmin: 2, agency: 3, adv1: 4 } as const;

type ApiCall = { url: URL; authorization: string | undefined };

/** Records every /api/ request the page makes, with its Authorization header. */
const recordApiCalls = (page: Page): ApiCall[] => {
  const calls: ApiCall[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push({ url, authorization: request.headers().authorization });
  });
  return calls;
};

const callsWithToken = (calls: ApiCall[], token: string) =>
  calls.filter((call) => call.authorization === `Bearer ${token}`);

/** The calls (path and query) that lack one of the expected parent ids. */
const withoutParams = (calls: ApiCall[], params: Record<string, number>): string[] =>
  calls
    .filter((call) =>
      Object.entries(params).some(([name, id]) => call.url.searchParams.get(name) !== String(id)),
    )
    .map((call) => `${call.url.pathname}${call.url.search}`);

const backButtons = async (page: Page) => ({
  admin: await page.getByTestId('back-to-admin').count(),
  coAdmin: await page.getByTestId('back-to-co-admin').count(),
  agency: await page.getByTestId('back-to-agency').count(),
});

const AGENCY_MENU = expectedMenuPaths('AGENCY', { api_access: true, help_and_support: false });
const ADV1_MENU = expectedMenuPaths('ADVERTISER', { api_access: false, help_and_support: false });
const ADMIN_MENU = expectedMenuPaths('ADMIN', { api_access: false, help_and_support: false });
const CO_ADMIN_MENU = expectedMenuPaths('CO-ADMIN', { api_access: false, help_and_support: false });

describe('impersonation', () => {
  it('admin acts as the agency, the agency as adv1; Back To Agency, then Back To Admin; parents’ ids on every call', async () => {
    const { page } = e2e;
    const calls = recordApiCalls(page);
    await loginAs(page, DEMO_USERS.admin);

    // Admin -> agency: the agency's home and menu, 'Back To Admin' only.
    await actAsThroughSelect(page, 'agency', IDS.agency);
    await waitForPath(page, '/agency/dashboard');
    await expectMenu(page, AGENCY_MENU, 'AGENCY');
    await page.getByTestId('back-to-admin').waitFor();
    expect(await shownText(page.getByTestId('back-to-admin'))).toBe('Back To Admin');
    expect(await backButtons(page)).toEqual({ admin: 1, coAdmin: 0, agency: 0 });
    const asAgency = await readStoredAuth(page);
    expect(asAgency?.role).toBe('AGENCY');
    expect(asAgency?.user.user_primary_id).toBe(IDS.agency);
    expect(asAgency?.admin?.user_primary_id).toBe(IDS.admin);

    // Agency -> adv1: the advertiser's home, its balance, both Back buttons.
    await actAsThroughSelect(page, 'adv1', IDS.adv1);
    await waitForPath(page, '/dashboard');
    await expectMenu(page, ADV1_MENU, 'ADVERTISER');
    await expect.poll(() => shownText(page.getByTestId('advertiser-balance-value'))).toBe('$1,250.50');
    await page.getByTestId('back-to-agency').waitFor();
    expect(await shownText(page.getByTestId('back-to-agency'))).toBe('Back To Agency');
    expect(await shownText(page.getByTestId('back-to-admin'))).toBe('Back To Admin');
    expect(await backButtons(page)).toEqual({ admin: 1, coAdmin: 0, agency: 1 });
    const asAdv1 = await readStoredAuth(page);
    expect(asAdv1?.role).toBe('ADVERTISER');
    expect(asAdv1?.user.user_primary_id).toBe(IDS.adv1);
    expect(asAdv1?.agency?.user_primary_id).toBe(IDS.agency);
    expect(asAdv1?.admin?.user_primary_id).toBe(IDS.admin);

    // Every call made with adv1's token names both parents.
    const adv1Calls = callsWithToken(calls, asAdv1!.user.token);
    expect(adv1Calls.map((call) => call.url.pathname)).toContain('/api/campaning/getAdvertiserBalance');
    expect(withoutParams(adv1Calls, { admin_id: IDS.admin, agency_id: IDS.agency })).toEqual([]);
    // ... and the agency's calls (while admin acts as it) name the admin.
    const agencyCalls = callsWithToken(calls, asAgency!.user.token);
    expect(agencyCalls.length).toBeGreaterThan(0);
    expect(withoutParams(agencyCalls, { admin_id: IDS.admin })).toEqual([]);

    // Back To Agency: the agency again, on its advertisers' list; admin still held.
    await page.getByTestId('back-to-agency').click();
    await waitForPath(page, '/agency/advertiser');
    await expectMenu(page, AGENCY_MENU, 'AGENCY');
    await expect.poll(() => backButtons(page)).toEqual({ admin: 1, coAdmin: 0, agency: 0 });
    const backAtAgency = await readStoredAuth(page);
    expect(backAtAgency?.role).toBe('AGENCY');
    expect(backAtAgency?.user.user_primary_id).toBe(IDS.agency);
    expect(backAtAgency?.advertiser).toBeUndefined();
    expect(backAtAgency?.admin?.user_primary_id).toBe(IDS.admin);
    await page.getByTestId('user-menu').click();
    expect(await shownText(page.getByTestId('user-menu-email'))).toBe(DEMO_USERS.agency.email);
    await page.keyboard.press('Escape');

    // adv1 again, then straight Back To Admin: the admin on /admin/users, lower sessions dropped.
    await actAsThroughSelect(page, 'adv1', IDS.adv1);
    await waitForPath(page, '/dashboard');
    await page.getByTestId('back-to-admin').click();
    await waitForPath(page, '/admin/users');
    await expectMenu(page, ADMIN_MENU, 'ADMIN');
    await expect.poll(() => backButtons(page)).toEqual({ admin: 0, coAdmin: 0, agency: 0 });
    const backAtAdmin = await readStoredAuth(page);
    expect(backAtAdmin?.role).toBe('ADMIN');
    expect(backAtAdmin?.user.user_primary_id).toBe(IDS.admin);
    expect(backAtAdmin?.agency).toBeUndefined();
    expect(backAtAdmin?.advertiser).toBeUndefined();
    expect(backAtAdmin?.co_admin).toBeUndefined();
    expect(e2e.pageErrors.map((err) => err.message)).toEqual([]);
  });

  it('co-admin acts as the agency and goes Back To Co-Admin (/co-admin/users); the agency’s calls carry co_admin_id', async () => {
    const { page } = e2e;
    const calls = recordApiCalls(page);
    await loginAs(page, DEMO_USERS.coAdmin);
    await actAsThroughSelect(page, 'agency', IDS.agency);
    await waitForPath(page, '/agency/dashboard');
    await expectMenu(page, AGENCY_MENU, 'AGENCY');
    await page.getByTestId('back-to-co-admin').waitFor();
    expect(await shownText(page.getByTestId('back-to-co-admin'))).toBe('Back To Co-Admin');
    expect(await backButtons(page)).toEqual({ admin: 0, coAdmin: 1, agency: 0 });
    const asAgency = await readStoredAuth(page);
    expect(asAgency?.co_admin?.user_primary_id).toBe(IDS.coAdmin);
    const agencyCalls = callsWithToken(calls, asAgency!.user.token);
    expect(agencyCalls.length).toBeGreaterThan(0);
    expect(withoutParams(agencyCalls, { co_admin_id: IDS.coAdmin })).toEqual([]);

    await page.getByTestId('back-to-co-admin').click();
    await waitForPath(page, '/co-admin/users');
    await expectMenu(page, CO_ADMIN_MENU, 'CO-ADMIN');
    await expect.poll(() => backButtons(page)).toEqual({ admin: 0, coAdmin: 0, agency: 0 });
    const back = await readStoredAuth(page);
    expect(back?.role).toBe('CO-ADMIN');
    expect(back?.agency).toBeUndefined();
    expect(e2e.pageErrors.map((err) => err.message)).toEqual([]);
  });
});
