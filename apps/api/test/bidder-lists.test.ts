// The bidder with real targeting lists: inventory lists allow or block the
// bundles and domains they hold, audiences include or exclude the device ids they hold, smart-app
// lists keep a campaign to their apps, an entry added while the bidder runs takes effect without a
// restart, and the funds summary counts the cost of bids the exchange has not billed yet.
import { readFileSync } from 'node:fs';
import type { ApplistDetail, ListImport } from '@console/core/api/inventory-lists';
import type { SmartAppCategory } from '@console/core/api/reference';
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignSmartAppLists } from '../src/db/schema/lists.ts';
import type { BidResponse } from '../src/modules/bidding/bid-response.ts';
import { expectOk } from './campaign-fixtures.ts';
import { uploadAndWait } from './list-fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { track } from './support/bid-calls.ts';
import { midSlotClock } from './support/bidder-clock.ts';
import { startDemoDeliveryApp } from './support/demo-delivery-app.ts';
import type { TestApp } from './support/test-app.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/openrtb/${name}.json`, import.meta.url), 'utf8'));

let auctions = 0;
const freshRequest = (name: string, patch: Record<string, unknown> = {}) => ({
  ...fixture(name),
  id: `lists-${name}-${process.pid}-${Date.now()}-${++auctions}`,
  ...patch,
});

/** The mobile app banner fixture (bundle "12345", iOS) with a given app bundle and device ifa. */
const appRequest = (options: { bundle?: string; ifa?: string } = {}) => {
  const base = fixture('mobile-app-banner') as {
    app: Record<string, unknown>;
    device: Record<string, unknown>;
  };
  return freshRequest('mobile-app-banner', {
    app: { ...base.app, bundle: options.bundle ?? '12345' },
    device: { ...base.device, ...(options.ifa === undefined ? {} : { ifa: options.ifa }) },
  });
};
/** The simple banner fixture (site www.foobar.com) on another domain. */
const siteRequest = (domain = 'www.foobar.com') => {
  const base = fixture('simple-banner') as { site: Record<string, unknown> };
  return freshRequest('simple-banner', { site: { ...base.site, domain } });
};

let t: TestApp;
let token: string;
let mobileId: number;
let webId: number;

const postBid = (body: unknown) =>
  t.call('POST', '/openrtb/2.6/openx', { body, headers: { 'x-openrtb-version': '2.6' } });

/** The campaign ids of the bids of one request (none: 204). */
const biddersOf = async (body: unknown): Promise<number[]> => {
  const result = await postBid(body);
  if (result.status === 204) return [];
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return (result.body as unknown as BidResponse).seatbid.flatMap((seat) =>
    seat.bid.map((bid) => Number(bid.cid)),
  );
};

/** Polls until the bidder's answer to a request (made fresh each time) is as expected: changes reach it by notice. */
const eventually = async (makeRequest: () => unknown, campaignId: number, bids: boolean) => {
  for (let attempt = 0; attempt < 60; attempt++) {
    if ((await biddersOf(makeRequest())).includes(campaignId) === bids) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`campaign ${campaignId} ${bids ? 'never bid' : 'kept bidding'}`);
};

const setInventory = async (ids: number[], applistIds: number[], mode: 'ALLOW' | 'BLOCK') => {
  expectOk(
    await t.call('POST', '/api/campaigns/bulk/inventory', {
      token,
      body: { ids, applist_ids: applistIds, mode, op: 'replace' },
    }),
  );
  await t.bidder.index.reload();
};

const setAudiences = async (ids: number[], audienceIds: number[], mode: 'INCLUDE' | 'EXCLUDE') => {
  expectOk(
    await t.call('POST', '/api/campaigns/bulk/audience', {
      token,
      body: { ids, audience_ids: audienceIds, mode, op: 'replace' },
    }),
  );
  await t.bidder.index.reload();
};

const createList = async (name: string, kind: 'APP' | 'SITE', entries: string[]) =>
  dataOf<ApplistDetail>(
    expectOk(
      await t.call('POST', '/api/applists', { token, body: { name, kind, default_mode: 'ALLOW', entries } }),
    ),
  );

beforeAll(async () => {
  // These tests are about lists and audiences, not pacing: the bids come in the middle of a
  // 10-minute slot, never at a slot's opening, when even pacing lets only a few impressions through.
  const app = await startDemoDeliveryApp({}, { now: midSlotClock() });
  ({ t, token } = app);
  mobileId = app.campaignIdOf('Mobile App Leaderboard');
  webId = app.campaignIdOf('Open Web Display');
});
afterAll(() => t.close());

describe('inventory lists in the bidder', () => {
  it('bids with an allow list only on the bundles it holds, and takes an entry added later', async () => {
    const list = await createList('Allowed apps', 'APP', ['com.example.allowed']);
    // Without lists the campaign bids on the fixture's app.
    expect(await biddersOf(appRequest())).toContain(mobileId);
    await setInventory([mobileId], [list.applist_id], 'ALLOW');
    expect(await biddersOf(appRequest({ bundle: 'com.example.allowed' }))).toContain(mobileId);
    expect(await biddersOf(appRequest())).not.toContain(mobileId);
    // The bidder is told about the new entry: no reload by hand, no restart.
    expectOk(
      await t.call('POST', `/api/applists/${list.applist_id}/entries`, { token, body: { add: ['12345'] } }),
    );
    await eventually(() => appRequest(), mobileId, true);
    expectOk(
      await t.call('POST', `/api/applists/${list.applist_id}/entries`, {
        token,
        body: { remove: ['12345'] },
      }),
    );
    await eventually(() => appRequest(), mobileId, false);
    await setInventory([mobileId], [], 'ALLOW');
  });

  it('refuses with a block list the domains it holds and their subdomains, and bids elsewhere', async () => {
    const list = await createList('Blocked sites', 'SITE', ['foobar.com']);
    expect(await biddersOf(siteRequest())).toContain(webId);
    await setInventory([webId], [list.applist_id], 'BLOCK');
    expect(await biddersOf(siteRequest())).not.toContain(webId);
    expect(await biddersOf(siteRequest('news.foobar.com'))).not.toContain(webId);
    expect(await biddersOf(siteRequest('www.elsewhere.example'))).toContain(webId);
    await setInventory([webId], [], 'BLOCK');
    expect(await biddersOf(siteRequest())).toContain(webId);
  });
});

describe('audiences in the bidder', () => {
  const LISTED = '6D92078A-8246-4BA4-AE5B-76104861E7DC';
  const OTHER = '38400000-8CF0-11BD-B23E-10B96E40000D';
  const LATER = 'AAAAAAAA-1111-4222-8333-444444444444';
  let audienceId: number;

  beforeAll(async () => {
    const job = await uploadAndWait(
      t,
      '/api/audiences/uploads',
      token,
      { name: 'Past travellers' },
      { content: `${LISTED}\n` },
    );
    expect(job.status).toBe('DONE');
    audienceId = job.audience_id!;
  });

  it('bids for an included audience only on the device ids it holds (upper or lower case)', async () => {
    await setAudiences([mobileId], [audienceId], 'INCLUDE');
    expect(await biddersOf(appRequest({ ifa: LISTED }))).toContain(mobileId);
    expect(await biddersOf(appRequest({ ifa: LISTED.toLowerCase() }))).toContain(mobileId);
    expect(await biddersOf(appRequest({ ifa: OTHER }))).not.toContain(mobileId);
    // A second upload adds people while the bidder runs.
    const job: ListImport = await uploadAndWait(
      t,
      '/api/audiences/uploads',
      token,
      { audience_id: audienceId, mode: 'append' },
      { content: `${LATER}\n` },
    );
    expect(job.status).toBe('DONE');
    await eventually(() => appRequest({ ifa: LATER }), mobileId, true);
  });

  it('refuses an excluded audience and bids for everyone else', async () => {
    await setAudiences([mobileId], [audienceId], 'EXCLUDE');
    expect(await biddersOf(appRequest({ ifa: LISTED }))).not.toContain(mobileId);
    expect(await biddersOf(appRequest({ ifa: OTHER }))).toContain(mobileId);
    await setAudiences([mobileId], [], 'EXCLUDE');
    expect(await biddersOf(appRequest({ ifa: LISTED }))).toContain(mobileId);
  });
});

describe('smart-app lists in the bidder', () => {
  it('keeps a campaign to the apps of its smart-app lists', async () => {
    const admin = await t.loginAs('admin@demo.test');
    const taxonomy = dataOf<SmartAppCategory[]>(
      expectOk(await t.call('GET', '/api/meta-data/smart-app-categories', { token: admin })),
    );
    const list = dataOf<SmartAppListItem>(
      expectOk(
        await t.call('POST', '/api/admin/smart-app-lists', {
          token: admin,
          body: {
            name: 'Weather Apps',
            category_id: taxonomy[0]!.category_id,
            apps: ['com.example.weather'],
          },
        }),
      ),
    );
    await t.deps.db.insert(campaignSmartAppLists).values({ campaignId: mobileId, listId: list.list_id });
    try {
      await t.bidder.index.reload();
      expect(await biddersOf(appRequest())).not.toContain(mobileId);
      expect(await biddersOf(appRequest({ bundle: 'com.example.weather' }))).toContain(mobileId);
      // The admin adds the fixture's app: the campaign bids on it too.
      expectOk(
        await t.call('POST', `/api/admin/smart-app-lists/${list.list_id}/apps`, {
          token: admin,
          body: { add: ['12345'] },
        }),
      );
      await eventually(() => appRequest(), mobileId, true);
    } finally {
      await t.deps.db
        .delete(campaignSmartAppLists)
        .where(
          and(eq(campaignSmartAppLists.campaignId, mobileId), eq(campaignSmartAppLists.listId, list.list_id)),
        );
      await t.bidder.index.reload();
    }
  });

  it('holds only the lists of campaigns that can bid', async () => {
    await setInventory([mobileId, webId], [], 'ALLOW');
    await setAudiences([mobileId], [], 'INCLUDE');
    expect(t.bidder.lists.size()).toBe(0);
    const list = await createList('Held while used', 'APP', ['com.a.b', 'com.c.d']);
    await setInventory([mobileId], [list.applist_id], 'BLOCK');
    expect(t.bidder.lists.size()).toBe(2);
    await setInventory([mobileId], [], 'BLOCK');
    expect(t.bidder.lists.size()).toBe(0);
  });
});

describe('pending spend on the funds summary', () => {
  const summary = async () =>
    dataOf<{ balance_micros: number; pending_spend_micros: number; available_micros: number }>(
      expectOk(await t.call('GET', '/api/funds/summary', { token })),
    );

  it('shows the cost of a bid not yet billed as pending, and none once it is billed', async () => {
    const before = await summary();
    const result = await postBid(siteRequest());
    const bid = (result.body as unknown as BidResponse).seatbid[0]!.bid[0]!;
    expect(bid.cid).toBe(String(webId));
    const held = await summary();
    // $2.50 CPM: the impression may cost 2,500 micro-units.
    expect(held.pending_spend_micros).toBe(before.pending_spend_micros + 2500);
    expect(held.available_micros).toBe(held.balance_micros - held.pending_spend_micros);
    expect(held.balance_micros).toBe(before.balance_micros);
    await track(bid.nurl, 2);
    const billed = await summary();
    expect(billed.pending_spend_micros).toBe(before.pending_spend_micros);
    expect(billed.balance_micros).toBe(before.balance_micros - 2000);
  });
});

describe('rule audiences from delivery data', () => {
  const CLICKER = 'C11C4E00-0000-4000-8000-000000000001';
  const VIEWER = 'C11C4E00-0000-4000-8000-000000000002';
  const PRIVATE = 'C11C4E00-0000-4000-8000-000000000003';

  /** Wins a bid for the mobile campaign for a device (regs as given); answers its click URL. */
  const winFor = async (ifa: string, patch: Record<string, unknown> = {}) => {
    const result = await postBid({ ...appRequest({ ifa }), ...patch });
    const bid = (result.body as unknown as BidResponse).seatbid[0]!.bid[0]!;
    expect(bid.cid).toBe(String(mobileId));
    await track(bid.nurl, 1);
    return bid.adm.match(/href="([^"]*\/t\/click\/[^"]*)"/)![1]!.replaceAll('&amp;', '&');
  };

  /** Waits for the worker to compute an audience (PROCESSING -> READY). */
  const computed = async (id: number) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      t.imports.wake();
      const audience = dataOf<{ status: string; matched_size: number | null }>(
        expectOk(await t.call('GET', `/api/audiences/${id}`, { token })),
      );
      if (audience.status !== 'PROCESSING') return { id, ...audience };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`audience ${id} was not computed`);
  };

  const ruleAudience = async (name: string, event: 'CLICK' | 'CONVERSION') => {
    const created = dataOf<{ audience_id: number }>(
      expectOk(
        await t.call('POST', '/api/audiences', {
          token,
          body: { name, rule: { event, campaign_ids: [mobileId, webId], days: 7 } },
        }),
      ),
    );
    return computed(created.audience_id);
  };

  it('holds the devices that clicked or converted, never one whose request allowed no personal data', async () => {
    const click = await winFor(CLICKER);
    expect((await fetch(click, { redirect: 'manual' })).status).toBe(302);
    await winFor(VIEWER);
    const privateClick = await winFor(PRIVATE, { regs: { coppa: 1 } });
    expect((await fetch(privateClick, { redirect: 'manual' })).status).toBe(302);

    const clickers = await ruleAudience('Recent clickers', 'CLICK');
    expect(clickers).toMatchObject({ status: 'READY', matched_size: 1 });
    const converters = await ruleAudience('Converters none', 'CONVERSION');
    expect(converters).toMatchObject({ status: 'READY', matched_size: 0 });

    // The clicker converts: a refresh of the conversion audience finds the device.
    const clickId = click.split('/t/click/')[1]!;
    expectOk(await t.call('GET', '/api/postback', { query: { click_id: clickId } }));
    expectOk(await t.call('POST', `/api/audiences/${converters.id}/refresh`, { token }));
    expect(await computed(converters.id)).toMatchObject({ status: 'READY', matched_size: 1 });

    // The bidder targets it like an upload: the clicker only.
    await setAudiences([mobileId], [clickers.id], 'INCLUDE');
    expect(await biddersOf(appRequest({ ifa: CLICKER }))).toContain(mobileId);
    expect(await biddersOf(appRequest({ ifa: VIEWER }))).not.toContain(mobileId);
    expect(await biddersOf(appRequest({ ifa: PRIVATE }))).not.toContain(mobileId);
    await setAudiences([mobileId], [], 'INCLUDE');
  });
});
