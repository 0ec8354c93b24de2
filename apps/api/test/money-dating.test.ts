// One story in every number: a month's spend of one advertiser, as its agency and the advertiser
// itself see it, is the same on the dashboard overview, in a report, on the monthly statement and in
// the funds history CSV, to the micro-unit, over demo history that spans two months (the statement
// used to count every seeded day in the month the seed ran). A late notice is billed in the month
// the impression was delivered, and that closed month's statement says it was revised. The
// running-apps export of some days and campaigns sums, exactly, to the dashboard's spend of them.
import type { DashboardOverview } from '@console/core/api/dashboard';
import type { StatementSummary } from '@console/core/api/funds';
import type { CsvDownload, ReportDetail, ReportSummary } from '@console/core/api/reports';
import { formatMicros } from '@console/core/format/money';
import { parse } from 'csv-parse/sync';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { exchanges } from '../src/db/schema/reference.ts';
import { seedDemoCampaigns } from '../src/seed/demo-campaigns.ts';
import { seedDemoCreatives } from '../src/seed/demo-creatives.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { demoHistoryStart, seedDemoHistory } from '../src/seed/demo-history.ts';
import { findDemoAdvertiserIds } from '../src/seed/demo-seed.ts';
import { expectOk } from './campaign-fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { DEMO, type DemoName, demoTokens, rowsOf } from './support/admin-fixtures.ts';
import { auctionOf, bidOn, freshRequest, track } from './support/bid-calls.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DAY_MS = 86_400_000;
const clock = { nowMs: Date.now() };
let t: TestApp;
let tokens: Record<DemoName, string>;
const today = new Date(clock.nowMs).toISOString().slice(0, 10);
// The later of the two months: this one, or in its first two days (UTC) the one before, so that
// both have whole days of history in UTC and in New York (5 hours behind) alike; the history ends
// with the last whole hour, and a month with none of it has no spend to compare.
const thisMonth = new Date(clock.nowMs - 2 * DAY_MS).toISOString().slice(0, 7);
const monthStart = Date.parse(`${thisMonth}-01T00:00:00Z`);
const lastMonth = new Date(monthStart - DAY_MS).toISOString().slice(0, 7);

/** A month's first and last days. */
const daysOf = (month: string) => {
  const next = new Date(`${month}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: `${month}-01`, to: new Date(next.getTime() - DAY_MS).toISOString().slice(0, 10) };
};

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock.nowMs });
  await seedDemoCreatives(t.deps.db, t.deps.media.mediaDir);
  await seedDemoCampaigns(t.deps.db);
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  // From three days before the later month began, so that two months have spend.
  const days = (Date.parse(today) - monthStart) / DAY_MS + 4;
  // Every delivering flight from the history's first day: the seed starts some a week or a month
  // ago (Trail Runner Launch 7 days, Open Web Display 31), so in a month's first two days, when the
  // later month is the one before, their advertisers had no spend in the earlier month (on the 2nd
  // of December: October, from the 29th, none for Tailspin Travel, and the test compared 0 with -0).
  const historyStart = demoHistoryStart(days, new Date(clock.nowMs));
  await t.deps.db
    .update(campaigns)
    .set({ startAt: historyStart })
    .where(and(eq(campaigns.status, 'ACTIVE'), gt(campaigns.startAt, historyStart)));
  const history = await seedDemoHistory(t.deps.db, {
    advertiserIds: await findDemoAdvertiserIds(t.deps.db),
    days,
    now: new Date(clock.nowMs),
  });
  expect(history.impressions).toBeGreaterThan(100);
  tokens = await demoTokens(t);
}, 300_000);
afterAll(() => t.close());

/** Who looks: an agency at one of its advertisers, or an advertiser at its own account. */
type Viewer = { token: string; advertiserId: number; dashboard: string; names: boolean };
const asAgency = (advertiserId: number): Viewer => ({
  token: tokens.agency,
  advertiserId,
  dashboard: '/api/agency/dashboard',
  names: true,
});
const asAdvertiser = (name: DemoName): Viewer => ({
  token: tokens[name],
  advertiserId: DEMO[name].id,
  dashboard: '/api/dashboard',
  names: false,
});

const csvRows = (raw: string) =>
  parse(raw.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true }) as Record<string, string>[];

/**
 * The month's spend of the viewer's advertiser, as each screen and file shows it (micro-units), the
 * days and month read in `zone` (the reader's, as the screens send it).
 */
const spendOf = async (viewer: Viewer, month: string, zone = 'UTC') => {
  const { from, to } = daysOf(month);
  const scope: Record<string, number> = viewer.names ? { advertiser_id: viewer.advertiserId } : {};
  const overview = dataOf<DashboardOverview>(
    await t.call('GET', `${viewer.dashboard}/overview`, {
      token: viewer.token,
      query: { from, to, tz: zone, ...scope },
    }),
  );
  const report = dataOf<ReportDetail>(
    expectOk(
      await t.call('POST', '/api/report/create', {
        token: viewer.token,
        body: {
          name: `Spend ${month}`,
          report_type: 'performance',
          dimensions: ['day', 'campaign'],
          metrics: ['spend'],
          event_columns: [],
          date_from: from,
          date_to: to,
          time_zone: zone,
          ...scope,
        },
      }),
    ),
  );
  const reported = dataOf<ReportSummary>(
    expectOk(await t.call('POST', `/api/report/generatebasic/${report.report_id}`, { token: viewer.token })),
  );
  const statement = dataOf<StatementSummary>(
    expectOk(
      await t.call('GET', '/api/funds/statement/summary', {
        token: viewer.token,
        query: { month, tz: zone, user_primary_id: viewer.advertiserId },
      }),
    ),
  );
  const csv = await t.call('GET', '/api/funds/history.csv', {
    token: viewer.token,
    query: { user_primary_id: viewer.advertiserId, from, to, tz: zone },
  });
  expect(csv.status).toBe(200);
  const rows = csvRows(String(csv.body.raw));
  // Spend and its reversals (repricing), as the month's movements of spend.
  const csvSpend = -rows
    .filter((row) => row.kind === 'SPEND' || row.kind === 'REVERSAL')
    .reduce((sum, row) => sum + Number(row.amount_micros), 0);
  return {
    dashboard: overview.totals.spend,
    report: reported.spend_micros,
    statement: statement.spend_micros,
    csv: csvSpend,
    summary: statement,
    rows,
  };
};

const expectOneStory = (figures: Awaited<ReturnType<typeof spendOf>>) => {
  const { dashboard, report, statement, csv } = figures;
  expect({ report, statement, csv }).toEqual({ report: dashboard, statement: dashboard, csv: dashboard });
  return dashboard;
};

describe("a month's spend of an agency's advertiser", () => {
  it('is the same on the dashboard, the report, the statement and the funds history CSV, in each month', async () => {
    const seen: Record<string, string> = {};
    for (const [label, viewer] of [
      ['agency Northwind Media, advertiser Contoso Coffee', asAgency(DEMO.adv1.id)],
      ['advertiser Contoso Coffee', asAdvertiser('adv1')],
      ['advertiser Tailspin Travel', asAdvertiser('advertiser')],
    ] as const) {
      for (const month of [lastMonth, thisMonth]) {
        const figures = await spendOf(viewer, month);
        const spend = expectOneStory(figures);
        // Both months have their own spend: the seed's history is not all in the month it ran.
        expect(spend).toBeGreaterThan(0);
        // Every row of the month's history occurred in it, and was booked then too.
        for (const row of figures.rows) {
          expect(row.occurred_at!.slice(0, 7)).toBe(month);
          expect(row.booked_at!.slice(0, 10)).toBe(row.occurred_at!.slice(0, 10));
        }
        expect(figures.summary.revision).toBeNull();
        seen[`${label}, ${month}`] = formatMicros(spend);
      }
      const [last, current] = [
        await spendOf(viewer, lastMonth).then((f) => f.summary),
        await spendOf(viewer, thisMonth).then((f) => f.summary),
      ];
      expect(current!.opening_micros).toBe(last!.closing_micros);
    }
    console.info('Spend by month (dashboard = report = statement = CSV):', seen);
  });

  it("is the same on all four in the reader's time zone too, whose month differs from UTC's", async () => {
    const viewer = asAdvertiser('advertiser');
    const differs: boolean[] = [];
    for (const month of [lastMonth, thisMonth]) {
      const local = await spendOf(viewer, month, 'America/New_York');
      const spend = expectOneStory(local);
      expect(local.summary.time_zone).toBe('America/New_York');
      differs.push(spend !== expectOneStory(await spendOf(viewer, month)));
    }
    // Delivery in the hours between the two midnights moves spend from one month to the other.
    expect(differs).toContain(true);
  });
});

describe('a late notice', () => {
  it('is billed in the month the impression was delivered, and revises that closed statement', async () => {
    // The simple banner's campaign bids, as fast as it can, on the bidder's clock.
    const [campaign] = await t.deps.db
      .update(campaigns)
      // Its flight from before the later month began (the seed starts it 31 days ago).
      .set({
        pacing: 'ASAP',
        frequencyCap: null,
        dailyBudgetMicros: null,
        startAt: new Date(monthStart - DAY_MS),
      })
      .where(eq(campaigns.name, 'Open Web Display'))
      .returning({ id: campaigns.id });
    await t.deps.db.update(campaigns).set({ status: 'PAUSED' }).where(ne(campaigns.id, campaign!.id));
    await t.deps.db.update(exchanges).set({ noticeWindowSeconds: 900 });
    const viewer = asAdvertiser('advertiser');
    const before = { last: await spendOf(viewer, lastMonth), current: await spendOf(viewer, thisMonth) };

    // Two minutes before this month began: the auction, and the impression served.
    clock.nowMs = monthStart - 2 * 60_000;
    await t.bidder.index.reload();
    const bid = await bidOn(t, freshRequest('simple-banner', { at: 1 }));
    // Its win notice comes 20 minutes later, in this month, after the 15-minute window.
    clock.nowMs = monthStart + 18 * 60_000;
    expect((await track(bid.nurl, 2)).status).toBe(204);
    const [billing] = await t.deps.db
      .select({ isLate: deliveryEvents.isLate, occurredAt: deliveryEvents.occurredAt })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.auctionId, auctionOf(bid)), eq(deliveryEvents.type, 'BILLING')));
    expect(billing!.isLate).toBe(1);
    expect(billing!.occurredAt.toISOString().slice(0, 7)).toBe(lastMonth);

    const after = { last: await spendOf(viewer, lastMonth), current: await spendOf(viewer, thisMonth) };
    const late = expectOneStory(after.last) - expectOneStory(before.last);
    expect(late).toBeGreaterThanOrEqual(2000);
    expect(expectOneStory(after.current)).toBe(expectOneStory(before.current));
    // Booked now (today), counted in the month it was delivered: the closed statement says so.
    expect(after.last.summary.revision).toEqual({ revised_on: today, late_spend_micros: late });
    expect(after.current.summary.revision).toBeNull();
    const booked = after.last.rows.find(
      (row) => row.booked_at!.slice(0, 10) !== row.occurred_at!.slice(0, 10),
    );
    expect(booked).toMatchObject({ kind: 'SPEND', amount_micros: String(-late) });
    expect(booked!.occurred_at!.slice(0, 7)).toBe(lastMonth);
    // The statement PDF of the closed month is still made (its text carries the revision line).
    const pdf = await t.call('GET', '/api/funds/statement', {
      token: viewer.token,
      query: { month: lastMonth },
    });
    expect(pdf.status).toBe(200);
  });
});

describe('the running-apps export', () => {
  /** The export's rows for a body, through its download link. */
  const runningApps = async (token: string, body: Record<string, unknown>) => {
    const link = dataOf<CsvDownload>(
      expectOk(await t.call('POST', '/api/report/running-apps', { token, body })),
    );
    const file = await t.call('GET', link.csv_download_url, { token });
    expect(file.status).toBe(200);
    return csvRows(String(file.body.raw));
  };
  const exactSum = (rows: Record<string, string>[]) =>
    rows.reduce((sum, row) => {
      const cell = row['Spend (USD)']!;
      expect(cell).toMatch(/^\d+\.\d{6}$/);
      const [whole, fraction] = cell.split('.');
      return sum + Number(whole) * 1_000_000 + Number(fraction);
    }, 0);

  it("sums, for some days and one campaign, to the micro-unit of the dashboard's spend", async () => {
    const { from } = daysOf(lastMonth);
    const [{ id: campaignId } = { id: 0 }] = await rowsOf<{ id: number }>(
      t,
      sql`select campaign_id as id from delivery_daily_inventory where advertiser_id = ${DEMO.adv1.id}
        group by campaign_id order by sum(advertiser_cost_micros) desc limit 1`,
    );
    for (const filter of [
      { date_from: from, date_to: today },
      { date_from: from, date_to: today, campaign_ids: [Number(campaignId)] },
    ]) {
      const rows = await runningApps(tokens.agency, filter);
      expect(rows.length).toBeGreaterThan(1);
      const overview = dataOf<DashboardOverview>(
        await t.call('GET', '/api/agency/dashboard/overview', {
          token: tokens.agency,
          query: {
            from: filter.date_from,
            to: filter.date_to,
            tz: 'UTC',
            ...(filter.campaign_ids ? { campaign_ids: filter.campaign_ids.join(',') } : {}),
          },
        }),
      );
      expect(exactSum(rows)).toBe(overview.totals.spend);
      if (filter.campaign_ids) expect(new Set(rows.map((row) => row.Campaign)).size).toBe(1);
    }
  });

  it('refuses a range whose end is before its start, with the field message', async () => {
    const result = await t.call('POST', '/api/report/running-apps', {
      token: tokens.agency,
      body: { date_from: today, date_to: '2020-01-01' },
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ date_to: 'The end date is before the start date.' });
  });
});
