// Targeting lists' whole life through the screens in Chromium, as one ordered story:
// the advertiser uploads a file of 200,000 app bundles and watches the progress bar, reads the bad
// lines by number, uses the list as a block list in a campaign, adds and removes entries and reads
// the change log; uploads hashed e-mails and advertising ids and sees the audience become ready with
// its size, then includes it in a campaign; the admin curates a smart-app list that the advertiser
// then targets; the agency makes a list for its advertiser. Screens at 1440 and 390 px wide.
// Only setup that is not part of the story (the campaign to edit) goes through the API.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, screenshot, useE2E } from '../support/browser.ts';
import { campaignApi } from '../support/campaign-api.ts';
import { checkA11yAtRest, expectToast, pick, shownText } from '../support/console.ts';

const e2e = useE2E();
const { tokenOf, createCampaign, api } = campaignApi(e2e);

const LINES = 200_000;
/** 200,000 bundles with three bad lines (3, 1000 and 150000) and one repeat. */
const bundleFile = () => {
  const lines = Array.from({ length: LINES }, (_, i) => `com.story.game${i}`);
  lines[2] = 'not a bundle';
  lines[999] = 'https://example.com/app';
  lines[149_999] = 'bad bundle name';
  lines[10] = lines[11]!;
  return Buffer.from(`${lines.join('\n')}\n`);
};
const story = { applistId: 0, audienceId: 0, campaignId: 0, smartAppListId: 0 };

const wide = (page: Page) => page.setViewportSize({ width: 1440, height: 900 });
const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });
/** Signs in as another user in the same page (the stored session is dropped first). */
const switchUser = async (page: Page, user: (typeof DEMO_USERS)[keyof typeof DEMO_USERS]) => {
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, user);
};
/** Badges show upper case (CSS); compare their words. */
const lowerText = async (page: Page, testId: string) =>
  (await shownText(page.getByTestId(testId))).toLowerCase();
const noPageErrors = () => expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);

/** Types into a searchable (multi)select, picks the matching option and closes the list. */
describe('inventory lists, audiences and smart-app lists', () => {
  it('the advertiser uploads 200,000 bundles, watches the progress bar and reads the bad lines by number', async () => {
    const { page } = e2e;
    await wide(page);
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/inventory-list');
    await page.getByTestId('applist-add').click();
    await page.getByTestId('applist-name').fill('Blocked Games');
    await page.getByTestId('applist-mode-block').check();
    await page.getByTestId('entry-source').getByText('Upload a file').click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'games.txt', mimeType: 'text/plain', buffer: bundleFile() });
    await page.getByTestId('applist-save').click();
    // The bar shows while the file goes up, is checked and stored.
    const progress = page.getByTestId('upload-progress');
    await progress.waitFor();
    const phases = new Set<string>();
    for (let i = 0; i < 1800; i++) {
      const phase = (await progress.getAttribute('data-phase')) ?? '';
      phases.add(phase);
      if (phase === 'done' || phase === 'failed') break;
      await page.waitForTimeout(100);
    }
    expect(await progress.getAttribute('data-phase')).toBe('done');
    expect([...phases].some((phase) => ['sending', 'checking', 'storing'].includes(phase))).toBe(true);
    expect(await lowerText(page, 'upload-accepted')).toBe('199,996 added');
    expect(await lowerText(page, 'upload-duplicates')).toBe('1 duplicates merged');
    expect(await lowerText(page, 'upload-rejected')).toBe('3 rejected');
    expect(await shownText(page.getByTestId('rejected-line-3'))).toContain('not a bundle');
    expect(await shownText(page.getByTestId('rejected-line-150000'))).toContain('bad bundle name');
    await checkA11yAtRest(page);
    await screenshot(page, 'lists-upload-1440');
    await page.getByTestId('applist-open').click();
    await page.waitForURL(/\/inventory-list\/view\/\d+$/);
    story.applistId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await shownText(page.getByTestId('applist-entry-count'))).toBe('199,996');
    await page.getByTestId('entries-value').first().waitFor();
    await screenshot(page, 'lists-view-1440');
    await narrow(page);
    await screenshot(page, 'lists-view-390');
    await checkA11yAtRest(page);
    noPageErrors();
    // 200,000 lines through the embedded database on a shared machine: give it room.
  }, 240_000);

  it('uses it as a block list in a campaign, then adds and removes entries and reads the change log', async () => {
    const { page } = e2e;
    expect(story.applistId).toBeGreaterThan(0);
    const token = await tokenOf(DEMO_USERS.advertiser.email);
    story.campaignId = (await createCampaign(token, 'Lists Story Campaign')).campaign_id;
    await wide(page);
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/campaignEditForm/${story.campaignId}`);
    await page.getByTestId('campaign-step-targeting').click();
    await pick(page, 'targeting-applists-block', 'Blocked', /Blocked Games · 199,996 entries/);
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(new RegExp(`/campaign/${story.campaignId}$`));
    await expectToast(page);

    await page.goto(`/inventory-list/view/${story.applistId}`);
    expect(await shownText(page.getByTestId('applist-campaigns'))).toContain('Lists Story Campaign');
    await page.getByTestId('applist-edit').click();
    await page.getByTestId('applist-add-entries').fill('com.story.extra\nnot valid!');
    await page.getByTestId('applist-remove-entries').fill('com.story.game5');
    await page.getByTestId('applist-entries-save').click();
    await page.getByTestId('applist-edit-result').waitFor();
    expect(await shownText(page.getByTestId('applist-edit-result'))).toContain('1 added, 1 removed');
    expect(await shownText(page.getByTestId('rejected-line-2'))).toContain('not valid!');
    await screenshot(page, 'lists-edit-1440');
    // Deleting a list in use names the campaign.
    await page.getByTestId('applist-delete').click();
    await page.getByTestId('applist-delete-dialog-confirm').click();
    await page.getByText(/used by the campaign "Lists Story Campaign"/).waitFor();

    await page.goto(`/inventory-list/changelog/${story.applistId}`);
    const log = page.getByRole('table');
    await log.getByText('Entries changed').first().waitFor();
    const text = await shownText(log);
    expect(text).toContain('com.story.extra');
    expect(text).toContain('com.story.game5');
    // Counts read in the user's format (the change log formats them like the rest of the console).
    expect(text).toContain('199,996');
    await checkA11yAtRest(page);
    noPageErrors();
  });

  it('uploads e-mails and advertising ids, sees the audience go from processing to ready, and includes it', async () => {
    const { page } = e2e;
    await wide(page);
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/audience/create');
    await page.getByTestId('audience-name').fill('Story Buyers');
    await page
      .getByTestId('entry-paste')
      .fill(
        'jane@example.com\n6D92078A-8246-4BA4-AE5B-76104861E7DC\n38400000-8cf0-11bd-b23e-10b96e40000d\n' +
          'a'.repeat(64) +
          '\nnobody',
      );
    await page.getByTestId('audience-save').click();
    await page.getByTestId('audience-open').click({ timeout: 30_000 });
    await page.waitForURL(/\/audience\/view\/\d+$/);
    story.audienceId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => lowerText(page, 'audience-status'), { timeout: 20_000 }).toBe('ready');
    expect(await shownText(page.getByTestId('audience-size'))).toBe('4');
    await screenshot(page, 'audience-view-1440');
    await narrow(page);
    await screenshot(page, 'audience-view-390');
    await wide(page);

    await page.goto(`/campaignEditForm/${story.campaignId}`);
    await page.getByTestId('campaign-step-targeting').click();
    await pick(page, 'targeting-audiences-include', 'Story', /Story Buyers · 4 people/);
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(new RegExp(`/campaign/${story.campaignId}$`));
    const campaign = await api<{ audiences: { name: string; mode: string }[] }>(
      'GET',
      `/api/campaigns/${story.campaignId}`,
      await tokenOf(DEMO_USERS.advertiser.email),
    );
    expect(campaign.audiences).toEqual([expect.objectContaining({ name: 'Story Buyers', mode: 'INCLUDE' })]);
    noPageErrors();
  });

  it('the admin curates a smart-app list that the advertiser then targets', async () => {
    const { page } = e2e;
    await wide(page);
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/smart-apps');
    // The create form reads no list: no request for a list id 0 (it answered 400, retried up to six times).
    const listReads: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      if (/\/api\/smart-app-lists\/\d+/.test(request.url())) listReads.push(request.url());
    };
    page.on('request', onRequest);
    await page.getByTestId('smart-app-add').click();
    await page.getByTestId('smart-app-name').fill('Story Puzzle Hits');
    await page.getByTestId('smart-app-category').click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByTestId('smart-app-apps').fill('com.story.puzzle1\ncom.story.puzzle2\nid553834731');
    expect(listReads).toEqual([]);
    page.off('request', onRequest);
    await page.getByTestId('smart-app-save').click();
    await page.waitForURL(/\/admin\/smart-apps\/view\/\d+$/);
    expect(await shownText(page.getByTestId('smart-app-count'))).toBe('3');
    await screenshot(page, 'smart-apps-view-1440');
    await checkA11yAtRest(page);

    await switchUser(page, DEMO_USERS.advertiser);
    await page.goto(`/campaignEditForm/${story.campaignId}`);
    await page.getByTestId('campaign-step-targeting').click();
    await pick(page, 'targeting-smart-app-lists', 'Puzzle', /Story Puzzle Hits · 3 apps/);
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(new RegExp(`/campaign/${story.campaignId}$`));
    const campaign = await api<{ smart_app_lists: { name: string }[] }>(
      'GET',
      `/api/campaigns/${story.campaignId}`,
      await tokenOf(DEMO_USERS.advertiser.email),
    );
    expect(campaign.smart_app_lists).toEqual([expect.objectContaining({ name: 'Story Puzzle Hits' })]);
    noPageErrors();
  });

  it('an agency makes a site list for its advertiser; other tenants do not see it', async () => {
    const { page } = e2e;
    await narrow(page);
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/inventory-list/create');
    await pick(page, 'applist-advertiser', 'adv1', /adv1@demo\.test/);
    await page.getByTestId('applist-name').fill('Agency Sites');
    await page.getByTestId('applist-kind-site').check();
    await page.getByTestId('entry-paste').fill('HTTPS://News.Example.com/path\nexample.org\nco.uk');
    await page.getByTestId('applist-save').click();
    await page.getByTestId('applist-open').waitFor({ timeout: 30_000 });
    expect(await shownText(page.getByTestId('rejected-line-3'))).toContain('co.uk');
    await screenshot(page, 'lists-agency-create-390');
    await page.getByTestId('applist-open').click();
    await page.waitForURL(/\/agency\/inventory-list\/view\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect
      .poll(() => page.getByTestId('entries-value').allTextContents())
      .toEqual(['example.org', 'news.example.com']);

    await switchUser(page, DEMO_USERS.advertiser);
    await page.goto(`/inventory-list/view/${id}`);
    await page.getByTestId('load-state-error').waitFor();
    expect(await shownText(page.getByTestId('load-state-error'))).toContain('Inventory list not found.');
    noPageErrors();
  });
});
