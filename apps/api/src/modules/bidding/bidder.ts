// The built-in bidder's parts, made once per process: the campaign index, the delivery state
// (memory, or Redis with REDIS_URL), the event recorder (group commit), the bid request counter and
// the tracking URL signer. The bid and tracking routes use it; app.ts starts and stops it.
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { onEntityChange } from '../../platform/change-feed.ts';
import { createEventRecorder, type EventRecorder } from '../delivery/event-recorder.ts';
import { createRequestCounter, type RequestCounter } from '../delivery/request-counter.ts';
import { EMPTY_MEMBERSHIP, type ListMembership } from './bidder-campaign.ts';
import { type CampaignIndex, createCampaignIndex } from './campaign-index.ts';
import { createMemoryDeliveryState, type DeliveryState } from './delivery-state.ts';
import { createRedisDeliveryState } from './redis-delivery-state.ts';
import { createTrackingSigner, type TokenSigner } from './tracking-token.ts';

export type Bidder = {
  index: CampaignIndex;
  state: DeliveryState;
  recorder: EventRecorder;
  requests: RequestCounter;
  signer: TokenSigner;
  membership: ListMembership;
  seat: string;
  /** Absolute origin of tracking URLs; null: the request's own origin. */
  trackingBaseUrl: string | null;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/** What changes the index: campaigns and their approvals, creatives, exchanges, users and their configs. */
const INDEX_ENTITIES = new Set(['campaign', 'creative', 'exchange', 'user', 'smart-app-category', 'ledger']);

export const createBidder = (
  db: Db,
  config: Pick<AppConfig, 'jwtSecret' | 'redisUrl' | 'redisPrefix' | 'bidderSeat' | 'trackingBaseUrl'>,
  options: { membership?: ListMembership; onError?: (error: unknown) => void } = {},
): Bidder => {
  const state = config.redisUrl
    ? createRedisDeliveryState(config.redisUrl, { prefix: config.redisPrefix })
    : createMemoryDeliveryState();
  const index = createCampaignIndex(db, state, { onError: options.onError });
  const recorder = createEventRecorder(db);
  const requests = createRequestCounter(db, { onError: options.onError });
  let unsubscribe: (() => void) | null = null;
  // With Redis, a change made through one process reaches the others' indexes too.
  const channel = `${config.redisPrefix ?? 'bid:'}changes`;
  const publisher = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const subscriber = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  return {
    index,
    state,
    recorder,
    requests,
    signer: createTrackingSigner(config.jwtSecret),
    membership: options.membership ?? EMPTY_MEMBERSHIP,
    seat: config.bidderSeat,
    trackingBaseUrl: config.trackingBaseUrl ?? null,
    start: async () => {
      unsubscribe = onEntityChange((entity) => {
        if (!INDEX_ENTITIES.has(entity)) return;
        index.requestReload();
        publisher?.publish(channel, entity).catch((error: unknown) => options.onError?.(error));
      });
      if (subscriber) {
        await subscriber.subscribe(channel);
        subscriber.on('message', () => index.requestReload());
      }
      await index.start();
    },
    close: async () => {
      unsubscribe?.();
      index.stop();
      await recorder.close();
      await requests.close();
      await state.close();
      await Promise.all([publisher?.quit(), subscriber?.quit()]);
    },
  };
};
