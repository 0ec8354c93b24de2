// register, resend-verify-otp and forgot-password answer in the same time whether or not the e-mail
// has an account. Three checks, the first two independent of the machine's load:
// - no answer waits for a mail: every answer comes while the mail server says nothing at all;
// - every case does the same password hashing before its answer (argon2 calls counted between a
//   request's arrival and its answer; the hashing done after answering, in the background, is not
//   seen by the caller);
// - and, for any other work done only for existing accounts, the answer times: each case's median
//   over rounds taken in turns (so load falls on all alike) is within twice the fastest's plus
//   50 ms. The mail server takes 100 ms per reply, as a distant one may: an answer that waited for
//   a mail (six replies) would take 600 ms more.
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedAccount, registerAccount, uniqueEmail } from './support/accounts.ts';
import { type RequestTimer, startRequestTimer } from './support/request-timer.ts';
import { type SlowSmtp, startSlowSmtp } from './support/slow-smtp.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let smtp: SlowSmtp;
let timer: RequestTimer;
/** argon2 hashes and verifications started since the app started. */
let hashing = 0;
/** Those started by the last request before its answer went out. */
let hashingBeforeAnswer = 0;
beforeAll(async () => {
  smtp = await startSlowSmtp(100);
  t = await startTestApp({ smtpUrl: smtp.url });
  timer = startRequestTimer();
  for (const name of ['hash', 'verify'] as const) {
    const original = argon2[name].bind(argon2) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(argon2, name).mockImplementation(((...args: unknown[]) => {
      hashing++;
      return original(...args);
    }) as never);
  }
  // Registered before any route's: runs before the background work an answer schedules starts.
  t.app.server.on('request', (_request, response) => {
    const before = hashing;
    response.once('finish', () => {
      hashingBeforeAnswer = hashing - before;
    });
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
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
const medianTimes = async (cases: Record<string, () => Promise<number>>, rounds = 7) => {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(cases)) times[name]!.push(await run());
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
};

/** The medians of answer times, each within twice the fastest plus 50 ms (see above). */
const expectAlike = (medians: Record<string, number>) => {
  const values = Object.values(medians);
  if (process.env.PRINT_TIMES) console.log(JSON.stringify(medians));
  expect(Math.max(...values), JSON.stringify(medians)).toBeLessThan(2 * Math.min(...values) + 50);
};

/** Each case answered while the mail server is held, with the hashing each did before answering. */
const answerWhileMailHeld = async (cases: Record<string, () => { path: string; body: unknown }>) => {
  await t.deps.background.idle();
  const sentBefore = smtp.received();
  const hashingOf: Record<string, number> = {};
  smtp.hold();
  try {
    for (const [name, request] of Object.entries(cases)) {
      const { path, body } = request();
      const answered = timer.timePost(new URL(path, t.baseUrl).toString(), body);
      const waited = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${name}: the answer waited for the mail server`)), 10_000),
      );
      expect((await Promise.race([answered, waited])).status, name).toBe(200);
      hashingOf[name] = hashingBeforeAnswer;
    }
    expect(smtp.received()).toBe(sentBefore);
  } finally {
    smtp.release();
  }
  await t.deps.background.idle();
  const counts = Object.values(hashingOf);
  expect(Math.max(...counts), JSON.stringify(hashingOf)).toBe(Math.min(...counts));
  return { mailsSent: smtp.received() - sentBefore };
};

type Cases = Record<string, () => { path: string; body: unknown }>;

/** The three checks over the same cases; answers the mails the held round sent once released. */
const expectNoTell = async (cases: Cases) => {
  const { mailsSent } = await answerWhileMailHeld(cases);
  expectAlike(
    await medianTimes(
      Object.fromEntries(
        Object.entries(cases).map(([name, request]) => [
          name,
          () => {
            const { path, body } = request();
            return timePost(path, body);
          },
        ]),
      ),
    ),
  );
  return mailsSent;
};

describe('answers that do not tell whether an e-mail has an account', () => {
  it('forgot-password: an active account and an unknown address', async () => {
    const account = await createVerifiedAccount(t);
    const path = '/api/auth/forgot-password';
    const mailsSent = await expectNoTell({
      known: () => ({ path, body: { email: account.email } }),
      unknown: () => ({ path, body: { email: uniqueEmail('ghost') } }),
    });
    // The mail did go out, after the answer.
    expect(mailsSent).toBe(1);
  });

  it('register: a new address, a pending one and an active one', async () => {
    const pending = await registerAccount(t);
    const active = await createVerifiedAccount(t);
    const path = '/api/auth/register';
    const body = (email: string) => ({
      role: 'ADVERTISER',
      email,
      password: DEMO_PASSWORD,
      firstName: 'Timing',
      lastName: 'Test',
      companyName: 'Timing Co',
    });
    const mailsSent = await expectNoTell({
      fresh: () => ({ path, body: body(uniqueEmail('fresh')) }),
      pending: () => ({ path, body: body(pending.email) }),
      active: () => ({ path, body: body(active.email) }),
    });
    // A code to the new address, a notice to the active one (the pending one's code is still live).
    expect(mailsSent).toBe(2);
    // Every registration hashes its password (after answering): the count above sees argon2.
    expect(hashing).toBeGreaterThan(0);
  });

  it('resend-verify-otp: a pending address and an unknown one', async () => {
    const pending = await registerAccount(t);
    const path = '/api/auth/resend-verify-otp';
    const mailsSent = await expectNoTell({
      pending: () => ({ path, body: { email: pending.email } }),
      unknown: () => ({ path, body: { email: uniqueEmail('ghost') } }),
    });
    expect(mailsSent).toBe(1);
  });
});
