// The demo history is made by the live bidder's rules: the demo's simulated traffic played hour by
// hour through the campaign index and the bid engine. A paused campaign, one allowed only on an
// empty inventory list, one approved only on an exchange that is switched off, or one before its
// flight has no delivery; every impression's campaign would bid on that very request live, at the
// price it bid; a daily budget holds each day; and the spend is what left the advertisers' balances.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignExchanges, campaigns } from '../src/db/schema/campaigns.ts';
import { exchanges } from '../src/db/schema/reference.ts';
import {
  findCreativeFit,
  findIneligibility,
  impTermsFor,
  parseNativeRequest,
  priceBid,
  readLocalClock,
} from '../src/modules/bidding/index.ts';
import { readRequestFacts } from '../src/modules/bidding/request-facts.ts';
import { readBalanceMicros } from '../src/modules/ledger/ledger-accounts.ts';
import { seedDemoCampaigns } from '../src/seed/demo-campaigns.ts';
import { seedDemoCreatives } from '../src/seed/demo-creatives.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { type HistoryResult, seedDemoHistory } from '../src/seed/demo-history.ts';
import { demoTraffic } from '../src/seed/demo-samples.ts';
import { findDemoAdvertiserIds } from '../src/seed/demo-seed.ts';
import { findTrafficExchangeIds } from '../src/seed/traffic-exchanges.ts';
import { DEMO, rowsOf } from './support/admin-fixtures.ts';
import { debitAccount } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DAYS = 4;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Video Pre-roll's daily budget here: less than it would spend on a day of the demo traffic. */
const VIDEO_DAILY_MICROS = 250_000;
/** What Contoso Coffee holds here: less than Daily Grind Display would spend in these days. */
const CONTOSO_FUNDS_MICROS = 30_000n;
let t: TestApp;
let history: HistoryResult;
let advertiserIds: number[];
const balancesBefore = new Map<number, bigint>();
// The history ends with yesterday's last whole hour, so that it has as many hours at whatever time the
// test runs (from today's midnight it would have a day fewer, and some budgets not reached).
const now = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 1);
let switchedOff: number;

const idOf = async (name: string) => {
  const [row] = await t.deps.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.name, name));
  return row!.id;
};

type Delivery = { id: number; name: string; status: string; bids: number; impressions: number };
const deliveryOf = () =>
  rowsOf<Delivery>(
    t,
    sql`select c.id::int as id, c.name, c.status,
      (count(e.*) filter (where e.type = 'BID'))::int as bids,
      (count(e.*) filter (where e.type = 'IMPRESSION'))::int as impressions
    from campaigns c left join delivery_events e on e.campaign_id = c.id
    group by c.id order by c.id`,
  );

beforeAll(async () => {
  t = await startTestApp();
  const db = t.deps.db;
  await seedDemoCreatives(db, t.deps.media.mediaDir);
  await seedDemoCampaigns(db);
  await seedDemoDelivery(db, t.deps.media.mediaDir);
  // A daily budget the traffic would overspend, a flight that begins inside the history, and a
  // campaign approved only on an exchange that is then switched off.
  await db
    .update(campaigns)
    .set({ dailyBudgetMicros: VIDEO_DAILY_MICROS })
    .where(eq(campaigns.name, 'Video Pre-roll'));
  await db
    .update(campaigns)
    .set({ startAt: new Date(now.getTime() - 2 * DAY_MS) })
    .where(eq(campaigns.name, 'Open Web Display'));
  const mobile = await idOf('Mobile App Leaderboard');
  const [first] = await db
    .select({ id: campaignExchanges.exchangeId })
    .from(campaignExchanges)
    .where(eq(campaignExchanges.campaignId, mobile))
    .orderBy(campaignExchanges.exchangeId)
    .limit(1);
  switchedOff = first!.id;
  await db
    .delete(campaignExchanges)
    .where(
      and(eq(campaignExchanges.campaignId, mobile), sql`${campaignExchanges.exchangeId} <> ${switchedOff}`),
    );
  await db.update(exchanges).set({ status: 'INACTIVE' }).where(eq(exchanges.id, switchedOff));
  advertiserIds = await findDemoAdvertiserIds(db);
  // Contoso Coffee holds less than its campaign would spend in these days.
  await debitAccount(t, DEMO.adv1.id, (await readBalanceMicros(db, DEMO.adv1.id)) - CONTOSO_FUNDS_MICROS);
  for (const id of advertiserIds) balancesBefore.set(id, await readBalanceMicros(db, id));
  history = await seedDemoHistory(db, { advertiserIds, days: DAYS, now });
  await t.bidder.index.reload();
}, 300_000);
afterAll(() => t.close());

describe('the demo history', () => {
  it('plays the simulated traffic of every hour through the bid engine', async () => {
    expect(history.requests).toBeGreaterThan(DAYS * 400);
    expect(history.bids).toBeGreaterThan(history.requests / 4);
    expect(history.impressions).toBeGreaterThan(100);
    expect(history.impressions).toBeLessThan(history.bids);
    // The traffic comes from the exchanges the campaigns name, the switched-off one aside.
    const named = await rowsOf<{ id: number }>(
      t,
      sql`select distinct c.exchange_id as id from campaign_exchanges c
        join exchanges x on x.id = c.exchange_id where x.status = 'ACTIVE'`,
    );
    expect((await findTrafficExchangeIds(t.deps.db)).sort((a, b) => a - b)).toEqual(
      named.map((row) => Number(row.id)).sort((a, b) => a - b),
    );
    const lost = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from delivery_events where type = 'LOSS'`,
    );
    expect(lost[0]!.n).toBe(history.bids - history.impressions);
  });

  it('gives paused campaigns no delivery', async () => {
    const paused = (await deliveryOf()).filter((row) => row.status === 'PAUSED');
    expect(paused.map((row) => row.name)).toEqual(
      expect.arrayContaining(['Espresso Launch', 'Last Minute Flights']),
    );
    for (const row of paused) expect(row, row.name).toMatchObject({ bids: 0, impressions: 0 });
  });

  it('gives a campaign allowed only on an empty inventory list, or only on a switched-off exchange, none', async () => {
    const emptyAllowed = await rowsOf<{ id: number }>(
      t,
      sql`select l.campaign_id::int as id from campaign_inventory_lists l
        join campaigns c on c.id = l.campaign_id
        where l.mode = 'ALLOW' and c.status = 'ACTIVE'
          and not exists (select 1 from applist_entries e where e.applist_id = l.applist_id)`,
    );
    expect(emptyAllowed.length).toBeGreaterThan(0);
    const delivery = await deliveryOf();
    for (const { id } of emptyAllowed)
      expect(delivery.find((row) => row.id === id)).toMatchObject({ bids: 0, impressions: 0 });
    expect(delivery.find((row) => row.name === 'Mobile App Leaderboard')).toMatchObject({ bids: 0 });
    // The campaigns that can bid do deliver, the agency's advertiser's among them.
    for (const name of ['Open Web Display', 'Video Pre-roll', 'Daily Grind Display'])
      expect(delivery.find((row) => row.name === name)!.impressions, name).toBeGreaterThan(0);
  });

  it('starts a campaign at its flight', async () => {
    const [first] = await rowsOf<{ at: Date; start: Date }>(
      t,
      sql`select min(e.occurred_at) as at, c.start_at as start from delivery_events e
        join campaigns c on c.id = e.campaign_id where c.name = 'Open Web Display' group by c.start_at`,
    );
    expect(new Date(first!.at).getTime()).toBeGreaterThanOrEqual(new Date(first!.start).getTime());
    expect(new Date(first!.at).getTime() - new Date(first!.start).getTime()).toBeLessThan(2 * HOUR_MS);
  });

  it('bids, on each request an impression came from, as the live bidder would', async () => {
    const impressions = await rowsOf<{
      auction_id: string;
      exchange_id: number;
      campaign_id: number;
      creative_id: number;
      bid_micros: number;
      at: Date;
    }>(
      t,
      // Up to 40 of each campaign's, spread over the days.
      sql`select * from (
        select b.auction_id, b.exchange_id, b.campaign_id::int as campaign_id,
          b.creative_id::int as creative_id, b.bid_micros::int as bid_micros, b.occurred_at as at,
          row_number() over (partition by b.campaign_id order by hashtext(b.auction_id)) as n
        from delivery_events i join delivery_events b on b.type = 'BID' and b.day = i.day
          and b.exchange_id = i.exchange_id and b.auction_id = i.auction_id and b.imp_id = i.imp_id
        where i.type = 'IMPRESSION') sampled
      where n <= 40`,
    );
    const names = await rowsOf<{ name: string }>(
      t,
      sql`select name from campaigns where id in (${sql.join(
        [...new Set(impressions.map((row) => row.campaign_id))].map((id) => sql`${id}`),
        sql`, `,
      )}) order by name`,
    );
    expect(names.map((row) => row.name)).toEqual([
      'Daily Grind Display',
      'Native In-Feed',
      'Open Web Display',
      'Video Pre-roll',
    ]);
    const traffic = await demoTraffic(t.deps.db);
    const snapshot = t.bidder.index.current();
    const hours = new Map<number, Awaited<ReturnType<typeof traffic.hour>>>();
    for (const impression of impressions) {
      const atMs = new Date(impression.at).getTime();
      const hour = Math.floor(atMs / HOUR_MS) * HOUR_MS;
      if (!hours.has(hour)) hours.set(hour, traffic.hour(hour));
      const simulated = hours.get(hour)!.find((entry) => entry.request.id === impression.auction_id)!;
      expect(simulated.atMs).toBe(atMs);
      expect(simulated.exchangeId).toBe(impression.exchange_id);
      const campaign = snapshot.campaignById.get(impression.campaign_id)!;
      const facts = readRequestFacts(simulated.request, snapshot.reference);
      const reason = findIneligibility(campaign, {
        exchangeId: simulated.exchangeId,
        facts,
        nowMs: atMs,
        clock: readLocalClock(campaign.timeZone, atMs),
        membership: snapshot.membership,
        blockedCategories: simulated.request.bcat ?? [],
      });
      expect(reason, `${campaign.name} on ${impression.auction_id}`).toBeNull();
      const imp = simulated.request.imp[0]!;
      const terms = impTermsFor(campaign, imp, 'console', snapshot.dealBook.get(simulated.exchangeId));
      if (typeof terms === 'string') throw new Error(`${campaign.name}: no terms (${terms})`);
      // A CPM campaign bids its bid (or the floor); a CPC one its value from the rates it had then.
      if (campaign.priceModel === 'CPM')
        expect(impression.bid_micros).toBe(priceBid(campaign, terms.floorMicros));
      const fit = findCreativeFit(terms.creatives ?? campaign.creatives, {
        exchangeId: simulated.exchangeId,
        imp,
        nativeRequest: imp.native ? parseNativeRequest(imp.native.request, imp.native.ver) : null,
        trackingIsSecure: true,
      });
      expect(fit?.creative.id).toBe(impression.creative_id);
    }
  });

  it('keeps every daily budget on every day, and reaches the one the traffic would overspend', async () => {
    const days = await rowsOf<{ name: string; budget: number; spend: number }>(
      t,
      sql`select c.name, c.daily_budget_micros::float8 as budget,
        sum(billing.advertiser_cost_micros)::float8 as spend
      from delivery_events billing
      join delivery_events bid on bid.type = 'BID' and bid.day = billing.day
        and bid.exchange_id = billing.exchange_id and bid.auction_id = billing.auction_id
        and bid.imp_id = billing.imp_id
      join campaigns c on c.id = billing.campaign_id
      where billing.type = 'BILLING' and c.daily_budget_micros is not null
      group by c.name, c.daily_budget_micros, (bid.occurred_at at time zone c.time_zone)::date`,
    );
    expect(days.length).toBeGreaterThan(DAYS);
    for (const day of days) expect(day.spend, day.name).toBeLessThanOrEqual(day.budget);
    const video = days.filter((day) => day.name === 'Video Pre-roll');
    expect(video.length).toBeGreaterThan(1);
    // As fast as possible until the next impression would not fit: within one video impression.
    expect(Math.max(...video.map((day) => day.spend))).toBeGreaterThan(VIDEO_DAILY_MICROS - 20_000);
  });

  it('never spends more than the advertiser holds, and stops within one bid of it', async () => {
    const [contoso] = await rowsOf<{ spend: number }>(
      t,
      sql`select coalesce(sum(advertiser_cost_micros), 0)::float8 as spend from delivery_events
        where type = 'BILLING' and advertiser_id = ${DEMO.adv1.id}`,
    );
    expect(contoso!.spend).toBeLessThanOrEqual(Number(CONTOSO_FUNDS_MICROS));
    // Daily Grind Display's highest bid is $5 CPM: 5,000 micros an impression.
    expect(contoso!.spend).toBeGreaterThan(Number(CONTOSO_FUNDS_MICROS) - 5_000);
  });

  it('took exactly its spend out of each advertiser’s balance, booked by campaign and hour', async () => {
    const billed = await rowsOf<{ advertiser_id: number; spend: number }>(
      t,
      sql`select advertiser_id::int as advertiser_id, sum(advertiser_cost_micros)::float8 as spend
        from delivery_events where type = 'BILLING' group by 1`,
    );
    let total = 0;
    for (const id of advertiserIds) {
      const spend = billed.find((row) => row.advertiser_id === id)?.spend ?? 0;
      total += spend;
      const after = await readBalanceMicros(t.deps.db, id);
      expect(balancesBefore.get(id)! - after, `advertiser ${id}`).toBe(BigInt(spend));
      expect(after).toBeGreaterThanOrEqual(0n);
    }
    expect(total).toBe(history.spendMicros);
    const [transfers] = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from ledger_transfers where reference like 'history:%'`,
    );
    const [campaignHours] = await rowsOf<{ n: number }>(
      t,
      sql`select count(distinct (campaign_id, date_trunc('hour', occurred_at)))::int as n
        from delivery_events where type = 'BILLING'`,
    );
    expect(transfers!.n).toBe(campaignHours!.n);
    // The switched-off exchange saw no traffic at all.
    const [offExchange] = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from delivery_events where exchange_id = ${switchedOff}`,
    );
    expect(offExchange!.n).toBe(0);
  });

  it("credited the agency exactly its part of the margin and the platform the rest (the demo's margins)", async () => {
    const [billed] = await rowsOf<{ media: number; spend: number; agency: number }>(
      t,
      sql`select coalesce(sum(media_cost_micros), 0)::float8 as media,
          coalesce(sum(advertiser_cost_micros), 0)::float8 as spend,
          coalesce(sum(agency_margin_micros), 0)::float8 as agency
        from delivery_events e join users u on u.id = e.advertiser_id
        where e.type = 'BILLING' and u.agency_id = ${DEMO.agency.id}`,
    );
    // The seed's margins make the agency's advertisers' margin, and the agency's part of it, real.
    expect(billed!.agency).toBeGreaterThan(0);
    expect(billed!.spend - billed!.media - billed!.agency).toBeGreaterThan(0);
    const [ledger] = await rowsOf<{ agency: number }>(
      t,
      sql`select coalesce(sum(e.amount_micros), 0)::float8 as agency
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        join ledger_transfers tr on tr.id = e.transfer_id
        where a.user_id = ${DEMO.agency.id} and tr.kind = 'SPEND' and tr.reference like 'history:%'`,
    );
    expect(ledger!.agency).toBe(billed!.agency);
  });
});
