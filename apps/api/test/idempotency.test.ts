// Idempotency-Key on every create (Stripe's rules): a replay within 24 hours answers
// the first answer and creates nothing, another request under the same key is refused, parallel
// requests with one key run once, and keys belong to their user.
import { randomUUID } from 'node:crypto';
import { importEnvelopeKey, openJson, sealJson } from '@console/core/envelope';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_MISMATCH_MESSAGE,
} from '../src/platform/idempotency.ts';
import { campaignBody } from './campaign-fixtures.ts';
import { htmlBody } from './creative-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, newUserBody } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import { type CallResult, TEST_PAYLOAD_KEY, type TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  // API keys need api_access on the account.
  const path = `/api/admin/users/${DEMO.advertiser.id}/config`;
  const config = dataOf<Record<string, unknown>>(await t.call('GET', path, { token: tok.admin }));
  const result = await t.call('PUT', path, { token: tok.admin, body: { ...config, api_access: true } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
});
afterAll(() => t.close());

const withKey = (key: string, token: string, body?: unknown) => ({
  token,
  headers: { 'idempotency-key': key },
  ...(body === undefined ? {} : { body }),
});

const campaignCountOf = async (ownerId: number) => {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(eq(campaigns.advertiserId, ownerId));
  return row!.n;
};

const expectCreated = (result: CallResult) => {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.success).toBe(true);
  expect(result.headers['idempotent-replayed']).toBeUndefined();
  return result;
};

const expectReplayOf = (replay: CallResult, first: CallResult) => {
  expect(replay.status, JSON.stringify(replay.body)).toBe(first.status);
  expect(replay.body).toEqual(first.body);
  expect(replay.headers['idempotent-replayed']).toBe('true');
};

describe('a replayed create', () => {
  it('answers the first answer (status and body) and creates nothing', async () => {
    const key = randomUUID();
    const before = await campaignCountOf(DEMO.advertiser.id);
    const body = campaignBody({ name: 'Idempotent Launch' });
    const first = expectCreated(await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, body)));
    const replay = await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, body));
    expectReplayOf(replay, first);
    expect(await campaignCountOf(DEMO.advertiser.id)).toBe(before + 1);
  });

  it('compares the opened body of {encryptedData} and answers sealed or plain as each request came', async () => {
    const envelopeKey = await importEnvelopeKey(TEST_PAYLOAD_KEY);
    const key = randomUUID();
    const before = await campaignCountOf(DEMO.advertiser.id);
    const body = campaignBody({ name: 'Sealed Launch' });
    const sealedFirst = await t.call(
      'POST',
      '/api/campaigns',
      withKey(key, tok.advertiser, { encryptedData: await sealJson(envelopeKey, body) }),
    );
    expect(Object.keys(sealedFirst.body)).toEqual(['encryptedResponse']);
    const opened = (await openJson(envelopeKey, sealedFirst.body.encryptedResponse as string)) as Record<
      string,
      unknown
    >;
    expect(opened.success).toBe(true);

    // The same body in plain JSON is the same request: the first answer, in plain JSON.
    const plainReplay = await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, body));
    expect(plainReplay.status).toBe(200);
    expect(plainReplay.body).toEqual(opened);
    expect(plainReplay.headers['idempotent-replayed']).toBe('true');

    // Sealed again (a fresh nonce, so other ciphertext): the first answer, sealed.
    const sealedReplay = await t.call(
      'POST',
      '/api/campaigns',
      withKey(key, tok.advertiser, { encryptedData: await sealJson(envelopeKey, body) }),
    );
    expect(Object.keys(sealedReplay.body)).toEqual(['encryptedResponse']);
    expect(await openJson(envelopeKey, sealedReplay.body.encryptedResponse as string)).toEqual(opened);
    expect(await campaignCountOf(DEMO.advertiser.id)).toBe(before + 1);
  });

  it('answers every create route of today from its first answer', async () => {
    const campaign = dataOf<{ campaign_id: number }>(
      expectCreated(await t.call('POST', '/api/campaigns', { token: tok.advertiser, body: campaignBody() })),
    );
    const creates: { path: string; token: string; body?: unknown }[] = [
      { path: `/api/campaigns/${campaign.campaign_id}/clone`, token: tok.advertiser },
      { path: '/api/creatives', token: tok.advertiser, body: htmlBody() },
      { path: '/api/admin/users', token: tok.admin, body: newUserBody({ role: 'AGENCY' }) },
      { path: `/api/admin/users/${DEMO.adv1.id}/notes`, token: tok.coadmin, body: { body: 'Called them.' } },
      {
        path: '/api/agency/advertisers',
        token: tok.agency,
        body: newUserBody({ role: 'ADVERTISER' }),
      },
      { path: '/api/settings/api-keys', token: tok.advertiser, body: { name: 'Nightly export' } },
      {
        path: '/api/admin/dsp',
        token: tok.admin,
        body: {
          name: `Replayed DSP ${randomUUID().slice(0, 8)}`,
          type: 'KRITTER',
          endpoint_url: 'https://bidder.example.com/kritter',
          exchanges: ['Google AdX'],
          qps_limit: 100,
          credentials: { api_key: 'kritter-key-123456' },
        },
      },
      {
        path: '/api/admin/metadata/exchanges',
        token: tok.admin,
        body: { name: 'Replayed Exchange', key: `replayed_${randomUUID().slice(0, 8)}` },
      },
      {
        path: '/api/admin/metadata/smart-app-categories',
        token: tok.coadmin,
        body: { name: 'Replayed Category', parent_id: null },
      },
    ];
    for (const create of creates) {
      const key = randomUUID();
      const first = await t.call('POST', create.path, withKey(key, create.token, create.body));
      expect(first.status, `${create.path}: ${JSON.stringify(first.body)}`).toBe(200);
      const replay = await t.call('POST', create.path, withKey(key, create.token, create.body));
      // The answer names the created object (its id, or the whole list of notes): the same one.
      expect(replay.body, create.path).toEqual(first.body);
      expect(replay.headers['idempotent-replayed'], create.path).toBe('true');
    }
  });

  it('keeps the answer of an API key sealed at rest: the secret is not stored readable', async () => {
    const key = randomUUID();
    const first = await t.call(
      'POST',
      '/api/settings/api-keys',
      withKey(key, tok.advertiser, { name: 'Sealed at rest' }),
    );
    const secret = dataOf<{ key: string }>(first).key;
    const [row] = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row?.responseStatus).toBe(200);
    expect(row?.responseSealed).not.toContain(secret);
    expect(row?.requestHash).not.toContain('Sealed at rest');
  });
});

describe('the same key for another request', () => {
  it('refuses a different body with 422 and creates nothing', async () => {
    const key = randomUUID();
    expectCreated(
      await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, campaignBody({ name: 'First' }))),
    );
    const before = await campaignCountOf(DEMO.advertiser.id);
    const other = await t.call(
      'POST',
      '/api/campaigns',
      withKey(key, tok.advertiser, campaignBody({ name: 'Second' })),
    );
    expectError(other, 422, IDEMPOTENCY_MISMATCH_MESSAGE);
    expect(await campaignCountOf(DEMO.advertiser.id)).toBe(before);
  });

  it('refuses the key on another route or another object', async () => {
    const key = randomUUID();
    const campaign = dataOf<{ campaign_id: number }>(
      expectCreated(await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, campaignBody()))),
    );
    expectError(
      await t.call('POST', '/api/creatives', withKey(key, tok.advertiser, htmlBody())),
      422,
      IDEMPOTENCY_MISMATCH_MESSAGE,
    );
    const cloneKey = randomUUID();
    expectCreated(
      await t.call('POST', `/api/campaigns/${campaign.campaign_id}/clone`, withKey(cloneKey, tok.advertiser)),
    );
    const other = dataOf<{ campaign_id: number }>(
      expectCreated(await t.call('POST', '/api/campaigns', { token: tok.advertiser, body: campaignBody() })),
    );
    expectError(
      await t.call('POST', `/api/campaigns/${other.campaign_id}/clone`, withKey(cloneKey, tok.advertiser)),
      422,
      IDEMPOTENCY_MISMATCH_MESSAGE,
    );
  });

  it('frees the key when the first request failed, so the fixed request may use it', async () => {
    const key = randomUUID();
    const before = await campaignCountOf(DEMO.advertiser.id);
    const refused = await t.call(
      'POST',
      '/api/campaigns',
      withKey(key, tok.advertiser, campaignBody({ exchange_ids: [2_000_000_000] })),
    );
    expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
    expect(await campaignCountOf(DEMO.advertiser.id)).toBe(before);
    expectCreated(await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, campaignBody())));
    expect(await campaignCountOf(DEMO.advertiser.id)).toBe(before + 1);
  });

  it('answers 400 for a key longer than 255 characters or empty', async () => {
    for (const key of ['x'.repeat(256), '']) {
      const result = await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, campaignBody()));
      expectFieldErrors(result, {
        'idempotency-key': 'The Idempotency-Key header must be 1 to 255 characters.',
      });
    }
  });
});

describe('one key, parallel requests', () => {
  it('creates one object when the same request arrives eight times at once', async () => {
    const key = randomUUID();
    const before = await campaignCountOf(DEMO.advertiser.id);
    const body = campaignBody({ name: 'Parallel Launch' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, body))),
    );
    expect(await campaignCountOf(DEMO.advertiser.id)).toBe(before + 1);
    const firsts = results.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
    expect(firsts).toHaveLength(1);
    for (const result of results) {
      if (result === firsts[0]) continue;
      if (result.status === 409) expectError(result, 409, IDEMPOTENCY_IN_PROGRESS_MESSAGE);
      else expectReplayOf(result, firsts[0]!);
    }
    // After the first has answered, every retry gets its answer.
    expectReplayOf(await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, body)), firsts[0]!);
  });
});

describe('keys belong to their caller', () => {
  it("treats another user's identical key as a key of its own", async () => {
    const key = randomUUID();
    const body = campaignBody({ name: 'Shared Key' });
    const mine = expectCreated(await t.call('POST', '/api/campaigns', withKey(key, tok.advertiser, body)));
    const beforeAdv1 = await campaignCountOf(DEMO.adv1.id);
    const theirs = expectCreated(await t.call('POST', '/api/campaigns', withKey(key, tok.adv1, body)));
    expect(dataOf<{ campaign_id: number }>(theirs).campaign_id).not.toBe(
      dataOf<{ campaign_id: number }>(mine).campaign_id,
    );
    expect(await campaignCountOf(DEMO.adv1.id)).toBe(beforeAdv1 + 1);
  });

  it('keeps an impersonating parent apart from the user signed in directly', async () => {
    const actingAs = await t.call('POST', '/api/auth/auto-login', {
      token: tok.agency,
      body: { user_primary_id: DEMO.adv1.id },
    });
    expect(actingAs.status, JSON.stringify(actingAs.body)).toBe(200);
    const childToken = dataOf<{ token: string }>(actingAs).token;
    const key = randomUUID();
    const body = campaignBody({ name: 'Chain Key' });
    const before = await campaignCountOf(DEMO.adv1.id);
    expectCreated(await t.call('POST', '/api/campaigns', withKey(key, tok.adv1, body)));
    const viaAgency = await t.call('POST', '/api/campaigns', {
      ...withKey(key, childToken, body),
      query: { agency_id: DEMO.agency.id },
    });
    expectCreated(viaAgency);
    expect(await campaignCountOf(DEMO.adv1.id)).toBe(before + 2);
    const rows = await t.deps.db
      .select({ actorId: idempotencyKeys.actorId })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, DEMO.adv1.id), eq(idempotencyKeys.key, key)));
    expect(rows.map((row) => row.actorId).sort()).toEqual([DEMO.agency.id, DEMO.adv1.id].sort());
  });
});

describe('without a key', () => {
  it('runs every request, as before', async () => {
    const before = await campaignCountOf(DEMO.advertiser.id);
    const body = campaignBody({ name: 'No Key' });
    for (let i = 0; i < 2; i++) {
      expectCreated(await t.call('POST', '/api/campaigns', { token: tok.advertiser, body }));
    }
    expect(await campaignCountOf(DEMO.advertiser.id)).toBe(before + 2);
  });

  it('documents the header on every idempotent operation of the API document', async () => {
    const doc = (await t.call('GET', '/docs/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const withHeader = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    expect(withHeader.sort()).toEqual(
      [
        'POST /api/admin/dsp',
        'POST /api/admin/funds/movements',
        'POST /api/agency/funds/allocations',
        'POST /api/funds/transfers/{id}/reversal',
        'POST /api/payment/stripe/checkout-session',
        'POST /api/admin/metadata/exchanges',
        'POST /api/admin/metadata/smart-app-categories',
        'POST /api/admin/users',
        'POST /api/admin/users/{id}/notes',
        'POST /api/agency/advertisers',
        'POST /api/campaigns',
        'POST /api/campaigns/{id}/clone',
        'POST /api/creatives',
        'POST /api/deals',
        'POST /api/settings/api-keys',
      ].sort(),
    );
  });
});
