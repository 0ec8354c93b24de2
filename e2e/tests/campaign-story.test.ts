// A campaign's whole life, end to end through the screens in Chromium, as one
// ordered story: the advertiser uploads an image, a native, a video and an HTML creative; builds a
// targeted campaign with them in the guided form and submits it; the admin approves two of its
// exchanges and rejects the third with a reason in exchange approval, and approves the creatives on
// those exchanges in creative approval; the advertiser reads the statuses on the campaign and the
// creative and every step in the campaign's field-level change log; changes the bid range of two
// campaigns at once with the bulk edit; clones the campaign into a new one with the same targeting;
// the admin finds the campaign in the advertiser's campaign list and its owner change log.
// Only setup that is not part of the story (a second campaign for the bulk edit, the exchange list)
// goes through the API.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi, DAY, type Exchange } from '../support/campaign-api.ts';
import { pathOf, pick, shownText } from '../support/console.ts';
import { makeMp4, makePng } from '../support/media-fixtures.ts';

const e2e = useE2E();

type CreativeKind = 'image' | 'native' | 'video' | 'html';

const NAME = 'Story Autumn Launch';
const OTHER = 'Story Winter Teaser';
const CREATIVES: Record<CreativeKind, string> = {
  image: 'Story Banner',
  native: 'Story Native Card',
  video: 'Story Preroll',
  html: 'Story Rich Tag',
};
const REASON = 'Landing page is not allowed on this exchange';

/** State handed from one test to the next (the tests run in order, one browser context each). */
const story = {
  /** The first three exchanges the advertiser buys on: approved, approved, rejected. */
  exchanges: [] as Exchange[],
  creatives: {} as Record<CreativeKind, number>,
  campaignId: 0,
  otherId: 0,
  cloneId: 0,
  advertiserId: 0,
};

const { tokenOf, createCampaign, supportedExchanges } = campaignApi(e2e);

const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const idInPath = (page: Page) => Number(pathOf(page).split('/').pop());
const toast = (page: Page) => page.locator('[data-testid="toast-success"]').last();
const toastText = async (page: Page) => {
  await toast(page).waitFor();
  return shownText(toast(page));
};
const noPageErrors = () => expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);

/** Types into a searchable (multi)select, picks the matching option and closes the list. */
const rowAction = async (page: Page, menuTestId: string, action: string) => {
  await page.getByTestId(menuTestId).click();
  await page.getByTestId(`row-action-${action}`).click();
};

// ---- creatives ----

const creativeDialog = (page: Page) => page.getByRole('dialog', { name: /creative/i });

const newCreative = async (page: Page, type: 'Image' | 'Native' | 'Video' | 'HTML', name: string) => {
  await page.getByTestId('creative-new').click();
  const dialog = creativeDialog(page);
  await dialog.waitFor();
  await dialog.getByTestId('creative-type').getByText(type, { exact: true }).click();
  await dialog.getByTestId('creative-name').fill(name);
  return dialog;
};

/** Saves the dialog, lands on the creative's page and answers its id. */
const saveCreative = async (page: Page, dialog: Locator, name: string) => {
  await dialog.getByTestId('creative-submit').click();
  await page.waitForURL(/\/creative\/ViewCreative\/\d+$/);
  await expect.poll(() => page.getByTestId('creative-view-name').textContent()).toBe(name);
  expect(await page.getByTestId('creative-view-status').getAttribute('data-status')).toBe('PENDING');
  const id = idInPath(page);
  // The toast says so; closed, it no longer covers the "New creative" button.
  const saved = toast(page);
  expect(await toastText(page)).toContain(name);
  await saved.getByRole('button', { name: 'Close' }).click();
  await saved.waitFor({ state: 'detached' });
  await page.goBack();
  await page.getByTestId('creative-new').waitFor();
  return id;
};

// ---- campaign view ----

const exchangeRow = (page: Page, exchange: Exchange) => page.getByTestId(`campaign-exchange-${exchange.id}`);
const exchangeState = (page: Page, exchange: Exchange) =>
  exchangeRow(page, exchange).getByTestId('exchange-state').getAttribute('data-state');
const headerStatus = (page: Page) => page.getByTestId('campaign-header').getByTestId('campaign-status');

beforeAll(async () => {
  const advertiser = await tokenOf(DEMO_USERS.advertiser.email);
  story.exchanges = (await supportedExchanges(advertiser)).slice(0, 3);
  expect(story.exchanges.length, 'the demo advertiser buys on at least 3 exchanges').toBe(3);
  // Another campaign of the advertiser, for the bulk edit of several campaigns.
  story.otherId = (await createCampaign(advertiser, OTHER)).campaign_id;
});

describe('campaign story', () => {
  it('1. the advertiser uploads an image, a native, a video and an HTML creative', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/creatives');
    await page.getByTestId('creatives-table').waitFor();

    let dialog = await newCreative(page, 'Image', CREATIVES.image);
    await dialog.getByTestId('creative-image-file-input').setInputFiles({
      name: 'autumn banner 300-250.png',
      mimeType: 'image/png',
      buffer: makePng(300, 250),
    });
    await expect
      .poll(() => dialog.getByTestId('creative-image-file-facts').textContent())
      .toContain('300x250');
    await dialog.getByTestId('creative-click-url').fill('https://shop.example.com/autumn');
    story.creatives.image = await saveCreative(page, dialog, CREATIVES.image);

    dialog = await newCreative(page, 'Native', CREATIVES.native);
    await dialog.getByTestId('creative-native-title').fill('Autumn deals are here');
    await dialog.getByTestId('creative-native-sponsored').fill('Story Shop');
    await dialog.getByTestId('creative-native-cta').fill('Shop now');
    await dialog.getByTestId('creative-native-icon-input').setInputFiles({
      name: 'story icon.png',
      mimeType: 'image/png',
      buffer: makePng(64, 64),
    });
    await dialog.getByTestId('creative-native-main-input').setInputFiles({
      name: 'story main.png',
      mimeType: 'image/png',
      buffer: makePng(600, 314),
    });
    await expect
      .poll(() => dialog.getByTestId('creative-native-main-facts').textContent())
      .toContain('600x314');
    await dialog.getByTestId('creative-form-native-preview-icon').waitFor();
    await dialog.getByTestId('creative-click-url').fill('https://shop.example.com/native');
    story.creatives.native = await saveCreative(page, dialog, CREATIVES.native);

    dialog = await newCreative(page, 'Video', CREATIVES.video);
    await dialog.getByTestId('creative-video-file-input').setInputFiles({
      name: 'autumn preroll 15s.mp4',
      mimeType: 'video/mp4',
      buffer: makeMp4({ width: 640, height: 360, durationS: 15 }),
    });
    await expect
      .poll(() => dialog.getByTestId('creative-video-file-facts').textContent())
      .toContain('640x360');
    await dialog.getByTestId('creative-click-url').fill('https://watch.example.com/autumn');
    story.creatives.video = await saveCreative(page, dialog, CREATIVES.video);

    dialog = await newCreative(page, 'HTML', CREATIVES.html);
    await dialog
      .getByTestId('creative-html-tag')
      .fill('<div style="font:16px sans-serif"><a href="https://shop.example.com">Autumn sale</a></div>');
    await page.frameLocator('[data-testid="creative-form-html-preview"]').getByText('Autumn sale').waitFor();
    story.creatives.html = await saveCreative(page, dialog, CREATIVES.html);

    // All four in the list, each pending approval.
    await page.goto('/creatives?q=Story');
    for (const kind of Object.keys(CREATIVES) as CreativeKind[]) {
      const row = page.getByTestId(`creatives-row-${story.creatives[kind]}`);
      await row.getByText(CREATIVES[kind], { exact: true }).waitFor();
    }
    noPageErrors();
  });

  it('2. the advertiser builds a targeted campaign in the guided form and submits it', async () => {
    const { page } = e2e;
    const [a, b, c] = story.exchanges as [Exchange, Exchange, Exchange];
    const next = () => page.getByTestId('campaign-step-next').click();
    const heading = () => page.locator('#campaign-step-heading').textContent();
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/campaignForm');

    // Basics.
    await page.getByTestId('campaign-name').fill(NAME);
    await page.getByTestId('campaign-start-date').fill(day(2));
    await page.getByTestId('campaign-end-date').fill(day(45));
    await next();
    await expect.poll(heading).toContain('Budget and bidding');

    // Budget and bidding.
    await page.getByTestId('campaign-total-budget').fill('2000');
    await page.getByTestId('campaign-daily-budget').fill('150');
    await page.getByTestId('campaign-bid').fill('2.50');
    await page.getByTestId('campaign-min-bid').fill('1');
    await page.getByTestId('campaign-max-bid').fill('5');
    await next();
    await expect.poll(heading).toContain('Targeting');

    // Targeting on the reference data: three exchanges, a country and a state, an OS, a language.
    for (const exchange of [a, b, c]) await page.getByTestId(`targeting-exchange-${exchange.id}`).check();
    await pick(page, 'targeting-countries', 'Germany', /^Germany$/);
    await pick(page, 'targeting-states', 'Bavaria', /^Bavaria \(DE\)$/);
    await pick(page, 'targeting-os', 'Android', /^Android$/);
    await pick(page, 'targeting-languages', 'German', /^German\b/);
    await next();
    await expect.poll(heading).toContain('Creatives');

    // Creatives: the four just uploaded.
    await page.getByTestId('creatives-search').fill('Story');
    for (const id of Object.values(story.creatives)) await page.getByTestId(`creative-select-${id}`).check();
    await expect
      .poll(() => page.getByTestId('creatives-selected-count').textContent())
      .toContain('4 creatives');
    await next();

    // Review: what will be saved, at a glance.
    await page.getByTestId('campaign-review').waitFor();
    await expect.poll(() => page.getByTestId('review-name').textContent()).toBe(NAME);
    await expect.poll(() => page.getByTestId('review-countries').textContent()).toBe('Germany');
    await expect.poll(() => page.getByTestId('review-states').textContent()).toBe('Bavaria (DE)');
    await expect.poll(() => page.getByTestId('review-os').textContent()).toBe('Android');
    await expect.poll(() => page.getByTestId('review-total').textContent()).toBe('$2,000.00');
    await expect.poll(() => page.getByTestId('review-bid').textContent()).toBe('$2.50 CPM');
    const exchanges = (await page.getByTestId('review-exchanges').textContent()) ?? '';
    for (const exchange of [a, b, c]) expect(exchanges).toContain(exchange.name);
    await expect.poll(() => page.getByTestId('review-creatives').textContent()).toContain(CREATIVES.video);
    const creatives = (await page.getByTestId('review-creatives').textContent()) ?? '';
    for (const name of Object.values(CREATIVES)) expect(creatives).toContain(name);

    // Submit for approval: the campaign's page, pending approval on each exchange.
    await page.getByTestId('campaign-submit').click();
    await page.waitForURL(/\/campaign\/\d+$/);
    expect(await toastText(page)).toContain('submitted for approval');
    story.campaignId = idInPath(page);
    expect(story.campaignId).toBeGreaterThan(story.otherId);
    await page.getByTestId('campaign-header').waitFor();
    expect(await shownText(page.getByTestId('campaign-name'))).toBe(NAME);
    expect(await headerStatus(page).getAttribute('data-status')).toBe('PENDING_APPROVAL');
    expect(await headerStatus(page).textContent()).toBe('Pending approval');
    for (const exchange of [a, b, c]) expect(await exchangeState(page, exchange)).toBe('PENDING');
    expect(await shownText(page.getByTestId('targeting-countries'))).toBe('Germany');
    expect(await shownText(page.getByTestId('targeting-os'))).toContain('Android');
    expect(await shownText(page.getByTestId('targeting-languages'))).toBe('German');
    expect(await shownText(page.getByTestId('campaign-creative-count'))).toContain('4');
    // Its creatives by name, each still waiting: the page says plainly that it cannot buy yet.
    const attached = await shownText(page.getByTestId('campaign-creative-list'));
    for (const name of Object.values(CREATIVES)) expect(attached).toContain(name);
    // (badges are set in capitals: innerText reads them so)
    expect(attached.toLowerCase()).toContain('pending approval');
    expect(await shownText(page.getByTestId('campaign-cannot-deliver'))).toContain('4 pending');
    noPageErrors();
  });

  it('3. the admin approves two exchanges, rejects one with a reason, and approves the creatives', async () => {
    const { page } = e2e;
    const [a, b, c] = story.exchanges as [Exchange, Exchange, Exchange];
    const key = (exchange: Exchange) => `${story.campaignId}-${exchange.id}`;
    await loginAs(page, DEMO_USERS.admin);

    // Exchange approval: the campaign's three exchanges wait in the queue.
    await page.goto('/admin/exchange-approval');
    await page.getByTestId('exchange-approval-search').fill(NAME);
    await page.waitForURL(/q=Story/);
    for (const exchange of [a, b, c])
      await page.getByTestId(`exchange-approval-row-${key(exchange)}`).waitFor();

    // A and B together, after a confirmation.
    await page.getByTestId(`exchange-approval-select-${key(a)}`).check();
    await page.getByTestId(`exchange-approval-select-${key(b)}`).check();
    await page.getByTestId('approval-approve-selected').click();
    await page.getByTestId('approval-decision-confirm').click();
    await toast(page).waitFor();
    await page.getByTestId(`exchange-approval-row-${key(b)}`).waitFor({ state: 'detached' });
    await page.getByTestId(`exchange-approval-row-${key(a)}`).waitFor({ state: 'detached' });

    // C rejected, with a reason.
    await rowAction(page, `exchange-approval-actions-${key(c)}`, 'reject');
    await page.getByTestId('approval-reason').fill(REASON);
    await page.getByTestId('approval-decision-confirm').click();
    await page.getByTestId(`exchange-approval-row-${key(c)}`).waitFor({ state: 'detached' });
    await page.getByTestId('approval-state-filter').selectOption('ALL');
    const rowC = page.getByTestId(`exchange-approval-row-${key(c)}`);
    await expect.poll(() => rowC.getByTestId('approval-state').getAttribute('data-state')).toBe('REJECTED');
    expect(await shownText(rowC.getByTestId('approval-reason-text'))).toBe(REASON);

    // Creative approval: the four creatives, approved on the two approved exchanges.
    const ids = Object.values(story.creatives);
    await page.goto(`/admin/bulk-creative-status?ids=${ids.join(',')}`);
    for (const exchange of [a, b]) {
      await page.getByTestId('bulk-approvals-exchange-filter').selectOption(String(exchange.id));
      for (const id of ids) await page.getByTestId(`bulk-approvals-row-${id}-${exchange.id}`).waitFor();
      await expect.poll(() => page.locator('[data-testid^="bulk-approvals-row-"]').count()).toBe(4);
      await page.getByTestId('bulk-approvals-select-page').check();
      await page.getByTestId('bulk-approvals-approve').click();
      await page.getByTestId('decision-confirm').click();
      await expect.poll(() => page.getByTestId('decision-summary').textContent()).toMatch(/4 of 4/);
      for (const id of ids)
        expect(
          await page.getByTestId(`decision-results-row-${id}-${exchange.id}`).getAttribute('data-ok'),
        ).toBe('true');
      // Pending is the default filter: the approved pairs leave the list.
      await expect.poll(() => page.locator('[data-testid^="bulk-approvals-row-"]').count()).toBe(0);
    }
    noPageErrors();
  });

  it('4. the advertiser sees the statuses and a field-level change log of every step', async () => {
    const { page } = e2e;
    const [a, b, c] = story.exchanges as [Exchange, Exchange, Exchange];
    await loginAs(page, DEMO_USERS.advertiser);

    // The campaign: active (its first exchange was approved), each exchange's decision.
    await page.goto(`/campaign/${story.campaignId}`);
    await page.getByTestId('campaign-header').waitFor();
    expect(await headerStatus(page).getAttribute('data-status')).toBe('ACTIVE');
    expect(await headerStatus(page).textContent()).toBe('Active');
    for (const exchange of [a, b]) {
      expect(await exchangeState(page, exchange)).toBe('APPROVED');
      expect(await exchangeRow(page, exchange).getByTestId('exchange-state').textContent()).toBe('Approved');
      expect(await shownText(exchangeRow(page, exchange))).toContain(DEMO_USERS.admin.email);
    }
    expect(await exchangeState(page, c)).toBe('REJECTED');
    expect(await shownText(exchangeRow(page, c))).toContain(REASON);
    expect(await shownText(exchangeRow(page, c))).toContain(DEMO_USERS.admin.email);
    // With approved creatives it can deliver: no warning, the creatives read approved.
    expect((await shownText(page.getByTestId('campaign-creative-list'))).toLowerCase()).toContain('approved');
    expect(await page.getByTestId('campaign-cannot-deliver').count()).toBe(0);

    // A creative: approved on those two exchanges, still pending on the others.
    await page.goto(`/creative/ViewCreative/${story.creatives.image}`);
    await expect
      .poll(() => page.getByTestId('creative-view-status').getAttribute('data-status'))
      .toBe('APPROVED');
    expect(await page.getByTestId('creative-view-status').textContent()).toBe('Approved');
    for (const exchange of [a, b]) {
      const row = page.getByTestId(`creative-exchange-${exchange.id}`);
      expect(await row.getByTestId('creative-exchange-state').getAttribute('data-state')).toBe('APPROVED');
      expect(await shownText(row)).toContain(DEMO_USERS.admin.email);
    }
    expect(
      await page
        .getByTestId(`creative-exchange-${c.id}`)
        .getByTestId('creative-exchange-state')
        .getAttribute('data-state'),
    ).toBe('PENDING');

    // The change log, newest first: C rejected, B approved, the move to active, A approved, the
    // submission, the creation.
    await page.goto(`/campaign/${story.campaignId}`);
    await page.getByTestId('campaign-view-changelog').click();
    await page.waitForURL(`**/campaign/changelog/${story.campaignId}`);
    expect(await shownText(page.getByTestId('campaign-changelog-name'))).toBe(`Changes to ${NAME}`);
    const rows = page.locator('[data-testid^="campaign-change-log-row-"]');
    await expect.poll(() => rows.count()).toBe(6);
    const entry = async (index: number) => {
      const row = rows.nth(index);
      return {
        action: await shownText(row.getByTestId('change-log-action')),
        text: (await shownText(row)).replace(/\s+/g, ' '),
      };
    };
    const entries = await Promise.all([0, 1, 2, 3, 4, 5].map(entry));
    expect(entries.map((item) => item.action)).toEqual([
      'Approval',
      'Approval',
      'Status changed',
      'Approval',
      'Status changed',
      'Created',
    ]);
    const [rejected = '', approvedB = '', activated = '', approvedA = '', submitted = '', created = ''] =
      entries.map((item) => item.text);
    expect(rejected).toContain(`${c.name}: approval: Pending Rejected`);
    expect(rejected).toContain(`${c.name}: reason: — ${REASON}`);
    expect(rejected).toContain(DEMO_USERS.admin.email);
    expect(approvedB).toContain(`${b.name}: approval: Pending Approved`);
    expect(approvedB).toContain(DEMO_USERS.admin.email);
    expect(activated).toContain('Status: Pending approval Active');
    expect(activated).toContain(DEMO_USERS.admin.email);
    expect(approvedA).toContain(`${a.name}: approval: Pending Approved`);
    expect(submitted).toContain('Status: Draft Pending approval');
    expect(submitted).toContain(DEMO_USERS.advertiser.email);
    expect(created).toContain(`Name: — ${NAME}`);
    expect(created).toContain('Bid: — $2.50');
    expect(created).toContain('Status: — Draft');
    expect(created).toContain(DEMO_USERS.advertiser.email);

    // Filtered to the approvals only.
    await page.getByTestId('campaign-change-log-action-filter').selectOption('exchange-approval');
    await expect.poll(() => rows.count()).toBe(3);
    noPageErrors();
  });

  it('5. the advertiser changes the bid range of two campaigns at once', async () => {
    const { page } = e2e;
    const ids = [story.campaignId, story.otherId];
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/campaign');
    await page.getByTestId('campaigns-search').fill('Story');
    await page.getByTestId('campaigns-search').press('Enter');
    for (const id of ids) await page.getByTestId(`campaigns-select-${id}`).check();
    await expect.poll(() => shownText(page.getByTestId('campaigns-selected-count'))).toBe('2 selected');
    await page.getByTestId('campaigns-bulk-edit').click();
    await page.waitForURL((url) => url.pathname === '/bulk-campaign-edit');
    await expect
      .poll(() => shownText(page.getByTestId('bulk-selection-count')))
      .toMatch(/^2 campaigns selected/);

    await page.getByTestId('bulk-min-bid').fill('1.50');
    await page.getByTestId('bulk-max-bid').fill('6');
    await page.getByTestId('bulk-review').click();
    await page.getByTestId('bulk-confirm-confirm').waitFor();
    const summary = await shownText(page.getByTestId('bulk-confirm-summary'));
    expect(summary).toMatch(/2 campaigns will change/);
    expect(summary).toMatch(/Bid range: \$1\.50 to \$6\.00/);
    await page.getByTestId('bulk-confirm-confirm').click();

    await page.getByTestId('bulk-results').waitFor();
    const counts = page.getByTestId('bulk-results-summary');
    expect(await counts.getAttribute('data-succeeded')).toBe('2');
    expect(await counts.getAttribute('data-failed')).toBe('0');
    for (const id of ids)
      expect(await page.getByTestId(`bulk-result-${id}`).getAttribute('data-ok')).toBe('true');

    // The list shows the new range on both rows.
    await page.goto('/campaign?q=Story');
    for (const id of ids)
      await expect.poll(() => shownText(page.getByTestId(`campaigns-row-${id}`))).toContain('$1.50 – $6.00');
    noPageErrors();
  });

  it('6. a clone starts a new campaign from the old one, with the same targeting', async () => {
    const { page } = e2e;
    const [a, b, c] = story.exchanges as [Exchange, Exchange, Exchange];
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/campaign?q=Story');
    await rowAction(page, `campaigns-actions-${story.campaignId}`, 'clone');
    await page.waitForURL((url) => url.pathname === `/campaignClone/${story.campaignId}`);
    await expect.poll(() => page.getByTestId('campaign-name').inputValue()).toBe(`${NAME} copy`);
    await page.getByTestId('campaign-step-review').click();
    await expect.poll(() => page.getByTestId('review-countries').textContent()).toBe('Germany');
    await expect.poll(() => page.getByTestId('review-states').textContent()).toBe('Bavaria (DE)');
    await expect.poll(() => page.getByTestId('review-os').textContent()).toBe('Android');
    await expect.poll(() => page.getByTestId('review-bid').textContent()).toBe('$2.50 CPM');
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(
      (url) => /^\/campaign\/\d+$/.test(url.pathname) && idInPath(page) !== story.campaignId,
    );
    expect(await toastText(page)).toContain(`${NAME} copy`);
    story.cloneId = idInPath(page);
    expect(story.cloneId).toBeGreaterThan(story.campaignId);

    // A new draft with the source's targeting, bid range (as the bulk edit left it) and exchanges.
    await page.getByTestId('campaign-header').waitFor();
    expect(await shownText(page.getByTestId('campaign-name'))).toBe(`${NAME} copy`);
    expect(await headerStatus(page).getAttribute('data-status')).toBe('DRAFT');
    expect(await shownText(page.getByTestId('targeting-countries'))).toBe('Germany');
    expect(await shownText(page.getByTestId('targeting-os'))).toContain('Android');
    expect(await shownText(page.getByTestId('targeting-languages'))).toBe('German');
    expect(await shownText(page.getByTestId('campaign-targeting'))).toContain('Bavaria');
    expect(await shownText(page.getByTestId('campaign-bidding'))).toContain('$1.50 – $6.00');
    expect(await shownText(page.getByTestId('campaign-creative-count'))).toContain('4');
    for (const exchange of [a, b, c]) await exchangeRow(page, exchange).waitFor();
    noPageErrors();
  });

  it("7. the admin finds the campaign in the advertiser's list and its owner change log", async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto(`/admin/campaign/viewCampaign/${story.campaignId}`);
    // The advertiser's name in the header leads to its campaigns.
    await page.getByTestId('campaign-header').locator('a[href^="/admin/CampaignList/"]').click();
    await page.waitForURL(/\/admin\/CampaignList\/\d+$/);
    story.advertiserId = idInPath(page);
    await page.getByTestId('owner-campaigns-search').fill('Story');
    await page.getByTestId('owner-campaigns-search').press('Enter');
    const row = page.getByTestId(`owner-campaigns-row-${story.campaignId}`);
    await expect.poll(() => shownText(row)).toContain(NAME);
    expect(await row.getByTestId('campaign-status').textContent()).toBe('Active');
    await page.getByTestId(`owner-campaigns-row-${story.cloneId}`).waitFor();

    await page.getByTestId('owner-changelog-link').click();
    await page.waitForURL((url) => url.pathname === `/admin/CampaignList/changeLog/${story.advertiserId}`);
    const subject = page.locator('[data-testid="change-log-subject"]', { hasText: new RegExp(`^${NAME}$`) });
    await expect.poll(() => subject.count()).toBeGreaterThan(0);
    expect(await subject.first().getAttribute('href')).toBe(
      `/admin/campaign/viewCampaign/${story.campaignId}`,
    );
    await page
      .locator('[data-testid="change-log-subject"]', { hasText: `${NAME} copy` })
      .first()
      .waitFor();
    await subject.first().click();
    await page.waitForURL((url) => url.pathname === `/admin/campaign/viewCampaign/${story.campaignId}`);
    expect(await shownText(page.getByTestId('campaign-name'))).toBe(NAME);
    noPageErrors();
  });
});
