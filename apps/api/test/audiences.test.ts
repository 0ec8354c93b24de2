// Audiences: uploads of device ids and hashed e-mails (plain e-mails hashed on arrival,
// never stored plain), processing in the background to READY with the matched size, rule audiences,
// the status lifecycle enforced by the server, campaigns including them, and the scope of every route.
import { createHash } from 'node:crypto';
import type { AudienceDetail, AudienceListItem } from '@console/core/api/audiences';
import type { ChangeLogEntry } from '@console/core/api/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiences } from '../src/db/schema/campaigns.ts';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { audienceMembers } from '../src/db/schema/lists.ts';
import { queueDailyRecounts } from '../src/modules/inventory/rule-audience.ts';
import { createCampaign, expectOk, type Page } from './campaign-fixtures.ts';
import { upload, uploadAndWait } from './list-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, expectAllNeedToken, secondAgency } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

const NOT_FOUND = 'Audience not found.';
let t: TestApp;
let tok: DemoTokens;
let other: { advertiserId: number; advertiserToken: string; agencyToken: string };

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({ logLevel: 'error' }));
  const second = await secondAgency(t, tok.admin);
  other = {
    advertiserId: second.advertiser.user_primary_id,
    advertiserToken: await t.loginAs(second.advertiser.email, second.advertiser.password),
    agencyToken: second.agencyToken,
  };
});
afterAll(async () => {
  await t.imports.stop();
  await t.close();
});

const read = async (token: string, id: number) =>
  dataOf<AudienceDetail>(expectOk(await t.call('GET', `/api/audiences/${id}`, { token })));
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const IDFA = '6D92078A-8246-4BA4-AE5B-76104861E7DC';
const GAID = '38400000-8cf0-11bd-b23e-10b96e40000d';

const uploadPeople = (token: string, fields: Record<string, string | number>, lines: string[]) =>
  uploadAndWait(t, '/api/audiences/uploads', token, fields, { content: lines.join('\n') });

describe('audiences', () => {
  it('answers 401 without a token on every route', async () => {
    await expectAllNeedToken(t, [
      { method: 'GET', path: '/api/audiences' },
      { method: 'POST', path: '/api/audiences', body: {} },
      { method: 'GET', path: '/api/audiences/1' },
      { method: 'PATCH', path: '/api/audiences/1', body: { name: 'X' } },
      { method: 'POST', path: '/api/audiences/1/status', body: { to: 'ARCHIVED' } },
      { method: 'POST', path: '/api/audiences/1/refresh' },
      { method: 'GET', path: '/api/audiences/1/change-log' },
    ]);
    expect(
      (await upload(t, '/api/audiences/uploads', undefined, { name: 'X' }, { content: GAID })).status,
    ).toBe(401);
  });

  it('hashes plain e-mails on arrival, lower-cases device ids, and goes from processing to ready with its size', async () => {
    const lines = [
      IDFA,
      GAID,
      GAID.toUpperCase(),
      'Jane.Doe@Example.com ',
      sha('someone@example.org').toUpperCase(),
      '00000000-0000-0000-0000-000000000000',
      'not a person',
    ];
    const job = await uploadPeople(tok.advertiser, { name: 'Buyers' }, lines);
    expect(job).toMatchObject({
      status: 'DONE',
      lines: 7,
      valid: 5,
      rejected: 2,
      accepted: 4,
      duplicates: 1,
    });
    expect(job.rejected_lines.map((line) => [line.line, line.reason])).toEqual([
      [6, 'The all-zero device id of a user who limited ad tracking.'],
      [7, 'Not a device id (IDFA or GAID), a SHA-256 hash or an e-mail address.'],
    ]);
    const audience = await read(tok.advertiser, job.audience_id!);
    expect(audience).toMatchObject({
      name: 'Buyers',
      source: 'UPLOAD',
      status: 'READY',
      matched_size: 4,
      device_id_count: 2,
      email_hash_count: 2,
      next_statuses: ['ARCHIVED'],
    });
    const stored = (
      await t.deps.db
        .select()
        .from(audienceMembers)
        .where(eq(audienceMembers.audienceId, audience.audience_id))
    ).map((row) => row.value);
    expect(stored.sort()).toEqual(
      [IDFA.toLowerCase(), GAID, sha('jane.doe@example.com'), sha('someone@example.org')].sort(),
    );
    // Nowhere in the database is the plain address.
    const dump = await t.deps.db.execute(sql`select payload::text as p from list_imports`);
    expect(JSON.stringify(dump)).not.toMatch(/jane\.doe/i);
    const log = dataOf<Page<ChangeLogEntry>>(
      expectOk(
        await t.call('GET', `/api/audiences/${audience.audience_id}/change-log`, { token: tok.advertiser }),
      ),
    );
    expect(log.items.map((item) => item.action)).toEqual(['status', 'create']);
    expect(log.items[0]!.changes[0]).toEqual({ field: 'status', from: 'PROCESSING', to: 'READY' });
    expect(JSON.stringify(log)).not.toContain(GAID);
  });

  it('shows the audience as processing until the worker has stored it', async () => {
    await t.imports.stop();
    const result = await upload(
      t,
      '/api/audiences/uploads',
      tok.advertiser,
      { name: 'Slow Audience' },
      { content: GAID },
    );
    const id = dataOf<{ audience_id: number; import_id: number }>(expectOk(result));
    const pending = await read(tok.advertiser, id.audience_id);
    expect(pending).toMatchObject({
      status: 'PROCESSING',
      matched_size: null,
      pending_import_id: id.import_id,
    });
    expectFieldErrors(
      await t.call('POST', `/api/audiences/${id.audience_id}/status`, {
        token: tok.advertiser,
        body: { to: 'ARCHIVED' },
      }),
      {
        to: 'An audience cannot go from processing to archived. From processing it can go to: ready, failed.',
      },
    );
    expectFieldErrors(
      await t.call('POST', `/api/audiences/${id.audience_id}/status`, {
        token: tok.advertiser,
        body: { to: 'READY' },
      }),
      { to: 'An audience becomes ready or failed only when its processing finishes.' },
    );
    const { createListImportWorker } = await import('../src/modules/inventory/list-import-worker.ts');
    const worker = createListImportWorker(t.deps, {
      driver: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      log: console as never,
    });
    worker.start();
    t.imports = worker;
    for (let i = 0; i < 100 && (await read(tok.advertiser, id.audience_id)).status === 'PROCESSING'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await read(tok.advertiser, id.audience_id)).toMatchObject({ status: 'READY', matched_size: 1 });
  });

  it('adds more people to an audience and archives it; an archived one takes no more', async () => {
    const first = await uploadPeople(tok.advertiser, { name: 'Growing' }, [GAID]);
    const more = await uploadPeople(tok.advertiser, { audience_id: first.audience_id! }, [GAID, IDFA]);
    expect(more).toMatchObject({ accepted: 1, duplicates: 1 });
    expect((await read(tok.advertiser, first.audience_id!)).matched_size).toBe(2);
    const archived = dataOf<AudienceDetail>(
      expectOk(
        await t.call('POST', `/api/audiences/${first.audience_id}/status`, {
          token: tok.advertiser,
          body: { to: 'ARCHIVED' },
        }),
      ),
    );
    expect(archived).toMatchObject({ status: 'ARCHIVED', next_statuses: [] });
    expectError(
      await upload(
        t,
        '/api/audiences/uploads',
        tok.advertiser,
        { audience_id: first.audience_id! },
        { content: IDFA },
      ),
      400,
      'An audience cannot go from archived to processing. From archived it can go to: nowhere.',
    );
  });

  it("lets a campaign include a ready audience but not an archived one, nor another tenant's", async () => {
    const ready = await uploadPeople(tok.advertiser, { name: 'Includable' }, [GAID]);
    const campaign = await createCampaign(t, tok.advertiser, {
      name: 'Including',
      audiences: [{ audience_id: ready.audience_id!, mode: 'INCLUDE' }],
    });
    expect(campaign.audiences).toEqual([
      { audience_id: ready.audience_id, name: 'Includable', mode: 'INCLUDE' },
    ]);
    expect((await read(tok.advertiser, ready.audience_id!)).campaigns).toEqual([
      { campaign_id: campaign.campaign_id, name: 'Including', mode: 'INCLUDE' },
    ]);
    const old = await uploadPeople(tok.advertiser, { name: 'Old One' }, [IDFA]);
    expectOk(
      await t.call('POST', `/api/audiences/${old.audience_id}/status`, {
        token: tok.advertiser,
        body: { to: 'ARCHIVED' },
      }),
    );
    const refused = await t.call('POST', '/api/campaigns', {
      token: tok.advertiser,
      body: {
        name: 'Archived Use',
        start_at: new Date(Date.now() + 86_400_000).toISOString(),
        end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        total_budget_micros: 1_000_000_000,
        bid_micros: 2_000_000,
        min_bid_micros: 1_000_000,
        max_bid_micros: 3_000_000,
        audiences: [{ audience_id: old.audience_id, mode: 'EXCLUDE' }],
      },
    });
    expectFieldErrors(refused, { audiences: 'These audiences cannot be used: Old One (archived).' });
    const foreign = await uploadPeople(tok.adv1, { name: 'Adv1 People' }, [GAID]);
    const bulk = dataOf<{ results: { ok: boolean; message?: string }[] }>(
      expectOk(
        await t.call('POST', '/api/campaigns/bulk/audience', {
          token: tok.advertiser,
          body: { ids: [campaign.campaign_id], audience_ids: [foreign.audience_id], op: 'add' },
        }),
      ),
    );
    expect(bulk.results[0]).toMatchObject({
      ok: false,
      message: `These audiences are not this advertiser's: ${foreign.audience_id}.`,
    });
  });

  it('archives an audience only when no campaign uses it, naming the campaigns otherwise', async () => {
    const used = await uploadPeople(tok.advertiser, { name: 'In Use' }, [GAID]);
    const campaign = await createCampaign(t, tok.advertiser, {
      name: 'Holding On',
      audiences: [{ audience_id: used.audience_id!, mode: 'EXCLUDE' }],
    });
    const archive = () =>
      t.call('POST', `/api/audiences/${used.audience_id}/status`, {
        token: tok.advertiser,
        body: { to: 'ARCHIVED' },
      });
    expectError(
      await archive(),
      409,
      'This audience is used by the campaign "Holding On". Remove it from that campaign first.',
    );
    expect((await read(tok.advertiser, used.audience_id!)).status).toBe('READY');
    expectOk(
      await t.call('POST', '/api/campaigns/bulk/audience', {
        token: tok.advertiser,
        body: { ids: [campaign.campaign_id], audience_ids: [used.audience_id], op: 'remove' },
      }),
    );
    expect(dataOf<{ status: string }>(expectOk(await archive())).status).toBe('ARCHIVED');
  });

  it('keeps each tenant to its own audiences', async () => {
    const own = await uploadPeople(tok.adv1, { name: 'Adv1 Only' }, [GAID]);
    for (const token of [tok.advertiser, tok.adv2, other.advertiserToken, other.agencyToken]) {
      expectError(await t.call('GET', `/api/audiences/${own.audience_id}`, { token }), 404, NOT_FOUND);
      expectError(
        await t.call('GET', `/api/audiences/${own.audience_id}/change-log`, { token }),
        404,
        NOT_FOUND,
      );
      expectError(
        await t.call('PATCH', `/api/audiences/${own.audience_id}`, { token, body: { name: 'Mine' } }),
        404,
        NOT_FOUND,
      );
      expectError(
        await t.call('POST', `/api/audiences/${own.audience_id}/status`, { token, body: { to: 'ARCHIVED' } }),
        404,
        NOT_FOUND,
      );
      expectError(
        await upload(
          t,
          '/api/audiences/uploads',
          token,
          { audience_id: own.audience_id! },
          { content: GAID },
        ),
        404,
        NOT_FOUND,
      );
      const list = dataOf<Page<AudienceListItem>>(
        expectOk(await t.call('GET', '/api/audiences', { token, query: { limit: 100 } })),
      );
      expect(list.items.map((item) => item.audience_id)).not.toContain(own.audience_id);
    }
    for (const token of [tok.agency, tok.admin, tok.coadmin])
      expect((await read(token, own.audience_id!)).name).toBe('Adv1 Only');
    const forAdvertiser = await uploadPeople(
      tok.agency,
      { name: 'Agency Made', advertiser_id: DEMO.adv2.id },
      [GAID],
    );
    expect((await read(tok.adv2, forAdvertiser.audience_id!)).advertiser.user_primary_id).toBe(DEMO.adv2.id);
    expectFieldErrors(
      await upload(
        t,
        '/api/audiences/uploads',
        tok.agency,
        { name: 'Not Mine', advertiser_id: other.advertiserId },
        { content: GAID },
      ),
      { advertiser_id: 'Choose one of your advertisers.' },
    );
  });

  /** The advertiser's audience of the people who clicked on a campaign within `days`. */
  const createClickRule = async (name: string, campaignId: number, days: number) =>
    dataOf<AudienceDetail>(
      expectOk(
        await t.call('POST', '/api/audiences', {
          token: tok.advertiser,
          body: { name, rule: { event: 'CLICK', campaign_ids: [campaignId], days } },
        }),
      ),
    );

  it('makes a rule audience over delivery data, computed in the background (0 while nobody clicked)', async () => {
    const campaign = await createCampaign(t, tok.advertiser, { name: 'Rule Source' });
    const created = await createClickRule('Clickers', campaign.campaign_id, 30);
    expect(created).toMatchObject({
      source: 'RULE',
      status: 'PROCESSING',
      rule: { event: 'CLICK', days: 30 },
    });
    t.imports.wake();
    for (let i = 0; i < 100 && (await read(tok.advertiser, created.audience_id)).status === 'PROCESSING'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const ready = await read(tok.advertiser, created.audience_id);
    expect(ready).toMatchObject({ status: 'READY', matched_size: 0 });
    expect(ready.rule_note).toMatch(/^Counted from the clicks and conversions the console records/);
    expectOk(
      await t.call('POST', `/api/audiences/${created.audience_id}/refresh`, { token: tok.advertiser }),
    );
    expect((await read(tok.advertiser, created.audience_id)).status).toBe('PROCESSING');
    const foreignCampaign = await createCampaign(t, tok.adv1, { name: 'Not Yours' });
    expectFieldErrors(
      await t.call('POST', '/api/audiences', {
        token: tok.advertiser,
        body: {
          name: 'Foreign Rule',
          rule: { event: 'CONVERSION', campaign_ids: [foreignCampaign.campaign_id], days: 7 },
        },
      }),
      { 'rule.campaign_ids': `These campaigns are not this advertiser's: ${foreignCampaign.campaign_id}.` },
    );
    expectFieldErrors(
      await t.call('POST', '/api/audiences', {
        token: tok.advertiser,
        body: { name: 'Too Long', rule: { event: 'CLICK', campaign_ids: [campaign.campaign_id], days: 541 } },
      }),
      { 'rule.days': 'At most 540 days.' },
    );
  });

  it('counts a ready rule audience again a day later, staying ready, with the change logged', async () => {
    const campaign = await createCampaign(t, tok.advertiser, { name: 'Daily Source' });
    const created = await createClickRule('Daily Clickers', campaign.campaign_id, 7);
    const settle = async () => {
      t.imports.wake();
      await t.imports.whenIdle();
      return read(tok.advertiser, created.audience_id);
    };
    expect(await settle()).toMatchObject({ status: 'READY', matched_size: 0 });
    // Not due yet: nothing is queued.
    expect(await queueDailyRecounts(t.deps.db)).toBe(0);
    // Two people click after the count.
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const fact = (type: 'BID' | 'CLICK', auction: string, userKey = '') => ({
      day,
      occurredAt: now,
      type,
      exchangeId: 1,
      auctionId: auction,
      impId: '1',
      campaignId: campaign.campaign_id,
      creativeId: 1,
      advertiserId: created.advertiser.user_primary_id,
      trafficType: 'APP',
      userKey,
    });
    await t.deps.db
      .insert(deliveryEvents)
      .values([
        fact('BID', 'daily-1', 'ifa-one'),
        fact('CLICK', 'daily-1'),
        fact('BID', 'daily-2', 'ifa-two'),
        fact('CLICK', 'daily-2'),
      ]);
    // A day on, every ready rule audience (others of this file too) is due, once.
    expect(await queueDailyRecounts(t.deps.db, Date.now() + 25 * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await queueDailyRecounts(t.deps.db, Date.now() + 25 * 3_600_000)).toBe(0); // already queued
    expect(await settle()).toMatchObject({ status: 'READY', matched_size: 2 });
    const log = dataOf<Page<ChangeLogEntry>>(
      expectOk(
        await t.call('GET', `/api/audiences/${created.audience_id}/change-log`, { token: tok.advertiser }),
      ),
    );
    expect(log.items[0]).toMatchObject({
      action: 'recount',
      changes: [{ field: 'matched_size', from: 0, to: 2 }],
    });
  });

  it('refuses a file of people that is not a list, storing nothing', async () => {
    const before = (await t.deps.db.select({ n: sql<number>`count(*)` }).from(audiences))[0]!.n;
    expectError(
      await upload(t, '/api/audiences/uploads', tok.advertiser, { name: 'Empty People' }, { content: '' }),
      400,
      'The file is empty: it has no entries.',
    );
    expectError(
      await upload(
        t,
        '/api/audiences/uploads',
        tok.advertiser,
        { name: 'Binary People' },
        { content: new Uint8Array([0, 1, 2, 3]) },
      ),
      400,
      /not a text file/,
    );
    expect((await t.deps.db.select({ n: sql<number>`count(*)` }).from(audiences))[0]!.n).toBe(before);
  });
});
