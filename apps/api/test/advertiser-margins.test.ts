// Agencies set their advertisers' margins within the range an admin sets on the agency; the money
// rule charges it; dashboards show media cost and margin to admins and co-admins only (an agency or
// advertiser answer carries no such field), and they reconcile to the micro-unit with raw events.
import type { DashboardChart, DashboardOverview, PerformancePage } from '@console/core/api/dashboard';
import type { AdvertiserMargin, ChangeLogEntry, UserConfig, UserListItem } from '@console/core/api/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRow, insertEventRows } from '../src/modules/delivery/event-recorder.ts';
import { advertiserCostOf, readMarginBps } from '../src/modules/ledger/index.ts';
import { createCampaign } from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors, USER_NOT_FOUND } from './support/accounts.ts';
import {
  DEMO,
  expectAllForbidden,
  expectAllNeedToken,
  expectAllNotFound,
  rowsOf,
  secondAgency,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;
let other: Awaited<ReturnType<typeof secondAgency>>;
/** The margin the demo seed gives adv1 (its agency's take), read before anything changes it. */
let DEMO_ADV1_BPS: number | null;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({ logLevel: 'error' }));
  DEMO_ADV1_BPS = (await configOf(DEMO.adv1.id)).margin_bps;
  other = await secondAgency(t, tok.admin);
});
afterAll(() => t.close());

const marginPath = (id: number) => `/api/agency/advertisers/${id}/margin`;
const endpoints = (id: number) => [
  { method: 'GET', path: marginPath(id) },
  { method: 'PUT', path: marginPath(id), body: { margin_bps: 500 } },
];
const readMargin = async (token: string, id: number) =>
  dataOf<AdvertiserMargin>(await t.call('GET', marginPath(id), { token }));
const setMargin = (token: string, id: number, margin_bps: unknown) =>
  t.call('PUT', marginPath(id), { token, body: { margin_bps } });
const configOf = async (id: number) =>
  dataOf<UserConfig>(await t.call('GET', `/api/admin/users/${id}/config`, { token: tok.admin }));
const putConfig = (id: number, body: UserConfig) =>
  t.call('PUT', `/api/admin/users/${id}/config`, { token: tok.admin, body });

describe('an agency sets its advertisers’ margins', () => {
  it('needs a token, the agency role, and one of the agency’s own advertisers', async () => {
    await expectAllNeedToken(t, endpoints(DEMO.adv1.id));
    for (const token of [tok.admin, tok.coadmin, tok.advertiser, tok.adv1])
      await expectAllForbidden(t, token, endpoints(DEMO.adv1.id));
    // Another agency's advertiser, a direct advertiser and an agency are "not found", never changed.
    await expectAllNotFound(t, other.agencyToken, endpoints(DEMO.adv1.id), USER_NOT_FOUND);
    await expectAllNotFound(t, tok.agency, endpoints(other.advertiser.user_primary_id), USER_NOT_FOUND);
    await expectAllNotFound(t, tok.agency, endpoints(DEMO.advertiser.id), USER_NOT_FOUND);
    await expectAllNotFound(t, tok.agency, endpoints(DEMO.agency.id), USER_NOT_FOUND);
    // Unchanged: the demo's own margin (demo-seed.ts).
    expect((await configOf(DEMO.adv1.id)).margin_bps).toBe(DEMO_ADV1_BPS);
  });

  it('sets a margin within the range, which the money rule then charges, and logs it', async () => {
    expect(await readMargin(tok.agency, DEMO.adv1.id)).toEqual({
      margin_bps: DEMO_ADV1_BPS,
      bounds: { min_bps: 0, max_bps: 2500 },
    });
    const platformBps = (await configOf(DEMO.agency.id)).margin_bps ?? 0;
    const saved = await setMargin(tok.agency, DEMO.adv1.id, 1250);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Margin saved.');
    expect(await readMargin(tok.agency, DEMO.adv1.id)).toMatchObject({ margin_bps: 1250 });
    // The advertiser list shows it; the advertiser now pays 12.5% on top of media cost, plus the
    // platform's margin on the agency.
    const list = dataOf<{ items: UserListItem[] }>(
      await t.call('GET', '/api/agency/advertisers', { token: tok.agency }),
    );
    expect(list.items.find((user) => user.user_primary_id === DEMO.adv1.id)?.margin_bps).toBe(1250);
    expect(await readMarginBps(t.deps.db, DEMO.adv1.id)).toBe(1250 + platformBps);
    expect(advertiserCostOf(1_000_000n, await readMarginBps(t.deps.db, DEMO.adv1.id))).toBe(
      1_125_000n + BigInt(platformBps) * 100n,
    );
    const log = dataOf<{ items: ChangeLogEntry[] }>(
      await t.call('GET', `/api/agency/advertisers/${DEMO.adv1.id}/change-log`, { token: tok.agency }),
    );
    expect(log.items[0]).toMatchObject({
      action: 'config',
      changes: [{ field: 'margin_bps', from: DEMO_ADV1_BPS, to: 1250 }],
      actor: { user_primary_id: DEMO.agency.id },
    });
  });

  it('refuses a margin outside the range with a message naming it, changing nothing', async () => {
    const before = await readMargin(tok.agency, DEMO.adv1.id);
    const range = 'Choose a margin from 0% to 25% (the range your agency may set).';
    expectFieldErrors(await setMargin(tok.agency, DEMO.adv1.id, 2501), { margin_bps: range });
    expectFieldErrors(await setMargin(tok.agency, DEMO.adv1.id, -1), {
      margin_bps: 'The margin cannot be negative.',
    });
    expectError(await setMargin(tok.agency, DEMO.adv1.id, 'ten'), 400);
    expect(await readMargin(tok.agency, DEMO.adv1.id)).toEqual(before);
  });
});

describe('an admin sets the range an agency may use', () => {
  it('saves a range on an agency’s config, which then binds the agency', async () => {
    const agencyId = other.agency.user_primary_id;
    const config = await configOf(agencyId);
    expect(config.advertiser_margin_bounds).toEqual({ min_bps: 0, max_bps: 0 });
    // Until an admin sets a range, the agency may give no markup at all.
    expectFieldErrors(await setMargin(other.agencyToken, other.advertiser.user_primary_id, 100), {
      margin_bps: 'Choose a margin from 0% to 0% (the range your agency may set).',
    });
    const saved = await putConfig(agencyId, {
      ...config,
      advertiser_margin_bounds: { min_bps: 500, max_bps: 1500 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await configOf(agencyId)).advertiser_margin_bounds).toEqual({ min_bps: 500, max_bps: 1500 });
    expectFieldErrors(await setMargin(other.agencyToken, other.advertiser.user_primary_id, 400), {
      margin_bps: 'Choose a margin from 5% to 15% (the range your agency may set).',
    });
    expect((await setMargin(other.agencyToken, other.advertiser.user_primary_id, 1500)).status).toBe(200);
    const log = dataOf<{ items: ChangeLogEntry[] }>(
      await t.call('GET', `/api/admin/users/${agencyId}/change-log`, { token: tok.admin }),
    );
    expect(log.items[0]?.changes).toEqual([
      {
        field: 'advertiser_margin_bounds',
        from: { min_bps: 0, max_bps: 0 },
        to: { min_bps: 500, max_bps: 1500 },
      },
    ]);
  });

  it('refuses a reversed range, a range on an advertiser, and an agency setting its own', async () => {
    const agencyId = other.agency.user_primary_id;
    const config = await configOf(agencyId);
    expectFieldErrors(
      await putConfig(agencyId, { ...config, advertiser_margin_bounds: { min_bps: 2000, max_bps: 1000 } }),
      { 'advertiser_margin_bounds.max_bps': 'The highest margin cannot be below the lowest.' },
    );
    expectFieldErrors(
      await putConfig(agencyId, { ...config, advertiser_margin_bounds: { min_bps: 0, max_bps: 10_001 } }),
      { 'advertiser_margin_bounds.max_bps': 'The margin is at most 100%.' },
    );
    const advertiserConfig = await configOf(DEMO.adv2.id);
    expectFieldErrors(
      await putConfig(DEMO.adv2.id, {
        ...advertiserConfig,
        advertiser_margin_bounds: { min_bps: 0, max_bps: 100 },
      }),
      { advertiser_margin_bounds: 'Only an agency has a range of margins for its advertisers.' },
    );
    expect(await configOf(agencyId)).toEqual(config);
    expect(await configOf(DEMO.adv2.id)).toEqual(advertiserConfig);
    const own = await t.call('PUT', `/api/admin/users/${agencyId}/config`, {
      token: other.agencyToken,
      body: { ...config, advertiser_margin_bounds: { min_bps: 0, max_bps: 10_000 } },
    });
    expectError(own, 403);
  });
});

describe('media cost and margin on dashboards', () => {
  const day = '2026-02-03';
  const range = { from: day, to: day, tz: 'UTC' };

  /** Twelve billed impressions of adv1 priced by the money rule at its margin (12.5%, set above). */
  beforeAll(async () => {
    const campaignId = (await createCampaign(t, tok.adv1, { name: 'Margin story' })).campaign_id;
    const [exchange] = await rowsOf<{ id: number }>(t, sql`select id from exchanges order by id limit 1`);
    const margin = await readMarginBps(t.deps.db, DEMO.adv1.id);
    const rows = [];
    for (let i = 0; i < 12; i++) {
      const base = {
        day,
        occurredAt: new Date(`${day}T${String(i + 6).padStart(2, '0')}:15:00Z`),
        exchangeId: Number(exchange!.id),
        auctionId: `margin-${i}`,
        impId: '1',
        campaignId,
        creativeId: 1,
        advertiserId: DEMO.adv1.id,
        country: i % 2 ? 'US' : 'DE',
        os: 'iOS',
        deviceType: 'PHONE',
        trafficType: 'APP',
        bidMicros: 3_000_000,
      };
      const media = 1_237 + i * 331; // fractions of a cent: the margin rounds per impression
      rows.push(eventRow({ ...base, type: 'IMPRESSION' }));
      rows.push(
        eventRow({
          ...base,
          type: 'BILLING',
          mediaCostMicros: media,
          advertiserCostMicros: Number(advertiserCostOf(BigInt(media), margin)),
        }),
      );
    }
    await insertEventRows(t.deps.db, JSON.stringify(rows), 'direct');
  });

  const raw = async () => {
    const [row] = await rowsOf<{ media: number; spend: number }>(
      t,
      sql`select sum(media_cost_micros)::float8 as media, sum(advertiser_cost_micros)::float8 as spend
        from delivery_events where type = 'BILLING' and advertiser_id = ${DEMO.adv1.id} and day = ${day}`,
    );
    return { media: Number(row!.media), spend: Number(row!.spend) };
  };

  it('admins see media cost, margin and spend that add up to the raw events, to the micro-unit', async () => {
    const { media, spend } = await raw();
    expect(spend - media).toBeGreaterThan(0);
    for (const token of [tok.admin, tok.coadmin]) {
      const overview = dataOf<DashboardOverview>(
        await t.call('GET', '/api/admin/dashboard/overview', {
          token,
          query: { ...range, advertiser_id: DEMO.adv1.id },
        }),
      );
      expect(overview.totals).toMatchObject({ spend, media_cost: media, margin: spend - media });
      const byCountry = dataOf<PerformancePage>(
        await t.call('GET', '/api/admin/dashboard/performance/country', {
          token,
          query: { ...range, advertiser_id: DEMO.adv1.id },
        }),
      );
      for (const row of byCountry.items) expect(row.spend).toBe((row.media_cost ?? 0) + (row.margin ?? 0));
      expect(byCountry.items.reduce((sum, row) => sum + (row.margin ?? 0), 0)).toBe(spend - media);
    }
  });

  it('an agency and an advertiser get spend only: no media cost or margin in any answer', async () => {
    const { spend } = await raw();
    const answers = [
      ['/api/agency/dashboard/overview', tok.agency, { advertiser_id: DEMO.adv1.id }],
      ['/api/agency/dashboard/chart', tok.agency, {}],
      ['/api/agency/dashboard/performance/country', tok.agency, {}],
      ['/api/dashboard/overview', tok.adv1, {}],
      ['/api/dashboard/chart', tok.adv1, {}],
      ['/api/dashboard/performance/country', tok.adv1, {}],
    ] as const;
    for (const [path, token, query] of answers) {
      const result = await t.call('GET', path, { token, query: { ...range, ...query } });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(JSON.stringify(result.body)).not.toMatch(/media_cost|"margin"/);
    }
    const overview = dataOf<DashboardOverview>(
      await t.call('GET', '/api/dashboard/overview', { token: tok.adv1, query: range }),
    );
    expect(overview.totals.spend).toBe(spend);
    const chart = dataOf<DashboardChart>(
      await t.call('GET', '/api/admin/dashboard/chart', { token: tok.admin, query: range }),
    );
    expect(chart.points[0]).toHaveProperty('media_cost');
  });
});
