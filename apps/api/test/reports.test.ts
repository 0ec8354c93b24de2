// Reports: every number checked against sums computed here, independently, from the raw
// delivery events (the rollups are rebuilt from them by the real rollup code); background generation
// with progress that survives a worker's death; the quick summary; streamed CSV with a BOM behind a
// link only its own user can read; the running-apps export; scope (advertiser, agency, admin) and
// bad input.
import type { CsvDownload, ReportDetail, ReportRowsPage, ReportSummary } from '@console/core/api/reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { reports } from '../src/db/schema/reports.ts';
import { rebuildRollups } from '../src/modules/delivery/rollups.ts';
import { storeReportRows } from '../src/modules/reports/report-generator.ts';
import { createCampaign, expectOk } from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import {
  DEMO,
  expectAllNeedToken,
  expectAllNotFound,
  rowsOf,
  secondAgency,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

const MEDIA_COST_STAFF_ONLY =
  'Media cost and margin are shown in admin and co-admin reports of their own only.';

const NOT_FOUND = 'Report not found.';
let t: TestApp;
let tok: DemoTokens;
let other: { advertiserId: number; advertiserToken: string; agencyToken: string };

type Event = typeof deliveryEvents.$inferInsert;
const events: Event[] = [];

/** Deterministic delivery over three days for demo advertisers and the other tenant's advertiser. */
const makeEvents = (advertisers: { id: number; campaigns: number[] }[], exchangeIds: number[]) => {
  let auction = 0;
  const countries = ['US', 'DE', 'GB'];
  for (const [a, advertiser] of advertisers.entries())
    for (const [c, campaignId] of advertiser.campaigns.entries())
      for (let day = 0; day < 3; day++)
        for (let i = 0; i < 12; i++) {
          auction++;
          const occurredAt = new Date(Date.UTC(2026, 0, 10 + day, (i * 2 + a) % 24, 17));
          const base = {
            day: occurredAt.toISOString().slice(0, 10),
            occurredAt,
            exchangeId: exchangeIds[(i + c) % exchangeIds.length] as number,
            auctionId: `a${auction}`,
            impId: '1',
            campaignId,
            creativeId: 900 + c,
            advertiserId: advertiser.id,
            country: countries[(i + day) % 3] as string,
            os: i % 2 ? 'iOS' : 'Android',
            deviceType: i % 3 ? 'PHONE' : 'TABLET',
            trafficType: i % 4 ? 'APP' : 'WEB',
            inventory: i % 4 ? (i % 2 ? 'com.example.puzzle' : 'com.example.news') : 'news.example.org',
          };
          events.push({ ...base, type: 'BID', bidMicros: 2_000_000 });
          if (i % 5 === 4) continue;
          events.push({ ...base, type: 'WIN' });
          events.push({ ...base, type: 'IMPRESSION' });
          events.push({
            ...base,
            type: 'BILLING',
            mediaCostMicros: 1000 + i * 37 + c * 11,
            advertiserCostMicros: 1300 + i * 41 + c * 13 + a,
          });
          if (i % 3 === 0) events.push({ ...base, type: 'CLICK' });
          if (i % 6 === 0) events.push({ ...base, type: 'CONVERSION', detail: 'event1' });
          if (i % 4 === 1) events.push({ ...base, type: 'CONVERSION', detail: 'event2' });
        }
};

/** Sums of the raw events, computed here without the rollups. */
const rawSums = (keep: (e: Event) => boolean) => {
  const of = (type: string) => events.filter((e) => keep(e) && e.type === type);
  const billing = of('BILLING');
  return {
    impressions: of('IMPRESSION').length,
    clicks: of('CLICK').length,
    conversions: of('CONVERSION').length,
    bids: of('BID').length,
    wins: of('WIN').length,
    spend: billing.reduce((s, e) => s + (e.advertiserCostMicros ?? 0), 0),
    media: billing.reduce((s, e) => s + (e.mediaCostMicros ?? 0), 0),
    event1: of('CONVERSION').filter((e) => e.detail === 'event1').length,
  };
};

let campaignsOf: Record<number, number[]>;
const dayOf = (e: Event) => (e.occurredAt as Date).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({ logLevel: 'error' }));
  const second = await secondAgency(t, tok.admin);
  other = {
    advertiserId: second.advertiser.user_primary_id,
    advertiserToken: await t.loginAs(second.advertiser.email, second.advertiser.password),
    agencyToken: second.agencyToken,
  };
  const campaignOf = async (token: string, name: string) =>
    (await createCampaign(t, token, { name })).campaign_id;
  campaignsOf = {
    [DEMO.advertiser.id]: [
      await campaignOf(tok.advertiser, 'Report A'),
      await campaignOf(tok.advertiser, 'Report B'),
    ],
    [DEMO.adv1.id]: [await campaignOf(tok.adv1, 'Report C')],
    [other.advertiserId]: [await campaignOf(other.advertiserToken, 'Report D')],
  };
  const exchangeIds = (
    await rowsOf<{ id: number }>(t, sql`select id from exchanges order by id limit 2`)
  ).map((r) => Number(r.id));
  makeEvents(
    Object.entries(campaignsOf).map(([id, campaigns]) => ({ id: Number(id), campaigns })),
    exchangeIds,
  );
  for (let i = 0; i < events.length; i += 500)
    await t.deps.db.insert(deliveryEvents).values(events.slice(i, i + 500));
  await rebuildRollups(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'January performance',
  report_type: 'performance',
  dimensions: ['day', 'campaign'],
  metrics: ['impressions', 'clicks', 'ctr', 'conversions', 'spend', 'ecpm'],
  event_columns: ['event1'],
  date_from: '2026-01-10',
  date_to: '2026-01-12',
  ...overrides,
});

const create = async (token: string, overrides: Record<string, unknown> = {}) =>
  dataOf<ReportDetail>(
    expectOk(await t.call('POST', '/api/report/create', { token, body: body(overrides) })),
  );

const generate = async (token: string, id: number) => {
  const queued = dataOf<ReportDetail>(
    expectOk(await t.call('POST', `/api/report/generate/${id}`, { token })),
  );
  expect(['QUEUED', 'RUNNING', 'READY']).toContain(queued.status);
  await t.reportWorker.whenIdle();
  const done = dataOf<ReportDetail>(expectOk(await t.call('GET', `/api/report/getSingle/${id}`, { token })));
  expect(done.status, done.failure_reason ?? '').toBe('READY');
  expect(done.progress).toBe(100);
  return done;
};

const rowsPage = async (token: string, id: number, page = 1, limit = 500) =>
  dataOf<ReportRowsPage>(
    expectOk(await t.call('GET', `/api/report/rows/${id}`, { token, query: { page, limit } })),
  );

/** GET a CSV download URL: status and raw bytes (the BOM stays). */
const download = async (url: string, token?: string) => {
  const response = await fetch(new URL(url, t.baseUrl), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
};

const csvLines = (bytes: Buffer) => bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);

describe('reports', () => {
  it('answers 401 without a token on every route', async () => {
    await expectAllNeedToken(t, [
      { method: 'GET', path: '/api/report/get' },
      { method: 'POST', path: '/api/report/create', body: body() },
      { method: 'GET', path: '/api/report/getSingle/1' },
      { method: 'PUT', path: '/api/report/update/1', body: body() },
      { method: 'DELETE', path: '/api/report/delete/1' },
      { method: 'POST', path: '/api/report/generate/1' },
      { method: 'POST', path: '/api/report/generatebasic/1' },
      { method: 'GET', path: '/api/report/rows/1' },
      { method: 'POST', path: '/api/report/csv/1' },
      { method: 'GET', path: '/api/report/download/x.y' },
      { method: 'POST', path: '/api/report/running-apps', body: {} },
      { method: 'GET', path: '/api/report/event-config' },
    ]);
  });

  it("an advertiser's report by day and campaign equals the raw events, with E{n}-{name} event columns", async () => {
    expectOk(
      await t.call('PUT', '/api/report/event-config', {
        token: tok.advertiser,
        body: { events: [{ key: 'event1', event_name: 'Signup', event_status: 'ACTIVE' }] },
      }),
    );
    const report = await create(tok.advertiser);
    expect(report.status).toBe('DRAFT');
    expect(report.columns.map((c) => c.label)).toEqual([
      'day',
      'campaign',
      'impressions',
      'clicks',
      'ctr',
      'conversions',
      'spend',
      'ecpm',
      'E1-Signup',
    ]);
    await generate(tok.advertiser, report.report_id);
    const page = await rowsPage(tok.advertiser, report.report_id);
    const mine = (e: Event) => e.advertiserId === DEMO.advertiser.id;
    const expected: (string | number)[][] = [];
    for (const day of ['2026-01-10', '2026-01-11', '2026-01-12'])
      for (const campaignId of campaignsOf[DEMO.advertiser.id] as number[]) {
        const s = rawSums((e) => mine(e) && dayOf(e) === day && e.campaignId === campaignId);
        expected.push([
          day,
          campaignId,
          s.impressions,
          s.clicks,
          Math.round((s.clicks / s.impressions) * 10000) / 100,
          s.conversions,
          s.spend,
          Math.round((s.spend * 1000) / s.impressions),
          s.event1,
        ]);
      }
    expect(page.total).toBe(expected.length);
    expect(
      page.rows.map((row) => [row[0], Number(/#(\d+)\)$/.exec(String(row[1]))?.[1]), ...row.slice(2)]),
    ).toEqual(expected);

    // The quick summary: totals of the range.
    const summary = dataOf<ReportSummary>(
      expectOk(
        await t.call('POST', `/api/report/generatebasic/${report.report_id}`, { token: tok.advertiser }),
      ),
    );
    const all = rawSums(mine);
    expect(summary).toMatchObject({
      impressions: all.impressions,
      clicks: all.clicks,
      conversions: all.conversions,
      bids: all.bids,
      wins: all.wins,
      spend_micros: all.spend,
      // Media cost (before margin) is the platform's: an advertiser sees only its own cost.
      media_cost_micros: null,
      margin_micros: null,
    });
  });

  it('typed reports by exchange, geo and device sum to the raw totals; a range outside the data is empty', async () => {
    const mine = (e: Event) => e.advertiserId === DEMO.advertiser.id;
    const geo = await create(tok.advertiser, {
      name: 'Geo',
      report_type: 'geo',
      dimensions: ['country'],
      metrics: ['impressions', 'spend'],
      event_columns: [],
    });
    await generate(tok.advertiser, geo.report_id);
    const rows = (await rowsPage(tok.advertiser, geo.report_id)).rows;
    expect(rows.map((r) => r[0])).toEqual(['DE', 'GB', 'US']);
    for (const row of rows) {
      const s = rawSums((e) => mine(e) && e.country === row[0]);
      expect(row.slice(1)).toEqual([s.impressions, s.spend]);
    }
    const device = await create(tok.advertiser, {
      name: 'Devices',
      report_type: 'device',
      dimensions: ['device_type', 'os'],
      metrics: ['clicks', 'bids', 'wins', 'win_rate'],
      event_columns: [],
      date_from: '2026-01-11',
      date_to: '2026-01-11',
    });
    await generate(tok.advertiser, device.report_id);
    for (const row of (await rowsPage(tok.advertiser, device.report_id)).rows) {
      const s = rawSums(
        (e) => mine(e) && dayOf(e) === '2026-01-11' && e.deviceType === row[0] && e.os === row[1],
      );
      expect(row.slice(2)).toEqual([s.clicks, s.bids, s.wins, Math.round((s.wins / s.bids) * 10000) / 100]);
    }
    const empty = await create(tok.advertiser, {
      name: 'Nothing',
      report_type: 'exchange',
      dimensions: ['exchange'],
      date_from: '2025-01-01',
      date_to: '2025-01-31',
    });
    const done = await generate(tok.advertiser, empty.report_id);
    expect(done.row_count).toBe(0);
  });

  it("an agency's report covers its advertisers only; the admin's multi-dimensional one everyone", async () => {
    const agency = await create(tok.agency, {
      name: 'Agency by advertiser',
      dimensions: ['advertiser'],
      metrics: ['impressions', 'spend'],
      event_columns: [],
    });
    await generate(tok.agency, agency.report_id);
    const agencyRows = (await rowsPage(tok.agency, agency.report_id)).rows;
    expect(agencyRows).toHaveLength(1);
    const adv1 = rawSums((e) => e.advertiserId === DEMO.adv1.id);
    expect(agencyRows[0]?.slice(1)).toEqual([adv1.impressions, adv1.spend]);

    expectError(
      await t.call('POST', '/api/report/create', {
        token: tok.advertiser,
        body: body({ report_type: 'multi-dimensional', dimensions: ['advertiser'] }),
      }),
      400,
      'Only an admin or co-admin makes multi-dimensional reports.',
    );
    const multi = await create(tok.admin, {
      name: 'Everything',
      report_type: 'multi-dimensional',
      dimensions: ['advertiser', 'exchange', 'traffic_type'],
      metrics: ['impressions', 'clicks', 'spend', 'media_cost'],
      event_columns: [],
    });
    await generate(tok.admin, multi.report_id);
    const multiRows = (await rowsPage(tok.admin, multi.report_id)).rows;
    const advertisersSeen = new Set(multiRows.map((r) => Number(/#(\d+)\)$/.exec(String(r[0]))?.[1])));
    expect(advertisersSeen).toEqual(new Set([DEMO.advertiser.id, DEMO.adv1.id, other.advertiserId]));
    const total = rawSums(() => true);
    const sum = (i: number) => multiRows.reduce((s, r) => s + Number(r[i]), 0);
    expect([sum(3), sum(4), sum(5), sum(6)]).toEqual([
      total.impressions,
      total.clicks,
      total.spend,
      total.media,
    ]);
  });

  it('media cost + margin = spend on every row, each summing to the raw events to the micro-unit', async () => {
    const report = await create(tok.admin, {
      name: 'Margins',
      report_type: 'multi-dimensional',
      dimensions: ['advertiser', 'day'],
      metrics: ['media_cost', 'margin', 'spend'],
      event_columns: [],
    });
    await generate(tok.admin, report.report_id);
    const page = await rowsPage(tok.admin, report.report_id);
    expect(page.columns.slice(2).map((column) => column.key)).toEqual(['media_cost', 'margin', 'spend']);
    for (const row of page.rows) expect(Number(row[2]) + Number(row[3])).toBe(Number(row[4]));
    const total = rawSums(() => true);
    const sum = (i: number) => page.rows.reduce((s, r) => s + Number(r[i]), 0);
    expect([sum(2), sum(3), sum(4)]).toEqual([total.media, total.spend - total.media, total.spend]);
    expect(total.spend - total.media).toBeGreaterThan(0);
    const summary = dataOf<ReportSummary>(
      expectOk(await t.call('POST', `/api/report/generatebasic/${report.report_id}`, { token: tok.admin })),
    );
    expect(summary).toMatchObject({
      media_cost_micros: total.media,
      margin_micros: total.spend - total.media,
      spend_micros: total.spend,
    });
    // An agency's or advertiser's report may not carry the margin; their summaries leave it out.
    for (const token of [tok.agency, tok.advertiser])
      expectFieldErrors(
        await t.call('POST', '/api/report/create', { token, body: body({ metrics: ['spend', 'margin'] }) }),
        { metrics: MEDIA_COST_STAFF_ONLY },
      );
    const agencyReport = await create(tok.agency, { name: 'Agency margins' });
    const agencySummary = dataOf<ReportSummary>(
      expectOk(
        await t.call('POST', `/api/report/generatebasic/${agencyReport.report_id}`, { token: tok.agency }),
      ),
    );
    expect(agencySummary).toMatchObject({ media_cost_micros: null, margin_micros: null });
  });

  it('another tenant cannot read, change, generate, delete or download a report', async () => {
    const report = await create(tok.advertiser, { name: 'Private' });
    await generate(tok.advertiser, report.report_id);
    const id = report.report_id;
    for (const token of [other.advertiserToken, other.agencyToken, tok.adv1])
      await expectAllNotFound(
        t,
        token,
        [
          { method: 'GET', path: `/api/report/getSingle/${id}` },
          { method: 'PUT', path: `/api/report/update/${id}`, body: body() },
          { method: 'DELETE', path: `/api/report/delete/${id}` },
          { method: 'POST', path: `/api/report/generate/${id}` },
          { method: 'POST', path: `/api/report/generatebasic/${id}` },
          { method: 'GET', path: `/api/report/rows/${id}` },
          { method: 'POST', path: `/api/report/csv/${id}` },
        ],
        NOT_FOUND,
      );
    // Not in their lists either.
    const listed = dataOf<{ items: { report_id: number }[] }>(
      expectOk(await t.call('GET', '/api/report/get', { token: other.agencyToken, query: { limit: 100 } })),
    );
    expect(listed.items.map((r) => r.report_id)).not.toContain(id);
    // The download URL itself reads nothing with another tenant's token (nor a forged one).
    const link = dataOf<CsvDownload>(
      expectOk(await t.call('POST', `/api/report/csv/${id}`, { token: tok.advertiser })),
    );
    expect((await download(link.csv_download_url, other.advertiserToken)).status).toBe(404);
    expect((await download(link.csv_download_url)).status).toBe(401);
    const forged = link.csv_download_url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await download(forged, tok.advertiser)).status).toBe(404);
    // Admin and the report's own user may.
    expect((await download(link.csv_download_url, tok.advertiser)).status).toBe(200);
  });

  it('pages and streams a result of more rows than one stored chunk holds', async () => {
    const report = await create(tok.advertiser, {
      name: 'Many rows',
      report_type: 'creative',
      dimensions: ['creative'],
      metrics: ['impressions'],
    });
    // 1,203 rows stored as a generation stores them: three chunks, the last one partial.
    await t.deps.db
      .update(reports)
      .set({ status: 'RUNNING', attempts: 1 })
      .where(eq(reports.id, report.report_id));
    const cells = Array.from({ length: 1203 }, (_, i) => [`creative ${i + 1}`, i + 1]);
    const totals = { impressions: 0, clicks: 0, advertiser_cost_micros: 0 };
    expect(await storeReportRows(t.deps.db, report.report_id, 1, cells, totals)).toBe(true);
    const page = async (n: number, limit: number) =>
      (await rowsPage(tok.advertiser, report.report_id, n, limit)).rows.map((row) => row[1]);
    expect(await page(1, 500)).toEqual(cells.slice(0, 500).map((row) => row[1]));
    expect(await page(3, 500)).toEqual(cells.slice(1000).map((row) => row[1]));
    // A page across the first chunk's end, and one past the last row.
    expect(await page(72, 7)).toEqual([498, 499, 500, 501, 502, 503, 504]);
    expect(await page(5, 500)).toEqual([]);
    expect((await rowsPage(tok.advertiser, report.report_id, 1, 10)).total).toBe(1203);
    const link = dataOf<CsvDownload>(
      expectOk(await t.call('POST', `/api/report/csv/${report.report_id}`, { token: tok.advertiser })),
    );
    const lines = csvLines((await download(link.csv_download_url, tok.advertiser)).bytes);
    expect(lines).toHaveLength(1204);
    expect(lines.at(-1)).toBe('creative 1203,1203');
  });

  it('streams the CSV with a BOM, its headers and money in dollars', async () => {
    const report = await create(tok.advertiser, {
      name: 'Campaign CSV',
      report_type: 'creative',
      dimensions: ['creative'],
      metrics: ['impressions', 'spend'],
    });
    await generate(tok.advertiser, report.report_id);
    const link = dataOf<CsvDownload>(
      expectOk(await t.call('POST', `/api/report/csv/${report.report_id}`, { token: tok.advertiser })),
    );
    // Named with when it was generated, in the report's zone (UTC here: no zone was sent).
    const { generated_at } = dataOf<ReportDetail>(
      expectOk(await t.call('GET', `/api/report/getSingle/${report.report_id}`, { token: tok.advertiser })),
    );
    const stamp = generated_at!.slice(0, 16).replace('T', ' ').replace(':', '');
    expect(link.file_name).toBe(`Campaign CSV ${stamp}.csv`);
    const file = await download(link.csv_download_url, tok.advertiser);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toContain(`Campaign CSV ${stamp}.csv`);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csvLines(file.bytes);
    expect(lines[0]).toBe('Creative,Impressions,Spend (USD),E1-Signup');
    const mine = (e: Event) => e.advertiserId === DEMO.advertiser.id;
    const s = rawSums((e) => mine(e) && e.creativeId === 900);
    // 45,549 micro-units of spend are $0.05 (csv-exports.test.ts covers the rounding edge cases).
    expect([s.impressions, s.spend, s.event1]).toEqual([30, 45_549, 6]);
    expect(lines[1]).toBe('900,30,0.05,6');
  });

  it('exports the running apps as RunningApps.csv', async () => {
    const link = dataOf<CsvDownload>(
      expectOk(
        await t.call('POST', '/api/report/running-apps', {
          token: tok.advertiser,
          body: { date_from: '2026-01-01', date_to: '2026-01-31' },
        }),
      ),
    );
    expect(link.file_name).toBe('RunningApps.csv');
    expect(link.csv_download_url).toMatch(/^\/api\/report\/download\//);
    const file = await download(link.csv_download_url, tok.advertiser);
    expect(file.headers.get('content-disposition')).toContain('RunningApps.csv');
    const lines = csvLines(file.bytes);
    expect(lines[0]).toBe(
      'Campaign,Exchange,Inventory,App or site,Impressions,Clicks,CTR %,Conversions,Spend (USD)',
    );
    const mine = (e: Event) => e.advertiserId === DEMO.advertiser.id;
    const impressions = lines.slice(1).reduce((s, line) => s + Number(line.split(',').at(-5)), 0);
    expect(impressions).toBe(rawSums(mine).impressions);
    // One row per app or site: each bundle's and domain's impressions as the raw events count them.
    for (const [kind, inventory] of [
      ['App', 'com.example.puzzle'],
      ['App', 'com.example.news'],
      ['Site', 'news.example.org'],
    ]) {
      const rows = lines.slice(1).filter((line) => line.includes(`,${kind},${inventory},`));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.reduce((s, line) => s + Number(line.split(',').at(-5)), 0)).toBe(
        rawSums((e) => mine(e) && e.inventory === inventory).impressions,
      );
    }
    // Another tenant's token reads nothing from it.
    expect((await download(link.csv_download_url, other.advertiserToken)).status).toBe(404);
    expectFieldErrors(
      await t.call('POST', '/api/report/running-apps', {
        token: tok.advertiser,
        body: { date_from: '2026-02-01', date_to: '2026-01-01' },
      }),
      { date_to: 'The end date is before the start date.' },
    );
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const [before] = await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from reports`);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { date_from: '2026-01-12', date_to: '2026-01-10' },
        { date_to: 'The end date is before the start date.' },
      ],
      [{ date_from: '2026-13-45' }, { date_from: 'The start date is not a real date.' }],
      [
        { report_type: 'geo', dimensions: ['day'] },
        { dimensions: 'This report type needs the dimension country.' },
      ],
      [{ dimensions: ['planet'] }, { 'dimensions.0': 'Unknown dimension.' }],
      [{ metrics: [] }, { metrics: 'Choose at least one metric.' }],
      [{ name: '  ' }, { name: 'Give the report a name.' }],
      [
        { event_columns: ['click'] },
        { 'event_columns.0': 'Event columns are event1, event2, ... or event_{name}.' },
      ],
      [{ schedule: 'DAILY' }, { schedule_email: 'Give the e-mail address to send it to.' }],
      [{ date_from: '2024-01-01', date_to: '2026-01-01' }, { date_to: 'A report covers at most 400 days.' }],
      [{ metrics: ['impressions', 'media_cost'] }, { metrics: MEDIA_COST_STAFF_ONLY }],
    ];
    for (const [overrides, errors] of cases)
      expectFieldErrors(
        await t.call('POST', '/api/report/create', { token: tok.advertiser, body: body(overrides) }),
        errors,
      );
    // Nor can staff put media cost in a report an advertiser owns (and would open).
    expectFieldErrors(
      await t.call('POST', '/api/report/create', {
        token: tok.admin,
        body: body({ advertiser_id: DEMO.advertiser.id, metrics: ['impressions', 'media_cost'] }),
      }),
      { metrics: MEDIA_COST_STAFF_ONLY },
    );
    expectError(await t.call('GET', '/api/report/getSingle/abc', { token: tok.advertiser }), 400);
    expectError(
      await t.call('GET', '/api/report/get', { token: tok.advertiser, query: { sort: 'nope' } }),
      400,
    );
    const [after] = await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from reports`);
    expect(after?.n).toBe(before?.n);
  });

  it('an edit drops the old result; delete removes the report and its rows', async () => {
    const report = await create(tok.advertiser, { name: 'To edit' });
    await generate(tok.advertiser, report.report_id);
    const edited = dataOf<ReportDetail>(
      expectOk(
        await t.call('PUT', `/api/report/update/${report.report_id}`, {
          token: tok.advertiser,
          body: body({ name: 'Edited', date_to: '2026-01-10' }),
        }),
      ),
    );
    expect(edited).toMatchObject({ name: 'Edited', status: 'DRAFT', row_count: null });
    expect((await rowsPage(tok.advertiser, report.report_id)).total).toBe(0);
    expectError(await t.call('POST', `/api/report/csv/${report.report_id}`, { token: tok.advertiser }), 409);
    await generate(tok.advertiser, report.report_id);
    expect((await rowsPage(tok.advertiser, report.report_id)).total).toBe(2);
    expectOk(await t.call('DELETE', `/api/report/delete/${report.report_id}`, { token: tok.advertiser }));
    expectError(
      await t.call('GET', `/api/report/getSingle/${report.report_id}`, { token: tok.advertiser }),
      404,
      NOT_FOUND,
    );
    const left = await rowsOf(t, sql`select 1 from report_rows where report_id = ${report.report_id}`);
    expect(left).toHaveLength(0);
  });

  it('a generation whose worker died is taken up again and finishes', async () => {
    const report = await create(tok.advertiser, { name: 'Crashed' });
    // As a worker that died mid-run leaves it: RUNNING, its heartbeat long past.
    await t.deps.db
      .update(reports)
      .set({ status: 'RUNNING', progress: 40, attempts: 1, startedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(reports.id, report.report_id));
    t.reportWorker.wake();
    await t.reportWorker.whenIdle();
    const done = dataOf<ReportDetail>(
      expectOk(await t.call('GET', `/api/report/getSingle/${report.report_id}`, { token: tok.advertiser })),
    );
    expect(done).toMatchObject({ status: 'READY', progress: 100, row_count: 6 });
  });

  it('mails a scheduled report through the outbox once per period, its window ending yesterday', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const report = await create(tok.advertiser, {
      name: 'Daily mail',
      dimensions: ['campaign'],
      metrics: ['impressions', 'spend'],
      event_columns: [],
      date_from: '2026-01-10',
      date_to: yesterday,
      schedule: 'DAILY',
      schedule_email: 'reports@example.test',
    });
    expect(report.schedule).toBe('DAILY');
    t.reportWorker.wake();
    await t.reportWorker.whenIdle();
    const mails = await rowsOf<{ subject: string; body: string }>(
      t,
      sql`select subject, body from outbox_mails where "to" = 'reports@example.test'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Report: Daily mail (2026-01-10 to ${yesterday})`);
    const lines = (mails[0]?.body ?? '').trim().split('\n');
    // The first line says over which days, in which zone, and when it was generated.
    expect(lines[0]).toMatch(
      new RegExp(
        `^Daily mail, 2026-01-10 to ${yesterday} \\(UTC\\), generated \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, 2 rows\\.$`,
      ),
    );
    expect(lines).toContain('Campaign,Impressions,Spend (USD)');
    const dataLines = lines.slice(lines.indexOf('Campaign,Impressions,Spend (USD)') + 1);
    const mine = rawSums((e) => e.advertiserId === DEMO.advertiser.id);
    expect(dataLines).toHaveLength(2);
    expect(dataLines.reduce((s, line) => s + Number(line.split(',').at(-2)), 0)).toBe(mine.impressions);
    // Not again within the day.
    t.reportWorker.wake();
    await t.reportWorker.whenIdle();
    const again = await rowsOf(t, sql`select 1 from outbox_mails where "to" = 'reports@example.test'`);
    expect(again).toHaveLength(1);
    await t.call('DELETE', `/api/report/delete/${report.report_id}`, { token: tok.advertiser });
  });

  it('lists with server-side paging, sorting and filters', async () => {
    const page = dataOf<{ items: { name: string; report_type: string }[]; total: number }>(
      expectOk(
        await t.call('GET', '/api/report/get', {
          token: tok.advertiser,
          query: { sort: 'name', order: 'asc', limit: 2, report_type: 'performance' },
        }),
      ),
    );
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.items.every((r) => r.report_type === 'performance')).toBe(true);
    const names = page.items.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
  it("counts days in the report's time zone, says when it was generated, and when newer delivery exists", async () => {
    const zone = 'America/New_York';
    const localDay = (e: Event) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(e.occurredAt as Date);
    const report = await create(tok.advertiser, {
      name: 'New York days',
      dimensions: ['day'],
      metrics: ['impressions', 'spend'],
      event_columns: [],
      date_from: '2026-01-10',
      date_to: '2026-01-11',
      time_zone: zone,
    });
    expect(report.time_zone).toBe(zone);
    const before = Date.now();
    const done = await generate(tok.advertiser, report.report_id);
    expect(Date.parse(done.generated_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(done.data_changed).toBeNull();
    // Each row is a New York day: events before 05:00 UTC belong to the day before.
    const mine = (e: Event) => e.advertiserId === DEMO.advertiser.id;
    const expected = ['2026-01-10', '2026-01-11'].map((day) => {
      const sums = rawSums((e) => mine(e) && localDay(e) === day);
      return [day, sums.impressions, sums.spend];
    });
    expect(rawSums((e) => mine(e) && localDay(e) === '2026-01-09').impressions).toBeGreaterThan(0);
    expect((await rowsPage(tok.advertiser, report.report_id)).rows).toEqual(expected);

    // A late impression booked into the report's range: the report says it is behind, with both totals.
    const [campaignId] = campaignsOf[DEMO.advertiser.id] as number[];
    const late = {
      occurredAt: new Date('2026-01-11T15:00:00Z'),
      day: '2026-01-11',
      exchangeId: (events[0] as Event).exchangeId,
      auctionId: 'late-1',
      impId: '1',
      campaignId: campaignId as number,
      creativeId: 900,
      advertiserId: DEMO.advertiser.id,
      country: 'US',
      os: 'iOS',
      deviceType: 'PHONE',
      trafficType: 'APP',
      inventory: 'com.example.puzzle',
    };
    await t.deps.db.insert(deliveryEvents).values([
      { ...late, type: 'IMPRESSION' },
      { ...late, type: 'BILLING', mediaCostMicros: 1000, advertiserCostMicros: 1500 },
    ] satisfies Event[]);
    try {
      await rebuildRollups(t.deps.db);
      const behind = dataOf<ReportDetail>(
        expectOk(await t.call('GET', `/api/report/getSingle/${report.report_id}`, { token: tok.advertiser })),
      );
      const inReport = {
        impressions: expected.reduce((sum, row) => sum + Number(row[1]), 0),
        clicks: rawSums((e) => mine(e) && ['2026-01-10', '2026-01-11'].includes(localDay(e))).clicks,
        advertiser_cost_micros: expected.reduce((sum, row) => sum + Number(row[2]), 0),
      };
      expect(behind.data_changed).toEqual({
        in_report: inReport,
        now: {
          ...inReport,
          impressions: inReport.impressions + 1,
          advertiser_cost_micros: inReport.advertiser_cost_micros + 1500,
        },
      });
      // Generated again, it is current.
      expect((await generate(tok.advertiser, report.report_id)).data_changed).toBeNull();
    } finally {
      await t.deps.db.delete(deliveryEvents).where(eq(deliveryEvents.auctionId, 'late-1'));
      await rebuildRollups(t.deps.db);
    }
  });

  it('refuses an unknown time zone', async () => {
    expectFieldErrors(
      await t.call('POST', '/api/report/create', {
        token: tok.advertiser,
        body: body({ time_zone: 'Mars/Olympus' }),
      }),
      { time_zone: 'Choose a time zone by its IANA name, like Europe/Berlin or UTC.' },
    );
  });
});
