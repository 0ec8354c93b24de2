// Each demo user signs in through the form and lands on its role's home (spec section 2); a wrong
// password keeps the user on /login with the server's message; /login has no serious axe violation.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, expectNoSeriousA11yViolations, login, loginAs, useE2E } from '../support/browser.ts';

const e2e = useE2E();

describe('login', () => {
  for (const user of Object.values(DEMO_USERS)) {
    it(`${user.email} (${user.role}) lands on ${user.home}`, async () => {
      const { page } = e2e;
      await loginAs(page, user);
      expect(new URL(page.url()).pathname).toBe(user.home);
      expect(e2e.pageErrors.map((e) => e.message)).toEqual([]);
    });
  }

  it('a wrong password keeps the user on /login and says why', async () => {
    const { page } = e2e;
    await login(page, DEMO_USERS.admin.email, 'Wrong-pass-1');
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('/login has no serious or critical axe-core violation', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.getByRole('button', { name: /^sign in$/i }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
