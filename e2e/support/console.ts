// Helpers for the console shell's browser tests: where the browser is, the role's menu as
// rendered, the user menu, act-as, and the encrypted `auth` record in localStorage opened with the
// web app's own storage key (read from its source, so a new key does not go unnoticed); toasts and
// the axe check of a page at rest.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_KEYS } from '@console/core/constants';
import { importEnvelopeKey, openJson } from '@console/core/envelope';
import type { Role } from '@console/core/roles';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, type DemoUser, expectNoSeriousA11yViolations } from './browser.ts';
import { repoRoot } from './start-server.ts';

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** The text the user sees in the element (rendered, not the raw DOM text), trimmed. */
export const shownText = async (locator: Locator): Promise<string> =>
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator; the rendered text is under test
  (await locator.innerText()).trim();

/** Picks an option of a searchable select (a Mantine MultiSelect by its test id): types, clicks, closes. */
export const pick = async (page: Page, testId: string, search: string, option: RegExp): Promise<void> => {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await input.press('Escape');
};

/** Waits for the newest toast of `kind` (test id `toast-<kind>`). */
export const expectToast = (page: Page, kind: 'success' | 'error' | 'info' = 'success'): Promise<void> =>
  page.locator(`[data-testid="toast-${kind}"]`).last().waitFor();

/**
 * axe-core on the page at rest: data loaded (no table busy refetching), nothing hovered (a hovered
 * row's tint is not what the page shows), and no CSS transition or animation running. axe computes
 * contrast from the opacity of the moment: a table fading back in after a refetch (opacity 0.7 to
 * 1 over 120 ms, after aria-busy has already gone), a toast sliding in or a modal opening measure
 * as faded text, a violation that only exists mid-flight. Endless animations (spinners) are not
 * waited for.
 */
export async function checkA11yAtRest(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.locator('table[aria-busy="true"]').count()).toBe(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            ).length,
      ),
    )
    .toBe(0);
  await expectNoSeriousA11yViolations(page, options);
}

/** Waits until the browser shows `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

/** The core menu paths (data-path) of the main menu's items, in order. */
export async function readMenuPaths(page: Page): Promise<string[]> {
  return page
    .locator('nav[data-testid="main-menu"] [data-testid="menu-item"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-path') ?? ''));
}

/** The visible labels of the main menu's items, in order. */
export async function readMenuLabels(page: Page): Promise<string[]> {
  return page.locator('nav[data-testid="main-menu"] [data-testid="menu-item"]').evaluateAll((items) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the labels as rendered (icons and marks hold no text)
    items.map((item) => (item as HTMLElement).innerText.trim()),
  );
}

/** Resolves once this document has received the user's settings (GET /api/auth/user-settings/:id). */
export async function waitForUserSettings(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/auth/user-settings/')),
  );
}

/**
 * Checks the rendered menu equals `expected`. Non-admin menus depend on the user's settings, which
 * arrive after the first render: the check waits for them, then for the menu, and checks again a
 * moment later so that an item added late (API Docs) is not missed.
 */
export async function expectMenu(page: Page, expected: string[], role?: Role): Promise<void> {
  await page.locator('nav[data-testid="main-menu"]').first().waitFor();
  if (role === 'AGENCY' || role === 'ADVERTISER') await waitForUserSettings(page);
  await expect.poll(() => readMenuPaths(page), { timeout: 10_000 }).toEqual(expected);
  await page.waitForTimeout(300);
  expect(await readMenuPaths(page)).toEqual(expected);
}

/** Opens the header user menu and clicks Logout. */
export async function logoutThroughMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
}

/** Types in the 'Act as user' box and picks the user with this user_primary_id. */
export async function actAsThroughSelect(page: Page, search: string, userPrimaryId: number): Promise<void> {
  const input = page.getByTestId('act-as-select');
  await input.click();
  await input.fill(search);
  await page.getByTestId(`act-as-option-${userPrimaryId}`).click();
}

/**
 * Signs in through the form in any language (the fields by their test ids) and waits for the
 * user's home.
 */
export async function loginInAnyLanguage(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await waitForPath(page, user.home);
}

// ---- the stored auth record ----

export type StoredUser = {
  token: string;
  role: Role;
  user_primary_id: number;
  email: string;
};

export type StoredAuth = {
  logged_in: boolean;
  role: Role;
  user: StoredUser;
  admin?: StoredUser;
  co_admin?: StoredUser;
  agency?: StoredUser;
  advertiser?: StoredUser;
  issued_at: number;
  expiry_at: number;
};

let storageKey: Promise<CryptoKey> | null = null;

/** The web app's fixed storage key (apps/web/src/lib/storage/storage-cipher.ts). */
const webStorageKey = (): Promise<CryptoKey> => {
  storageKey ??= (async () => {
    const source = readFileSync(join(repoRoot, 'apps/web/src/lib/storage/storage-cipher.ts'), 'utf8');
    const hex = /STORAGE_KEY_HEX\s*=\s*'([0-9a-f]{64})'/i.exec(source)?.[1];
    if (!hex) throw new Error('STORAGE_KEY_HEX not found in apps/web/src/lib/storage/storage-cipher.ts');
    return importEnvelopeKey(hex);
  })();
  return storageKey;
};

/** The raw (sealed) text under localStorage `auth`, or null. */
export const readRawAuth = (page: Page): Promise<string | null> =>
  page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.auth);

/** The auth record in localStorage, opened with the app's key; null when there is none. */
export async function readStoredAuth(page: Page): Promise<StoredAuth | null> {
  const raw = await readRawAuth(page);
  if (!raw) return null;
  return (await openJson(await webStorageKey(), raw)) as StoredAuth;
}

/** Every localStorage key of the page's origin. */
export const localStorageKeys = (page: Page): Promise<string[]> =>
  page.evaluate(() => Object.keys(localStorage));

// ---- API answers as the browser saw them ----

const payloadKeys = new Map<string, Promise<CryptoKey>>();

/** The JSON of an API answer, opened from {encryptedResponse} with the server's payload key. */
export async function readApiAnswer(response: Response): Promise<unknown> {
  const body = (await response.json()) as { encryptedResponse?: string };
  if (typeof body.encryptedResponse !== 'string') return body;
  const origin = new URL(response.url()).origin;
  let key = payloadKeys.get(origin);
  if (!key) {
    key = fetch(`${origin}/api/auth/payload-key`)
      .then((res) => res.json() as Promise<{ data: { key: string } }>)
      .then((res) => importEnvelopeKey(res.data.key));
    payloadKeys.set(origin, key);
  }
  return openJson(await key, body.encryptedResponse);
}

/**
 * Signs in through the form and returns the SessionData the API answered (the token included),
 * after the browser reached the user's home.
 */
export async function loginCapturingSession(
  page: Page,
  user: DemoUser,
): Promise<{ token: string; user_primary_id: number; role: Role }> {
  await page.goto('/login');
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill(user.email);
  await page
    .getByLabel(/^password/i)
    .first()
    .fill(DEMO_PASSWORD);
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/auth/login' && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
  const body = (await readApiAnswer(await answer)) as {
    data?: { token: string; user_primary_id: number; role: Role };
  };
  await waitForPath(page, user.home);
  if (!body.data?.token) throw new Error(`The login answer had no token: ${JSON.stringify(body)}`);
  return body.data;
}
