// Placed bids -> the OpenRTB 2.6 BidResponse, with each bid's markup and signed tracking URLs, and
// the BID events that record them.
import { cpmOfMicros } from '@console/core/format/money';
import type { AudioVideoCreativeSubtype } from 'iab-adcom';
import type { Bid, BidResponse as OpenRtbBidResponse } from 'iab-openrtb/v26';
import type { DeliveryEvent } from '../delivery/index.ts';
import { toStoredDevice } from '../inventory/index.ts';
import type { PlacedBid } from './bid-engine.ts';
import { adCategoriesOf } from './bidder-campaign.ts';
import { buildMarkup, type TrackingUrls } from './markup.ts';
import type { BidRequest } from './openrtb-request.ts';
import type { RequestFacts } from './request-facts.ts';
import { eventOf } from './tracking-service.ts';
import type { TokenSigner, TrackedBid } from './tracking-token.ts';
import { vastProtocolOf } from './vast-markup.ts';

/** A bid as we answer it: the IAB 2.6 Bid with the fields we always send. */
export type ResponseBid = Bid &
  Required<Pick<Bid, 'adm' | 'nurl' | 'burl' | 'lurl' | 'adomain' | 'crid' | 'cid' | 'mtype'>>;

/** Our answer: one seat (ours, BIDDER_SEAT), prices in USD. */
export type BidResponse = Omit<OpenRtbBidResponse, 'seatbid' | 'cur' | 'bidid'> & {
  bidid: string;
  cur: 'USD';
  seatbid: { seat: string; bid: ResponseBid[] }[];
};

/** A bundle or domain is kept to this length in tracking URLs and delivery data. */
const INVENTORY_MAX = 200;
/** The OpenRTB macros exchanges replace in nurl, burl, lurl and adm. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the OpenRTB macro, written as exchanges expect it
const PRICE = '${AUCTION_PRICE}';
// biome-ignore lint/suspicious/noTemplateCurlyInString: the OpenRTB macro, written as exchanges expect it
const LOSS = '${AUCTION_LOSS}';

export const trackingUrlsOf = (
  baseUrl: string,
  token: string,
): TrackingUrls & { win: string; bill: string; loss: string } => ({
  win: `${baseUrl}/t/win/${token}?price=${PRICE}`,
  bill: `${baseUrl}/t/bill/${token}?price=${PRICE}`,
  loss: `${baseUrl}/t/loss/${token}?price=${PRICE}&reason=${LOSS}`,
  // The beacon sits in the markup, where anyone reads it: it carries no price (notice-price.ts).
  impression: `${baseUrl}/t/imp/${token}`,
  click: `${baseUrl}/t/click/${token}`,
  clickPixel: `${baseUrl}/t/click/${token}?pixel=1`,
  videoEvent: (event) => `${baseUrl}/t/video/${token}?e=${event}`,
});

/** The creative URL macros an advertiser may use in click and pixel URLs. */
const expandMacrosFor = (tracked: TrackedBid, clickId: string, exchangeKey: string) => (url: string) =>
  url
    .replaceAll('{click_id}', encodeURIComponent(clickId))
    .replaceAll('{campaign_id}', String(tracked.campaignId))
    .replaceAll('{creative_id}', String(tracked.creativeId))
    .replaceAll('{exchange}', encodeURIComponent(exchangeKey))
    .replaceAll('{auction_id}', encodeURIComponent(tracked.auctionId))
    .replaceAll('{timestamp}', String(tracked.bidAt));

export type ResponseInput = {
  request: BidRequest;
  /** Our buyer seat: every bid is answered in it. */
  seat: string;
  exchangeId: number;
  exchangeKey: string;
  facts: RequestFacts;
  bids: PlacedBid[];
  signer: TokenSigner;
  baseUrl: string;
  nowMs: number;
};

/** What a placed bid's tracking token carries: the facts every later notice of it records. */
export const trackedBidOf = (
  input: Pick<ResponseInput, 'request' | 'exchangeId' | 'facts' | 'nowMs'>,
  placed: PlacedBid,
): TrackedBid => {
  const { request, facts } = input;
  return {
    exchangeId: input.exchangeId,
    auctionId: request.id,
    impId: placed.imp.id,
    campaignId: placed.campaign.id,
    creativeId: placed.fit.creative.id,
    advertiserId: placed.campaign.advertiserId,
    bidMicros: placed.priceMicros,
    marginBps: placed.campaign.marginBps,
    agencyMarginBps: placed.campaign.agencyMarginBps,
    bidAt: Math.floor(input.nowMs / 1000),
    dateKey: placed.clock.dateKey,
    country: facts.country ?? '',
    os: facts.os ?? '',
    deviceType: facts.deviceType,
    trafficType: facts.trafficType,
    inventory: (facts.inventoryKey ?? '').slice(0, INVENTORY_MAX),
    frequencyKey: placed.frequency?.key ?? '',
    frequencyTtl: placed.frequency?.ttlSeconds ?? 0,
    auctionType: request.at ?? 2,
    isTest: request.test === 1,
  };
};

/** The BID event of a placed bid (with the request's user key where it may be kept). */
export const bidEventOf = (tracked: TrackedBid, facts: RequestFacts, nowMs: number): DeliveryEvent =>
  eventOf(tracked, 'BID', nowMs, {
    userKey: facts.audienceKey === null ? '' : toStoredDevice(facts.audienceKey),
  });

export const buildBidResponse = (
  input: ResponseInput,
): { response: BidResponse; events: DeliveryEvent[] } => {
  const { request, facts } = input;
  const bidAt = Math.floor(input.nowMs / 1000);
  const bids: ResponseBid[] = [];
  const events: DeliveryEvent[] = [];
  for (const placed of input.bids) {
    const { campaign, fit } = placed;
    const tracked = trackedBidOf(input, placed);
    const token = input.signer.sign(tracked);
    const urls = trackingUrlsOf(input.baseUrl, token);
    const bidId = `${placed.imp.id}-${campaign.id}-${fit.creative.id}`;
    const adm = buildMarkup(fit, {
      urls,
      baseUrl: input.baseUrl,
      expandMacros: expandMacrosFor(tracked, token, input.exchangeKey),
      title: campaign.name,
      adServingId: `${request.id}-${bidId}`,
    });
    const bid: ResponseBid = {
      id: bidId,
      impid: placed.imp.id,
      price: cpmOfMicros(placed.priceMicros),
      adm,
      nurl: urls.win,
      burl: urls.bill,
      lurl: urls.loss,
      adomain: fit.creative.adomain ? [fit.creative.adomain] : [],
      crid: String(fit.creative.id),
      cid: String(campaign.id),
      mtype: fit.kind === 'banner' ? 1 : fit.kind === 'video' ? 2 : 4,
    };
    const categories = adCategoriesOf(campaign, fit.creative);
    if (categories.length > 0) bid.cat = [...categories];
    if (fit.creative.attrs.length > 0) bid.attr = fit.creative.attrs;
    if (fit.kind === 'banner') {
      bid.w = fit.w;
      bid.h = fit.h;
    } else if (fit.kind === 'video') {
      if (fit.w !== null && fit.h !== null) {
        bid.w = fit.w;
        bid.h = fit.h;
      }
      if (fit.creative.durationS !== null) bid.dur = Math.round(fit.creative.durationS);
      // AdCOM's list of creative subtypes (VAST 2.0 ... 4.x inline and wrapper ids).
      bid.protocol = vastProtocolOf(fit.vastVersion, fit.wrapper) as AudioVideoCreativeSubtype;
    }
    if (placed.deal) bid.dealid = placed.deal.id;
    bids.push(bid);
    if (!tracked.isTest) events.push(bidEventOf(tracked, facts, input.nowMs));
  }
  return {
    response: {
      id: request.id,
      bidid: `${request.id}-${bidAt}`,
      cur: 'USD',
      seatbid: bids.length > 0 ? [{ seat: input.seat, bid: bids }] : [],
    },
    events,
  };
};
