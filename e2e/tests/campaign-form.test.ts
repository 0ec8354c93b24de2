// The campaign form in Chromium: the advertiser builds a targeted campaign step by step
// (a country and a state, an operating system, an exchange, a creative, a budget) on real reference
// data, meets the spec's messages on a bad name and a bad geo-fence, submits it and lands on its
// page; edits it (a new bid stays); clones it (a new campaign, prefilled); an agency creates one for
// adv1 through the advertiser picker.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, loginAs, useE2E } from '../support/browser.ts';
import { checkA11yAtRest, expectToast, pick } from '../support/console.ts';

const e2e = useE2E();

const NAME = 'E2E Spring Push';
const NAME_RULE = 'Invalid input. Please use only letters, numbers, spaces, and hyphens.';
const GEO_LATITUDE = 'Geo-fence entry 1: latitude must be a number from -90 to 90.';

/** State handed from one test to the next (they run in order). */
const story = { id: 0, exchange: '' };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Types into a searchable (multi)select and picks the option whose name matches. */
const next = (page: Page) => page.getByTestId('campaign-step-next').click();
const heading = (page: Page) => page.locator('#campaign-step-heading');

const fillBasics = async (page: Page, name: string) => {
  await page.getByTestId('campaign-name').fill(name);
  await page.getByTestId('campaign-start-date').fill(day(2));
  await page.getByTestId('campaign-end-date').fill(day(40));
};

const fillBudget = async (page: Page) => {
  await page.getByTestId('campaign-total-budget').fill('1500');
  await page.getByTestId('campaign-daily-budget').fill('100');
  await page.getByTestId('campaign-bid').fill('2.50');
  await page.getByTestId('campaign-min-bid').fill('1');
  await page.getByTestId('campaign-max-bid').fill('5');
};

describe('campaign form', () => {
  it('the advertiser builds a targeted campaign through every step and submits it', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/campaignForm');
    await page.getByTestId('campaign-name').waitFor();

    // Basics: the spec's name rule, shown on the field and on the step header.
    await page.getByTestId('campaign-name').fill('Spring_Push!');
    await next(page);
    await page.getByText(NAME_RULE).waitFor();
    expect(await page.getByTestId('campaign-step-basics').getAttribute('data-has-errors')).toBe('true');
    await fillBasics(page, NAME);
    // Days and times as the English console writes them, whatever the browser's language.
    await page.getByTestId('campaign-start-date').blur();
    expect(await page.getByTestId('campaign-start-date').inputValue()).toBe(
      `${day(2).slice(5, 7)}/${day(2).slice(8, 10)}/${day(2).slice(0, 4)}`,
    );
    expect(await page.getByTestId('campaign-start-time').inputValue()).toBe('12:00 AM');
    expect(await page.getByTestId('campaign-end-time').inputValue()).toBe('11:59 PM');
    await page.getByTestId('campaign-start-time').fill('2:30 pm');
    await page.getByTestId('campaign-start-time').blur();
    expect(await page.getByTestId('campaign-start-time').inputValue()).toBe('2:30 PM');
    await next(page);
    await expect.poll(() => heading(page).textContent()).toContain('Budget and bidding');
    expect(await page.getByTestId('campaign-step-basics').getAttribute('data-has-errors')).toBeNull();

    // Budget and bidding: a bid outside its range is refused by core's cross-field rule.
    await fillBudget(page);
    await page.getByTestId('campaign-bid').fill('9');
    await next(page);
    await page.getByText('The bid cannot be higher than the maximum bid.').waitFor();
    await page.getByTestId('campaign-bid').fill('2.50');
    await page.getByTestId('campaign-day-parting-toggle').click({ force: true });
    await page.getByTestId('day-parting-grid').waitFor();
    await expect.poll(() => page.getByTestId('day-parting-count').textContent()).toContain('45 of 168');
    await page.getByTestId('day-parting-cell-5-10').click(); // Saturday 10:00
    await expect.poll(() => page.getByTestId('day-parting-count').textContent()).toContain('46 of 168');
    // The keyboard: arrows move within the grid, Space switches the hour.
    await page.getByTestId('day-parting-cell-5-10').press('ArrowRight');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('day-parting-count').textContent()).toContain('47 of 168');
    await checkA11yAtRest(page);
    await next(page);
    await expect.poll(() => heading(page).textContent()).toContain('Targeting');

    // Targeting on the reference data: an exchange, a country and one of its states, an OS.
    const firstExchange = page.locator('[data-testid^="targeting-exchange-"] input[type="checkbox"]').first();
    await firstExchange.waitFor();
    story.exchange =
      (await page.locator('[data-testid^="targeting-exchange-"] label').first().textContent()) ?? '';
    await firstExchange.check();
    await pick(page, 'targeting-countries', 'Germany', /^Germany$/);
    await pick(page, 'targeting-states', 'Bavaria', /^Bavaria \(DE\)$/);
    await pick(page, 'targeting-os', 'Android', /^Android$/);
    // The geo-fence list: the spec's rule, with core's message naming the entry.
    await page.getByTestId('targeting-geo-fence').fill('91,11.575,5');
    await page.getByTestId('targeting-geo-fence').blur();
    await page.getByText(GEO_LATITUDE).waitFor();
    await next(page);
    expect(await page.getByTestId('campaign-step-targeting').getAttribute('data-has-errors')).toBe('true');
    await page.getByTestId('targeting-geo-fence').fill('48.137,11.575,5|52.52,13.405,2.5');
    await checkA11yAtRest(page);
    await next(page);
    await expect.poll(() => heading(page).textContent()).toContain('Creatives');

    // Creatives: the advertiser's own, with type, size and status.
    const firstCreative = page.locator('[data-testid^="creative-select-"]').first();
    await firstCreative.waitFor();
    await firstCreative.check();
    await expect
      .poll(() => page.getByTestId('creatives-selected-count').textContent())
      .toContain('1 creative');
    await next(page);

    // Review: everything at a glance, each section with a way back.
    await page.getByTestId('campaign-review').waitFor();
    await expect.poll(() => page.getByTestId('review-name').textContent()).toBe(NAME);
    await expect.poll(() => page.getByTestId('review-countries').textContent()).toBe('Germany');
    await expect.poll(() => page.getByTestId('review-states').textContent()).toContain('Bavaria');
    await expect.poll(() => page.getByTestId('review-os').textContent()).toBe('Android');
    await expect.poll(() => page.getByTestId('review-exchanges').textContent()).toBe(story.exchange);
    await expect.poll(() => page.getByTestId('review-total').textContent()).toBe('$1,500.00');
    await expect.poll(() => page.getByTestId('review-bid').textContent()).toBe('$2.50 CPM');
    await expect.poll(() => page.getByTestId('review-creatives').textContent()).not.toBe('None');
    await checkA11yAtRest(page);
    await page.getByTestId('review-edit-budget').click();
    await expect.poll(() => heading(page).textContent()).toContain('Budget and bidding');
    await page.getByTestId('campaign-step-review').click();

    await page.getByTestId('campaign-submit').click();
    await page.waitForURL(/\/campaign\/\d+$/);
    await expectToast(page);
    expect(await page.locator('[data-testid="toast-success"]').last().textContent()).toContain(
      'submitted for approval',
    );
    story.id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(story.id).toBeGreaterThan(0);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 90_000);

  it('the advertiser edits the campaign and the new bid stays', async () => {
    const { page } = e2e;
    expect(story.id).toBeGreaterThan(0);
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/campaignEditForm/${story.id}`);
    await expect.poll(() => page.getByTestId('campaign-name').inputValue()).toBe(NAME);
    // The flight's start as typed in the form (2:30 PM) was saved.
    expect(await page.getByTestId('campaign-start-time').inputValue()).toBe('2:30 PM');
    // A saved campaign opens on any step.
    await page.getByTestId('campaign-step-budget').click();
    await expect.poll(() => page.getByTestId('campaign-bid').inputValue()).toBe('2.50');
    await page.getByTestId('campaign-bid').fill('3.25');
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(new RegExp(`/campaign/${story.id}$`));
    await expectToast(page);

    await page.goto(`/campaignEditForm/${story.id}`);
    await page.getByTestId('campaign-step-budget').click();
    await expect.poll(() => page.getByTestId('campaign-bid').inputValue()).toBe('3.25');
    await page.getByTestId('campaign-step-review').click();
    await expect.poll(() => page.getByTestId('review-states').textContent()).toContain('Bavaria');
    await expect.poll(() => page.getByTestId('review-day-parting').textContent()).toContain('10:00–12:00');
  });

  it('the advertiser clones it into a new, prefilled campaign', async () => {
    const { page } = e2e;
    expect(story.id).toBeGreaterThan(0);
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto(`/campaignClone/${story.id}`);
    await expect.poll(() => page.getByTestId('campaign-name').inputValue()).toBe(`${NAME} copy`);
    await page.getByTestId('campaign-clone-note').waitFor();
    await page.getByTestId('campaign-step-review').click();
    await expect.poll(() => page.getByTestId('review-bid').textContent()).toBe('$3.25 CPM');
    await expect.poll(() => page.getByTestId('review-countries').textContent()).toBe('Germany');
    await expect.poll(() => page.getByTestId('review-exchanges').textContent()).toBe(story.exchange);
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(/\/campaign\/\d+$/);
    await expectToast(page);
    expect(await page.locator('[data-testid="toast-success"]').last().textContent()).toContain(
      `${NAME} copy`,
    );
    const cloneId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(cloneId).toBeGreaterThan(story.id);
  });

  it('an agency creates a campaign for adv1 through the advertiser picker', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/campaignForm');
    await page.getByTestId('campaign-name').waitFor();
    await fillBasics(page, 'Agency Push for adv1');
    await next(page);
    await page.getByText('Choose the advertiser of this campaign.').waitFor();
    await pick(page, 'campaign-advertiser', 'adv1', /adv1@demo\.test/);
    await next(page);
    await fillBudget(page);
    await next(page);
    // adv1's own supported exchanges.
    const exchange = page.locator('[data-testid^="targeting-exchange-"] input[type="checkbox"]').first();
    await exchange.waitFor();
    await exchange.check();
    await next(page);
    await next(page);
    await page.getByTestId('campaign-review').waitFor();
    await checkA11yAtRest(page);
    await page.getByTestId('campaign-save').click();
    await page.waitForURL(/\/agency\/campaign\/viewCampaign\/\d+$/);
    await expectToast(page);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });
});
