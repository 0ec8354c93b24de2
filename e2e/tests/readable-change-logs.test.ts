// Readable change logs in Chromium: each role makes a change (renames a campaign
// and changes its budget), then reads the campaign's change log, which shows the change by the
// fields' labels, the budget in dollars and the advertiser by name (not its id); then the role's
// main pages and change logs show no internal field name: no visible text like a snake_case key.
// Only e-mail addresses and URLs (which may hold such words) are left out of the scan.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, type DemoUser, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi, campaignBody, USD } from '../support/campaign-api.ts';
import { shownText } from '../support/console.ts';
import { expectedMenuPaths } from '../support/spec-menus.ts';

const e2e = useE2E();
const { api, tokenOf, createCampaign } = campaignApi(e2e);

const SNAKE_CASE = /\b[a-z]+_[a-z_]+\b/g;
/** User-facing text that may hold snake_case words: e-mail addresses and URLs. */
const ALLOWED = [/\S+@\S+\.\w+/g, /\bhttps?:\/\/\S+/g];

/** The snake_case words of the text the page shows (its rendered text, e-mails and URLs left out). */
const snakeCaseShown = async (page: Page): Promise<string[]> => {
  let text = await shownText(page.locator('body'));
  for (const pattern of ALLOWED) text = text.replace(pattern, ' ');
  return [...new Set(text.match(SNAKE_CASE) ?? [])];
};

/** Waits until the page's data has loaded: nothing busy or loading, and the text stops changing. */
const settle = async (page: Page) => {
  await page.locator('nav[data-testid="main-menu"]').waitFor();
  let last = '';
  await expect
    .poll(
      async () => {
        const busy = await page.locator('[aria-busy="true"], .mantine-Loader-root').count();
        const text = await shownText(page.locator('main'));
        const stable = busy === 0 && text === last && text.trim() !== '';
        last = text;
        return stable;
      },
      { timeout: 20_000, interval: 400 },
    )
    .toBe(true);
};

/** Opens each path and collects what snake_case it shows, by path. */
const scan = async (page: Page, paths: string[]) => {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    const words = await snakeCaseShown(page);
    if (words.length > 0) found[path] = words;
  }
  return found;
};

type RoleCase = {
  user: DemoUser;
  /** The advertiser whose campaign the role changes (an agency's own advertiser for the agency). */
  owner: DemoUser;
  prefix: string;
  extra: (ids: SceneIds) => string[];
};
type SceneIds = {
  advertiserId: number;
  creativeId: number | undefined;
  /** A seeded campaign the role sees (its log holds exchanges, approvals and status moves). */
  seededCampaignId: number | undefined;
};

const CASES: RoleCase[] = [
  {
    user: DEMO_USERS.admin,
    owner: DEMO_USERS.advertiser,
    prefix: '/admin',
    extra: ({ advertiserId, creativeId, seededCampaignId }) => [
      `/admin/user/change-log/${advertiserId}`,
      ...(creativeId ? [`/admin/creative/changelog/${creativeId}`] : []),
      ...(seededCampaignId ? [`/admin/campaign/changelog/${seededCampaignId}`] : []),
    ],
  },
  {
    user: DEMO_USERS.coAdmin,
    owner: DEMO_USERS.advertiser,
    prefix: '/co-admin',
    extra: ({ advertiserId, seededCampaignId }) => [
      `/co-admin/user/change-log/${advertiserId}`,
      ...(seededCampaignId ? [`/co-admin/campaign/changelog/${seededCampaignId}`] : []),
    ],
  },
  {
    user: DEMO_USERS.agency,
    owner: DEMO_USERS.adv1,
    prefix: '/agency',
    extra: ({ advertiserId, creativeId, seededCampaignId }) => [
      `/agency/changeLog/${advertiserId}`,
      ...(creativeId ? [`/agency/creative/changelog/${creativeId}`] : []),
      ...(seededCampaignId ? [`/agency/campaign/changelog/${seededCampaignId}`] : []),
    ],
  },
  {
    user: DEMO_USERS.advertiser,
    owner: DEMO_USERS.advertiser,
    prefix: '',
    extra: ({ creativeId, seededCampaignId }) => [
      ...(creativeId ? [`/campaign/creative/changelog/${creativeId}`] : []),
      ...(seededCampaignId ? [`/campaign/changelog/${seededCampaignId}`] : []),
    ],
  },
];

describe('readable change logs', () => {
  for (const { user, owner: ownerUser, prefix, extra } of CASES) {
    it(`${user.email} (${user.role}): a budget change reads as money and names, and no page shows a field's internal name`, async () => {
      const { page } = e2e;
      // The scene: an advertiser's campaign, which this role renames and gives a new budget.
      const owner = await tokenOf(ownerUser.email);
      const token = await tokenOf(user.email);
      const tag = Math.random().toString(36).slice(2, 7);
      const before = `Readable ${tag}`;
      const after = `Readable ${tag} renamed`;
      const { campaign_id: campaignId } = await createCampaign(owner, before);
      const detail = await api<
        Record<string, unknown> & { advertiser: { user_primary_id: number; companyName: string } }
      >('GET', `/api/campaigns/${campaignId}`, owner);
      await api(
        'PUT',
        `/api/campaigns/${campaignId}`,
        token,
        campaignBody(after, { total_budget_micros: 2_500.75 * USD }),
      );
      const creatives = await api<{ items: { creative_primary_id: number }[] }>(
        'GET',
        '/api/creatives',
        owner,
      );
      const seeded = await api<{ items: { campaign_id: number; name: string }[] }>(
        'GET',
        '/api/campaigns',
        token,
      );
      const ids: SceneIds = {
        advertiserId: detail.advertiser.user_primary_id,
        creativeId: creatives.items[0]?.creative_primary_id,
        seededCampaignId: seeded.items.find((item) => !item.name.startsWith('Readable'))?.campaign_id,
      };
      // An inventory list of the advertiser's, whose default use this role changes.
      const { applist_id: applistId } = await api<{ applist_id: number }>('POST', '/api/applists', owner, {
        name: `Readable sites ${tag}`,
        kind: 'SITE',
        default_mode: 'BLOCK',
        entries: ['example.com', 'news.example.org'],
      });
      await api('PATCH', `/api/applists/${applistId}`, token, { default_mode: 'ALLOW' });
      // Staff also change the advertiser's settings: its log then holds a margin and settings.
      const staff = user.role === 'ADMIN' || user.role === 'CO-ADMIN';
      // A target CPA of its own per role, so that each staff role's edit is a change.
      const targetCpa = user.role === 'ADMIN' ? 1_234_567 : 2_345_678;
      if (staff) {
        const configPath = `/api/admin/users/${ids.advertiserId}/config`;
        const config = await api<{ margin_bps: number }>('GET', configPath, token);
        await api('PUT', configPath, token, {
          ...config,
          margin_bps: config.margin_bps + 125,
          optimisation: { auto_bid: true, target_cpa_micros: targetCpa, block_low_ctr_placements: true },
        });
      }

      await loginAs(page, user);
      const logPath = `${prefix}/campaign/changelog/${campaignId}`;
      await page.goto(logPath);
      await settle(page);
      const rows = page.locator('[data-testid="change-log-changes"]');
      // Newest first: the update, then the creation.
      const update = await shownText(rows.first());
      expect(update).toMatch(/Total budget:\s*\$1,000\.00\s*\$2,500\.75/);
      expect(update).toMatch(new RegExp(`Name:\\s*${before}\\s*${after}`));
      const created = await shownText(rows.last());
      expect(created).toMatch(new RegExp(`Advertiser:\\s*—\\s*${detail.advertiser.companyName}`));
      expect(created).not.toMatch(new RegExp(`Advertiser:\\s*—\\s*${ids.advertiserId}\\b`));
      expect(created).toMatch(/Status:\s*—\s*Draft/);
      expect(await snakeCaseShown(page)).toEqual([]);
      // The scan sees what the page shows: an internal name put on the page is found.
      await page.locator('main').evaluate((main) => {
        const probe = document.createElement('span');
        probe.id = 'snake-probe';
        probe.textContent = 'total_budget_micros';
        main.append(probe);
      });
      expect(await snakeCaseShown(page)).toEqual(['total_budget_micros']);
      await page.locator('#snake-probe').evaluate((probe) => probe.remove());

      await page.goto(`${prefix}/inventory-list/changelog/${applistId}`);
      await settle(page);
      const listRows = page.locator('[data-testid="change-log-changes"]');
      expect(await shownText(listRows.first())).toMatch(/Default use:\s*Block\s*Allow/);
      const listCreated = await shownText(listRows.last());
      expect(listCreated).toMatch(/Kind:\s*—\s*Site/);
      expect(listCreated).toMatch(/Entries added:\s*—\s*2/);
      expect(await shownText(page.getByTestId('change-log-chips').last())).toMatch(/example\.com/);
      expect(await snakeCaseShown(page)).toEqual([]);

      if (staff) {
        await page.goto(`${prefix}/user/change-log/${ids.advertiserId}`);
        await settle(page);
        const settings = await shownText(page.locator('[data-testid="change-log-changes"]').first());
        expect(settings).toMatch(/Margin:\s*\d+\.\d\d%\s*\d+\.\d\d%/);
        expect(settings).toContain(`Target CPA: $${(targetCpa / USD).toFixed(2)}`);
        expect(settings).toContain('Automatic bidding: Yes');
      }

      const menu = expectedMenuPaths(user.role, { api_access: false, help_and_support: false });
      expect(await scan(page, [...menu, ...extra(ids)])).toEqual({});
      expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
    });
  }
});
