// Signs a demo user in for the browser benches: through the sign-in form (the session then lives in
// the page's storage, as a user's does), and through the API for the data a page needs to exist.
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo-pass-1'; // start-server never passes DEMO_PASSWORD on

/** Signs in through /login (ending a stored session first) and waits until the console has left it. */
export async function signInThroughForm(page: Page, baseURL: string, email: string): Promise<void> {
  // A signed-in user is sent from /login to their home: forget the stored session first.
  await page.goto(`${baseURL}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseURL}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}

type Answer<T> = { success: boolean; data?: T; message?: string };

async function apiCall<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer<T>;
  if (!response.ok || answer.data === undefined)
    throw new Error(`POST ${path}: HTTP ${response.status} ${answer.message ?? ''}`);
  return answer.data;
}

/** Saves a performance report of the last week for `email` and answers its id (for /report/view/:id). */
export async function createDemoReport(baseURL: string, email: string): Promise<number> {
  const { token } = await apiCall<{ token: string }>(baseURL, '/api/auth/login', {
    email,
    password: DEMO_PASSWORD,
  });
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const report = await apiCall<{ report_id: number }>(
    baseURL,
    '/api/report/create',
    {
      name: 'Bench report',
      report_type: 'performance',
      dimensions: ['day', 'campaign'],
      metrics: ['impressions', 'clicks'],
      date_from: day(7),
      date_to: day(0),
    },
    token,
  );
  return report.report_id;
}
