// An exchange's notice settings through the admin API: its notice window and its winning-price keys
// (Google's scheme), which only admins and co-admins read and set, which are checked (window bounds,
// key length and format, both keys or none) and never answered (whether set, and a fingerprint), and
// which reach the bidder through the change notice: after keys are set an encrypted price from
// Google's published example is billed at its value, after they are cleared it is not a price, and a
// window set through the API is how long a bid's hold lasts before a notice counts as late.
import type { ExchangeSettings } from '@console/core/api/exchange-settings';
import {
  NOTICE_WINDOW_MESSAGE,
  PRICE_ENCRYPTION_MESSAGE,
  PRICE_KEY_FORMAT_MESSAGE,
  PRICE_KEYS_DIFFER_MESSAGE,
  PRICE_KEYS_NEEDED_MESSAGE,
  PRICE_KEYS_PAIR_MESSAGE,
  PRICE_KEYS_UNUSED_MESSAGE,
} from '@console/core/api/exchange-settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { exchanges } from '../src/db/schema/reference.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, type Endpoint, expectAllForbidden, expectAllNeedToken } from './support/admin-fixtures.ts';
import { auctionOf, bidOn, freshRequest, track } from './support/bid-calls.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

// Google's example keys ("Decrypt price confirmations",
// https://developers.google.com/authorized-buyers/rtb/response-guide/decrypt-price) and its encrypted
// price of 2700 micros ($0.0027 CPM: the impression costs 3 micro-units).
const E_KEY = 'skU7Ax_NL5pPAFyKdkfZjZz2-VhIN8bjj1rVFOaJ_5o=';
const I_KEY = 'arO23ykdNqUQ5LEoQ0FVmPkBd7xB5CO89PDZlSjpFxo=';
const hexOf = (key: string) => Buffer.from(key, 'base64url').toString('hex');
const ENCRYPTED_2700 = 'YWJjMTIzZGVmNDU2Z2hpN7fhCuPemC32prpWWw';
/** The simple banner's bid: $2.50 CPM, the demo advertiser pays no margin. */
const BID_MICROS = 2500;

const clock = { nowMs: Date.now() };
let t: TestApp;
let tok: DemoTokens;
let openx: number;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({}, { now: () => clock.nowMs }));
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  await t.bidder.index.reload();
  const [row] = await t.deps.db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(eq(exchanges.key, 'openx'));
  openx = row!.id;
});
afterAll(() => t.close());

const path = (id = openx) => `/api/admin/metadata/exchanges/${id}/settings`;
const read = async (token = tok.admin) => {
  const result = await t.call('GET', path(), { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<ExchangeSettings>(result);
};
const save = (body: Record<string, unknown>, token = tok.admin) => t.call('PUT', path(), { token, body });
const saved = async (body: Record<string, unknown>, token = tok.admin) => {
  const result = await save(body, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<ExchangeSettings>(result);
};

/** Resolves once the bidder's index has reloaded with the exchange's settings as `expected` says. */
const bidderSees = (expected: (settings: { noticeWindowMs: number; hasKeys: boolean }) => boolean) =>
  vi.waitFor(
    () => {
      const settings = t.bidder.index.current().exchangeSettings.get(openx);
      expect(
        settings && expected({ noticeWindowMs: settings.noticeWindowMs, hasKeys: settings.decode !== null }),
      ).toBe(true);
    },
    { timeout: 5000, interval: 20 },
  );

const advertiserToken = () => t.loginAs('advertiser@demo.test');
const balance = async (token: string) =>
  dataOf<number>(await t.call('GET', '/api/campaning/getAdvertiserBalance', { token }));

describe('who may read and set an exchange settings', () => {
  const endpoints = (): Endpoint[] => [
    { method: 'GET', path: path() },
    { method: 'PUT', path: path(), body: { notice_window_seconds: 600, price_encryption: 'NONE' } },
  ];

  it('needs a token', async () => {
    await expectAllNeedToken(t, endpoints());
  });

  it('refuses advertisers and agencies, and changes nothing', async () => {
    for (const name of ['advertiser', 'adv1', 'agency'] as const)
      await expectAllForbidden(t, tok[name], endpoints());
    expect((await read()).notice_window_seconds).toBe(900);
  });

  it('answers 404 for an unknown exchange', async () => {
    expectError(await t.call('GET', path(2_000_000), { token: tok.admin }), 404, 'Exchange not found.');
    expectError(
      await t.call('PUT', path(2_000_000), {
        token: tok.admin,
        body: { notice_window_seconds: 600, price_encryption: 'NONE' },
      }),
      404,
      'Exchange not found.',
    );
  });

  it('starts at the default: a 15-minute window and plain prices', async () => {
    expect(await read(tok.coadmin)).toMatchObject({
      exchange_id: openx,
      notice_window_seconds: 900,
      price_encryption: 'NONE',
      price_keys_set: false,
      price_keys_fingerprint: null,
    });
  });
});

describe('bad input', () => {
  it.each([
    [
      'a window under a minute',
      { notice_window_seconds: 59 },
      'notice_window_seconds',
      NOTICE_WINDOW_MESSAGE,
    ],
    [
      'a window over a day',
      { notice_window_seconds: 86_401 },
      'notice_window_seconds',
      NOTICE_WINDOW_MESSAGE,
    ],
    [
      'a window in fractions',
      { notice_window_seconds: 90.5 },
      'notice_window_seconds',
      NOTICE_WINDOW_MESSAGE,
    ],
    ['a window as text', { notice_window_seconds: '900' }, 'notice_window_seconds', NOTICE_WINDOW_MESSAGE],
    ['no window', { notice_window_seconds: undefined }, 'notice_window_seconds', NOTICE_WINDOW_MESSAGE],
    ['an unknown encryption', { price_encryption: 'AES' }, 'price_encryption', PRICE_ENCRYPTION_MESSAGE],
    [
      'keys with plain prices',
      { encryption_key: E_KEY, integrity_key: I_KEY },
      'encryption_key',
      PRICE_KEYS_UNUSED_MESSAGE,
    ],
    [
      'one key only',
      { price_encryption: 'GOOGLE', encryption_key: E_KEY },
      'integrity_key',
      PRICE_KEYS_PAIR_MESSAGE,
    ],
    [
      'a key of 31 bytes',
      { price_encryption: 'GOOGLE', encryption_key: E_KEY.slice(0, 40), integrity_key: I_KEY },
      'encryption_key',
      PRICE_KEY_FORMAT_MESSAGE,
    ],
    [
      'a hex key of 31 bytes',
      { price_encryption: 'GOOGLE', encryption_key: E_KEY, integrity_key: hexOf(I_KEY).slice(2) },
      'integrity_key',
      PRICE_KEY_FORMAT_MESSAGE,
    ],
    [
      'a key that is not base64',
      { price_encryption: 'GOOGLE', encryption_key: `${E_KEY.slice(0, 42)}!=`, integrity_key: I_KEY },
      'encryption_key',
      PRICE_KEY_FORMAT_MESSAGE,
    ],
    [
      'the same key twice (once in hex)',
      { price_encryption: 'GOOGLE', encryption_key: E_KEY, integrity_key: hexOf(E_KEY) },
      'integrity_key',
      PRICE_KEYS_DIFFER_MESSAGE,
    ],
    [
      'encrypted prices without keys',
      { price_encryption: 'GOOGLE' },
      'encryption_key',
      PRICE_KEYS_NEEDED_MESSAGE,
    ],
  ])('refuses %s with a message on its field, and changes nothing', async (_name, patch, field, message) => {
    const before = await read();
    const result = await save({ notice_window_seconds: 600, price_encryption: 'NONE', ...patch });
    expectFieldErrors(result, { [field]: message });
    expect(result.body.message).toBe(message);
    expect(await read()).toEqual(before);
  });
});

describe('winning-price keys', () => {
  let fingerprint: string;

  it('are set (either format), answered only as set with a fingerprint, and sealed at rest', async () => {
    const answer = await t.call('PUT', path(), {
      token: tok.coadmin,
      body: {
        notice_window_seconds: 900,
        price_encryption: 'GOOGLE',
        encryption_key: E_KEY,
        integrity_key: hexOf(I_KEY).replace(/(..)/g, '$1 ').trim(),
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const settings = dataOf<ExchangeSettings>(answer);
    expect(settings).toMatchObject({ price_encryption: 'GOOGLE', price_keys_set: true });
    expect(settings.price_keys_fingerprint).toMatch(/^[0-9a-f]{8}$/);
    fingerprint = settings.price_keys_fingerprint!;
    const [row] = await t.deps.db
      .select({ sealed: exchanges.priceKeysSealed })
      .from(exchanges)
      .where(eq(exchanges.id, openx));
    const secrets = [E_KEY, I_KEY, E_KEY.slice(0, -1), I_KEY.slice(0, -1), hexOf(E_KEY), hexOf(I_KEY)];
    for (const text of [JSON.stringify(answer.body), JSON.stringify(await read()), row!.sealed!])
      for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('are named by their fingerprint in the change log, never by their value', async () => {
    const log = await t.call('GET', `/api/admin/metadata/exchanges/${openx}/change-log`, {
      token: tok.admin,
    });
    const [entry] = dataOf<{ items: { action: string; changes: unknown[]; actor: { email: string } }[] }>(
      log,
    ).items;
    expect(entry!.action).toBe('config');
    expect(entry!.actor.email).toBe(DEMO.coadmin.email);
    expect(entry!.changes).toEqual([{ field: 'price_keys', from: null, to: fingerprint }]);
    expect(JSON.stringify(log.body)).not.toContain(E_KEY.slice(0, 20));
  });

  it('entered again in the other format, print the same and log nothing', async () => {
    const again = await saved({
      notice_window_seconds: 900,
      price_encryption: 'GOOGLE',
      encryption_key: hexOf(E_KEY),
      integrity_key: I_KEY,
    });
    expect(again.price_keys_fingerprint).toBe(fingerprint);
    const log = await t.call('GET', `/api/admin/metadata/exchanges/${openx}/change-log`, {
      token: tok.admin,
    });
    expect(dataOf<{ total: number }>(log).total).toBe(1);
  });

  it("reach the bidder: a win notice's price encrypted as in Google's example is billed at its value", async () => {
    await bidderSees((settings) => settings.hasKeys);
    const token = await advertiserToken();
    const bid = await bidOn(t, freshRequest('simple-banner', { at: 2 }));
    const before = await balance(token);
    expect((await track(bid.nurl, ENCRYPTED_2700)).status).toBe(204);
    expect(await balance(token)).toBe(before - 3);
  });

  it('are kept when only the window changes (GOOGLE without keys)', async () => {
    expect(await saved({ notice_window_seconds: 1200, price_encryption: 'GOOGLE' })).toMatchObject({
      notice_window_seconds: 1200,
      price_keys_set: true,
      price_keys_fingerprint: fingerprint,
    });
  });

  it('are cleared with plain prices, and the bidder no longer reads an encrypted price', async () => {
    expect(await saved({ notice_window_seconds: 900, price_encryption: 'NONE' })).toMatchObject({
      price_encryption: 'NONE',
      price_keys_set: false,
      price_keys_fingerprint: null,
    });
    const [row] = await t.deps.db
      .select({ sealed: exchanges.priceKeysSealed })
      .from(exchanges)
      .where(eq(exchanges.id, openx));
    expect(row!.sealed).toBeNull();
    await bidderSees((settings) => !settings.hasKeys);
    const token = await advertiserToken();
    const bid = await bidOn(t, freshRequest('simple-banner', { at: 2 }));
    const before = await balance(token);
    expect((await track(bid.nurl, ENCRYPTED_2700)).status).toBe(204);
    // Not a price under no keys: the bid is billed.
    expect(await balance(token)).toBe(before - BID_MICROS);
  });
});

describe('the notice window', () => {
  it('set through the API, is how long a bid is held before its notice is late', async () => {
    await saved({ notice_window_seconds: 120, price_encryption: 'NONE' }, tok.coadmin);
    await bidderSees((settings) => settings.noticeWindowMs === 120_000);
    const token = await advertiserToken();
    const pending = async () =>
      dataOf<{ pending_spend_micros: number }>(await t.call('GET', '/api/funds/summary', { token }))
        .pending_spend_micros;
    const held = await pending();
    const bid = await bidOn(t, freshRequest('simple-banner', { at: 2 }));
    expect(await pending()).toBe(held + BID_MICROS);
    // A minute and a half on: inside the exchange's 2 minutes, still held.
    clock.nowMs += 90_000;
    expect(await pending()).toBe(held + BID_MICROS);
    clock.nowMs += 31_000;
    expect(await pending()).toBe(held);
    expect((await track(bid.nurl, '2')).status).toBe(204);
    const [billing] = await t.deps.db
      .select({ isLate: deliveryEvents.isLate })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.auctionId, auctionOf(bid)), eq(deliveryEvents.type, 'BILLING')));
    expect(billing).toEqual({ isLate: 1 });
  });
});
