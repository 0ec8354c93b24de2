// The agency's own margin, recorded at delivery: an agency's advertiser pays the media cost plus the
// platform's margin (the agency's margin_bps, set by an admin) plus the agency's (the advertiser's
// own margin_bps, set by the agency). The bid's tracking token carries the split in force when it
// was bought; each billed impression keeps media + platform's part + agency's part = its cost to the
// micro-unit, a margin changed later does not rewrite delivered days, and reports and dashboards show
// the agency's part to the agency and staff only, the platform's part to staff only.
import type { DashboardOverview } from '@console/core/api/dashboard';
import type { FundsSummary, HistoryPage, StatementSummary } from '@console/core/api/funds';
import type { ReportDetail, ReportRowsPage, ReportSummary } from '@console/core/api/reports';
import type { UserConfig } from '@console/core/api/users';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import type { BidResponse, ResponseBid } from '../src/modules/bidding/bid-response.ts';
import { advertiserCostOf } from '../src/modules/ledger/index.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, type DemoName, demoTokens, rowsOf, secondAgency } from './support/admin-fixtures.ts';
import { auctionOf, beaconOf, freshRequest, onlyBid, postBid, track } from './support/bid-calls.ts';
import { midSlotClock } from './support/bidder-clock.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: Record<DemoName, string>;
let other: Awaited<ReturnType<typeof secondAgency>>;
/** The demo's delivering advertiser (a direct one), put under the demo agency for these tests. */
const ADVERTISER = DEMO.advertiser.id;
const PLATFORM_BPS = 1000;
const AGENCY_BPS = 1250;

const assign = async (agency_id: number | null) => {
  const result = await t.call('POST', '/api/admin/assign-advertiser', {
    token: tok.admin,
    body: { advertiser_id: ADVERTISER, agency_id },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
};
const setPlatformMargin = async (marginBps: number) => {
  const path = `/api/admin/users/${DEMO.agency.id}/config`;
  const config = dataOf<UserConfig>(await t.call('GET', path, { token: tok.admin }));
  const saved = await t.call('PUT', path, { token: tok.admin, body: { ...config, margin_bps: marginBps } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};
const setAgencyMargin = async (marginBps: number) => {
  const saved = await t.call('PUT', `/api/agency/advertisers/${ADVERTISER}/margin`, {
    token: tok.agency,
    body: { margin_bps: marginBps },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await t.bidder.index.reload();
  const indexed = [...t.bidder.index.current().campaignById.values()].find(
    (campaign) => campaign.advertiserId === ADVERTISER,
  );
  expect(indexed).toMatchObject({ marginBps: PLATFORM_BPS + marginBps, agencyMarginBps: marginBps });
};

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'error' }, { now: midSlotClock() });
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  tok = await demoTokens(t);
  other = await secondAgency(t, tok.admin);
  await assign(DEMO.agency.id);
  await setPlatformMargin(PLATFORM_BPS);
  await setAgencyMargin(AGENCY_BPS);
});
afterAll(() => t.close());

const bid = async (): Promise<ResponseBid> =>
  onlyBid((await postBid(t, freshRequest('simple-banner'))).body as unknown as BidResponse);

/** The BILLING rows of one auction, summed (a repriced impression has a correction row). */
const billingOf = async (auctionId: string) => {
  const rows = await t.deps.db
    .select({
      day: deliveryEvents.day,
      media: deliveryEvents.mediaCostMicros,
      cost: deliveryEvents.advertiserCostMicros,
      agency: deliveryEvents.agencyMarginMicros,
    })
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.auctionId, auctionId), eq(deliveryEvents.type, 'BILLING')));
  expect(rows.length).toBeGreaterThan(0);
  return {
    day: rows[0]!.day,
    media: rows.reduce((sum, row) => sum + row.media, 0),
    cost: rows.reduce((sum, row) => sum + row.cost, 0),
    agency: rows.reduce((sum, row) => sum + row.agency, 0),
  };
};

/** What the split rule gives for a media cost: the agency's part rounded half up, the platform the rest. */
const expectedSplit = (media: number, agencyBps: number) => {
  const cost = Number(advertiserCostOf(BigInt(media), PLATFORM_BPS + agencyBps));
  const agency = Number(advertiserCostOf(BigInt(media), agencyBps)) - media;
  return { media, cost, agency, platform: cost - media - agency };
};

/** The advertiser's raw BILLING sums of a UTC day. */
const rawDay = async (day: string) => {
  const [row] = await rowsOf<{ media: number; spend: number; agency: number }>(
    t,
    sql`select coalesce(sum(media_cost_micros), 0)::float8 as media,
        coalesce(sum(advertiser_cost_micros), 0)::float8 as spend,
        coalesce(sum(agency_margin_micros), 0)::float8 as agency
      from delivery_events where type = 'BILLING' and advertiser_id = ${ADVERTISER} and day = ${day}`,
  );
  return { media: Number(row!.media), spend: Number(row!.spend), agency: Number(row!.agency) };
};

const overviewOf = async (path: string, token: string, day: string, query: Record<string, unknown> = {}) =>
  dataOf<DashboardOverview>(
    await t.call('GET', path, { token, query: { from: day, to: day, tz: 'UTC', ...query } }),
  );

let deliveredDay = '';

describe('the split is recorded at delivery', () => {
  it('bills media + platform margin + agency margin = cost, to the micro-unit, at every price', async () => {
    // Clearing CPMs whose margins fall on fractions of a micro-unit.
    for (const price of [2.13, 1.999, 2.5, 0.7777, 1.0003]) {
      const placed = await bid();
      expect((await track(placed.nurl, price)).status).toBeLessThan(400);
      const billed = await billingOf(auctionOf(placed));
      const expected = expectedSplit(Math.round(price * 1000), AGENCY_BPS);
      expect({ media: billed.media, cost: billed.cost, agency: billed.agency }).toEqual({
        media: expected.media,
        cost: expected.cost,
        agency: expected.agency,
      });
      expect(billed.media + expected.platform + billed.agency).toBe(billed.cost);
      expect(expected.platform).toBeGreaterThanOrEqual(0);
      deliveredDay = billed.day;
    }
  });

  it('a repriced impression keeps the split of the new price (the correction row carries the difference)', async () => {
    const placed = await bid();
    // The beacon bills the bid ($2.50 CPM), the win notice then reprices it at $2.00.
    await fetch(beaconOf(placed));
    expect(await billingOf(auctionOf(placed))).toMatchObject({ media: 2500, agency: 313 });
    await track(placed.nurl, 2);
    const billed = await billingOf(auctionOf(placed));
    expect(billed).toMatchObject({ media: 2000, cost: 2450, agency: 250 });
  });

  it("moves the agency's part to the agency's account and the platform's to MARGIN, to the micro-unit", async () => {
    const balances = async () => {
      const agency = dataOf<FundsSummary>(await t.call('GET', '/api/funds/summary', { token: tok.agency }));
      const advertiser = dataOf<FundsSummary>(
        await t.call('GET', '/api/funds/summary', { token: tok.advertiser }),
      );
      const platform = dataOf<{ media_micros: number; margin_micros: number }>(
        await t.call('GET', '/api/admin/funds/overview', { token: tok.admin }),
      );
      return {
        agency: agency.balance_micros,
        advertiser: advertiser.balance_micros,
        media: platform.media_micros,
        margin: platform.margin_micros,
      };
    };
    const before = await balances();
    const placed = await bid();
    // $2.13 CPM: a media cost of 2,130 micro-units, whose margins fall on fractions of a micro-unit.
    expect((await track(placed.nurl, 2.13)).status).toBeLessThan(400);
    const expected = expectedSplit(2130, AGENCY_BPS);
    expect(expected.agency).toBeGreaterThan(0);
    expect(expected.platform).toBeGreaterThan(0);
    const after = await balances();
    expect({
      agency: after.agency - before.agency,
      advertiser: after.advertiser - before.advertiser,
      media: after.media - before.media,
      margin: after.margin - before.margin,
    }).toEqual({
      agency: expected.agency,
      advertiser: -expected.cost,
      media: expected.media,
      margin: expected.platform,
    });
    // The agency's history says what the money is: its margin income on the advertiser's spend.
    const history = dataOf<HistoryPage>(
      await t.call('GET', '/api/funds/history', { token: tok.agency, query: { kind: 'SPEND', limit: 1 } }),
    );
    expect(history.items[0]).toMatchObject({
      kind: 'SPEND',
      agency_margin: true,
      amount_micros: expected.agency,
      impressions: 1,
      counterparty: { user_primary_id: ADVERTISER },
    });
    // The advertiser's own spend row names no agency: what the agency earns is not the advertiser's.
    const own = dataOf<HistoryPage>(
      await t.call('GET', '/api/funds/history', {
        token: tok.advertiser,
        query: { kind: 'SPEND', limit: 1 },
      }),
    );
    expect(own.items[0]).toMatchObject({
      agency_margin: false,
      amount_micros: -expected.cost,
      counterparty: null,
    });
    const month = history.items[0]!.occurredAt.slice(0, 7);
    const statement = dataOf<StatementSummary>(
      await t.call('GET', '/api/funds/statement/summary', { token: tok.agency, query: { month } }),
    );
    expect(statement.spend_micros).toBe(0);
    expect(statement.margin_income_micros).toBeGreaterThanOrEqual(expected.agency);
    const csv = await t.call('GET', '/api/funds/history.csv', {
      token: tok.agency,
      query: { kind: 'SPEND', lang: 'gr' },
    });
    expect(String(csv.body.raw)).toContain('Margenertrag · 1 Impression');
    // A repricing moves the difference of each part: the win notice at $2.00 after the beacon's $2.50.
    const repriced = await bid();
    await fetch(beaconOf(repriced));
    const beforeRepricing = await balances();
    await track(repriced.nurl, 2);
    const lower = expectedSplit(2000, AGENCY_BPS);
    const higher = expectedSplit(2500, AGENCY_BPS);
    const afterRepricing = await balances();
    expect({
      agency: afterRepricing.agency - beforeRepricing.agency,
      advertiser: afterRepricing.advertiser - beforeRepricing.advertiser,
      margin: afterRepricing.margin - beforeRepricing.margin,
    }).toEqual({
      agency: lower.agency - higher.agency,
      advertiser: higher.cost - lower.cost,
      margin: lower.platform - higher.platform,
    });
    const check = await t.call('GET', '/api/admin/funds/check', { token: tok.admin });
    expect(dataOf(check)).toMatchObject({ ok: true, problems: [] });
  });

  it('the rollups, the admin dashboard and an admin report add up to the raw events', async () => {
    const raw = await rawDay(deliveredDay);
    expect(raw.agency).toBeGreaterThan(0);
    const [hourly] = await rowsOf<{ agency: number }>(
      t,
      sql`select coalesce(sum(agency_margin_micros), 0)::float8 as agency from delivery_hourly
        where advertiser_id = ${ADVERTISER} and hour >= (${deliveredDay}::date)::timestamp at time zone 'UTC'
          and hour < (${deliveredDay}::date + 1)::timestamp at time zone 'UTC'`,
    );
    expect(Number(hourly!.agency)).toBe(raw.agency);
    for (const token of [tok.admin, tok.coadmin]) {
      const { totals } = await overviewOf('/api/admin/dashboard/overview', token, deliveredDay, {
        advertiser_id: ADVERTISER,
      });
      expect(totals).toMatchObject({
        spend: raw.spend,
        media_cost: raw.media,
        margin: raw.spend - raw.media,
        agency_margin: raw.agency,
        platform_margin: raw.spend - raw.media - raw.agency,
      });
    }
    const report = dataOf<ReportDetail>(
      await t.call('POST', '/api/report/create', {
        token: tok.admin,
        body: {
          name: 'Margin split',
          report_type: 'multi-dimensional',
          dimensions: ['advertiser'],
          metrics: ['media_cost', 'platform_margin', 'agency_margin', 'spend'],
          date_from: deliveredDay,
          date_to: deliveredDay,
          time_zone: 'UTC',
        },
      }),
    );
    expect(
      (await t.call('POST', `/api/report/generate/${report.report_id}`, { token: tok.admin })).status,
    ).toBe(200);
    await t.reportWorker.whenIdle();
    const page = dataOf<ReportRowsPage>(
      await t.call('GET', `/api/report/rows/${report.report_id}`, {
        token: tok.admin,
        query: { limit: 500 },
      }),
    );
    for (const row of page.rows)
      expect(Number(row[1]) + Number(row[2]) + Number(row[3])).toBe(Number(row[4]));
    const mine = page.rows.find((row) => String(row[0]).includes(`#${ADVERTISER}`));
    expect(mine?.slice(1).map(Number)).toEqual([
      raw.media,
      raw.spend - raw.media - raw.agency,
      raw.agency,
      raw.spend,
    ]);
    const csv = dataOf<{ csv_download_url: string }>(
      await t.call('POST', `/api/report/csv/${report.report_id}`, { token: tok.admin }),
    );
    const download = await fetch(new URL(csv.csv_download_url, t.baseUrl), {
      headers: { authorization: `Bearer ${tok.admin}` },
    });
    const text = await download.text();
    expect(text).toContain('Platform margin (USD)');
    expect(text).toContain('Agency margin (USD)');
  });

  it('a margin changed after delivery leaves delivered figures as they were; new impressions take it', async () => {
    const before = await rawDay(deliveredDay);
    const dashboardBefore = await overviewOf('/api/agency/dashboard/overview', tok.agency, deliveredDay, {
      advertiser_id: ADVERTISER,
    });
    await setAgencyMargin(500);
    try {
      expect(await rawDay(deliveredDay)).toEqual(before);
      const dashboardAfter = await overviewOf('/api/agency/dashboard/overview', tok.agency, deliveredDay, {
        advertiser_id: ADVERTISER,
      });
      expect(dashboardAfter.totals.agency_margin).toBe(dashboardBefore.totals.agency_margin);
      expect(dashboardAfter.totals.agency_margin).toBe(before.agency);
      // A new impression at $2.00 CPM: 2,000 of media, 5% the agency's (100), 10% the platform's (200).
      const placed = await bid();
      await track(placed.nurl, 2);
      expect(await billingOf(auctionOf(placed))).toMatchObject({ media: 2000, cost: 2300, agency: 100 });
    } finally {
      await setAgencyMargin(AGENCY_BPS);
    }
  });
});

describe('who sees the agency margin', () => {
  /** The overview, chart and a performance table of the delivered day, each as its JSON text. */
  const dashboardAnswers = async (base: string, token: string) => {
    const answers: string[] = [];
    for (const path of ['overview', 'chart', 'performance/country']) {
      const answer = await t.call('GET', `${base}/${path}`, {
        token,
        query: { from: deliveredDay, to: deliveredDay, tz: 'UTC' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      answers.push(JSON.stringify(answer.body));
    }
    return answers;
  };

  it('the agency sees its own margin but never media cost, the whole margin or the platform’s part', async () => {
    const raw = await rawDay(deliveredDay);
    const { totals } = await overviewOf('/api/agency/dashboard/overview', tok.agency, deliveredDay, {
      advertiser_id: ADVERTISER,
    });
    expect(totals.spend).toBe(raw.spend);
    expect(totals.agency_margin).toBe(raw.agency);
    for (const answer of await dashboardAnswers('/api/agency/dashboard', tok.agency)) {
      expect(answer).toContain('"agency_margin"');
      expect(answer).not.toMatch(/media_cost|"margin"|platform_margin/);
    }
  });

  it('the advertiser sees only its cost; another agency cannot reach it; no token is 401', async () => {
    for (const answer of await dashboardAnswers('/api/dashboard', tok.advertiser))
      expect(answer).not.toMatch(/media_cost|margin/);
    const otherAnswer = await t.call('GET', '/api/agency/dashboard/overview', {
      token: other.agencyToken,
      query: { from: deliveredDay, to: deliveredDay, tz: 'UTC', advertiser_id: ADVERTISER },
    });
    expect(otherAnswer.status).toBe(404);
    const otherOwn = await overviewOf('/api/agency/dashboard/overview', other.agencyToken, deliveredDay);
    expect(otherOwn.totals.agency_margin).toBe(0);
    expectError(
      await t.call('GET', '/api/agency/dashboard/overview', {
        query: { from: deliveredDay, to: deliveredDay, tz: 'UTC' },
      }),
      401,
    );
  });

  it('reports: an agency’s own carry its margin; the platform’s part and advertisers’ reports may not', async () => {
    const raw = await rawDay(deliveredDay);
    const body = (metrics: string[], extra: Record<string, unknown> = {}) => ({
      name: 'Agency take',
      report_type: 'performance',
      dimensions: ['day'],
      metrics,
      date_from: deliveredDay,
      date_to: deliveredDay,
      time_zone: 'UTC',
      ...extra,
    });
    const report = dataOf<ReportDetail>(
      await t.call('POST', '/api/report/create', {
        token: tok.agency,
        body: body(['spend', 'agency_margin']),
      }),
    );
    const summary = dataOf<ReportSummary>(
      await t.call('POST', `/api/report/generatebasic/${report.report_id}`, { token: tok.agency }),
    );
    expect(summary).toMatchObject({
      spend_micros: raw.spend,
      agency_margin_micros: raw.agency,
      platform_margin_micros: null,
      media_cost_micros: null,
      margin_micros: null,
    });
    const staffOnly = 'Media cost and margin are shown in admin and co-admin reports of their own only.';
    const ownOnly = "The agency's margin is shown in agency, admin and co-admin reports of their own only.";
    expectFieldErrors(
      await t.call('POST', '/api/report/create', { token: tok.agency, body: body(['platform_margin']) }),
      { metrics: staffOnly },
    );
    expectFieldErrors(
      await t.call('POST', '/api/report/create', { token: tok.advertiser, body: body(['agency_margin']) }),
      { metrics: ownOnly },
    );
    // Nor in a report the agency makes for its advertiser (the advertiser would open it).
    expectFieldErrors(
      await t.call('POST', '/api/report/create', {
        token: tok.agency,
        body: body(['agency_margin'], { advertiser_id: ADVERTISER }),
      }),
      { metrics: ownOnly },
    );
    // The advertiser's own report's summary leaves both parts out.
    const own = dataOf<ReportDetail>(
      await t.call('POST', '/api/report/create', { token: tok.advertiser, body: body(['spend']) }),
    );
    expect(
      dataOf<ReportSummary>(
        await t.call('POST', `/api/report/generatebasic/${own.report_id}`, { token: tok.advertiser }),
      ),
    ).toMatchObject({ spend_micros: raw.spend, agency_margin_micros: null, platform_margin_micros: null });
    // Another agency cannot open the agency's report.
    expectError(
      await t.call('POST', `/api/report/generatebasic/${report.report_id}`, { token: other.agencyToken }),
      404,
    );
  });
});
