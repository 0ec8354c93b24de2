// Bulk creative edits and per-exchange approval in Chromium: the advertiser changes the click URL of several creatives at
// once and reads the answer per creative (an html creative in the selection fails with the
// server's reason); the admin approves a creative on one exchange and rejects it on another with a
// reason (an empty reason is refused) in the bulk creative status; on /admin/metadata the admin adds
// and renames an exchange and reads its change log, adds a category and a genre to the smart-app
// taxonomy and sets an advertiser's supported exchanges.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  expectNoSeriousA11yViolations,
  loginAs,
  useE2E,
} from '../support/browser.ts';
import { expectToast } from '../support/console.ts';
import { makeSolidPng } from '../support/media-fixtures.ts';

const e2e = useE2E();
const TAG = Date.now().toString(36);

type Api = { request: APIRequestContext; headers: Record<string, string> };

const signIn = async (request: APIRequestContext, email: string): Promise<Api> => {
  const response = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const body = (await response.json()) as { data: { token: string } };
  return { request, headers: { authorization: `Bearer ${body.data.token}` } };
};

const dataOf = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
  const body = (await response.json()) as { success: boolean; data: T; message?: string };
  if (!response.ok() || !body.success) throw new Error(`${response.status()} ${JSON.stringify(body)}`);
  return body.data;
};

const createImage = async (api: Api, name: string) => {
  const media = await dataOf<{ url: string }>(
    await api.request.post('/api/creatives/media', {
      headers: api.headers,
      multipart: {
        file: {
          name: 'banner e2e.png',
          mimeType: 'image/png',
          buffer: makeSolidPng(300, 250, [40, 120, 200]),
        },
      },
    }),
  );
  return dataOf<{ creative_primary_id: number }>(
    await api.request.post('/api/creatives', {
      headers: api.headers,
      data: { creative_type: 'image', name, media_url: media.url, click_url: 'https://old.example.com/a' },
    }),
  );
};

const createHtml = async (api: Api, name: string, exchangeIds?: number[]) =>
  dataOf<{ creative_primary_id: number }>(
    await api.request.post('/api/creatives', {
      headers: api.headers,
      data: {
        creative_type: 'html',
        name,
        html_tag: '<div><a href="https://example.com">Shop</a></div>',
        ...(exchangeIds ? { exchange_ids: exchangeIds } : {}),
      },
    }),
  );

const rowAction = async (page: Page, menuTestId: string, action: string) => {
  await page.getByTestId(menuTestId).click();
  await page.getByTestId(`row-action-${action}`).click();
};

describe('bulk creative edit and status, admin metadata', () => {
  it('the advertiser bulk-edits the click URL and sees the answer per creative', async () => {
    const { page } = e2e;
    const api = await signIn(page.request, DEMO_USERS.advertiser.email);
    const first = await createImage(api, `Bulk ${TAG} image one`);
    const second = await createImage(api, `Bulk ${TAG} image two`);
    const html = await createHtml(api, `Bulk ${TAG} html tag`);
    const ids = [first, second, html].map((creative) => creative.creative_primary_id);

    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/creative/bulk-creative-edit?ids=${ids.join(',')}`);
    for (const id of ids) await page.getByTestId(`bulk-creatives-row-${id}`).waitFor();
    for (const id of ids)
      expect(await page.getByTestId(`bulk-creatives-select-${id}`).isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId('bulk-edit-count').textContent()).toContain('3');
    await expectNoSeriousA11yViolations(page);

    // Only ticked fields are sent; the spec's URL messages come first.
    await page.getByTestId('bulk-field-click_url').check();
    await page.getByTestId('bulk-edit-submit').click();
    await page.getByText('Click URL is mandatory').waitFor();
    await page.getByTestId('bulk-click-url').fill('not a url');
    await page.getByTestId('bulk-edit-submit').click();
    await page.getByText('Please enter a valid URL').waitFor();
    await page.getByTestId('bulk-click-url').fill('https://landing.example.com/q3');
    // The html creative takes no click URL: the page warns before sending.
    await page.getByTestId('bulk-mismatch-click_url').waitFor();

    await page.getByTestId('bulk-edit-submit').click();
    await page.getByTestId('bulk-edit-confirm').getByText('https://landing.example.com/q3').waitFor();
    await page.getByTestId('bulk-edit-confirm-confirm').click();
    await expectToast(page, 'info');

    const results = page.getByTestId('bulk-edit-results');
    await results.waitFor();
    for (const id of ids.slice(0, 2)) {
      expect(await page.getByTestId(`bulk-edit-results-row-${id}`).getAttribute('data-ok')).toBe('true');
      expect(await page.getByTestId(`bulk-edit-results-link-${id}`).getAttribute('href')).toBe(
        `/creative/ViewCreative/${id}`,
      );
    }
    const failed = page.getByTestId(`bulk-edit-results-row-${ids[2]}`);
    expect(await failed.getAttribute('data-ok')).toBe('false');
    expect(await failed.textContent()).toContain('An html creative takes no click URL.');
    expect(await page.getByTestId('bulk-edit-summary').textContent()).toContain('2 of 3');

    const updated = await dataOf<{ click_url: string }>(
      await api.request.get(`/api/creatives/${ids[0]}`, { headers: api.headers }),
    );
    expect(updated.click_url).toBe('https://landing.example.com/q3');

    // "Select only the failed ones" narrows the selection to the html creative.
    await page.getByTestId('bulk-edit-select-failed').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ids')).toBe(String(ids[2]));
  });

  it('the admin approves one exchange and rejects another with a reason', async () => {
    const { page } = e2e;
    const advertiser = await signIn(page.request, DEMO_USERS.advertiser.email);
    const exchanges = await dataOf<{ id: number; name: string }[]>(
      await page.request.get('/api/meta-data/exchange', { headers: advertiser.headers }),
    );
    const [approveOn, rejectOn] = exchanges;
    const creative = await createHtml(advertiser, `Status ${TAG} tag`, [approveOn!.id, rejectOn!.id]);
    const id = creative.creative_primary_id;

    await loginAs(page, DEMO_USERS.admin);
    await page.goto(`/admin/bulk-creative-status?ids=${id}`);
    await page.getByTestId(`bulk-approvals-row-${id}-${approveOn!.id}`).waitFor();
    await page.getByTestId(`bulk-approvals-row-${id}-${rejectOn!.id}`).waitFor();
    await expectNoSeriousA11yViolations(page);

    await rowAction(page, `bulk-approvals-actions-${id}-${approveOn!.id}`, 'approve');
    await page.getByTestId('decision-dialog').getByText(approveOn!.name).waitFor();
    await page.getByTestId('decision-confirm').click();
    await expectToast(page);
    const approved = page.getByTestId(`decision-results-row-${id}-${approveOn!.id}`);
    await approved.waitFor();
    expect(await approved.getAttribute('data-ok')).toBe('true');
    // Pending is the default filter: the approved pair has left the list.
    await expect.poll(() => page.getByTestId(`bulk-approvals-row-${id}-${approveOn!.id}`).count()).toBe(0);

    await page.getByTestId(`bulk-approvals-select-${id}-${rejectOn!.id}`).check();
    await page.getByTestId('bulk-approvals-reject').click();
    await page.getByTestId('decision-confirm').click();
    await page.getByTestId('decision-dialog').getByText('Give a reason for the rejection.').waitFor();
    await page.getByTestId('decision-reason').fill('The landing page does not match the ad.');
    await page.getByTestId('decision-confirm').click();
    await expectToast(page);
    const rejected = page.getByTestId(`decision-results-row-${id}-${rejectOn!.id}`);
    await rejected.waitFor();
    expect(await rejected.getAttribute('data-ok')).toBe('true');

    await page.getByTestId('bulk-approvals-state-filter').selectOption('all');
    const rejectedRow = page.getByTestId(`bulk-approvals-row-${id}-${rejectOn!.id}`);
    await rejectedRow.getByText('The landing page does not match the ad.').waitFor();
    expect(
      await page
        .getByTestId(`bulk-approvals-row-${id}-${approveOn!.id}`)
        .getByTestId('bulk-approvals-state')
        .getAttribute('data-state'),
    ).toBe('APPROVED');
    expect(await rejectedRow.getByTestId('bulk-approvals-state').getAttribute('data-state')).toBe('REJECTED');
  });

  it('the admin edits exchanges, the taxonomy and supported exchanges on /admin/metadata', async () => {
    const { page } = e2e;
    const name = `E2E Exchange ${TAG}`;
    await loginAs(page, DEMO_USERS.admin);
    await page.goto('/admin/metadata');
    await page.getByTestId('metadata-exchanges-table').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Add an exchange; core's identifier rule guards the key.
    await page.getByTestId('exchange-add').click();
    await page.getByTestId('exchange-form-name').fill(name);
    await page.getByTestId('exchange-form-key').fill('bad key!');
    await page.getByTestId('exchange-form-save').click();
    await page
      .getByText('Invalid input. Please use only letters, numbers, underscores, and hyphens.')
      .waitFor();
    await page.getByTestId('exchange-form-key').fill(`e2e_${TAG}`);
    await page.getByTestId('exchange-form-save').click();
    await expectToast(page);

    await page.getByTestId('metadata-exchanges-search').fill(name);
    const row = page.locator('[data-testid^="metadata-exchanges-row-"]', { hasText: name });
    await row.waitFor();
    const exchangeId = Number(
      (await row.getAttribute('data-testid'))!.replace('metadata-exchanges-row-', ''),
    );

    await rowAction(page, `metadata-exchanges-actions-${exchangeId}`, 'edit');
    await page.getByTestId('exchange-form-name').fill(`${name} Renamed`);
    await page.getByTestId('exchange-form-save').click();
    await expectToast(page);
    await page.getByTestId('metadata-exchanges-search').fill(`${name} Renamed`);
    await page.getByTestId(`metadata-exchanges-row-${exchangeId}`).getByText(`${name} Renamed`).waitFor();

    await rowAction(page, `metadata-exchanges-actions-${exchangeId}`, 'change-log');
    const drawer = page.getByTestId('metadata-change-log');
    const entries = drawer.locator('[data-testid^="metadata-change-log-row-"]');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain('Updated');
    expect(await entries.nth(0).textContent()).toContain(`${name} Renamed`);
    expect(await entries.nth(1).textContent()).toContain('Created');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // The taxonomy: a new category and a genre under it.
    await page.getByTestId('metadata-tab-taxonomy').click();
    await page.getByTestId('taxonomy-tree').waitFor();
    await page.getByTestId('taxonomy-add-category').click();
    await page.getByTestId('taxonomy-form-name').fill(`E2E Apps ${TAG}`);
    await page.getByTestId('taxonomy-form-save').click();
    await expectToast(page);
    const category = page.locator('[data-testid^="taxonomy-name-"]', { hasText: `E2E Apps ${TAG}` });
    await category.waitFor();
    const categoryId = (await category.getAttribute('data-testid'))!.replace('taxonomy-name-', '');
    await rowAction(page, `taxonomy-actions-${categoryId}`, 'add-child');
    await page.getByTestId('taxonomy-form-name').fill('Arcade Classics');
    await page.getByTestId('taxonomy-form-save').click();
    await expectToast(page);
    const genre = page.getByTestId(`taxonomy-node-${categoryId}`).getByText('Arcade Classics');
    await genre.waitFor();
    expect(
      await page.getByTestId(`taxonomy-node-${categoryId}`).locator('[data-level="genre"]').count(),
    ).toBe(1);
    await expectNoSeriousA11yViolations(page);

    // An advertiser's supported exchanges: only the new one and one more.
    await page.getByTestId('metadata-tab-supported').click();
    await page.getByTestId('supported-none').waitFor();
    await page.getByTestId('supported-user').fill('adv1@demo.test');
    await page.getByRole('option', { name: /adv1@demo\.test/ }).click();
    await page.getByTestId('supported-mode-all').waitFor();
    await page.getByTestId('supported-mode-only').check();
    await page.getByTestId('supported-save').click();
    await page.getByTestId('supported-error').waitFor();
    await page.getByTestId(`supported-exchange-${exchangeId}`).check();
    await page.getByTestId('supported-save').click();
    await expectToast(page);
    await expect
      .poll(() => page.getByTestId('supported-current').textContent())
      .toContain('its own list (exchanges: 1)');
  });
});
