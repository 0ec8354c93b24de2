// register, resend-verify-otp and forgot-password answer in the same time whether or not the e-mail
// has an account (issue 9, point 8). The mail server here takes 100 ms per reply, as a distant one
// may: an answer that waited for a mail, or did any work only for existing accounts, shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, registerAccount, uniqueEmail } from './support/accounts.ts';
import { type RequestTimer, startRequestTimer } from './support/request-timer.ts';
import { type SlowSmtp, startSlowSmtp } from './support/slow-smtp.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let smtp: SlowSmtp;
let timer: RequestTimer;
beforeAll(async () => {
  smtp = await startSlowSmtp(100);
  t = await startTestApp({ smtpUrl: smtp.url });
  timer = startRequestTimer();
});
afterAll(async () => {
  await timer.close();
  await t.close();
  await smtp.close();
});

/** Milliseconds until the answer of one POST, after the server's background work of earlier ones. */
const timePost = async (path: string, body: unknown) => {
  await t.deps.background.idle();
  const { status, ms } = await timer.timePost(new URL(path, t.baseUrl).toString(), body);
  expect(status, path).toBe(200);
  return ms;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median answer times of each case, measured in turns so that load falls on all alike. */
const medianTimes = async (cases: Record<string, () => Promise<number>>, rounds = 5) => {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(cases)) times[name]!.push(await run());
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
};

// One SMTP delivery costs six replies (greeting, EHLO, MAIL, RCPT, DATA, end): about 600 ms here, which a check that waits for the mail adds.
const TOLERANCE_MS = 150;

const expectAlike = (medians: Record<string, number>) => {
  const values = Object.values(medians);
  if (process.env.PRINT_TIMES) console.log(JSON.stringify(medians));
  expect(Math.max(...values) - Math.min(...values), JSON.stringify(medians)).toBeLessThan(TOLERANCE_MS);
};

describe('answers that do not tell whether an e-mail has an account', () => {
  it('forgot-password: an active account and an unknown address', async () => {
    const account = await createVerifiedAccount(t);
    const medians = await medianTimes({
      known: () => timePost('/api/auth/forgot-password', { email: account.email }),
      unknown: () => timePost('/api/auth/forgot-password', { email: uniqueEmail('ghost') }),
    });
    expectAlike(medians);
    // The mails did go out, after the answers.
    await t.deps.background.idle();
    expect(smtp.received()).toBeGreaterThan(0);
  });

  it('register: a new address, a pending one and an active one', async () => {
    const pending = await registerAccount(t);
    const active = await createVerifiedAccount(t);
    const body = (email: string) => ({
      role: 'ADVERTISER',
      email,
      password: DEMO_PASSWORD,
      firstName: 'Timing',
      lastName: 'Test',
      companyName: 'Timing Co',
    });
    expectAlike(
      await medianTimes({
        fresh: () => timePost('/api/auth/register', body(uniqueEmail('fresh'))),
        pending: () => timePost('/api/auth/register', body(pending.email)),
        active: () => timePost('/api/auth/register', body(active.email)),
      }),
    );
  });

  it('resend-verify-otp: a pending address and an unknown one', async () => {
    const pending = await registerAccount(t);
    expectAlike(
      await medianTimes({
        pending: () => timePost('/api/auth/resend-verify-otp', { email: pending.email }),
        unknown: () => timePost('/api/auth/resend-verify-otp', { email: uniqueEmail('ghost') }),
      }),
    );
  });
});
