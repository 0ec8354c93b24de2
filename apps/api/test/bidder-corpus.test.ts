// The bidder against a corpus of bid requests in the shapes real exchanges send
// (support/openrtb-corpus.ts, fixtures/openrtb-corpus/): every request is posted to one app
// (gzipped where the case says), and every answer is checked against its request as an exchange
// would: no 5xx; a bid's id, impid, price over the floors, crid, adomain, our seat; banner mimes and
// secure imps (no http:// resources); native answers in the request's shape with only matching
// assets and offered trackers; video linear, in a protocol the imp lists, its VAST valid against the
// IAB XSD of its version and read by a VAST client; no frequency-capped bid where the privacy signals
// forbid the user key. The demo campaigns bid, with creatives added for the corpus: html tags (one
// loading http:// resources) and a VAST-tag (wrapper) video; the video campaign is frequency-capped.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Targeting } from '@console/core/api/campaigns';
import { insecureResourcesOf } from '@console/core/validation/insecure-markup';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { creatives } from '../src/db/schema/creatives.ts';
import { deals, exchanges } from '../src/db/schema/reference.ts';
import type { BidResponse, ResponseBid } from '../src/modules/bidding/bid-response.ts';
import { readConsent } from '../src/modules/bidding/consent.ts';
import { parseBidRequest } from '../src/modules/bidding/openrtb-request.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { createCreativeOk, htmlBody, vastBody } from './creative-fixtures.ts';
import { postBid, rawPostBid } from './support/bid-calls.ts';
import { midSlotClock } from './support/bidder-clock.ts';
import { addCreatives, approveEverywhere, campaignIdOf } from './support/demo-creative-swap.ts';
import {
  type CorpusCase,
  corpusCases,
  EXCLUDED_CONTENT,
  type Json,
  MIN_VIEWABILITY_PCT,
  OUR_SEAT,
  RECORDED_DEALS,
} from './support/openrtb-corpus.ts';
import { TEST_TCF_VENDOR_ID } from './support/tc-strings.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { declaredVastVersion, parseInVastClient, vastSchemaErrors } from './support/vast-check.ts';

const TRACKING = 'https://track.console.example';
const WRAPPED_TAG = 'https://ads.tailspin-travel.example/vast/islands.xml';

/** What the player finds behind our wrapper's VASTAdTagURI (the advertiser's inline ad). */
const WRAPPED_INLINE = `<VAST version="3.0"><Ad id="t"><InLine><AdSystem>Tailspin</AdSystem><AdTitle>Islands</AdTitle>
<Impression><![CDATA[https://ads.tailspin-travel.example/imp]]></Impression><Creatives><Creative><Linear>
<Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="480"><![CDATA[https://ads.tailspin-travel.example/islands.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

const tag = (w: number, h: number, scheme: 'http' | 'https') =>
  `<div style="width:${w}px;height:${h}px"><script src="${scheme}://cdn.tailspin-travel.example/tag-${w}x${h}.js"></script>` +
  `<a href="https://tailspin-travel.example/deals" target="_blank">Weekend escapes</a></div>`;

/** VAST version by bid.protocol (AdCOM creative subtypes: inline 2, 3, 7, 11, 13; wrappers 5, 6, 8, 12, 14). */
const VAST_VERSION_OF: Record<number, string> = {
  2: '2.0',
  3: '3.0',
  5: '2.0',
  6: '3.0',
  7: '4.0',
  8: '4.0',
  11: '4.1',
  12: '4.1',
  13: '4.2',
  14: '4.2',
};
const WRAPPER_PROTOCOLS = new Set([5, 6, 8, 12, 14]);
const HTML_MIMES = ['text/html', 'application/javascript', 'text/javascript', 'application/x-javascript'];

let t: TestApp;
let cappedCampaignId: string;
const htmlCreativeIds = new Set<string>();

beforeAll(async () => {
  // The bids come in the middle of a pacing slot of the day the file started in: never at a slot's
  // or a day's opening, when even pacing lets only a few impressions through.
  t = await startTestApp(
    { tcfVendorId: TEST_TCF_VENDOR_ID, trackingBaseUrl: TRACKING },
    { now: midSlotClock() },
  );
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  const token = await t.loginAs('advertiser@demo.test');
  // Html tags for the banner campaign: a half page loading an http script, an https skyscraper.
  const halfPage = await createCreativeOk(
    t,
    token,
    htmlBody({ name: 'Half page', html_tag: tag(300, 600, 'http') }),
  );
  const skyscraper = await createCreativeOk(
    t,
    token,
    htmlBody({ name: 'Skyscraper', html_tag: tag(160, 600, 'https') }),
  );
  expect([halfPage.secure_compatible, skyscraper.secure_compatible]).toEqual([false, true]);
  // A VAST tag the video campaign answers with a wrapper (15 s, as its ad server says).
  const wrapper = await createCreativeOk(
    t,
    token,
    vastBody({
      name: 'Islands VAST tag',
      vast_url: WRAPPED_TAG,
      click_url: 'https://tailspin-travel.example/islands',
    }),
  );
  await t.deps.db
    .update(creatives)
    .set({ videoSection: { vast_url: WRAPPED_TAG, duration: 15 } })
    .where(eq(creatives.id, wrapper.creative_primary_id));
  for (const creative of [halfPage, skyscraper, wrapper])
    await approveEverywhere(t, creative.creative_primary_id);
  for (const creative of [halfPage, skyscraper]) htmlCreativeIds.add(String(creative.creative_primary_id));
  // The video campaign counts a frequency cap (high enough never to be reached here): its bids need the user key.
  const videoId = await campaignIdOf(t, 'Video Pre-roll');
  await t.deps.db
    .update(campaigns)
    .set({ frequencyCap: { count: 100_000, period: 'DAY' } })
    .where(eq(campaigns.id, videoId));
  cappedCampaignId = String(videoId);
  // Deals recorded on the exchange the corpus is posted to, the banner campaign buying both; it
  // excludes non-standard content; the app banner campaign wants a predicted viewability.
  const [openx] = await t.deps.db
    .select({ id: exchanges.id })
    .from(exchanges)
    .where(eq(exchanges.key, 'openx'));
  await t.deps.db.delete(deals).where(eq(deals.exchangeId, openx!.id));
  await t.deps.db.insert(deals).values(
    Object.values(RECORDED_DEALS).map((deal) => ({
      exchangeId: openx!.id,
      dealId: deal.dealId,
      name: deal.dealId,
      floorMicros: deal.floorUsd * 1_000_000,
      seats: [...deal.seats],
    })),
  );
  await patchTargeting('Open Web Display', (targeting) => ({
    ...targeting,
    deal_ids: Object.values(RECORDED_DEALS).map((deal) => deal.dealId),
    excluded_content_categories: EXCLUDED_CONTENT,
  }));
  await patchTargeting('Mobile App Leaderboard', (targeting) => ({
    ...targeting,
    min_viewability_pct: MIN_VIEWABILITY_PCT,
  }));
  await addCreatives(t, 'Video Pre-roll', [wrapper.creative_primary_id]);
  await addCreatives(t, 'Open Web Display', [halfPage.creative_primary_id, skyscraper.creative_primary_id]);
});
afterAll(() => t.close());

/** Rewrites a demo campaign's targeting in place (the index reloads on the creatives added next). */
async function patchTargeting(name: string, patch: (targeting: Partial<Targeting>) => Partial<Targeting>) {
  const id = await campaignIdOf(t, name);
  const [row] = await t.deps.db
    .select({ targeting: campaigns.targeting })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  await t.deps.db
    .update(campaigns)
    .set({ targeting: patch(row!.targeting as Partial<Targeting>) as Targeting })
    .where(eq(campaigns.id, id));
}

type Answer = { status: number; body: BidResponse | null };

const send = async (entry: CorpusCase): Promise<Answer> => {
  if (!entry.gzip) {
    const result = await postBid(t, entry.request);
    return {
      status: result.status,
      body: result.status === 200 ? (result.body as unknown as BidResponse) : null,
    };
  }
  const result = await rawPostBid(t, gzipSync(JSON.stringify(entry.request)), {
    'content-encoding': 'gzip',
    'accept-encoding': 'gzip',
  });
  if (result.status !== 200) return { status: result.status, body: null };
  const text = result.headers['content-encoding'] === 'gzip' ? gunzipSync(result.body) : result.body;
  return { status: 200, body: JSON.parse(text.toString('utf8')) as BidResponse };
};

/** The request as the bidder reads it (JSON nulls are absent fields). */
const parsedOf = (request: Json) => {
  const parsed = parseBidRequest(JSON.parse(JSON.stringify(request), (_key, value) => value ?? undefined));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.request;
};

type Imp = Json & {
  id: string;
  secure?: number;
  bidfloor?: number | null;
  bidfloorcur?: string | null;
  banner?: Json & { w?: number; h?: number; format?: { w: number; h: number }[]; mimes?: string[] | null };
  video?: Json & { protocols?: number[]; protocol?: number; linearity?: number | null };
  native?: { request: string; ver?: string };
  pmp?: {
    private_auction?: number;
    deals?: (Json & { id: string; bidfloor?: number; wseat?: string[] })[];
  } | null;
};

const checkBanner = (imp: Imp, bid: ResponseBid, problems: string[]) => {
  const banner = imp.banner;
  if (!banner) return problems.push('a banner bid on an imp without a banner');
  const sizes = [...(banner.w && banner.h ? [{ w: banner.w, h: banner.h }] : []), ...(banner.format ?? [])];
  if (!sizes.some((size) => size.w === bid.w && size.h === bid.h))
    problems.push(`banner ${bid.w}x${bid.h} not among the sizes offered`);
  const mimes = banner.mimes ?? [];
  if (mimes.length > 0 && !mimes.some((mime) => HTML_MIMES.includes(mime.toLowerCase()))) {
    // An image-only slot: our image (a PNG), never a tag.
    if (htmlCreativeIds.has(bid.crid) || /<script/i.test(bid.adm))
      problems.push('an html tag where only images are taken');
    if (!mimes.includes('image/png')) problems.push(`a PNG where only ${mimes.join(', ')} are taken`);
  }
};

type VastDocument = { name: string; adm: string; wrapper: boolean };

const checkVideo = (name: string, imp: Imp, bid: ResponseBid, problems: string[], vast: VastDocument[]) => {
  const video = imp.video;
  if (!video) return problems.push('a video bid on an imp without video');
  if (video.linearity === 2) problems.push('a linear ad on an overlay (linearity 2)');
  const protocols = video.protocols ?? (video.protocol !== undefined ? [video.protocol] : [2, 3, 5, 6, 7, 8]);
  const protocol = bid.protocol as number;
  if (!protocols.includes(protocol)) problems.push(`protocol ${protocol} not in ${protocols.join(',')}`);
  if (declaredVastVersion(bid.adm) !== VAST_VERSION_OF[protocol])
    problems.push(`VAST ${declaredVastVersion(bid.adm)} answered as protocol ${protocol}`);
  vast.push({ name, adm: bid.adm, wrapper: WRAPPER_PROTOCOLS.has(protocol) });
};

type NativeAsset = {
  id?: number;
  required?: number;
  title?: Json;
  img?: Json & { type?: number; mimes?: string[] };
  data?: Json;
};
type NativeRoot = {
  ver?: string | number;
  assets: NativeAsset[];
  eventtrackers?: { event?: number; methods?: number[] }[] | null;
};

/** Our images are named by their type (the media store): .png is image/png. */
const mimeOfImageUrl = (url: string) => {
  const extension = /\.(\w+)$/.exec(url)?.[1]?.toLowerCase() ?? '';
  return extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
};

const kindOf = (asset: NativeAsset) =>
  asset.title ? 'title' : asset.img ? 'img' : asset.data ? 'data' : 'other';

const checkNative = (imp: Imp, bid: ResponseBid, problems: string[]) => {
  if (!imp.native) return problems.push('a native bid on an imp without native');
  const parsed = JSON.parse(imp.native.request) as NativeRoot | { native: NativeRoot };
  const wrapped = 'native' in parsed;
  const root = wrapped ? parsed.native : parsed;
  const adm = JSON.parse(bid.adm) as Json;
  if (wrapped !== 'native' in adm)
    problems.push(`a ${wrapped ? 'wrapped' : 'bare'} request answered otherwise`);
  const answer = (wrapped ? adm.native : adm) as {
    ver: string;
    assets: NativeAsset[];
    link: { url: string };
    imptrackers?: string[];
    eventtrackers?: { event: number; method: number; url: string }[];
  };
  const version = String(root.ver ?? imp.native.ver ?? (wrapped ? '1.0' : '1.2'));
  if (answer.ver !== version) problems.push(`native ver ${answer.ver} for a ${version} request`);
  const withIds = root.assets.every((asset) => typeof asset.id === 'number');
  for (const [index, asset] of answer.assets.entries()) {
    const asked = withIds ? root.assets.find((entry) => entry.id === asset.id) : undefined;
    if (withIds && !asked) problems.push(`native asset ${asset.id} was not asked for`);
    if (!withIds && asset.id !== undefined) problems.push('an asset id where the request had none');
    if (asked && kindOf(asked) !== kindOf(asset))
      problems.push(`asset ${asset.id} answered as ${kindOf(asset)}`);
    if (asked?.img?.type === 2) problems.push('a logo asset filled with another image');
    const mimes = asked?.img?.mimes ?? [];
    if (asset.img && mimes.length > 0 && !mimes.includes(mimeOfImageUrl(String(asset.img.url))))
      problems.push(`asset ${asset.id}: an image not of ${mimes.join(', ')}`);
    if (Number(version) < 1.2 && asset.img?.type !== undefined)
      problems.push(`img.type in a ${version} answer (${index})`);
  }
  if (!withIds && answer.assets.length > root.assets.length) problems.push('more assets than asked for');
  for (const asked of root.assets.filter((asset) => asset.required === 1 && withIds))
    if (!answer.assets.some((asset) => asset.id === asked.id))
      problems.push(`required asset ${asked.id} missing`);
  const offers = root.eventtrackers ?? [];
  const takesPixel = offers.some((offer) => offer.event === 1 && (offer.methods ?? []).includes(1));
  if (answer.eventtrackers && !takesPixel) problems.push('an event tracker the request did not offer');
  if (answer.eventtrackers?.some((tracker) => tracker.event !== 1 || tracker.method !== 1))
    problems.push('an event tracker other than an impression pixel');
  if (offers.length > 0 && answer.imptrackers) problems.push('imptrackers beside offered eventtrackers');
  if (imp.secure === 1) {
    const urls = [
      answer.link.url,
      ...answer.assets.flatMap((asset) => (asset.img ? [String(asset.img.url)] : [])),
    ];
    urls.push(...(answer.imptrackers ?? []), ...(answer.eventtrackers ?? []).map((tracker) => tracker.url));
    if (urls.some((url) => !url.startsWith('https://')))
      problems.push('an http URL in a secure native answer');
  }
};

/** Whether a blocked category list blocks this ad category (IAB20 blocks IAB20-3). */
const blocks = (bcat: readonly string[], category: string) =>
  bcat.some((blocked) => category === blocked || category.startsWith(`${blocked}-`));

const checkAnswer = (entry: CorpusCase, answer: Answer, vast: VastDocument[]): string[] => {
  const problems: string[] = [];
  const { request } = entry;
  if (answer.status !== 200 && answer.status !== 204) return [`answered ${answer.status}`];
  if (entry.expect === 'bid' && answer.status !== 200) problems.push('no bid where one was due');
  if (entry.expect === 'no-bid' && answer.status !== 204) problems.push('a bid where none was due');
  if (answer.status !== 200 || !answer.body) return problems;
  const response = answer.body;
  if (response.id !== request.id) problems.push(`response id ${response.id}`);
  if (response.cur !== 'USD') problems.push(`currency ${response.cur}`);
  if (response.seatbid.length !== 1 || response.seatbid[0]!.seat !== OUR_SEAT)
    problems.push('a seat not ours');
  const bids = response.seatbid.flatMap((seat) => seat.bid);
  if (bids.length === 0) problems.push('a 200 without bids');
  if (new Set(bids.map((bid) => bid.impid)).size !== bids.length) problems.push('two bids on one imp');
  if (new Set(bids.map((bid) => bid.cid)).size !== bids.length) problems.push('two bids of one campaign');
  const imps = request.imp as Imp[];
  const bcat = (request.bcat as string[] | null | undefined) ?? [];
  for (const bid of bids) {
    const at = imps.findIndex((imp) => imp.id === bid.impid);
    const imp = imps[at];
    if (!imp || at >= 32) {
      problems.push(`impid ${bid.impid} is not one of the first 32 imps`);
      continue;
    }
    if (typeof bid.id !== 'string' || bid.id === '') problems.push('a bid without id');
    if (!/^\d+$/.test(bid.crid)) problems.push(`crid ${bid.crid}`);
    if (!Array.isArray(bid.adomain) || bid.adomain.length === 0 || bid.adomain.some((domain) => !domain))
      problems.push('no adomain');
    if (!(bid.price > 0)) problems.push(`price ${bid.price}`);
    if (bid.price + 1e-9 < (imp.bidfloor ?? 0))
      problems.push(`price ${bid.price} under the floor ${imp.bidfloor}`);
    const deal = bid.dealid ? imp.pmp?.deals?.find((entry) => entry.id === bid.dealid) : undefined;
    if (bid.dealid && !deal) problems.push(`deal ${bid.dealid} not offered`);
    if (deal && bid.price + 1e-9 < (deal.bidfloor ?? 0))
      problems.push(`price under deal floor ${deal.bidfloor}`);
    if (deal?.wseat && deal.wseat.length > 0 && !deal.wseat.includes(OUR_SEAT))
      problems.push('a deal for other seats');
    if (imp.pmp?.private_auction === 1 && !bid.dealid) problems.push('an open bid in a private auction');
    if (entry.minPrice !== undefined && bid.price + 1e-9 < entry.minPrice)
      problems.push(`price ${bid.price} under the recorded deal floor ${entry.minPrice}`);
    if (entry.dealId !== undefined && (bid.dealid ?? null) !== entry.dealId)
      problems.push(`deal ${bid.dealid} where ${entry.dealId} was due`);
    for (const category of bid.cat ?? [])
      if (blocks(bcat, category)) problems.push(`blocked category ${category}`);
    if (imp.secure === 1) {
      if ([bid.nurl, bid.burl, bid.lurl].some((url) => !url.startsWith('https://')))
        problems.push('http notices');
      const insecure = insecureResourcesOf(bid.adm);
      if (insecure.length > 0) problems.push(`insecure resources on a secure imp: ${insecure.join(' ')}`);
    }
    if (bid.cid === cappedCampaignId) {
      const parsed = parsedOf(request);
      if (!readConsent(parsed, TEST_TCF_VENDOR_ID).userKey)
        problems.push('a frequency-capped bid where the privacy signals forbid the user key');
    }
    if (bid.mtype === 1) checkBanner(imp, bid, problems);
    else if (bid.mtype === 2) checkVideo(entry.name, imp, bid, problems, vast);
    else if (bid.mtype === 4) checkNative(imp, bid, problems);
    else problems.push(`mtype ${bid.mtype}`);
  }
  return problems;
};

describe('the bid-request corpus', () => {
  it('answers every request as an exchange expects, with VAST valid against the IAB XSDs', async () => {
    const cases = corpusCases();
    expect(cases.length).toBeGreaterThanOrEqual(150);
    const failures: string[] = [];
    const vast: VastDocument[] = [];
    const tally = new Map<string, { cases: number; bids: number; gzip: number }>();
    for (const entry of cases) {
      const answer = await send(entry);
      for (const problem of checkAnswer(entry, answer, vast)) failures.push(`${entry.name}: ${problem}`);
      const family = entry.name.split('/')[0]!;
      const row = tally.get(family) ?? { cases: 0, bids: 0, gzip: 0 };
      row.cases++;
      if (answer.status === 200) row.bids++;
      if (entry.gzip) row.gzip++;
      tally.set(family, row);
    }

    const schemaErrors = await vastSchemaErrors(vast.map((document) => document.adm));
    schemaErrors.forEach((errors, index) => {
      if (errors.length > 0) failures.push(`${vast[index]!.name}: VAST invalid: ${errors.join('; ')}`);
    });
    for (const document of vast) {
      try {
        const view = await parseInVastClient(document.adm, document.wrapper ? WRAPPED_INLINE : undefined);
        if (!view.impressions.some((url) => url.startsWith(`${TRACKING}/t/imp/`)))
          failures.push(`${document.name}: the VAST client finds no impression of ours`);
      } catch (error) {
        failures.push(`${document.name}: the VAST client fails: ${(error as Error).message}`);
      }
    }

    const validated = schemaErrors.filter((errors) => errors.length === 0).length;
    const byVersion = new Map<string, number>();
    for (const document of vast) {
      const key = `${declaredVastVersion(document.adm)}${document.wrapper ? ' wrapper' : ''}`;
      byVersion.set(key, (byVersion.get(key) ?? 0) + 1);
    }
    console.log(
      [
        `bid-request corpus: ${cases.length} requests, ${cases.filter((entry) => entry.gzip).length} gzipped`,
        ...[...tally].map(
          ([family, row]) => `  ${family}: ${row.cases} requests, ${row.bids} answered with bids`,
        ),
        `VAST documents valid against the IAB XSD of their version: ${validated} of ${vast.length}`,
        ...[...byVersion].sort().map(([version, count]) => `  VAST ${version}: ${count}`),
      ].join('\n'),
    );
    expect(failures).toEqual([]);
    expect(validated).toBe(vast.length);
    expect(vast.length).toBeGreaterThanOrEqual(60);
  }, 120_000);
});
