// Dashboards through real HTTP: every number is checked against the raw delivery events,
// summed here independently of the hourly rollups the API reads (a rollup that drifts from its
// events fails), over demo history written by the demo seed. Scope: an advertiser its own, an agency
// its advertisers', admin and co-admin everyone's; another tenant's advertiser is "not found".
import type { CampaignListItem } from '@console/core/api/campaigns';
import type {
  DashboardChart,
  DashboardOverview,
  DashboardTotals,
  PerformancePage,
} from '@console/core/api/dashboard';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPACTION_GRACE_MS, compactNextDays } from '../src/modules/delivery/compaction.ts';
import { type DeliveryEvent, eventRow, insertEventRows } from '../src/modules/delivery/event-recorder.ts';
import { tierDrift } from '../src/modules/delivery/rollup-tiers.ts';
import { campaignTotalsDrift, foldPendingRollups, rebuildRollups } from '../src/modules/delivery/rollups.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { seedDemoCampaigns } from '../src/seed/demo-campaigns.ts';
import { seedDemoCreatives } from '../src/seed/demo-creatives.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { seedDemoHistory } from '../src/seed/demo-history.ts';
import { findDemoAdvertiserIds } from '../src/seed/demo-seed.ts';
import { dataOf, expectError } from './support/accounts.ts';
import { DEMO, type DemoName, demoTokens, rowsOf, secondAgency } from './support/admin-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DAYS = 6;
let t: TestApp;
let tokens: Record<DemoName, string>;
let today: string;
let from: string;
let to: string;

const dayOffset = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // One moment for the history and the window: a seed that runs across midnight (UTC) must not
  // leave the window a day ahead of the history.
  const now = new Date();
  t = await startTestApp();
  await seedDemoCreatives(t.deps.db, t.deps.media.mediaDir);
  await seedDemoCampaigns(t.deps.db);
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  const history = await seedDemoHistory(t.deps.db, {
    advertiserIds: await findDemoAdvertiserIds(t.deps.db),
    days: DAYS,
    now,
  });
  expect(history.impressions).toBeGreaterThan(200);
  tokens = await demoTokens(t);
  today = now.toISOString().slice(0, 10);
  from = dayOffset(today, -(DAYS - 1));
  to = today;
}, 120_000);
afterAll(() => t.close());

type RawSums = {
  spend: number;
  impressions: number;
  clicks: number;
  conversions: number;
  bids: number;
  wins: number;
};

/** The raw events' sums for a set of advertisers and a local-day range: independent of the rollups. */
const rawSums = async (
  filter: SQL,
  range: { from: string; to: string; tz?: string },
  groupBy?: SQL,
): Promise<(RawSums & { key: string })[]> => {
  const tz = range.tz ?? 'UTC';
  const key = groupBy ?? sql`'all'`;
  return rowsOf<RawSums & { key: string }>(
    t,
    sql`select ${key} as key,
      coalesce(sum(advertiser_cost_micros) filter (where type = 'BILLING'), 0)::float8 as spend,
      (count(*) filter (where type = 'IMPRESSION'))::float8 as impressions,
      (count(*) filter (where type = 'CLICK'))::float8 as clicks,
      (count(*) filter (where type = 'CONVERSION'))::float8 as conversions,
      (count(*) filter (where type = 'BID'))::float8 as bids,
      (count(*) filter (where type = 'WIN'))::float8 as wins
    from delivery_events
    where occurred_at >= (${range.from}::date)::timestamp at time zone ${tz}
      and occurred_at < (${range.to}::date + 1)::timestamp at time zone ${tz}
      and ${filter}
    group by 1`,
  );
};

const expectTotals = (actual: DashboardTotals, raw: RawSums | undefined) => {
  const expected = raw ?? { spend: 0, impressions: 0, clicks: 0, conversions: 0, bids: 0, wins: 0 };
  expect(actual.spend).toBe(Number(expected.spend));
  expect(actual.impressions).toBe(Number(expected.impressions));
  expect(actual.clicks).toBe(Number(expected.clicks));
  expect(actual.conversions).toBe(Number(expected.conversions));
  expect(actual.bids).toBe(Number(expected.bids));
  expect(actual.wins).toBe(Number(expected.wins));
  const impressions = Number(expected.impressions);
  expect(actual.ctr).toBeCloseTo(impressions ? Number(expected.clicks) / impressions : 0, 10);
  expect(actual.ecpm).toBe(impressions ? Math.round((Number(expected.spend) * 1000) / impressions) : 0);
  const clicks = Number(expected.clicks);
  expect(actual.ecpc).toBe(clicks ? Math.round(Number(expected.spend) / clicks) : 0);
};

const get = (path: string, token: string | undefined, query: Record<string, string | number> = {}) =>
  t.call('GET', path, { token, query: { from, to, ...query } });

const own = (id: number) => sql`advertiser_id = ${id}`;

describe('GET /api/dashboard/overview (advertiser)', () => {
  it('answers the tiles as the raw events sum them, and the balance of the ledger', async () => {
    const result = await get('/api/dashboard/overview', tokens.advertiser);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const overview = dataOf<DashboardOverview>(result);
    const [raw] = await rawSums(own(DEMO.advertiser.id), { from, to });
    expect(Number(raw?.impressions)).toBeGreaterThan(0);
    expectTotals(overview.totals, raw);
    expect(overview.previous).toBeNull();
    const balance = dataOf<number>(
      await t.call('GET', '/api/campaning/getAdvertiserBalance', { token: tokens.advertiser }),
    );
    expect(overview.balance).toBe(balance);
  });

  it('books exactly the billed spend of the history in the ledger', async () => {
    const [billed] = await rowsOf<{ total: string }>(
      t,
      sql`select coalesce(sum(advertiser_cost_micros), 0)::text as total from delivery_events
        where type = 'BILLING' and advertiser_id = ${DEMO.advertiser.id}`,
    );
    const [booked] = await rowsOf<{ total: string }>(
      t,
      sql`select coalesce(sum(t.advertiser_cost_micros), 0)::text as total from ledger_transfers t
        join ledger_entries e on e.transfer_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.kind = 'SPEND' and a.user_id = ${DEMO.advertiser.id}`,
    );
    expect(BigInt(booked!.total)).toBe(BigInt(billed!.total));
    expect(BigInt(billed!.total)).toBeGreaterThan(0n);
    // And the ledger still proves its balances from its entries.
    const check = await checkLedger(t.deps.db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });

  it('cuts days at the midnights of the asked time zone', async () => {
    const tz = 'America/New_York';
    const range = { from: dayOffset(today, -3), to: dayOffset(today, -1), tz };
    const result = await get('/api/dashboard/overview', tokens.advertiser, range);
    const [raw] = await rawSums(own(DEMO.advertiser.id), range);
    expectTotals(dataOf<DashboardOverview>(result).totals, raw);
  });

  it('compares with the previous period of the same length', async () => {
    const range = { from: dayOffset(today, -1), to: today };
    const result = await get('/api/dashboard/overview', tokens.advertiser, { ...range, compare: 'true' });
    const overview = dataOf<DashboardOverview>(result);
    expect(overview.previous?.period).toEqual({ from: dayOffset(today, -3), to: dayOffset(today, -2) });
    const [raw] = await rawSums(own(DEMO.advertiser.id), overview.previous!.period);
    expectTotals(overview.previous!.totals, raw);
  });

  it('filters by campaign, exchange and country', async () => {
    const [pick] = await rowsOf<{ campaign_id: number; exchange_id: number; country: string }>(
      t,
      sql`select campaign_id, exchange_id, country from delivery_events
        where advertiser_id = ${DEMO.advertiser.id} and type = 'IMPRESSION' limit 1`,
    );
    const query = {
      campaign_ids: String(pick!.campaign_id),
      exchange_ids: String(pick!.exchange_id),
      countries: pick!.country.toLowerCase(),
    };
    const result = await get('/api/dashboard/overview', tokens.advertiser, query);
    const [raw] = await rawSums(
      sql`advertiser_id = ${DEMO.advertiser.id} and campaign_id = ${pick!.campaign_id}
        and exchange_id = ${pick!.exchange_id} and country = ${pick!.country}`,
      { from, to },
    );
    expect(Number(raw?.impressions)).toBeGreaterThan(0);
    expectTotals(dataOf<DashboardOverview>(result).totals, raw);
  });

  it('refuses bad input with a clear message', async () => {
    const reversed = await get('/api/dashboard/overview', tokens.advertiser, { from: to, to: from });
    expectError(reversed, 400, 'The start date must not be after the end date.');
    const zone = await get('/api/dashboard/overview', tokens.advertiser, { tz: 'Mars/Olympus' });
    expectError(zone, 400, 'Unknown time zone.');
    const date = await get('/api/dashboard/overview', tokens.advertiser, { from: '2026-02-30' });
    expectError(date, 400, 'Use a date like 2026-05-01.');
    const ids = await get('/api/dashboard/overview', tokens.advertiser, { campaign_ids: '1,x' });
    expectError(ids, 400, 'Use a comma-separated list of ids.');
  });
});

describe('GET /api/dashboard/performance/:dimension', () => {
  const groups: Record<string, SQL> = {
    campaign: sql`campaign_id::text`,
    creative: sql`creative_id::text`,
    exchange: sql`exchange_id::text`,
    os: sql`os`,
    country: sql`country`,
    day: sql`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`,
  };
  for (const [dimension, group] of Object.entries(groups)) {
    it(`answers one row per ${dimension}, each as the raw events sum it`, async () => {
      const result = await get(`/api/dashboard/performance/${dimension}`, tokens.advertiser, { limit: 100 });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const page = dataOf<PerformancePage>(result);
      const raw = await rawSums(own(DEMO.advertiser.id), { from, to }, group);
      expect(page.total).toBe(raw.length);
      for (const row of page.items)
        expectTotals(
          row,
          raw.find((r) => r.key === row.key),
        );
    });
  }

  it('sorts by a ratio on the server and pages', async () => {
    const first = dataOf<PerformancePage>(
      await get('/api/dashboard/performance/day', tokens.advertiser, {
        sort: 'ecpm',
        order: 'asc',
        limit: 2,
      }),
    );
    const second = dataOf<PerformancePage>(
      await get('/api/dashboard/performance/day', tokens.advertiser, {
        sort: 'ecpm',
        order: 'asc',
        limit: 2,
        page: 2,
      }),
    );
    const all = dataOf<PerformancePage>(
      await get('/api/dashboard/performance/day', tokens.advertiser, {
        sort: 'ecpm',
        order: 'asc',
        limit: 100,
      }),
    );
    expect([...first.items, ...second.items].map((row) => row.key)).toEqual(
      all.items.slice(0, 4).map((row) => row.key),
    );
    // Every page, one past the end too, counts all the rows.
    const beyond = dataOf<PerformancePage>(
      await get('/api/dashboard/performance/day', tokens.advertiser, { limit: 2, page: 99 }),
    );
    expect(beyond.items).toEqual([]);
    expect([first.total, second.total, beyond.total]).toEqual([all.total, all.total, all.total]);
    // One row per UTC day with delivery: the history's days, and today once its first hour is in
    // (before 01:00 UTC the history has no hour of today yet).
    const [delivered] = await rowsOf<{ days: number }>(
      t,
      sql`select count(distinct (occurred_at at time zone 'UTC')::date)::int as days from delivery_events
        where advertiser_id = ${DEMO.advertiser.id}`,
    );
    expect(delivered!.days).toBeGreaterThanOrEqual(DAYS - 1);
    expect(all.total).toBe(delivered!.days);
    const ecpms = all.items.map((row) => row.ecpm);
    expect(ecpms).toEqual([...ecpms].sort((a, b) => a - b));
    expect(first.items[0]?.label).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('with compare, gives each row its previous-period totals as the raw events sum them', async () => {
    const range = { from: dayOffset(today, -1), to: today };
    const result = await get('/api/dashboard/performance/exchange', tokens.advertiser, {
      ...range,
      compare: 'true',
      limit: 100,
    });
    const page = dataOf<PerformancePage>(result);
    expect(page.items.length).toBeGreaterThan(0);
    const raw = await rawSums(
      own(DEMO.advertiser.id),
      { from: dayOffset(today, -3), to: dayOffset(today, -2) },
      sql`exchange_id::text`,
    );
    for (const row of page.items)
      expectTotals(
        row.previous!,
        raw.find((r) => r.key === row.key),
      );
    const byDay = dataOf<PerformancePage>(
      await get('/api/dashboard/performance/day', tokens.advertiser, { ...range, compare: 'true' }),
    );
    expect(byDay.items.every((row) => row.previous === null)).toBe(true);
  });

  it('labels campaigns by name', async () => {
    const page = dataOf<PerformancePage>(await get('/api/dashboard/performance/campaign', tokens.advertiser));
    expect(page.items.map((row) => row.label)).toContain('Open Web Display');
  });

  it('refuses an unknown dimension', async () => {
    const result = await get('/api/dashboard/performance/planet', tokens.advertiser);
    expect(result.status).toBe(400);
  });
});

describe('GET /api/dashboard/chart', () => {
  it('answers every day of the range, quiet ones as zero, each as the raw events sum it', async () => {
    const result = await get('/api/dashboard/chart', tokens.advertiser, { compare: 'true' });
    const chart = dataOf<DashboardChart>(result);
    expect(chart.points.map((point) => point.bucket)).toEqual(
      Array.from({ length: DAYS }, (_, index) => dayOffset(from, index)),
    );
    const raw = await rawSums(
      own(DEMO.advertiser.id),
      { from, to },
      sql`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`,
    );
    for (const point of chart.points)
      expectTotals(
        point,
        raw.find((row) => row.key === point.bucket),
      );
    expect(chart.previous).toHaveLength(DAYS);
    expect(chart.previous!.every((point) => point.impressions === 0)).toBe(true);
  });

  it('answers 24 points a day by hour', async () => {
    const day = dayOffset(today, -1);
    const result = await get('/api/dashboard/chart', tokens.advertiser, {
      from: day,
      to: day,
      granularity: 'hour',
    });
    const chart = dataOf<DashboardChart>(result);
    expect(chart.points).toHaveLength(24);
    const raw = await rawSums(
      own(DEMO.advertiser.id),
      { from: day, to: day },
      sql`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00')`,
    );
    for (const point of chart.points)
      expectTotals(
        point,
        raw.find((row) => row.key === point.bucket),
      );
  });
});

describe('scope of the agency and admin variants', () => {
  it('shows an agency its advertisers together and one by one, never a direct advertiser', async () => {
    const agencyAdvertisers = sql`advertiser_id in (${DEMO.adv1.id}, ${DEMO.adv2.id})`;
    const all = await get('/api/agency/dashboard/overview', tokens.agency);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const [raw] = await rawSums(agencyAdvertisers, { from, to });
    expect(Number(raw?.impressions)).toBeGreaterThan(0);
    expectTotals(dataOf<DashboardOverview>(all).totals, raw);

    const one = await get('/api/agency/dashboard/overview', tokens.agency, { advertiser_id: DEMO.adv1.id });
    const [rawOne] = await rawSums(own(DEMO.adv1.id), { from, to });
    expectTotals(dataOf<DashboardOverview>(one).totals, rawOne);

    const direct = await get('/api/agency/dashboard/overview', tokens.agency, {
      advertiser_id: DEMO.advertiser.id,
    });
    expectError(direct, 404, 'Advertiser not found.');
    // A campaign filter naming another tenant's campaign finds nothing.
    const [foreign] = await rowsOf<{ campaign_id: number }>(
      t,
      sql`select campaign_id from delivery_events where advertiser_id = ${DEMO.advertiser.id} limit 1`,
    );
    const filtered = await get('/api/agency/dashboard/overview', tokens.agency, {
      campaign_ids: String(foreign!.campaign_id),
    });
    expect(dataOf<DashboardOverview>(filtered).totals.impressions).toBe(0);
  });

  it('shows admin and co-admin everything', async () => {
    const [raw] = await rawSums(sql`true`, { from, to });
    for (const token of [tokens.admin, tokens.coadmin]) {
      const result = await get('/api/admin/dashboard/overview', token);
      expect(result.status).toBe(200);
      expectTotals(dataOf<DashboardOverview>(result).totals, raw);
    }
    const page = dataOf<PerformancePage>(
      await get('/api/admin/dashboard/performance/exchange', tokens.admin, { limit: 100 }),
    );
    const byExchange = await rawSums(sql`true`, { from, to }, sql`exchange_id::text`);
    expect(page.total).toBe(byExchange.length);
  });

  it('keeps a second agency out of the first one’s advertisers', async () => {
    const second = await secondAgency(t, tokens.admin);
    const own = await get('/api/agency/dashboard/overview', second.agencyToken);
    expect(dataOf<DashboardOverview>(own).totals.impressions).toBe(0);
    const foreign = await get('/api/agency/dashboard/overview', second.agencyToken, {
      advertiser_id: DEMO.adv1.id,
    });
    expectError(foreign, 404, 'Advertiser not found.');
  });

  it('answers 401 without a token and 403 to the wrong role', async () => {
    for (const path of [
      '/api/dashboard/overview',
      '/api/agency/dashboard/chart',
      '/api/admin/dashboard/performance/campaign',
    ]) {
      const result = await get(path, undefined);
      expect(result.status).toBe(401);
      expect(result.body.error_code).toBe(401);
    }
    expect((await get('/api/admin/dashboard/overview', tokens.advertiser)).status).toBe(403);
    expect((await get('/api/admin/dashboard/overview', tokens.agency)).status).toBe(403);
    expect((await get('/api/agency/dashboard/overview', tokens.advertiser)).status).toBe(403);
    expect((await get('/api/dashboard/overview', tokens.admin)).status).toBe(403);
  });

  it('answers an advertiser naming another advertiser "not found"', async () => {
    const result = await get('/api/dashboard/overview', tokens.advertiser, { advertiser_id: DEMO.adv1.id });
    expectError(result, 404, 'Advertiser not found.');
  });
});

/** An impression of the demo advertiser's first delivering campaign (its creative and exchange), at an instant. */
const demoImpressionAt = async (at: Date, auctionId: string): Promise<DeliveryEvent> => {
  const [row] = await rowsOf<{ campaign_id: number; creative_id: number; exchange_id: number }>(
    t,
    sql`select campaign_id, creative_id, exchange_id from delivery_events
      where advertiser_id = ${DEMO.advertiser.id} and type = 'IMPRESSION' order by id limit 1`,
  );
  return {
    type: 'IMPRESSION',
    day: at.toISOString().slice(0, 10),
    occurredAt: at,
    exchangeId: Number(row!.exchange_id),
    auctionId,
    impId: '1',
    campaignId: Number(row!.campaign_id),
    creativeId: Number(row!.creative_id),
    advertiserId: DEMO.advertiser.id,
    country: 'US',
    os: 'iOS',
    deviceType: 'PHONE',
    trafficType: 'APP',
    bidMicros: 0,
  };
};

describe('the dashboards after new delivery is booked', () => {
  // On the embedded database the dashboards answer a read again from a cache while nothing else ran
  // (db/prepared-statement.ts): delivery booked since must show on the next read, to the micro.
  it('shows the new spend and impressions on the tiles, the chart and the table at once', async () => {
    const readAll = async () => {
      const overview = dataOf<DashboardOverview>(await get('/api/dashboard/overview', tokens.advertiser));
      const chart = dataOf<DashboardChart>(await get('/api/dashboard/chart', tokens.advertiser));
      const table = dataOf<PerformancePage>(
        await get('/api/dashboard/performance/campaign', tokens.advertiser, { limit: 100 }),
      );
      return { overview, chart, table };
    };
    const impression = await demoImpressionAt(new Date(Date.now() - 60_000), 'cache-after-booking');
    const before = await readAll();
    // Read twice: the second answers from the cache where there is one.
    expect(await readAll()).toEqual(before);
    const billing: DeliveryEvent = {
      ...impression,
      type: 'BILLING',
      mediaCostMicros: 1_000_001,
      advertiserCostMicros: 1_234_567,
    };
    // As the bidder books it: into the pending rollups, then folded into delivery_hourly.
    await insertEventRows(t.deps.db, JSON.stringify([eventRow(impression), eventRow(billing)]), 'pending');
    await foldPendingRollups(t.deps.db);
    const after = await readAll();
    expect(after.overview.totals.spend).toBe(before.overview.totals.spend + 1_234_567);
    expect(after.overview.totals.impressions).toBe(before.overview.totals.impressions + 1);
    const pointOf = (chart: DashboardChart) => chart.points.find((point) => point.bucket === impression.day)!;
    expect(pointOf(after.chart).spend).toBe(pointOf(before.chart).spend + 1_234_567);
    const rowOf = (table: PerformancePage) =>
      table.items.find((item) => item.key === String(impression.campaignId))!;
    expect(rowOf(after.table).spend).toBe(rowOf(before.table).spend + 1_234_567);
    expect(rowOf(after.table).impressions).toBe(rowOf(before.table).impressions + 1);
    // Still the raw events' sums.
    const [raw] = await rawSums(own(DEMO.advertiser.id), { from, to });
    expectTotals(after.overview.totals, raw);
  });
});

describe('compacted rollup tiers', () => {
  // The last compacted day: yesterday, except in the first COMPACTION_GRACE_MS after midnight UTC,
  // when yesterday is still open (read from the hourly rollups) and the day before is the last closed.
  const lastClosedDay = async () => {
    while (await compactNextDays(t.deps.db));
    const [mark] = await rowsOf<{ day: string }>(
      t,
      sql`select (compacted_before - 1)::text as day from rollup_compaction`,
    );
    return mark!.day;
  };
  const noDrift = async () =>
    expect((await tierDrift(t.deps.db)).filter((tier) => tier.rows !== 0)).toEqual([]);

  const overviewImpressions = async (day: string) =>
    dataOf<DashboardOverview>(await get('/api/dashboard/overview', tokens.advertiser, { from: day, to: day }))
      .totals.impressions;

  it('holds every closed day exactly as delivery_hourly does, and the dashboards read them', async () => {
    while (await compactNextDays(t.deps.db));
    const [mark] = await rowsOf<{ before: string }>(
      t,
      sql`select compacted_before::text as before from rollup_compaction`,
    );
    expect(mark!.before).toBe(new Date(Date.now() - COMPACTION_GRACE_MS).toISOString().slice(0, 10));
    await noDrift();
    // The campaign table of a closed day comes from delivery_daily_campaign_total: a change there shows.
    const day = await lastClosedDay();
    const byCampaign = async () =>
      dataOf<PerformancePage>(
        await get('/api/dashboard/performance/campaign', tokens.advertiser, { from: day, to: day }),
      ).items.reduce((sum, row) => sum + row.impressions, 0);
    const before = await byCampaign();
    expect(before).toBeGreaterThan(0);
    const bump = (n: number) =>
      t.deps.db.execute(sql`update delivery_daily_campaign_total set impressions = impressions + ${n}
        where (day, campaign_id) = (select day, campaign_id from delivery_daily_campaign_total
          where advertiser_id = ${DEMO.advertiser.id} and day = ${day} order by campaign_id limit 1)`);
    await bump(1000);
    expect(await byCampaign()).toBe(before + 1000);
    expect((await tierDrift(t.deps.db)).find((tier) => tier.rows > 0)?.table).toBe(
      'delivery_daily_campaign_total',
    );
    await bump(-1000);
    await noDrift();
  });

  it('adds an event that arrives for a compacted day to the tiers in the statement that stores it', async () => {
    const day = await lastClosedDay();
    const before = await overviewImpressions(day);
    const at = new Date(`${day}T12:34:00Z`);
    await insertEventRows(
      t.deps.db,
      JSON.stringify([eventRow(await demoImpressionAt(at, 'late-direct'))]),
      'direct',
    );
    // A bid's way: pending first, then the fold.
    await insertEventRows(
      t.deps.db,
      JSON.stringify([eventRow(await demoImpressionAt(at, 'late-pending'))]),
      'pending',
    );
    await foldPendingRollups(t.deps.db);
    await noDrift();
    expect(await overviewImpressions(day)).toBe(before + 2);
    const [raw] = await rawSums(own(DEMO.advertiser.id), { from: day, to: day });
    expect(await overviewImpressions(day)).toBe(Number(raw!.impressions));
  });

  it('rewrites the tiers of the days a rebuild touches', async () => {
    const day = await lastClosedDay();
    await t.deps.db.execute(
      sql`update delivery_hourly_advertiser set impressions = impressions + 7
        where hour = (${day}::date)::timestamp at time zone 'UTC' + interval '12 hours'`,
    );
    expect((await tierDrift(t.deps.db)).some((tier) => tier.rows > 0)).toBe(true);
    await rebuildRollups(t.deps.db, {
      from: new Date(`${day}T12:00:00Z`),
      to: new Date(`${day}T13:00:00Z`),
    });
    await noDrift();
  });
});

describe("campaigns' lifetime totals", () => {
  /** The advertiser's campaign list: each campaign's impressions, clicks and spend as the list shows them. */
  const listed = async () =>
    new Map(
      dataOf<{ items: CampaignListItem[] }>(
        await t.call('GET', '/api/campaigns', { token: tokens.advertiser, query: { limit: 100 } }),
      ).items.map((item) => [
        item.campaign_id,
        [item.delivery.impressions, item.delivery.clicks, item.delivery.spend_total_micros],
      ]),
    );
  /** The same from the raw events, independently of every rollup. */
  const raw = async () => {
    const rows = await rowsOf<{ campaign_id: number; impressions: number; clicks: number; spend: string }>(
      t,
      sql`select campaign_id, (count(*) filter (where type = 'IMPRESSION'))::int as impressions,
        (count(*) filter (where type = 'CLICK'))::int as clicks,
        coalesce(sum(advertiser_cost_micros) filter (where type = 'BILLING'), 0)::text as spend
      from delivery_events where advertiser_id = ${DEMO.advertiser.id} group by campaign_id`,
    );
    return new Map(
      rows.map((row) => [Number(row.campaign_id), [row.impressions, row.clicks, Number(row.spend)]]),
    );
  };
  const expectListedAsRaw = async () => {
    const shown = await listed();
    const expected = await raw();
    expect(expected.size).toBeGreaterThan(0);
    for (const [id, sums] of expected) expect(shown.get(id), `campaign ${id}`).toEqual(sums);
    expect(await campaignTotalsDrift(t.deps.db)).toBe(0);
  };

  it('lists each campaign with the delivery of its whole history, to the micro', async () => {
    await expectListedAsRaw();
  });

  it('adds events stored directly, through the pending rollups and by a rebuild', async () => {
    const impression = await demoImpressionAt(new Date(Date.now() - 3_600_000), 'totals-direct');
    const billing: DeliveryEvent = {
      ...impression,
      type: 'BILLING',
      mediaCostMicros: 1_234_567,
      advertiserCostMicros: 1_481_481,
    };
    const before = (await listed()).get(impression.campaignId)!;
    await insertEventRows(t.deps.db, JSON.stringify([eventRow(impression), eventRow(billing)]), 'direct');
    await insertEventRows(
      t.deps.db,
      JSON.stringify([eventRow({ ...impression, auctionId: 'totals-pending' })]),
      'pending',
    );
    await foldPendingRollups(t.deps.db);
    expect((await listed()).get(impression.campaignId)).toEqual([
      before[0]! + 2,
      before[1],
      before[2]! + 1_481_481,
    ]);
    await expectListedAsRaw();
    // A rebuild of the last two days (whole hours) takes its rollup rows out and writes them again: the totals follow.
    await rebuildRollups(t.deps.db, {
      from: new Date(Math.floor((Date.now() - 2 * 86_400_000) / 3_600_000) * 3_600_000),
    });
    await expectListedAsRaw();
  });
});
