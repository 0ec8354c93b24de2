// What a bid says about its ad, end to end: a creative's own advertiser domain and IAB categories
// (given in the creatives API) are the bid's adomain and cat, and the request's bcat and badv are
// held against them: a blocked category or its parent keeps the creative out, another creative of
// the campaign may still bid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidResponse } from '../src/modules/bidding/bid-response.ts';
import { DEMO_DELIVERY_ADVERTISER, seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { createCreativeOk, htmlBody } from './creative-fixtures.ts';
import { freshRequest, postBid } from './support/bid-calls.ts';
import { midSlotClock } from './support/bidder-clock.ts';
import { approveEverywhere, useCreatives } from './support/demo-creative-swap.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let creativeId: number;

const TAG =
  '<div style="width:300px;height:250px"><a href="https://tailspin-travel.example/flights" target="_blank">Fly</a></div>';

beforeAll(async () => {
  t = await startTestApp({}, { now: midSlotClock() });
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  const token = await t.loginAs(DEMO_DELIVERY_ADVERTISER);
  const creative = await createCreativeOk(
    t,
    token,
    htmlBody({
      name: 'Flights tag',
      html_tag: TAG,
      adomain: 'www.Flights-Partner.example',
      iab_categories: ['iab20-3', 'IAB20-3'],
    }),
  );
  expect(creative).toMatchObject({ adomain: 'flights-partner.example', iab_categories: ['IAB20-3'] });
  creativeId = creative.creative_primary_id;
  await approveEverywhere(t, creativeId);
  // The campaign (filed under IAB20) bids this tag only.
  await useCreatives(t, 'Open Web Display', [creativeId]);
});
afterAll(() => t.close());

const bidOn = async (patch: Record<string, unknown> = {}) => {
  const result = await postBid(t, freshRequest('simple-banner', patch));
  if (result.status === 204) return null;
  expect(result.status).toBe(200);
  return (result.body as unknown as BidResponse).seatbid[0]!.bid[0]!;
};

describe("a creative's advertiser domain and categories", () => {
  it('are in the creative list, for its owner and staff', async () => {
    for (const token of [await t.loginAs(DEMO_DELIVERY_ADVERTISER), await t.loginAs('admin@demo.test')]) {
      const list = await t.call('GET', '/api/creatives', { token, query: { q: 'Flights tag' } });
      expect(list.status).toBe(200);
      const items = (list.body.data as { items: { creative_primary_id: number }[] }).items;
      expect(items.find((item) => item.creative_primary_id === creativeId)).toMatchObject({
        adomain: 'flights-partner.example',
        iab_categories: ['IAB20-3'],
      });
    }
  });

  it('are the bid’s adomain and cat', async () => {
    const bid = await bidOn();
    expect(bid).toMatchObject({
      crid: String(creativeId),
      adomain: ['flights-partner.example'],
      cat: ['IAB20-3'],
    });
  });

  it('are held against bcat (the category, its parent) and badv', async () => {
    expect(await bidOn({ bcat: ['IAB20-3'] })).toBeNull();
    expect(await bidOn({ bcat: ['IAB20'] })).toBeNull();
    // The campaign's own IAB20 would fall under a blocked IAB20-4; the creative's IAB20-3 does not.
    expect((await bidOn({ bcat: ['IAB20-4'] }))?.crid).toBe(String(creativeId));
    expect(await bidOn({ badv: ['flights-partner.example'] })).toBeNull();
    // The click URL's domain is not the one the bid names.
    expect((await bidOn({ badv: ['tailspin-travel.example'] }))?.crid).toBe(String(creativeId));
  });

  it('refuse a domain that is not one', async () => {
    const token = await t.loginAs(DEMO_DELIVERY_ADVERTISER);
    const result = await t.call('POST', '/api/creatives', {
      token,
      body: htmlBody({ adomain: 'not a domain', iab_categories: ['Travel'] }),
    });
    expect(result.status).toBe(400);
    expect(result.body.errors).toMatchObject({
      adomain: 'The advertiser domain is a domain name, like example.com.',
      'iab_categories.0': 'A category is an IAB content category, like IAB8 or IAB8-5.',
    });
  });
});
