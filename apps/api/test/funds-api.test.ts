// Funds through HTTP: admin credits and debits, agency allocations
// and pull-backs, reversals, Idempotency-Key replays, the history with its CSV and PDF statement,
// margins shown to the roles that may see them, the low-balance mail, and every refusal changing
// nothing. The whole-ledger check runs after each test.
import type { FundsEntry, FundsSummary, HistoryPage, MovementResult } from '@console/core/api/funds';
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { outboxMails } from '../src/db/schema/mail.ts';
import { userConfigs } from '../src/db/schema/users.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import {
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  NO_PERMISSION,
} from './support/accounts.ts';
import { DEMO, type DemoName, secondAgency } from './support/admin-fixtures.ts';
import { bookSpend, creditAccount } from './support/ledger-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { CallOptions, TestApp } from './support/test-app.ts';

const USD = 1_000_000;
const ACCOUNT_NOT_FOUND = 'Account not found.';

let t: TestApp;
let tok: DemoTokens;
let other: Awaited<ReturnType<typeof secondAgency>>;
beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  other = await secondAgency(t, tok.admin);
});
afterAll(() => t.close());
afterEach(async () => {
  const check = await checkLedger(t.deps.db);
  expect(check.problems).toEqual([]);
});

const balanceOf = async (userId: number) =>
  dataOf<FundsSummary>(
    await t.call('GET', '/api/funds/summary', { token: tok.admin, query: { user_primary_id: userId } }),
  ).balance_micros;

const historyOf = async (token: string, query: Record<string, string | number> = {}) => {
  const result = await t.call('GET', '/api/funds/history', { token, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<HistoryPage>(result);
};

const credit = (token: string, body: Record<string, unknown>, options: CallOptions = {}) =>
  t.call('POST', '/api/admin/funds/movements', {
    token,
    body: { direction: 'CREDIT', method: 'WIRE', reference: '', note: '', ...body },
    ...options,
  });

const allocate = (token: string, body: Record<string, unknown>, options: CallOptions = {}) =>
  t.call('POST', '/api/agency/funds/allocations', {
    token,
    body: { direction: 'ALLOCATE', note: '', ...body },
    ...options,
  });

describe('permissions', () => {
  const endpoints = [
    { method: 'GET', path: '/api/funds/summary' },
    { method: 'GET', path: '/api/funds/history' },
    { method: 'GET', path: '/api/funds/history.csv' },
    { method: 'GET', path: '/api/funds/statement', query: { month: '2026-01' } },
    { method: 'PUT', path: '/api/funds/low-balance-alert', body: { threshold_micros: 1 } },
    { method: 'GET', path: '/api/funds/accounts' },
    { method: 'POST', path: '/api/funds/transfers/1/reversal', body: { note: 'x' } },
    { method: 'POST', path: '/api/admin/funds/movements', body: { user_primary_id: 6 } },
    { method: 'GET', path: '/api/admin/funds/overview' },
    { method: 'GET', path: '/api/admin/funds/check' },
    { method: 'POST', path: '/api/agency/funds/allocations', body: { advertiser_id: 4 } },
  ] as const;

  it('answers 401 without a token everywhere', async () => {
    for (const endpoint of endpoints) {
      expectUnauthorized(
        await t.call(endpoint.method, endpoint.path, {
          body: 'body' in endpoint ? endpoint.body : undefined,
        }),
      );
    }
  });

  it('answers 403 to roles a route is not for', async () => {
    const refused: [DemoName, string, string, unknown?][] = [
      ['advertiser', 'POST', '/api/admin/funds/movements', { user_primary_id: 6 }],
      ['agency', 'POST', '/api/admin/funds/movements', { user_primary_id: 4 }],
      ['advertiser', 'GET', '/api/admin/funds/overview'],
      ['agency', 'GET', '/api/admin/funds/check'],
      ['advertiser', 'POST', '/api/agency/funds/allocations', { advertiser_id: 6 }],
      ['admin', 'POST', '/api/agency/funds/allocations', { advertiser_id: 4 }],
      ['advertiser', 'GET', '/api/funds/accounts'],
      ['advertiser', 'POST', '/api/funds/transfers/1/reversal', { note: 'mine' }],
      ['admin', 'PUT', '/api/funds/low-balance-alert', { threshold_micros: 1 }],
      ['coadmin', 'PUT', '/api/funds/low-balance-alert', { threshold_micros: 1 }],
    ];
    for (const [name, method, path, body] of refused) {
      expectError(await t.call(method, path, { token: tok[name], body }), 403, NO_PERMISSION);
    }
  });

  it("answers 404 for another tenant's account, the same as for none", async () => {
    const reads = ['/api/funds/summary', '/api/funds/history', '/api/funds/history.csv'];
    for (const path of reads) {
      // Another agency's advertiser, another advertiser, an admin (holds no funds), no such user.
      expectError(
        await t.call('GET', path, {
          token: tok.agency,
          query: { user_primary_id: other.advertiser.user_primary_id },
        }),
        404,
        ACCOUNT_NOT_FOUND,
      );
      expectError(
        await t.call('GET', path, { token: tok.advertiser, query: { user_primary_id: DEMO.adv1.id } }),
        404,
        ACCOUNT_NOT_FOUND,
      );
      expectError(
        await t.call('GET', path, { token: tok.admin, query: { user_primary_id: DEMO.coadmin.id } }),
        404,
        ACCOUNT_NOT_FOUND,
      );
      expectError(
        await t.call('GET', path, { token: tok.admin, query: { user_primary_id: 2_000_000_000 } }),
        404,
        ACCOUNT_NOT_FOUND,
      );
    }
    expectError(
      await t.call('GET', '/api/funds/statement', {
        token: tok.adv1,
        query: { user_primary_id: DEMO.advertiser.id, month: '2026-01' },
      }),
      404,
      ACCOUNT_NOT_FOUND,
    );
    // Allocating to another agency's advertiser, or to a direct one.
    for (const advertiserId of [other.advertiser.user_primary_id, DEMO.advertiser.id]) {
      expectError(
        await allocate(tok.agency, { advertiser_id: advertiserId, amount_micros: USD }),
        404,
        'Advertiser not found.',
      );
    }
    expectError(
      await credit(tok.admin, { user_primary_id: DEMO.coadmin.id, amount_micros: USD }),
      404,
      ACCOUNT_NOT_FOUND,
    );
    // A co-admin cannot move an admin's money (there is none, and it is above it anyway).
    expectError(
      await credit(tok.coadmin, { user_primary_id: DEMO.admin.id, amount_micros: USD }),
      404,
      ACCOUNT_NOT_FOUND,
    );
  });

  it('asks staff which account they mean', async () => {
    expectFieldErrors(await t.call('GET', '/api/funds/summary', { token: tok.admin }), {
      user_primary_id: 'Choose an agency or advertiser.',
    });
  });
});

describe('admin credits and debits', () => {
  it('credits $5,000 by wire with a reference and a note; the advertiser sees it at once', async () => {
    const before = await balanceOf(DEMO.advertiser.id);
    const result = await credit(tok.admin, {
      user_primary_id: DEMO.advertiser.id,
      amount_micros: 5_000 * USD,
      reference: 'WIRE-2026-0042',
      note: 'Q3 prepayment',
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('Funds credited.');
    const moved = dataOf<MovementResult>(result);
    expect(moved).toMatchObject({
      kind: 'CREDIT',
      amount_micros: 5_000 * USD,
      balance_micros: before + 5_000 * USD,
    });
    const topBar = await t.call('GET', '/api/campaning/getAdvertiserBalance', { token: tok.advertiser });
    expect(dataOf(topBar)).toBe(before + 5_000 * USD);
    const [latest] = (await historyOf(tok.advertiser)).items;
    expect(latest).toMatchObject({
      transfer_id: moved.transfer_id,
      kind: 'CREDIT',
      method: 'WIRE',
      amount_micros: 5_000 * USD,
      balance_after_micros: before + 5_000 * USD,
      reference: 'WIRE-2026-0042',
      note: 'Q3 prepayment',
      counterparty: null,
      createdBy: { user_primary_id: DEMO.admin.id, email: DEMO.admin.email },
      reverses_transfer_id: null,
      reversed_by_transfer_id: null,
      can_reverse: false,
    });
    // Undo it so the demo balance is as it was for the other tests.
    const undo = await t.call('POST', `/api/funds/transfers/${moved.transfer_id}/reversal`, {
      token: tok.admin,
      body: { note: 'test cleanup' },
    });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
  });

  it('refuses a debit below zero with a clear message and changes nothing', async () => {
    const agency = other.agency.user_primary_id;
    await credit(tok.coadmin, {
      user_primary_id: agency,
      amount_micros: 10 * USD,
      method: 'CHEQUE',
      reference: 'CHQ-1',
    });
    const before = await historyOf(tok.admin, { user_primary_id: agency });
    const refused = await credit(tok.admin, {
      user_primary_id: agency,
      direction: 'DEBIT',
      method: 'REFUND',
      amount_micros: 10 * USD + 1,
    });
    expectError(refused, 400, 'Second Agency has $10.00, too little for this movement. Nothing was moved.');
    expect(await historyOf(tok.admin, { user_primary_id: agency })).toEqual(before);
    const debit = await credit(tok.admin, {
      user_primary_id: agency,
      direction: 'DEBIT',
      method: 'REFUND',
      amount_micros: 10 * USD,
    });
    expect(debit.status).toBe(200);
    expect(debit.body.message).toBe('Funds debited.');
    expect(await balanceOf(agency)).toBe(0);
  });

  it('validates every field with a clear message', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ user_primary_id: 6, amount_micros: 0 }, { amount_micros: 'Enter an amount greater than zero.' }],
      [{ user_primary_id: 6, amount_micros: -5 }, { amount_micros: 'Enter an amount greater than zero.' }],
      [
        { user_primary_id: 6, amount_micros: 1.5 },
        { amount_micros: 'The amount is a whole number of micro-units.' },
      ],
      [{ user_primary_id: 6, amount_micros: 2 * 10 ** 15 }, { amount_micros: 'This amount is too large.' }],
      [{ user_primary_id: 6, amount_micros: 1, method: 'GOLD' }, { method: 'Choose how the money moved.' }],
      [
        { user_primary_id: 6, amount_micros: 1, direction: 'SIDEWAYS' },
        { direction: 'Choose credit or debit.' },
      ],
      [{ user_primary_id: 0, amount_micros: 1 }, { user_primary_id: 'The account is a positive number.' }],
      [
        { user_primary_id: 6, amount_micros: 1, reference: 'x'.repeat(101) },
        { reference: 'The reference can be at most 100 characters.' },
      ],
    ];
    const before = await balanceOf(DEMO.advertiser.id);
    for (const [body, errors] of cases) expectFieldErrors(await credit(tok.admin, body), errors);
    expect(await balanceOf(DEMO.advertiser.id)).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('answers a replay with the first answer and moves the money once', async () => {
    const key = `key-${Date.now()}`;
    const body = { user_primary_id: DEMO.adv2.id, amount_micros: 7 * USD, reference: 'R-1' };
    const before = await balanceOf(DEMO.adv2.id);
    const first = await credit(tok.admin, body, { headers: { 'idempotency-key': key } });
    const again = await credit(tok.admin, body, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(DEMO.adv2.id)).toBe(before + 7 * USD);
    // The same key for another request is refused and moves nothing.
    const different = await credit(
      tok.admin,
      { ...body, amount_micros: 8 * USD },
      { headers: { 'idempotency-key': key } },
    );
    expectError(different, 422, /already used with a different request/);
    expect(await balanceOf(DEMO.adv2.id)).toBe(before + 7 * USD);
    // Another caller's identical key is another key.
    const coadmin = await credit(tok.coadmin, body, { headers: { 'idempotency-key': key } });
    expect(coadmin.status).toBe(200);
    expect(dataOf<MovementResult>(coadmin).transfer_id).not.toBe(dataOf<MovementResult>(first).transfer_id);
    expect(await balanceOf(DEMO.adv2.id)).toBe(before + 14 * USD);
  });

  it('moves nothing again when the stored answer was lost (a crash after the commit)', async () => {
    const key = `lost-${Date.now()}`;
    const body = { user_primary_id: DEMO.adv2.id, amount_micros: 2 * USD };
    const before = await balanceOf(DEMO.adv2.id);
    const first = await credit(tok.admin, body, { headers: { 'idempotency-key': key } });
    // As if the process died between the commit and storing the answer: the platform's row is gone.
    await t.deps.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const retry = await credit(tok.admin, body, { headers: { 'idempotency-key': key } });
    expect(retry.status).toBe(200);
    expect(dataOf<MovementResult>(retry)).toEqual(dataOf<MovementResult>(first));
    expect(await balanceOf(DEMO.adv2.id)).toBe(before + 2 * USD);
  });

  it('ten parallel requests with one key move the money once', async () => {
    const key = `parallel-${Date.now()}`;
    const before = await balanceOf(DEMO.adv2.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        credit(
          tok.admin,
          { user_primary_id: DEMO.adv2.id, amount_micros: 3 * USD },
          { headers: { 'idempotency-key': key } },
        ),
      ),
    );
    const ids = new Set(results.map((result) => dataOf<MovementResult>(result)?.transfer_id));
    expect(results.every((result) => result.status === 200 || result.status === 409)).toBe(true);
    expect(ids.size).toBeLessThanOrEqual(2); // one transfer id (and undefined for a 409 "still running")
    expect(await balanceOf(DEMO.adv2.id)).toBe(before + 3 * USD);
  });

  it('refuses a key longer than 255 characters', async () => {
    expectFieldErrors(
      await credit(
        tok.admin,
        { user_primary_id: DEMO.adv2.id, amount_micros: 1 },
        { headers: { 'idempotency-key': 'k'.repeat(256) } },
      ),
      { 'idempotency-key': 'The Idempotency-Key header must be 1 to 255 characters.' },
    );
  });
});

describe('agency allocations', () => {
  it('allocates to its advertiser and pulls back only what is unspent', async () => {
    const agencyBefore = (await historyOf(tok.agency)).balance_micros;
    const adv2Before = await balanceOf(DEMO.adv2.id);
    const given = await allocate(tok.agency, {
      advertiser_id: DEMO.adv2.id,
      amount_micros: 1_000 * USD,
      note: 'May budget',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.message).toBe('Funds allocated.');
    expect(dataOf<MovementResult>(given)).toMatchObject({
      kind: 'ALLOCATION',
      balance_micros: adv2Before + 1_000 * USD,
    });
    await bookSpend(t, DEMO.adv2.id, { mediaCostMicros: 400n * BigInt(USD) });
    const tooMuch = await allocate(tok.agency, {
      advertiser_id: DEMO.adv2.id,
      direction: 'PULL_BACK',
      amount_micros: adv2Before + 600 * USD + 1,
    });
    expectError(tooMuch, 400, /has \$[\d,.]+ unspent, too little to pull this back\. Nothing was moved\./);
    const back = await allocate(tok.agency, {
      advertiser_id: DEMO.adv2.id,
      direction: 'PULL_BACK',
      amount_micros: 600 * USD,
    });
    expect(back.body.message).toBe('Funds pulled back.');
    expect(await balanceOf(DEMO.adv2.id)).toBe(adv2Before);
    expect((await historyOf(tok.agency)).balance_micros).toBe(agencyBefore - 400 * USD);
    // The agency's history names the advertiser; the advertiser's names the agency.
    const [pull, allocation] = (await historyOf(tok.agency)).items;
    expect(pull).toMatchObject({
      kind: 'PULL_BACK',
      amount_micros: 600 * USD,
      counterparty: { user_primary_id: DEMO.adv2.id },
    });
    expect(allocation).toMatchObject({
      kind: 'ALLOCATION',
      amount_micros: -1_000 * USD,
      note: 'May budget',
      can_reverse: true,
    });
    const advertiserView = await historyOf(tok.agency, { user_primary_id: DEMO.adv2.id, kind: 'ALLOCATION' });
    expect(advertiserView.items[0]).toMatchObject({
      amount_micros: 1_000 * USD,
      counterparty: { user_primary_id: DEMO.agency.id },
    });
  });

  it('refuses to allocate more than the agency holds', async () => {
    const { agencyToken, advertiser } = other;
    const refused = await allocate(agencyToken, {
      advertiser_id: advertiser.user_primary_id,
      amount_micros: USD,
    });
    expectError(
      refused,
      400,
      'Your agency balance is $0.00, too little to allocate this. Nothing was moved.',
    );
  });
});

describe('reversals', () => {
  it('undoes a movement with a reversal that shows as such, once', async () => {
    const moved = dataOf<MovementResult>(
      await credit(tok.admin, { user_primary_id: DEMO.adv1.id, amount_micros: 50 * USD, note: 'typo' }),
    );
    const reversal = await t.call('POST', `/api/funds/transfers/${moved.transfer_id}/reversal`, {
      token: tok.coadmin,
      body: { note: 'Wrong advertiser' },
    });
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);
    expect(reversal.body.message).toBe('Movement reversed.');
    const reversalId = dataOf<MovementResult>(reversal).transfer_id;
    const [undo, original] = (await historyOf(tok.adv1)).items as [FundsEntry, FundsEntry];
    expect(undo).toMatchObject({
      kind: 'REVERSAL',
      amount_micros: -50 * USD,
      reverses_transfer_id: moved.transfer_id,
      note: 'Wrong advertiser',
    });
    expect(original).toMatchObject({
      transfer_id: moved.transfer_id,
      kind: 'CREDIT',
      note: 'typo',
      reversed_by_transfer_id: reversalId,
    });
    const twice = await t.call('POST', `/api/funds/transfers/${moved.transfer_id}/reversal`, {
      token: tok.admin,
      body: { note: 'again' },
    });
    expectError(twice, 409, 'This movement has already been reversed.');
    const ofReversal = await t.call('POST', `/api/funds/transfers/${reversalId}/reversal`, {
      token: tok.admin,
      body: { note: 'again' },
    });
    expectError(ofReversal, 409, 'A reversal cannot be reversed. Make a new movement instead.');
    expectFieldErrors(
      await t.call('POST', `/api/funds/transfers/${moved.transfer_id}/reversal`, {
        token: tok.admin,
        body: { note: '' },
      }),
      {
        note: 'Say why this movement is reversed.',
      },
    );
  });

  it('lets an agency reverse its own allocation, not an admin credit, not another agency’s', async () => {
    const given = dataOf<MovementResult>(
      await allocate(tok.agency, { advertiser_id: DEMO.adv1.id, amount_micros: 5 * USD }),
    );
    const credited = dataOf<MovementResult>(
      await credit(tok.admin, { user_primary_id: DEMO.adv1.id, amount_micros: USD }),
    );
    expectError(
      await t.call('POST', `/api/funds/transfers/${credited.transfer_id}/reversal`, {
        token: tok.agency,
        body: { note: 'no' },
      }),
      403,
      'You may not reverse this movement.',
    );
    expectError(
      await t.call('POST', `/api/funds/transfers/${given.transfer_id}/reversal`, {
        token: other.agencyToken,
        body: { note: 'no' },
      }),
      404,
      'Movement not found.',
    );
    const undone = await t.call('POST', `/api/funds/transfers/${given.transfer_id}/reversal`, {
      token: tok.agency,
      body: { note: 'Wrong amount' },
    });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expectError(
      await t.call('POST', '/api/funds/transfers/999999999/reversal', {
        token: tok.admin,
        body: { note: 'x' },
      }),
      404,
      'Movement not found.',
    );
  });

  it('refuses a reversal that would take a balance below zero', async () => {
    const moved = dataOf<MovementResult>(
      await allocate(tok.agency, { advertiser_id: DEMO.adv1.id, amount_micros: 2 * USD }),
    );
    const spendAll = await balanceOf(DEMO.adv1.id);
    await bookSpend(t, DEMO.adv1.id, { mediaCostMicros: BigInt(spendAll) });
    const refused = await t.call('POST', `/api/funds/transfers/${moved.transfer_id}/reversal`, {
      token: tok.agency,
      body: { note: 'undo' },
    });
    expectError(refused, 400, /has \$0\.00, too little to reverse this movement\. Nothing was moved\./);
    await creditAccount(t, DEMO.adv1.id, BigInt(spendAll));
  });
});

describe('margins, summary and accounts', () => {
  it('shows media cost to staff only; the advertiser and its agency see the advertiser cost', async () => {
    // The demo's margins (demo-seed.ts): the agency's (the platform's take) is restored at the end.
    const marginOf = async (userId: number) =>
      (await t.deps.db.select().from(userConfigs).where(eq(userConfigs.userId, userId)))[0]?.marginBps ?? 0;
    const agencyBefore = await marginOf(DEMO.agency.id);
    const adv1Own = await marginOf(DEMO.adv1.id);
    await t.deps.db
      .update(userConfigs)
      .set({ marginBps: 2000 })
      .where(eq(userConfigs.userId, DEMO.agency.id));
    await creditAccount(t, DEMO.adv1.id, 100n * BigInt(USD));
    await bookSpend(t, DEMO.adv1.id, {
      mediaCostMicros: 10n * BigInt(USD),
      advertiserCostMicros: 12n * BigInt(USD),
      reference: 'margin-view',
    });
    const query = { user_primary_id: DEMO.adv1.id, kind: 'SPEND' };
    const staff = (await historyOf(tok.admin, query)).items.find(
      (entry) => entry.reference === 'margin-view',
    );
    expect(staff).toMatchObject({
      amount_micros: -12 * USD,
      media_cost_micros: 10 * USD,
      advertiser_cost_micros: 12 * USD,
    });
    for (const token of [tok.adv1, tok.agency]) {
      const seen = (await historyOf(token, query)).items.find((entry) => entry.reference === 'margin-view');
      expect(seen).toMatchObject({
        amount_micros: -12 * USD,
        media_cost_micros: null,
        advertiser_cost_micros: 12 * USD,
      });
    }
    const summary = (token: string) =>
      t.call('GET', '/api/funds/summary', {
        token,
        query: token === tok.adv1 ? {} : { user_primary_id: DEMO.adv1.id },
      });
    // Its own margin plus its agency's.
    expect(dataOf<FundsSummary>(await summary(tok.admin)).margin_bps).toBe(2000 + adv1Own);
    const own = dataOf<FundsSummary>(await summary(tok.adv1));
    expect(own.margin_bps).toBeNull();
    expect(own.pending_spend_micros).toBe(0);
    expect(own.available_micros).toBe(own.balance_micros);
    await t.deps.db
      .update(userConfigs)
      .set({ marginBps: agencyBefore })
      .where(eq(userConfigs.userId, DEMO.agency.id));
  });

  it('lists accounts with balances: everyone for staff, its advertisers for an agency', async () => {
    const staff = await t.call('GET', '/api/funds/accounts', { token: tok.coadmin, query: { limit: 100 } });
    const staffIds = dataOf<{ items: { user_primary_id: number; margin_bps: number | null }[] }>(
      staff,
    ).items.map((a) => a.user_primary_id);
    expect(staffIds).toEqual(
      expect.arrayContaining([
        DEMO.agency.id,
        DEMO.adv1.id,
        DEMO.advertiser.id,
        other.agency.user_primary_id,
      ]),
    );
    expect(staffIds).not.toContain(DEMO.admin.id);
    const agency = await t.call('GET', '/api/funds/accounts', {
      token: tok.agency,
      query: { sort: 'balance', order: 'desc' },
    });
    const items = dataOf<{
      items: { user_primary_id: number; margin_bps: number | null; balance_micros: number }[];
    }>(agency).items;
    expect(items.map((a) => a.user_primary_id).sort()).toEqual([DEMO.adv1.id, DEMO.adv2.id].sort());
    expect(items.every((a) => a.margin_bps === null)).toBe(true);
    expect(items[0]!.balance_micros).toBeGreaterThanOrEqual(items[1]!.balance_micros);
  });

  it('answers the platform overview and a sound ledger check to staff', async () => {
    const overview = dataOf<{
      funding_micros: number;
      media_micros: number;
      margin_micros: number;
      accounts_micros: number;
    }>(await t.call('GET', '/api/admin/funds/overview', { token: tok.admin }));
    expect(
      overview.funding_micros + overview.media_micros + overview.margin_micros + overview.accounts_micros,
    ).toBe(0);
    const check = await t.call('GET', '/api/admin/funds/check', { token: tok.coadmin });
    expect(dataOf(check)).toMatchObject({ ok: true, total_micros: 0, problems: [] });
  });
});

describe('exports', () => {
  it('lists the history in the order movements occurred, with the balance after each in that order', async () => {
    // A late notice: spend delivered (a millisecond) before the last one, booked after it; every
    // other movement of the account occurred before both.
    const delivered = new Date();
    await bookSpend(t, DEMO.adv1.id, {
      mediaCostMicros: 1_000_000n,
      reference: 'late-order-a',
      occurredAt: delivered,
    });
    await bookSpend(t, DEMO.adv1.id, {
      mediaCostMicros: 2_500_000n,
      reference: 'late-order-b',
      occurredAt: new Date(delivered.getTime() - 1),
    });
    const balance = await balanceOf(DEMO.adv1.id);
    const query = { user_primary_id: DEMO.adv1.id, q: 'late-order' };
    const newest = await historyOf(tok.admin, query);
    expect(
      newest.items.map((entry) => [entry.reference, entry.amount_micros, entry.balance_after_micros]),
    ).toEqual([
      ['late-order-a', -1_000_000, balance],
      ['late-order-b', -2_500_000, balance + 1_000_000],
    ]);
    // Shown times read in order down the page.
    const times = newest.items.map((entry) => Date.parse(entry.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Oldest first and page by page, the same rows with the same balances.
    const oldest = await historyOf(tok.admin, { ...query, order: 'asc' });
    expect(oldest.items).toEqual([...newest.items].reverse());
    const second = await historyOf(tok.admin, { ...query, limit: 1, page: 2 });
    expect(second).toMatchObject({ total: 2, items: [newest.items[1]] });
    const secondOldest = await historyOf(tok.admin, { ...query, order: 'asc', limit: 1, page: 2 });
    expect(secondOldest.items).toEqual([newest.items[0]]);
    // Unfiltered, the newest page agrees with the filtered one.
    const all = await historyOf(tok.admin, { user_primary_id: DEMO.adv1.id, limit: 2 });
    expect(all.items).toEqual(newest.items);
    // The CSV, oldest first, in the same order with the same balances, filtered or not; unfiltered,
    // each balance is the one before it plus its amount, down to the account's balance.
    const csvOf = async (filters: Record<string, string | number>) =>
      parse(
        String(
          (await t.call('GET', '/api/funds/history.csv', { token: tok.admin, query: filters })).body.raw,
        ),
        { columns: true, bom: true },
      ) as Record<string, string>[];
    const filtered = await csvOf(query);
    expect(filtered.map((row) => [row.reference, Number(row.balance_after_micros)])).toEqual(
      oldest.items.map((entry) => [entry.reference, entry.balance_after_micros]),
    );
    const whole = await csvOf({ user_primary_id: DEMO.adv1.id });
    let running = 0;
    for (const row of whole) {
      running += Number(row.amount_micros);
      expect(Number(row.balance_after_micros), row.reference).toBe(running);
    }
    expect(running).toBe(balance);
  });

  it('streams the history as CSV, with media cost for staff only', async () => {
    const own = await t.call('GET', '/api/funds/history.csv', { token: tok.advertiser });
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toMatch(/^text\/csv/);
    expect(own.headers['content-disposition']).toBe(`attachment; filename="funds-${DEMO.advertiser.id}.csv"`);
    const lines = String(own.body.raw).trim().split('\n');
    expect(lines[0]).toBe(
      'booked_at,occurred_at,transfer_id,kind,method,amount,amount_micros,balance_after,balance_after_micros,counterparty,reference,description,note,by,reverses_transfer_id,reversed_by_transfer_id,campaign_id,advertiser_cost_micros',
    );
    expect(lines[1]).toMatch(
      /,CREDIT,PROMOTION,5000\.000000,5000000000,5000\.000000,5000000000,platform,,,Demo deposit,system,/,
    );
    const staff = await t.call('GET', '/api/funds/history.csv', {
      token: tok.admin,
      query: { user_primary_id: DEMO.adv1.id, kind: 'SPEND' },
    });
    const staffLines = String(staff.body.raw).trim().split('\n');
    expect(staffLines[0]).toMatch(/,media_cost_micros$/);
    expect(staffLines.length).toBeGreaterThan(1);
    expect(staffLines.slice(1).every((line) => line.includes(',SPEND,'))).toBe(true);
  });

  it('makes a monthly statement PDF', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const result = await t.call('GET', '/api/funds/statement', { token: tok.advertiser, query: { month } });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('application/pdf');
    expect(result.headers['content-disposition']).toBe(
      `attachment; filename="statement-${DEMO.advertiser.id}-${month}.pdf"`,
    );
    expect(String(result.body.raw).startsWith('%PDF-')).toBe(true);
    expect(String(result.body.raw)).toContain(`(Account statement ${month})`);
    // In the reader's language: its title (the PDF's info, not compressed) says so.
    for (const [lang, tag, title] of [
      ['gr', 'de', 'Kontoauszug'],
      ['sp', 'es', 'Extracto de cuenta'],
      ['it', 'it', 'Estratto conto'],
      ['rs', 'ru', null],
    ] as const) {
      const localized = await t.call('GET', '/api/funds/statement', {
        token: tok.advertiser,
        query: { month, lang },
      });
      expect(localized.status).toBe(200);
      const raw = String(localized.body.raw);
      // Russian needs a Unicode font (DejaVu or Liberation Sans), embedded; without one it is English.
      const english = lang === 'rs' && !raw.includes('/FontFile2');
      expect(raw).toContain(`/Lang (${english ? 'en' : tag})`);
      if (title) expect(raw).toContain(`(${title} ${month})`);
    }
    expectFieldErrors(
      await t.call('GET', '/api/funds/statement', { token: tok.advertiser, query: { month: '2026-13' } }),
      {
        month: 'Use a month like 2026-01.',
      },
    );
  });
});

describe('low-balance alert', () => {
  const mailsTo = (email: string) =>
    t.deps.db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.to, email), eq(outboxMails.subject, 'Your balance is low')))
      .orderBy(desc(outboxMails.id));

  it('mails once when a debit crosses the threshold the user set', async () => {
    const saved = await t.call('PUT', '/api/funds/low-balance-alert', {
      token: tok.advertiser,
      body: { threshold_micros: 4_000 * USD },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(dataOf<FundsSummary>(saved).low_balance_threshold_micros).toBe(4_000 * USD);
    const before = (await mailsTo(DEMO.advertiser.email)).length;
    const debit = (amount: number) =>
      credit(tok.admin, {
        user_primary_id: DEMO.advertiser.id,
        direction: 'DEBIT',
        method: 'ADJUSTMENT',
        amount_micros: amount,
      });
    const first = dataOf<MovementResult>(await debit(500 * USD)); // 5,000 -> 4,500: above
    expect(await mailsTo(DEMO.advertiser.email)).toHaveLength(before);
    const second = dataOf<MovementResult>(await debit(1_000 * USD)); // 4,500 -> 3,500: crosses
    const mails = await mailsTo(DEMO.advertiser.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.body).toContain(
      'Your balance is $3,500.00, below the $4,000.00 you asked to be told about.',
    );
    const third = dataOf<MovementResult>(await debit(100 * USD)); // still below: no second mail
    expect(await mailsTo(DEMO.advertiser.email)).toHaveLength(before + 1);
    for (const moved of [third, second, first]) {
      await t.call('POST', `/api/funds/transfers/${moved.transfer_id}/reversal`, {
        token: tok.admin,
        body: { note: 'test cleanup' },
      });
    }
    const off = await t.call('PUT', '/api/funds/low-balance-alert', {
      token: tok.advertiser,
      body: { threshold_micros: null },
    });
    expect(off.body.message).toBe('Low-balance alert turned off.');
    expectFieldErrors(
      await t.call('PUT', '/api/funds/low-balance-alert', {
        token: tok.advertiser,
        body: { threshold_micros: -1 },
      }),
      {
        threshold_micros: 'The threshold cannot be negative.',
      },
    );
  });
});
