// A BID event as the bidder records it, for the bid journal's tests and their crash-test writer.
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
