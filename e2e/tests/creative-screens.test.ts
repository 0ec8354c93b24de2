// The creative screens in Chromium: the advertiser creates an image (after the form
// refuses a blank name, a missing click URL and a .png that is really text), a native ad (icon and
// main image), a video (a real MP4: duration and size read by the server) and an HTML tag previewed
// in a sandboxed iframe; finds each in the list and its view; edits one and reads the edit in its
// change log; the advertiser domain and IAB categories show on the view and in the list. The media are built by the test (e2e/support/media-fixtures.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, expectNoSeriousA11yViolations, loginAs, useE2E } from '../support/browser.ts';
import { pick, shownText } from '../support/console.ts';
import { makeMp4, makePng } from '../support/media-fixtures.ts';

const e2e = useE2E();

const NAMES = {
  image: 'E2E Summer Banner',
  native: 'E2E Native Story',
  video: 'E2E Preroll Spot',
  html: 'E2E Rich Tag',
};
const SANDBOX = 'allow-scripts allow-popups';

/** State handed from one test to the next (the tests run in order, one context each). */
const story = { imageId: 0 };

const editor = (page: Page) => page.getByRole('dialog', { name: /creative/i });

const openNewCreative = async (page: Page, type: 'Image' | 'Native' | 'Video' | 'HTML') => {
  await page.getByTestId('creative-new').click();
  const dialog = editor(page);
  await dialog.waitFor();
  await dialog.getByTestId('creative-type').getByText(type, { exact: true }).click();
  return dialog;
};

const submitAndOpenView = async (page: Page) => {
  await editor(page).getByTestId('creative-submit').click();
  await page.waitForURL(/\/creative\/ViewCreative\/\d+$/);
  await page.getByTestId('creative-view-name').waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
};

const expectSandboxed = async (frame: ReturnType<Page['locator']>) => {
  const sandbox = await frame.getAttribute('sandbox');
  expect(sandbox).toBe(SANDBOX);
  expect(sandbox).not.toContain('allow-same-origin');
};

describe('creative screens', () => {
  it('the advertiser uploads an image creative; blank fields and a false .png are refused', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/creatives');
    await page.getByTestId('creatives-table').waitFor();

    const dialog = await openNewCreative(page, 'Image');
    // Nothing filled in: the spec's messages, word for word.
    await dialog.getByTestId('creative-submit').click();
    await dialog.getByText('Creative name cannot be empty.').waitFor();
    await dialog.getByText('Click URL is mandatory').waitFor();
    await dialog.getByText('Upload the image first.').waitFor();

    await dialog.getByTestId('creative-name').fill(NAMES.image);
    await dialog.getByTestId('creative-click-url').fill('not a url');
    await dialog.getByTestId('creative-submit').click();
    await dialog.getByText('Please enter a valid URL').waitFor();

    // A text file named .png: the server sniffs the content and refuses it.
    await dialog.getByTestId('creative-image-file-input').setInputFiles({
      name: 'fake banner.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image at all, just text'),
    });
    const fileError = dialog.getByTestId('creative-image-file-error');
    await expect.poll(() => fileError.textContent(), { timeout: 10_000 }).toMatch(/not accepted/i);
    // A name against the creative file-name rule is refused before any upload.
    await dialog.getByTestId('creative-image-file-input').setInputFiles({
      name: 'BANNER X.png',
      mimeType: 'image/png',
      buffer: makePng(300, 250),
    });
    await expect.poll(() => fileError.textContent()).toMatch(/Invalid file name/);

    await dialog.getByTestId('creative-image-file-input').setInputFiles({
      name: 'summer banner 300-250.png',
      mimeType: 'image/png',
      buffer: makePng(300, 250),
    });
    await expect
      .poll(() => dialog.getByTestId('creative-image-file-facts').textContent())
      .toContain('300x250');
    expect(await fileError.count()).toBe(0);
    await dialog.getByTestId('creative-form-image-preview').waitFor();

    await dialog.getByTestId('creative-click-url').fill('shop.example.com/summer');
    await dialog.getByTestId('creative-pixel-url-0').fill('pixel.example.com/p?id=1');
    await dialog.getByTestId('creative-pixel-url-add').click();
    await dialog.getByTestId('creative-pixel-url-1').fill('tracker.example.net/t');
    await dialog.getByTestId('creative-adomain').fill('summer-shop.example');
    await pick(page, 'creative-iab-categories', 'Travel', /^IAB20 Travel$/);
    await expectNoSeriousA11yViolations(page);

    story.imageId = await submitAndOpenView(page);
    // What exchanges are told with each bid: the advertiser domain and the ad's IAB categories.
    expect(await page.getByTestId('creative-view-adomain').textContent()).toBe('summer-shop.example');
    expect(await page.getByTestId('creative-view-categories').textContent()).toBe('IAB20 Travel');
    expect(await page.getByTestId('creative-view-name').textContent()).toBe(NAMES.image);
    expect(await page.getByTestId('creative-view-status').getAttribute('data-status')).toBe('PENDING');
    await page.getByTestId('creative-preview-image').waitFor();
    expect(await page.getByTestId('creative-view-facts').textContent()).toContain('300x250');
    expect(await page.getByTestId('creative-view-pixels').textContent()).toContain('tracker.example.net/t');
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 120_000);

  it('the advertiser creates a native, a video and an HTML creative with live previews', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/creatives');

    // Native: IAB assets, the card previews as one types.
    let dialog = await openNewCreative(page, 'Native');
    await dialog.getByTestId('creative-name').fill(NAMES.native);
    await dialog.getByTestId('creative-native-title').fill('Ten tips for a greener garden');
    await dialog.getByTestId('creative-native-sponsored').fill('x'.repeat(26));
    await dialog.getByTestId('creative-submit').click();
    await dialog.getByText('Please use at most 25 characters.').waitFor();
    await dialog.getByTestId('creative-native-sponsored').fill('Green Thumb Co');
    await dialog.getByTestId('creative-native-cta').fill('Read more');
    await expect
      .poll(() => dialog.getByTestId('creative-form-native-preview-title').textContent())
      .toBe('Ten tips for a greener garden');
    await dialog.getByTestId('creative-native-icon-input').setInputFiles({
      name: 'garden icon.png',
      mimeType: 'image/png',
      buffer: makePng(64, 64),
    });
    await dialog.getByTestId('creative-native-main-input').setInputFiles({
      name: 'garden main.png',
      mimeType: 'image/png',
      buffer: makePng(600, 314),
    });
    await expect
      .poll(() => dialog.getByTestId('creative-native-main-facts').textContent())
      .toContain('600x314');
    await dialog.getByTestId('creative-form-native-preview-icon').waitFor();
    await dialog.getByTestId('creative-click-url').fill('https://garden.example.org/tips');
    await submitAndOpenView(page);
    expect(await page.getByTestId('creative-preview-native-title').textContent()).toBe(
      'Ten tips for a greener garden',
    );
    await page.getByTestId('creative-preview-native-main').waitFor();

    // Video: an MP4 whose duration and size the server reads.
    await page.goto('/creatives');
    dialog = await openNewCreative(page, 'Video');
    await dialog.getByTestId('creative-name').fill(NAMES.video);
    await dialog.getByTestId('creative-video-file-input').setInputFiles({
      name: 'preroll 15s.mp4',
      mimeType: 'video/mp4',
      buffer: makeMp4({ width: 640, height: 360, durationS: 15 }),
    });
    const facts = dialog.getByTestId('creative-video-file-facts');
    await expect.poll(() => facts.textContent()).toContain('640x360');
    expect(await facts.textContent()).toContain('0:15');
    expect(await facts.textContent()).toMatch(/\d+(\.\d+)? (Bytes|KB)/);
    await dialog.getByTestId('creative-submit').click();
    await dialog.getByText('Click URL is mandatory').waitFor();
    await dialog.getByTestId('creative-click-url').fill('watch.example.com');
    await dialog.getByTestId('creative-impression-url-0').fill('imp.example.com/i1');
    await submitAndOpenView(page);
    await page.getByTestId('creative-preview-video').waitFor();
    expect(await page.getByTestId('creative-preview-video').getAttribute('controls')).not.toBeNull();
    expect(await page.getByTestId('creative-view-facts').textContent()).toContain('0:15');

    // HTML: the tag runs in a sandbox without the console's origin.
    await page.goto('/creatives');
    dialog = await openNewCreative(page, 'HTML');
    await dialog.getByTestId('creative-name').fill(NAMES.html);
    expect(await dialog.getByTestId('creative-click-url').count()).toBe(0);
    // A tag loading a script over plain http is told it will not run on secure inventory.
    await dialog
      .getByTestId('creative-html-tag')
      .fill('<div>Old tag</div><script src="http://cdn.example.com/old-tag.js"></script>');
    const insecure = dialog.getByTestId('creative-insecure-markup');
    await insecure.waitFor();
    expect(await insecure.textContent()).toContain('http://cdn.example.com/old-tag.js');
    expect(await insecure.textContent()).toContain('it will not be bid on secure inventory');
    await dialog
      .getByTestId('creative-html-tag')
      .fill(
        '<div id="tag" style="font:16px sans-serif">Hello from the tag</div><script>document.getElementById("tag").dataset.ran = "yes"</script>',
      );
    await insecure.waitFor({ state: 'detached' });
    const formFrame = dialog.getByTestId('creative-form-html-preview');
    await formFrame.waitFor();
    await expectSandboxed(formFrame);
    const frameText = page
      .frameLocator('[data-testid="creative-form-html-preview"]')
      .getByText('Hello from the tag');
    await frameText.waitFor();
    // The tag's own script runs (the preview page has a policy of its own; a srcdoc would inherit
    // the console's script-src 'self' and block it).
    await page
      .frameLocator('[data-testid="creative-form-html-preview"]')
      .locator('#tag[data-ran="yes"]')
      .waitFor();
    // Approval only where chosen: every supported exchange starts checked; none is refused, one kept.
    const exchangeGroup = dialog.getByTestId('creative-exchange-group');
    const boxes = exchangeGroup.locator('input[type="checkbox"]');
    await expect.poll(() => boxes.count()).toBeGreaterThan(1);
    expect(await boxes.nth(1).isChecked()).toBe(true);
    await exchangeGroup.locator('..').getByRole('button', { name: 'Clear' }).click();
    await dialog.getByTestId('creative-submit').click();
    expect(await shownText(exchangeGroup)).toContain('Choose at least one exchange to be approved on.');
    await boxes.first().check();
    const kept = (
      await boxes.first().evaluate((box: HTMLInputElement) => box.labels?.[0]?.textContent ?? '')
    ).trim();
    expect(kept).not.toBe('');
    await submitAndOpenView(page);
    const approvals = page.getByTestId('creative-view-exchanges').locator('tbody tr');
    await expect.poll(() => approvals.count()).toBe(1);
    expect(await shownText(approvals.first())).toContain(kept);
    const viewFrame = page.getByTestId('creative-preview-html');
    await viewFrame.waitFor();
    await expectSandboxed(viewFrame);
    expect(await viewFrame.getAttribute('srcdoc')).toBeNull();
    await page
      .frameLocator('[data-testid="creative-preview-html"]')
      .locator('#tag[data-ran="yes"]')
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 120_000);

  it('lists the four, filters by type, and an edit shows in the change log', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.advertiser);
    await page.goto('/creatives?q=E2E');
    const table = page.getByTestId('creatives-table');
    for (const name of Object.values(NAMES)) await table.getByText(name, { exact: true }).waitFor();
    const imageRow = page.getByTestId(`creatives-row-${story.imageId}`);
    expect(await imageRow.textContent()).toContain('300x250');
    expect(await imageRow.getByTestId(`creatives-identity-${story.imageId}-adomain`).textContent()).toBe(
      'summer-shop.example',
    );
    expect(await imageRow.getByTestId(`creatives-identity-${story.imageId}-categories`).textContent()).toBe(
      'IAB20 Travel',
    );
    // None given: the native ad's domain comes from its click URL, its categories from its campaign.
    const nativeRow = table.getByRole('row').filter({ hasText: NAMES.native });
    expect(await nativeRow.textContent()).toContain('From the click URL');
    expect(await nativeRow.textContent()).toContain("The campaign's ad categories");
    expect(
      await imageRow.getByRole('img', { name: `Preview of ${NAMES.image}` }).getAttribute('loading'),
    ).toBe('lazy');

    await page.getByTestId('creatives-type-filter').selectOption('video');
    await expect.poll(() => table.getByText(NAMES.image, { exact: true }).count()).toBe(0);
    await table.getByText(NAMES.video, { exact: true }).waitFor();
    await page.getByTestId('creatives-type-filter').selectOption('');
    await expectNoSeriousA11yViolations(page);

    // Edit from the row's menu: the same form, filled in.
    await page.getByTestId(`creatives-actions-${story.imageId}`).click();
    await page.getByTestId('row-action-edit').click();
    const dialog = editor(page);
    await expect.poll(() => dialog.getByTestId('creative-name').inputValue()).toBe(NAMES.image);
    await dialog.getByTestId('creative-click-url').fill('');
    await dialog.getByTestId('creative-submit').click();
    await dialog.getByText('Click URL is mandatory').waitFor();
    await dialog.getByTestId('creative-click-url').fill('shop.example.com/autumn');
    await dialog.getByTestId('creative-submit').click();
    await page.locator('[data-testid="toast-success"]').last().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The change log shows the edit, field by field.
    await page.getByTestId(`creatives-actions-${story.imageId}`).click();
    await page.getByTestId('row-action-changelog').click();
    await page.waitForURL(new RegExp(`/campaign/creative/changelog/${story.imageId}$`));
    const log = page.getByTestId('creative-change-log-table');
    await log.getByText('shop.example.com/autumn').waitFor();
    await log.getByTestId('change-log-action').filter({ hasText: 'Updated' }).first().waitFor();
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 120_000);

  it('an agency creates a creative for one of its advertisers', async () => {
    const { page } = e2e;
    await loginAs(page, DEMO_USERS.agency);
    await page.goto('/agency/creative');
    const dialog = await openNewCreative(page, 'HTML');
    await dialog.getByTestId('creative-name').fill('E2E Agency Tag');
    await dialog.getByTestId('creative-html-tag').fill('<p>Agency tag</p>');
    await dialog.getByTestId('creative-submit').click();
    await dialog.getByText('Choose the advertiser of this creative.').waitFor();
    const picker = dialog.getByTestId('creative-advertiser');
    await picker.click();
    await picker.fill('adv1');
    await page
      .getByRole('option', { name: /adv1@demo\.test/ })
      .first()
      .click();
    await dialog.getByTestId('creative-submit').click();
    await page.waitForURL(/\/agency\/creative\/viewCreative\/\d+$/);
    await expect
      .poll(() => page.getByTestId('creative-view-details').textContent())
      .toContain('adv1@demo.test');
    expect(e2e.pageErrors.map((error) => error.message)).toEqual([]);
  }, 60_000);
});
