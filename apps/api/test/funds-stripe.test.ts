// Card top-ups by Stripe Checkout. The console's Stripe client talks to a local
// stand-in for Stripe's API (support/stripe-stand-in.ts, tests only); webhooks carry real signatures
// made with the stripe library's own generateTestHeaderString. The balance moves only on a verified
// checkout.session.completed, exactly once however often it is delivered.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FundsSummary, HistoryPage } from '@console/core/api/funds';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { cardTopUps } from '../src/db/schema/payments.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { dataOf, expectError, expectFieldErrors, NO_PERMISSION } from './support/accounts.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import { startStripeStandIn } from './support/stripe-stand-in.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const USD = 1_000_000;
const WEBHOOK_SECRET = 'whsec_test_console_secret';
const stripeLibrary = new Stripe('sk_test_signing_only');

let t: TestApp;
let off: TestApp;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let tok: DemoTokens;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  ({ t, tok } = await startSignedInApp({
    stripeSecretKey: 'sk_test_console',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApiUrl: standIn.url,
  }));
  // Cards off, a bank account to pay into instead (BANK_TRANSFER_INSTRUCTIONS).
  off = await startTestApp({
    bankTransferInstructions: 'Northwind Ads Ltd\nIBAN DE89 3704 0044 0532 0130 00',
  });
});
afterAll(async () => {
  await t.close();
  await off.close();
  await standIn.close();
});

const balanceOf = async (token: string) =>
  dataOf<FundsSummary>(await t.call('GET', '/api/funds/summary', { token })).balance_micros;

const startTopUp = async (token: string, amountMicros: number) => {
  const result = await t.call('POST', '/api/payment/stripe/checkout-session', {
    token,
    body: { amount_micros: amountMicros },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<{ id: string; url: string }>(result);
};

/** Posts an event to the webhook as Stripe would: the exact bytes, signed. */
const deliver = (app: TestApp, event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  const signature = stripeLibrary.webhooks.generateTestHeaderString({ payload, secret });
  return app.call('POST', '/api/payment/stripe/webhook', {
    rawBody: payload,
    headers: { 'stripe-signature': signature },
  });
};

const completedEvent = (sessionId: string, amountCents: number, overrides: Record<string, unknown> = {}) => ({
  id: `evt_${sessionId}`,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: sessionId,
      object: 'checkout.session',
      amount_total: amountCents,
      currency: 'usd',
      payment_status: 'paid',
      status: 'complete',
      ...overrides,
    },
  },
});

describe('without Stripe keys', () => {
  it('says card top-ups are off, gives the bank-transfer instructions, and refuses card top-ups', async () => {
    const token = await off.loginAs(DEMO.advertiser.email);
    expect(dataOf(await off.call('GET', '/api/payment/stripe/config', { token }))).toEqual({
      enabled: false,
      bank_transfer_instructions: 'Northwind Ads Ltd\nIBAN DE89 3704 0044 0532 0130 00',
    });
    expectError(
      await off.call('POST', '/api/payment/stripe/checkout-session', {
        token,
        body: { amount_micros: 10 * USD },
      }),
      404,
      'Card payments are not configured on this console.',
    );
    expectError(
      await deliver(off, completedEvent('cs_test_x', 1000)),
      404,
      'Card payments are not configured on this console.',
    );
  });
});

describe('with Stripe keys', () => {
  it('offers card top-ups to everyone signed in; only agencies and advertisers may start one', async () => {
    expect(dataOf(await t.call('GET', '/api/payment/stripe/config', { token: tok.admin }))).toEqual({
      enabled: true,
      bank_transfer_instructions: null,
    });
    expectError(await t.call('GET', '/api/payment/stripe/config'), 401);
    for (const name of ['admin', 'coadmin'] as const) {
      expectError(
        await t.call('POST', '/api/payment/stripe/checkout-session', {
          token: tok[name],
          body: { amount_micros: 10 * USD },
        }),
        403,
        NO_PERMISSION,
      );
    }
    expectError(
      await t.call('POST', '/api/payment/stripe/checkout-session', { body: { amount_micros: 10 * USD } }),
      401,
    );
  });

  it('validates the amount', async () => {
    const cases: [number, string][] = [
      [500_000, 'A card top-up is at least $1.00.'],
      [1_234_567, 'A card top-up is a whole number of cents.'],
      [100_001 * USD, 'A card top-up is at most $100,000.00.'],
    ];
    for (const [amount, message] of cases) {
      expectFieldErrors(
        await t.call('POST', '/api/payment/stripe/checkout-session', {
          token: tok.advertiser,
          body: { amount_micros: amount },
        }),
        { amount_micros: message },
      );
    }
  });

  it('credits the balance once from a verified completed session, however often it is delivered', async () => {
    const before = await balanceOf(tok.advertiser);
    const session = await startTopUp(tok.advertiser, 250 * USD);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const asked = standIn.requests.at(-1)!;
    expect(asked.form.get('line_items[0][price_data][unit_amount]')).toBe('25000');
    expect(asked.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(asked.form.get('client_reference_id')).toBe(String(DEMO.advertiser.id));
    expect(asked.form.get('success_url')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/funds\?checkout=success$/);
    // Starting a session moves nothing.
    expect(await balanceOf(tok.advertiser)).toBe(before);

    const event = completedEvent(session.id, 25_000);
    const first = await deliver(t, event);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(dataOf(first)).toEqual({ outcome: 'credited' });
    const retries = await Promise.all(Array.from({ length: 5 }, () => deliver(t, event)));
    for (const retry of retries) expect(dataOf(retry)).toEqual({ outcome: 'already-credited' });
    expect(await balanceOf(tok.advertiser)).toBe(before + 250 * USD);

    const [latest] = dataOf<HistoryPage>(
      await t.call('GET', '/api/funds/history', { token: tok.advertiser }),
    ).items;
    expect(latest).toMatchObject({
      kind: 'CARD_TOP_UP',
      method: 'CARD',
      amount_micros: 250 * USD,
      reference: session.id,
    });
    const [row] = await t.deps.db.select().from(cardTopUps).where(eq(cardTopUps.sessionId, session.id));
    expect(row).toMatchObject({ status: 'COMPLETED', transferId: latest!.transfer_id });
    expect((await checkLedger(t.deps.db)).ok).toBe(true);
  });

  it('lets an agency top up its own balance', async () => {
    const before = await balanceOf(tok.agency);
    const session = await startTopUp(tok.agency, 40 * USD);
    expect(standIn.requests.at(-1)!.form.get('success_url')).toMatch(/\/agency\/funds\?checkout=success$/);
    expect(dataOf(await deliver(t, completedEvent(session.id, 4_000)))).toEqual({ outcome: 'credited' });
    expect(await balanceOf(tok.agency)).toBe(before + 40 * USD);
  });

  it('refuses a bad signature and credits nothing', async () => {
    const before = await balanceOf(tok.adv1);
    const session = await startTopUp(tok.adv1, 10 * USD);
    const event = completedEvent(session.id, 1_000);
    expectError(
      await deliver(t, event, 'whsec_someone_else'),
      400,
      'The Stripe signature does not match this webhook.',
    );
    expectError(
      await t.call('POST', '/api/payment/stripe/webhook', { rawBody: JSON.stringify(event) }),
      400,
      'The Stripe signature does not match this webhook.',
    );
    // A body changed after signing (one more space) no longer matches.
    const payload = JSON.stringify(event);
    const signature = stripeLibrary.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expectError(
      await t.call('POST', '/api/payment/stripe/webhook', {
        rawBody: `${payload} `,
        headers: { 'stripe-signature': signature },
      }),
      400,
    );
    expect(await balanceOf(tok.adv1)).toBe(before);
  });

  it('ignores unpaid, unknown, mismatched and other events', async () => {
    const before = await balanceOf(tok.adv1);
    const session = await startTopUp(tok.adv1, 10 * USD);
    const ignored = [
      completedEvent(session.id, 1_000, { payment_status: 'unpaid' }),
      completedEvent('cs_test_not_ours', 1_000),
      completedEvent(session.id, 999_999),
      completedEvent(session.id, 1_000, { currency: 'eur' }),
      { ...completedEvent(session.id, 1_000), type: 'checkout.session.expired' },
    ];
    for (const event of ignored) expect(dataOf(await deliver(t, event))).toEqual({ outcome: 'ignored' });
    expect(await balanceOf(tok.adv1)).toBe(before);
    // The real completion still works afterwards.
    expect(dataOf(await deliver(t, completedEvent(session.id, 1_000)))).toEqual({ outcome: 'credited' });
    expect(await balanceOf(tok.adv1)).toBe(before + 10 * USD);
  });
});

describe('BANK_TRANSFER_INSTRUCTIONS', () => {
  const env = {
    PAYLOAD_KEY: 'b'.repeat(64),
    JWT_SECRET: 'c'.repeat(40),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')),
  };

  it('reads \\n written on one line of an environment file as a line break, and blank as none', () => {
    const config = loadConfig({
      ...env,
      BANK_TRANSFER_INSTRUCTIONS: 'Northwind Ads Ltd\\nIBAN DE89 3704 0044 0532 0130 00 ',
    });
    expect(config.bankTransferInstructions).toBe('Northwind Ads Ltd\nIBAN DE89 3704 0044 0532 0130 00');
    expect(loadConfig({ ...env, BANK_TRANSFER_INSTRUCTIONS: '  ' }).bankTransferInstructions).toBeUndefined();
    expect(() => loadConfig({ ...env, BANK_TRANSFER_INSTRUCTIONS: 'x'.repeat(2001) })).toThrow(
      /at most 2,000/,
    );
  });
});
