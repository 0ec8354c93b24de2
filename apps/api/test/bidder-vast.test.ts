// The bidder's VAST through real HTTP: the OpenRTB video example posted with the protocols of each
// VAST version answers a document valid against the IAB's XSD of that version, under the matching
// bid.protocol; a VAST client finds our impression, quartile and click URLs in it, and firing them
// as a player would counts the impression, each quartile and the click once. A creative given as a
// VAST URL is answered as a wrapper the client follows.
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatives } from '../src/db/schema/creatives.ts';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import type { BidResponse, ResponseBid } from '../src/modules/bidding/bid-response.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { track } from './support/bid-calls.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { parseInVastClient, vastSchemaErrors } from './support/vast-check.ts';

const videoRequest = (protocols: number[]) => {
  const request = JSON.parse(
    readFileSync(new URL('./fixtures/openrtb/video.json', import.meta.url), 'utf8'),
  ) as { id: string; imp: { video: { protocols: number[] } }[] };
  request.id = `vast-${protocols.join('-')}-${process.pid}-${Date.now()}`;
  request.imp[0]!.video.protocols = protocols;
  return request;
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  await t.bidder.index.reload();
});
afterAll(() => t.close());

const bidFor = async (protocols: number[]) => {
  const request = videoRequest(protocols);
  const result = await t.call('POST', '/openrtb/2.6/openx', { body: request });
  expect(result.status).toBe(200);
  const bid = (result.body as unknown as BidResponse).seatbid[0]!.bid[0]! as ResponseBid;
  return { request, bid };
};

describe('VAST answered over HTTP', () => {
  const versions: [number[], string, number][] = [
    [[2], '2.0', 2],
    [[2, 3], '3.0', 3],
    [[2, 3, 7], '4.0', 7],
    [[7, 11], '4.1', 11],
    [[13], '4.2', 13],
  ];

  it('answers each version valid against its XSD, under its protocol, readable by a VAST client', async () => {
    const bids = [];
    for (const [protocols, version, protocol] of versions) {
      const { bid } = await bidFor(protocols);
      expect(bid.adm).toContain(`<VAST version="${version}"`);
      expect(bid.protocol).toBe(protocol);
      bids.push(bid);
    }
    expect(await vastSchemaErrors(bids.map((bid) => bid.adm))).toEqual(bids.map(() => []));
    for (const bid of bids) {
      const view = await parseInVastClient(bid.adm);
      expect(view.impressions.some((url) => url.includes('/t/imp/'))).toBe(true);
      expect(view.tracking.complete?.some((url) => url.includes('/t/video/'))).toBe(true);
      expect(view.clickThrough).toMatch(/\/t\/click\//);
      expect(view.mediaFiles).toEqual([
        {
          url: 'https://media.tailspin-travel.example/video/islands-15s.mp4',
          mime: 'video/mp4',
          width: 640,
          height: 480,
        },
      ]);
    }
  });

  it('counts what a player fires from the URLs the VAST client found, once each', async () => {
    const { request, bid } = await bidFor([2, 3, 7, 13]);
    const view = await parseInVastClient(bid.adm);
    const ours = (urls: readonly string[] | undefined) =>
      (urls ?? []).filter((url) => url.startsWith(t.baseUrl));
    const fire = (url: string) => track(url, 4);
    for (const url of ours(view.impressions)) expect((await fire(url)).status).toBe(200);
    for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']) {
      for (const url of ours(view.tracking[event])) {
        expect((await fire(url)).status).toBe(200);
        expect((await fire(url)).status).toBe(200);
      }
    }
    for (const url of ours(view.clickTracking)) expect((await fire(url)).status).toBe(200);
    expect((await fire(view.clickThrough!)).status).toBe(302);
    await t.bidder.recorder.flush();
    const rows = await t.deps.db
      .select({ type: deliveryEvents.type })
      .from(deliveryEvents)
      .where(and(eq(deliveryEvents.auctionId, request.id), eq(deliveryEvents.impId, '1')));
    expect(rows.map((row) => row.type).sort()).toEqual(
      [
        'BID',
        'BILLING',
        'CLICK',
        'IMPRESSION',
        'VIDEO_COMPLETE',
        'VIDEO_FIRST_QUARTILE',
        'VIDEO_MIDPOINT',
        'VIDEO_START',
        'VIDEO_THIRD_QUARTILE',
        'WIN',
      ].sort(),
    );
  });

  it('wraps a VAST-URL creative: valid wrappers the client follows, with our trackers merged', async () => {
    const [video] = await t.deps.db
      .update(creatives)
      .set({
        media: null,
        videoSection: { vast_url: 'https://ads.tailspin-travel.example/vast.xml', duration: 15 },
      })
      .where(eq(creatives.creativeType, 'video'))
      .returning({ id: creatives.id });
    expect(video).toBeDefined();
    await t.bidder.index.reload();
    const wrapped = `<VAST version="3.0"><Ad id="t"><InLine><AdSystem>Tailspin</AdSystem><AdTitle>Islands</AdTitle>
<Impression><![CDATA[https://ads.tailspin-travel.example/imp]]></Impression><Creatives><Creative><Linear>
<Duration>00:00:15</Duration><VideoClicks><ClickThrough><![CDATA[https://tailspin-travel.example/islands]]></ClickThrough></VideoClicks>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="480"><![CDATA[https://ads.tailspin-travel.example/islands.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;
    const bids = [];
    for (const [protocols, version, protocol] of [
      [[2, 3, 5, 6], '3.0', 6],
      [[5], '2.0', 5],
      [[8, 12, 14], '4.2', 14],
    ] as const) {
      const { bid } = await bidFor([...protocols]);
      expect(bid.adm).toContain(`<VAST version="${version}"`);
      expect(bid.adm).toContain(
        '<VASTAdTagURI><![CDATA[https://ads.tailspin-travel.example/vast.xml]]></VASTAdTagURI>',
      );
      expect(bid.protocol).toBe(protocol);
      bids.push(bid);
    }
    expect(await vastSchemaErrors(bids.map((bid) => bid.adm))).toEqual(bids.map(() => []));
    for (const bid of bids) {
      const view = await parseInVastClient(bid.adm, wrapped);
      expect(view.impressions).toContain('https://ads.tailspin-travel.example/imp');
      expect(view.impressions.some((url) => url.startsWith(`${t.baseUrl}/t/imp/`))).toBe(true);
      expect(view.tracking.midpoint?.some((url) => url.startsWith(`${t.baseUrl}/t/video/`))).toBe(true);
      expect(view.clickTracking.some((url) => url.startsWith(`${t.baseUrl}/t/click/`))).toBe(true);
      expect(view.clickThrough).toBe('https://tailspin-travel.example/islands');
    }
  });
});
