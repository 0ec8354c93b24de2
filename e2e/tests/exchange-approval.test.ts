// Exchange approval in Chromium: the admin opens the queue, approves one exchange of a
// submitted campaign and rejects another with a reason (an empty reason is refused and changes
// nothing), sees the states in the queue and in the campaign's approval change log; the co-admin
// decides too; the bulk page approves several campaigns' exchanges at once and answers per item.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { campaignApi, type Exchange } from '../support/campaign-api.ts';
import { checkA11yAtRest, expectToast, pathOf, shownText } from '../support/console.ts';

const e2e = useE2E();
const { api, tokenOf, createCampaign: postCampaign, supportedExchanges } = campaignApi(e2e);

type QueueRow = { campaign_id: number; exchange_id: number; state: string; reason: string | null };

const story = {
  exchanges: [] as Exchange[],
  /** The campaign decided in the queue, with three exchanges. */
  queueId: 0,
  /** Three campaigns decided on the bulk page, one exchange each. */
  bulkIds: [] as number[],
  advertiserToken: '',
};

/** A submitted campaign of the direct demo advertiser on `exchanges`. */
const submitCampaign = async (name: string, exchanges: Exchange[]): Promise<number> => {
  const campaign = await postCampaign(story.advertiserToken, name, {
    exchange_ids: exchanges.map((exchange) => exchange.id),
    submit: true,
  });
  expect(campaign.status).toBe('PENDING_APPROVAL');
  return campaign.campaign_id;
};

/** The queue's rows of one campaign as the API has them (every state). */
const queueRows = async (campaignId: number): Promise<QueueRow[]> => {
  const token = await tokenOf(DEMO_USERS.admin.email);
  const page = await api<{ items: QueueRow[] }>(
    'GET',
    `/api/admin/exchange-approval?campaign_id=${campaignId}&limit=100`,
    token,
  );
  return page.items;
};

const stateOf = async (campaignId: number, exchangeId: number) =>
  (await queueRows(campaignId)).find((row) => row.exchange_id === exchangeId)?.state;

const rowAction = async (page: Page, rowKey: string, action: string) => {
  await page.getByTestId(`exchange-approval-actions-${rowKey}`).click();
  await page.getByTestId(`row-action-${action}`).click();
};

/** The state badge of a queue row. */
const rowState = (page: Page, rowKey: string) =>
  page
    .getByTestId(`exchange-approval-row-${rowKey}`)
    .getByTestId('approval-state')
    .getAttribute('data-state');

beforeAll(async () => {
  story.advertiserToken = await tokenOf(DEMO_USERS.advertiser.email);
  story.exchanges = (await supportedExchanges(story.advertiserToken)).slice(0, 3);
  expect(story.exchanges.length, 'the demo advertiser buys on at least 3 exchanges').toBe(3);
  story.queueId = await submitCampaign('Apr E2E Queue', story.exchanges);
  const [first] = story.exchanges as [Exchange];
  for (const name of ['Apr E2E Bulk 1', 'Apr E2E Bulk 2', 'Apr E2E Bulk 3'])
    story.bulkIds.push(await submitCampaign(name, [first]));
});

describe('exchange approval', () => {
  it('the admin approves one exchange and rejects another with a reason', async () => {
    const { page } = e2e;
    const [a, b, c] = story.exchanges as [Exchange, Exchange, Exchange];
    const key = (exchange: Exchange) => `${story.queueId}-${exchange.id}`;

    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/exchange-approval');
    await page.getByTestId('exchange-approval-table').waitFor();
    await page.getByTestId('exchange-approval-search').fill('Apr E2E Queue');
    await page.waitForURL(/q=Apr/);
    for (const exchange of [a, b, c])
      await page.getByTestId(`exchange-approval-row-${key(exchange)}`).waitFor();
    expect(await rowState(page, key(a))).toBe('PENDING');
    await checkA11yAtRest(page);

    // Approve exchange A: it leaves the pending view.
    await rowAction(page, key(a), 'approve');
    await page.getByTestId('approval-decision-confirm').click();
    await expectToast(page);
    await page.getByTestId(`exchange-approval-row-${key(a)}`).waitFor({ state: 'detached' });
    expect(await stateOf(story.queueId, a.id)).toBe('APPROVED');

    // Reject exchange B: an empty reason is refused and nothing changes.
    await rowAction(page, key(b), 'reject');
    await page.getByTestId('approval-decision-confirm').click();
    await page.getByText('Give a reason for the rejection.').waitFor();
    expect(await page.getByRole('dialog').isVisible()).toBe(true); // still asking
    expect(await stateOf(story.queueId, b.id)).toBe('PENDING');
    await page.getByTestId('approval-reason').fill('Landing page does not load');
    await page.getByTestId('approval-decision-confirm').click();
    await expectToast(page);
    await page.getByTestId(`exchange-approval-row-${key(b)}`).waitFor({ state: 'detached' });

    // Every state: A approved, B rejected with its reason, C still pending.
    await page.getByTestId('approval-state-filter').selectOption('ALL');
    await page.getByTestId(`exchange-approval-row-${key(a)}`).waitFor();
    await expect.poll(() => rowState(page, key(a))).toBe('APPROVED');
    await expect.poll(() => rowState(page, key(b))).toBe('REJECTED');
    expect(await rowState(page, key(c))).toBe('PENDING');
    expect(
      await shownText(
        page.getByTestId(`exchange-approval-row-${key(b)}`).getByTestId('approval-reason-text'),
      ),
    ).toBe('Landing page does not load');
    await checkA11yAtRest(page);

    // The campaign's approval change log: newest first, who, what, the reason.
    await rowAction(page, key(b), 'change-log');
    await page.waitForURL(`**/admin/exchange-approval/change-log/${story.queueId}`);
    expect(await shownText(page.getByTestId('approval-log-campaign'))).toBe('Apr E2E Queue');
    await page.getByTestId('approval-log-changes').first().waitFor();
    const entries = page.getByTestId('approval-log-exchange-change');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).getAttribute('data-to')).toBe('REJECTED');
    expect(await shownText(entries.nth(0))).toContain(b.name);
    expect(await shownText(entries.nth(0))).toContain('Landing page does not load');
    expect(await entries.nth(1).getAttribute('data-to')).toBe('APPROVED');
    expect(await shownText(entries.nth(1))).toContain(a.name);
    expect(await shownText(page.getByTestId('approval-log-actor').first())).toBe(DEMO_USERS.admin.email);
    expect(
      await page
        .getByTestId(`approval-log-exchange-${b.id}`)
        .getByTestId('approval-state')
        .getAttribute('data-state'),
    ).toBe('REJECTED');
    await checkA11yAtRest(page);

    // Its status moves: approving the first exchange made the campaign active.
    await page.getByTestId('approval-log-action-filter').selectOption('status');
    await page.getByText('Pending approval').first().waitFor();
    expect(await shownText(page.getByTestId('approval-log-changes').first())).toContain('Active');
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });

  it('the co-admin decides too: approves a selected row', async () => {
    const { page } = e2e;
    const [, , c] = story.exchanges as [Exchange, Exchange, Exchange];
    const key = `${story.queueId}-${c.id}`;
    await loginAs(page, DEMO_USERS.coAdmin);
    await page.goto(`/co-admin/exchange-approval?q=${encodeURIComponent('Apr E2E Queue')}`);
    await page.getByTestId(`exchange-approval-row-${key}`).waitFor();
    await page.getByTestId(`exchange-approval-select-${key}`).check();
    await page.getByTestId('exchange-approval-selected-count').waitFor();
    await page.getByTestId('approval-approve-selected').click();
    await page.getByTestId('approval-decision-confirm').click();
    await expectToast(page);
    await page.getByTestId(`exchange-approval-row-${key}`).waitFor({ state: 'detached' });
    expect(await stateOf(story.queueId, c.id)).toBe('APPROVED');

    await page.goto(`/co-admin/exchange-approval/change-log/${story.queueId}`);
    await page.getByTestId('approval-log-changes').first().waitFor();
    expect(await shownText(page.getByTestId('approval-log-actor').first())).toBe(DEMO_USERS.coAdmin.email);
    expect(pathOf(page)).toBe(`/co-admin/exchange-approval/change-log/${story.queueId}`);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });

  it('the bulk page approves several campaigns at once and answers per item', async () => {
    const { page } = e2e;
    const [a] = story.exchanges as [Exchange];
    const keys = story.bulkIds.map((id) => `${id}-${a.id}`);
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/exchange-approval');
    await page.getByTestId('approval-bulk-link').click();
    await page.waitForURL('**/admin/bulk-exchange-approval');
    await page.getByTestId('bulk-approval-search').fill('Apr E2E Bulk');
    await page.waitForURL(/q=Apr/);
    for (const key of keys) await page.getByTestId(`bulk-approval-row-${key}`).waitFor();
    await checkA11yAtRest(page);

    // Select every match; a rejection without a reason is refused before anything is asked.
    await page.getByTestId('bulk-select-all').click();
    await expect.poll(() => shownText(page.getByTestId('bulk-selected-summary'))).toContain('3');
    await page.getByTestId('bulk-decision-reject').check();
    await page.getByTestId('bulk-apply').click();
    await page.getByText('Give a reason for the rejection.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0); // nothing asked

    // Meanwhile the advertiser archives one campaign: its item fails, the others are approved.
    const [archived] = story.bulkIds as [number];
    await api('POST', `/api/campaigns/${archived}/status`, story.advertiserToken, { to: 'ARCHIVED' });
    await page.getByTestId('bulk-decision-approve').check();
    await page.getByTestId('bulk-apply').click();
    await page.getByTestId('bulk-confirm-confirm').click();
    const results = page.getByTestId('bulk-results');
    await results.waitFor();
    await expectToast(page, 'error'); // 2 of 3 approved; 1 failed
    for (const key of keys.slice(1))
      expect(await page.getByTestId(`bulk-results-row-${key}`).getAttribute('data-ok')).toBe('true');
    const failed = page.getByTestId(`bulk-results-row-${keys[0]}`);
    expect(await failed.getAttribute('data-ok')).toBe('false');
    expect(await shownText(failed)).toMatch(/archived/i);
    for (const id of story.bulkIds.slice(1)) expect(await stateOf(id, a.id)).toBe('APPROVED');
    // The approved rows left the pending list.
    await page.getByTestId(`bulk-approval-row-${keys[1]}`).waitFor({ state: 'detached' });
    await checkA11yAtRest(page);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });
});
