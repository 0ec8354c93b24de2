// Tables and small screens: no page of any role scrolls sideways at phone, tablet
// and desktop widths; a wide table scrolls inside its own box instead, and the header fits 360 px.
// Under 640 px a list is cards (the row's name, a few label: value pairs, the actions, more details).
// Each page is loaded once and the viewport then walks the widths (a resize relays the page out).
import { describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  type DemoUser,
  expectNoSeriousA11yViolations,
  loginAs,
  screenshot,
  useE2E,
} from '../support/browser.ts';
import { shownText } from '../support/console.ts';
import { expectedMenuPaths } from '../support/spec-menus.ts';

const e2e = useE2E();

const WIDTHS = [360, 390, 768, 1280, 1440];
const HEIGHT = 800;

/** The main pages of a role: its whole menu (the API reference is another site). */
const pagesOf = (user: DemoUser) =>
  expectedMenuPaths(user.role, { api_access: false, help_and_support: false });

/** How far the page and the header reach past the viewport, in CSS pixels (0: they fit). */
const overflowOf = () =>
  e2e.page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const header = document.querySelector('header');
    return {
      page: scroller.scrollWidth - window.innerWidth,
      header: header ? header.scrollWidth - header.clientWidth : 0,
    };
  });

/** Waits for the page's own content: the spinner gone and the network quiet for a moment. */
const settle = async () => {
  await e2e.page
    .locator('[data-testid="shell-spinner"], [data-testid="page-skeleton"]')
    .first()
    .waitFor({ state: 'detached' });
  await e2e.page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
};

describe('no horizontal page scroll', () => {
  for (const user of [DEMO_USERS.admin, DEMO_USERS.coAdmin, DEMO_USERS.agency, DEMO_USERS.advertiser]) {
    it(`${user.role}: every page of the menu fits ${WIDTHS.join(', ')} px`, async () => {
      const { page } = e2e;
      await page.setViewportSize({ width: 1280, height: HEIGHT });
      await loginAs(page, user);
      const overflows: string[] = [];
      for (const path of pagesOf(user)) {
        await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
        await page.goto(path);
        await settle();
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          // Two frames: the resize, then what the layout does about it.
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          const overflow = await overflowOf();
          if (overflow.page > 0) overflows.push(`${path} at ${width} px: page ${overflow.page} px too wide`);
          if (overflow.header > 0)
            overflows.push(`${path} at ${width} px: header ${overflow.header} px too wide`);
        }
      }
      expect(overflows).toEqual([]);
      expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
    }, 240_000);
  }
});

describe('a page beyond the menu', () => {
  it("ADVERTISER: a creative's page, its approvals per exchange included, fits 360 and 390 px", async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/creatives');
    const link = page.locator('a[href*="/creative/ViewCreative/"]').first();
    await link.waitFor();
    await page.goto((await link.getAttribute('href'))!);
    await page.getByTestId('creative-view-exchanges').locator('table').waitFor();
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect((await overflowOf()).page, `${width} px`).toBe(0);
    }
  });
});

/** The admin's campaign list at `width` px (signed in at desktop width). */
const openCampaignsAt = async (width: number) => {
  await e2e.page.setViewportSize({ width: 1280, height: HEIGHT });
  await loginAs(e2e.page, DEMO_USERS.admin);
  await e2e.page.setViewportSize({ width, height: HEIGHT });
  await e2e.page.goto('/admin/campaign');
};

describe('a wide table on a tablet', () => {
  it('scrolls in its own box with the campaign name and the row actions kept in view', async () => {
    const { page } = e2e;
    const width = 700;
    await openCampaignsAt(width);
    const row = page.locator('[data-testid^="campaigns-row-"]').first();
    await row.waitFor();
    const scroller = page.locator('.mantine-TableScrollContainer-scrollContainer').first();
    const inView = async () => {
      const name = await row.locator('th').first().boundingBox();
      const actions = await row.locator('[data-testid^="campaigns-actions-"]').boundingBox();
      return { name, actions };
    };
    for (const to of ['start', 'end'] as const) {
      await scroller.evaluate((box, where) => {
        box.scrollLeft = where === 'start' ? 0 : box.scrollWidth;
      }, to);
      // The table is wider than its box, yet the page is not.
      expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      const { name, actions } = await inView();
      expect(name!.x, `name at ${to}`).toBeGreaterThanOrEqual(0);
      expect(name!.x + name!.width, `name at ${to}`).toBeLessThanOrEqual(width);
      expect(actions!.x, `actions at ${to}`).toBeGreaterThanOrEqual(0);
      expect(actions!.x + actions!.width, `actions at ${to}`).toBeLessThanOrEqual(width);
    }
    // The actions still open from where they stick.
    await row.locator('[data-testid^="campaigns-actions-"]').click();
    await page.getByRole('menu').waitFor();
  });
});

describe('a list on a phone', () => {
  it('shows each row as a card: the name as title, a few label: value pairs, the actions and more details', async () => {
    const { page } = e2e;
    const width = 390;
    await openCampaignsAt(width);
    const list = page.getByTestId('campaigns-cards');
    const card = list.locator('[data-testid^="campaigns-row-"]').first();
    await card.waitFor();
    // Cards instead of a table: no table, no sideways scroll box.
    expect(await page.getByTestId('campaigns-table').locator('table').count()).toBe(0);
    expect(await list.locator('ul').getAttribute('aria-label')).toBeTruthy();
    const id = (await card.getAttribute('data-testid'))!.replace('campaigns-row-', '');

    // The title (the first column: the campaign's name) and the actions are on screen.
    const title = card.getByTestId(`campaigns-card-title-${id}`);
    expect((await shownText(title)).length).toBeGreaterThan(0);
    const actions = card.getByTestId(`campaigns-actions-${id}`);
    for (const box of [await title.boundingBox(), await actions.boundingBox()]) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    expect(await actions.isVisible()).toBe(true);

    // A few columns as label: value pairs; the others behind "More details", closed at first.
    const pairs = card.locator(':scope > dl > div');
    expect(await pairs.count()).toBeGreaterThan(0);
    expect(await pairs.count()).toBeLessThanOrEqual(3);
    expect((await shownText(pairs.first().locator('dt'))).length).toBeGreaterThan(0);
    const details = card.getByTestId(`campaigns-card-details-${id}`);
    const hidden = card.locator('details dl');
    expect(await hidden.isVisible()).toBe(false);
    // Keyboard: the disclosure opens with Enter, the actions menu with Enter too.
    await details.focus();
    await page.keyboard.press('Enter');
    await hidden.waitFor({ state: 'visible' });
    expect(await hidden.locator('dt').count()).toBeGreaterThan(0);
    await screenshot(page, 'campaign-cards-390');
    await expectNoSeriousA11yViolations(page);
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // Sorting without headers: the select sorts the list through the URL.
    await page.getByTestId('campaigns-sort-select').selectOption({ index: 1 });
    await page.waitForURL(/[?&]sort=/);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);

    // From 640 px the table is back, the row's name in its row header.
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    await page.getByTestId('campaigns-table').locator('table').waitFor();
    expect(await page.locator(`[data-testid="campaigns-row-${id}"] th`).count()).toBe(1);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  });
});

describe('the navigation on a phone', () => {
  it('opens from the menu button with the menu and the top bar tools, and closes when a link is followed', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 390, height: HEIGHT });
    await loginAs(page, DEMO_USERS.advertiser);
    await page.waitForURL('**/dashboard');
    await settle();
    // The drawer (loaded with its first opening) is not there before the button is pressed.
    expect(await page.getByTestId('mobile-nav').count()).toBe(0);
    await page.getByTestId('nav-toggle').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Funds', exact: true }).waitFor();
    expect(await drawer.getByTestId('language-picker').count()).toBe(1);
    // The funds page's code is held back: the address is /funds while the dashboard still shows.
    let releaseFundsPage = () => {};
    const fundsPageHeld = new Promise<void>((resolve) => {
      releaseFundsPage = resolve;
    });
    await page.route(/\/(funds|payment-list)-page-[^/]+\.js$/, async (route) => {
      await fundsPageHeld;
      await route.continue();
    });
    await drawer.getByRole('link', { name: 'Funds', exact: true }).click();
    await page.waitForURL('**/funds');
    await drawer.waitFor({ state: 'hidden' });
    // Opened again before the page is in, it comes at once (already loaded) and stays open when
    // the page arrives (the page it was opened on is the one that arrives); it closes with its button.
    await page.getByTestId('nav-toggle').click();
    await drawer.getByRole('link', { name: 'Funds', exact: true }).waitFor();
    releaseFundsPage();
    await page
      .locator('main')
      .getByRole('heading', { name: 'Funds', level: 1 })
      .waitFor({ state: 'attached' });
    await page.waitForTimeout(500); // the drawer's closing transition, were it to close
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close navigation' }).click();
    await drawer.waitFor({ state: 'hidden' });
  }, 60_000);
});
