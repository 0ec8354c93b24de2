// Delivery events as the bidder records them: a BID (the bid journal's tests and their crash-test
// writer) and a billed impression's BILLING (the money lane's tests).
import type { DeliveryEvent } from '../../src/modules/delivery/event-recorder.ts';

export const bidEvent = (auction: string, campaignId: number, at = new Date()): DeliveryEvent => ({
  type: 'BID',
  day: at.toISOString().slice(0, 10),
  occurredAt: at,
  exchangeId: 1,
  auctionId: auction,
  impId: '1',
  campaignId,
  creativeId: 1,
  advertiserId: 1,
  country: 'US',
  os: 'iOS',
  deviceType: 'PHONE',
  trafficType: 'APP',
  bidMicros: 2_000_000,
  userKey: `ifa-${auction}`,
});

/** A billed impression of `advertiserId` costing it `advertiserMicros`, `marginMicros` of them margin. */
export const billingEvent = (
  billed: { advertiserId: number; campaignId: number; auction: string; at: Date },
  advertiserMicros: number,
  marginMicros: number,
): DeliveryEvent => {
  const { userKey: _none, ...bid } = bidEvent(billed.auction, billed.campaignId, billed.at);
  return {
    ...bid,
    type: 'BILLING',
    advertiserId: billed.advertiserId,
    mediaCostMicros: advertiserMicros - marginMicros,
    advertiserCostMicros: advertiserMicros,
  };
};
