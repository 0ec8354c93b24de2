// The bidder's edge through real HTTP, with requests in the shapes exchanges send: native 1.0
// (wrapped) and 1.2 requests answered in their own shape with only matching assets and offered
// trackers, video linearity and placement, bounded bids per request, JSON nulls, gzip both ways,
// tmax counted from arrival and load shed at the door (the bidder's clock is the test's).
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { createAdmission, createLoopLag } from '../src/modules/bidding/bid-admission.ts';
import type { BidResponse, ResponseBid } from '../src/modules/bidding/bid-response.ts';
import type { DeliveryState } from '../src/modules/bidding/delivery-state.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { freshRequest, postBid as postBidTo, rawPostBid } from './support/bid-calls.ts';
import { holdBidderClock, NO_LAG } from './support/bidder-clock.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
/** The bidder's monotonic clock: still unless a test moves it. */
let clock = 0;
let realState: DeliveryState;
let realAdmission: TestApp['bidder']['admission'];

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  await t.bidder.index.reload();
  realAdmission = holdBidderClock(t.bidder, () => clock);
  realState = t.bidder.state;
});
beforeEach(() => {
  clock = 0;
});
afterEach(() => {
  t.bidder.state = realState;
  t.bidder.admission = realAdmission;
});
afterAll(() => t.close());

const fixture = freshRequest;

const postBid = (body: unknown) => postBidTo(t, body);

const bidsOf = (result: { status: number; body: unknown }): ResponseBid[] =>
  result.status === 200 ? (result.body as BidResponse).seatbid.flatMap((seat) => seat.bid) : [];

type NativeAnswer = {
  ver: string;
  assets: { id?: number; title?: { text: string }; img?: { url: string; type?: number }; data?: unknown }[];
  link: { url: string };
  imptrackers?: string[];
  eventtrackers?: { event: number; method: number; url: string }[];
};

/** A native imp on the simple banner's site, with the native request as the exchange wrote it. */
const nativeBid = async (nativeRequest: unknown, impVersion?: string) => {
  const native = { request: JSON.stringify(nativeRequest), ...(impVersion ? { ver: impVersion } : {}) };
  const result = await postBid(fixture('simple-banner', { imp: [{ id: '1', bidfloor: 0.01, native }] }));
  expect(result.status).toBe(200);
  const [bid] = bidsOf(result);
  return JSON.parse(bid!.adm) as Record<string, unknown>;
};

const ASSETS_12 = [
  { id: 1, required: 1, title: { len: 90 } },
  { id: 2, required: 1, img: { type: 3, wmin: 600, hmin: 300 } },
  { id: 3, required: 0, img: { type: 2, wmin: 50, hmin: 50 } },
  { id: 4, required: 0, img: { type: 1, wmin: 50, hmin: 50 } },
  { id: 5, required: 1, data: { type: 1 } },
];

describe('native answers in the shape of the request', () => {
  it('answers a 1.0 request ({"native": ...}) wrapped, as 1.0, with imptrackers', async () => {
    const adm = await nativeBid({
      native: {
        ver: '1',
        layout: 3,
        assets: [
          { id: 1, required: 1, title: { len: 90 } },
          { id: 2, required: 1, img: { type: 3, wmin: 600, hmin: 300 } },
          { id: 3, required: 0, data: { type: 2, len: 200 } },
        ],
      },
    });
    expect(Object.keys(adm)).toEqual(['native']);
    const native = adm.native as NativeAnswer;
    expect(native.ver).toBe('1');
    expect(native.assets.map((asset) => asset.id)).toEqual([1, 2, 3]);
    // 1.0 knows no image type in its response, nor event trackers.
    expect(native.assets[1]!.img!.type).toBeUndefined();
    expect(native.eventtrackers).toBeUndefined();
    expect(native.imptrackers![0]).toContain('/t/imp/');
  });

  it('answers a 1.2 request at the root, leaves an optional logo out, and tracks only as offered', async () => {
    const native = (await nativeBid({
      ver: '1.2',
      assets: ASSETS_12,
      eventtrackers: [{ event: 1, methods: [1, 2] }],
    })) as NativeAnswer;
    expect(native.ver).toBe('1.2');
    // The creative has a main image and an icon, no logo: asset 3 (type 2) is not answered.
    expect(native.assets.map((asset) => asset.id)).toEqual([1, 2, 4, 5]);
    expect(native.assets.find((asset) => asset.id === 4)!.img).toMatchObject({ type: 1 });
    expect(native.eventtrackers).toEqual([{ event: 1, method: 1, url: expect.stringContaining('/t/imp/') }]);
    expect(native.imptrackers).toBeUndefined();
  });

  it('writes no impression tracker the request did not offer (JavaScript trackers only)', async () => {
    const native = (await nativeBid({
      ver: '1.2',
      assets: ASSETS_12,
      eventtrackers: [{ event: 1, methods: [2] }],
    })) as NativeAnswer;
    expect(native.eventtrackers).toBeUndefined();
    expect(native.imptrackers).toBeUndefined();
  });

  it('reads the version from imp.native.ver when the native request has none', async () => {
    const native = (await nativeBid({ assets: ASSETS_12 }, '1.1')) as NativeAnswer;
    expect(native.ver).toBe('1.1');
    expect(native.imptrackers).toHaveLength(1);
  });
});

describe('video linearity and placement', () => {
  const video = (patch: Record<string, unknown>) => {
    const request = fixture('video');
    const [imp] = request.imp as { video: Record<string, unknown> }[];
    Object.assign(imp!.video, patch);
    return postBid(request);
  };

  it('bids a linear ad on a linear imp and none on an overlay (linearity 2)', async () => {
    expect((await video({ linearity: 1 })).status).toBe(200);
    expect((await video({ linearity: 2 })).status).toBe(204);
  });

  it('fills every known plcmt and 2.5 placement, and no unknown one; plcmt wins over placement', async () => {
    for (const plcmt of [1, 2, 3, 4]) expect((await video({ plcmt })).status).toBe(200);
    for (const placement of [1, 2, 3, 4, 5]) expect((await video({ placement })).status).toBe(200);
    expect((await video({ plcmt: 9 })).status).toBe(204);
    expect((await video({ placement: 9 })).status).toBe(204);
    expect((await video({ plcmt: 1, placement: 9 })).status).toBe(200);
  });
});

describe('bounded bids per request', () => {
  it('bids at most once per campaign in a request of many imps', async () => {
    const imps = Array.from({ length: 50 }, (_, i) => ({ id: String(i + 1), banner: { w: 300, h: 250 } }));
    const bids = bidsOf(await postBid(fixture('simple-banner', { imp: imps })));
    expect(bids).toHaveLength(1);
    expect(bids[0]!.impid).toBe('1');
  });

  it('answers only the first 32 imps', async () => {
    const filler = Array.from({ length: 32 }, (_, i) => ({ id: `f${i}`, banner: { w: 970, h: 250 } }));
    const late = { id: 'late', banner: { w: 300, h: 250 } };
    expect((await postBid(fixture('simple-banner', { imp: [...filler, late] }))).status).toBe(204);
    const early = bidsOf(await postBid(fixture('simple-banner', { imp: [...filler.slice(1), late] })));
    expect(early.map((bid) => bid.impid)).toEqual(['late']);
  });
});

describe('JSON nulls and gzip', () => {
  it('reads nulls in optional fields as absent instead of refusing the request', async () => {
    const request = fixture('simple-banner', { bcat: null, user: null, tmax: null });
    const [imp] = request.imp as Record<string, unknown>[];
    Object.assign(imp!, { bidfloor: null, secure: null, pmp: null, tagid: null });
    (imp!.banner as Record<string, unknown>).mimes = null;
    (request.site as Record<string, unknown>).page = null;
    const result = await postBid(request);
    expect(result.status).toBe(200);
    expect(bidsOf(result)).toHaveLength(1);
    // A null where a value is required is still no value.
    expect((await postBid(fixture('simple-banner', { id: null }))).body.message).toBe(
      'The bid request has no id.',
    );
  });

  const rawPost = (body: Buffer, headers: Record<string, string>) => rawPostBid(t, body, headers);

  it('reads a gzipped body and gzips the answer for an exchange that accepts it', async () => {
    const request = fixture('simple-banner');
    const zipped = gzipSync(JSON.stringify(request));
    const result = await rawPost(zipped, { 'content-encoding': 'gzip', 'accept-encoding': 'gzip' });
    expect(result.status).toBe(200);
    expect(result.headers['content-encoding']).toBe('gzip');
    const answer = JSON.parse(gunzipSync(result.body).toString('utf8')) as BidResponse;
    expect(answer.id).toBe(request.id);
    expect(answer.seatbid[0]!.bid).toHaveLength(1);
    // Without Accept-Encoding the answer is plain JSON.
    const plain = await rawPost(gzipSync(JSON.stringify(fixture('simple-banner'))), {
      'content-encoding': 'gzip',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(plain.body.toString('utf8')) as BidResponse).seatbid).toHaveLength(1);
  });

  it('answers 400 with nbr 2 for a body that is not gzip but says so', async () => {
    const result = await rawPost(Buffer.from(JSON.stringify(fixture('simple-banner'))), {
      'content-encoding': 'gzip',
    });
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body.toString('utf8'))).toMatchObject({
      nbr: 2,
      message: 'The request body is not valid for its Content-Encoding.',
    });
  });
});

describe('tmax from arrival and load shedding', () => {
  const pendingOfDemo = async () => {
    const [row] = await t.deps.db
      .select({ advertiserId: campaigns.advertiserId })
      .from(campaigns)
      .where(eq(campaigns.name, 'Open Web Display'));
    const pending = await t.bidder.state.readAdvertiserPending([row!.advertiserId]);
    return pending.get(row!.advertiserId) ?? 0;
  };

  it('sends no bid that would come after tmax, and gives back its hold', async () => {
    const before = await pendingOfDemo();
    const reserved: string[] = [];
    // The auction's reservation takes 200 ms of the bidder's clock: past a 120 ms tmax.
    t.bidder.state = {
      ...realState,
      reserve: async (request) => {
        clock += 200;
        const outcome = await realState.reserve(request);
        if (outcome === 'ok') reserved.push(request.reservationKey);
        return outcome;
      },
    };
    expect((await postBid(fixture('simple-banner', { tmax: 120 }))).status).toBe(204);
    expect(reserved).toHaveLength(1);
    expect(await pendingOfDemo()).toBe(before);
    // With a tmax it can keep, the same auction bids.
    expect((await postBid(fixture('simple-banner', { tmax: 500 }))).status).toBe(200);
  });

  it('answers 204 at once when tmax leaves no time for an auction', async () => {
    let auctions = 0;
    t.bidder.state = {
      ...realState,
      reserve: (request) => {
        auctions++;
        return realState.reserve(request);
      },
    };
    expect((await postBid(fixture('simple-banner', { tmax: 11 }))).status).toBe(204);
    expect(auctions).toBe(0);
  });

  it('sheds a request over the in-flight limit with an immediate 204', async () => {
    t.bidder.admission = createAdmission({ maxInFlight: 1, maxQueueMs: 50 }, () => clock, NO_LAG);
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let entered: () => void = () => {};
    const inAuction = new Promise<void>((resolve) => {
      entered = resolve;
    });
    t.bidder.state = {
      ...realState,
      reserve: async (request) => {
        entered();
        await held;
        return realState.reserve(request);
      },
    };
    const first = postBid(fixture('simple-banner'));
    await inAuction;
    expect((await postBid(fixture('simple-banner'))).status).toBe(204);
    letGo();
    expect((await first).status).toBe(200);
    expect(t.bidder.admission.inFlight()).toBe(0);
  });

  it("reads the event loop's lateness from how overdue its sampling timer is", () => {
    let now = 1_000;
    const loop = createLoopLag(() => now);
    expect(loop.lagMs()).toBe(0);
    // No turn for the timer (due every 5 ms) for 100 ms: work waits about 95 ms for its turn.
    now += 100;
    expect(loop.lagMs()).toBe(95);
    loop.close();
  });

  it('sheds a request that waited for the event loop longer than allowed, counting tmax from then', async () => {
    let lagMs = 95;
    const loop = { lagMs: () => lagMs, close: () => {} };
    t.bidder.admission = createAdmission({ maxInFlight: 100, maxQueueMs: 50 }, () => clock, loop);
    // The loop runs 95 ms late: a request seen now waited that long, more than the 50 allowed.
    expect((await postBid(fixture('simple-banner'))).status).toBe(204);
    // 40 ms late: admitted, but its tmax of 50 counts from its arrival 40 ms ago, and the last 10 ms
    // are the answer's trip: no time is left.
    lagMs = 40;
    expect((await postBid(fixture('simple-banner', { tmax: 50 }))).status).toBe(204);
    expect((await postBid(fixture('simple-banner', { tmax: 200 }))).status).toBe(200);
  });

  it('sheds at the door before the body is read: a request it has no time for is never parsed nor routed', async () => {
    const loop = { lagMs: () => 95, close: () => {} };
    t.bidder.admission = createAdmission({ maxInFlight: 100, maxQueueMs: 50 }, () => clock, loop);
    // Not JSON, and for an exchange that does not exist: read, these would be a 400 and a 404.
    const shed = await rawPostBid(t, Buffer.from('{"id": "not json'), {}, 'no-such-exchange');
    expect(shed.status).toBe(204);
    expect(shed.headers['x-openrtb-version']).toBe('2.6');
    expect(shed.body).toHaveLength(0);
    expect(t.bidder.admission.inFlight()).toBe(0);
    // Once the loop is on time again the same request is read, and refused for what it is.
    t.bidder.admission = createAdmission({ maxInFlight: 100, maxQueueMs: 50 }, () => clock, NO_LAG);
    expect((await rawPostBid(t, Buffer.from('{"id": "not json'), {})).status).toBe(400);
  });

  it('gives a request without tmax a deadline of its own, and sends no bid after it', async () => {
    const before = await pendingOfDemo();
    let reservationMs = 400;
    t.bidder.state = {
      ...realState,
      reserve: async (request) => {
        clock += reservationMs;
        return realState.reserve(request);
      },
    };
    // 400 ms: longer than any exchange waits for an answer it gave no tmax for.
    expect((await postBid(fixture('simple-banner', { tmax: null }))).status).toBe(204);
    expect(await pendingOfDemo()).toBe(before);
    reservationMs = 100;
    expect((await postBid(fixture('simple-banner', { tmax: null }))).status).toBe(200);
  });
});
