// Bid requests are too many to store one row each: they are counted in memory by hour, exchange,
// app-or-site, country and device type, and the counts are added to bid_request_hourly every few
// seconds (and when the server stops). A crash loses at most the last interval's counts.

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type RequestCounter = {
  count: (entry: {
    exchangeId: number;
    trafficType: string;
    country: string;
    deviceType: string;
    hasBid: boolean;
  }) => void;
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

type Counts = { requests: number; bidResponses: number };
const HOUR_MS = 3_600_000;

export const createRequestCounter = (
  db: Db,
  options: { intervalMs?: number; now?: () => number; onError?: (error: unknown) => void } = {},
): RequestCounter => {
  const now = options.now ?? Date.now;
  let counts = new Map<string, Counts>();
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (counts.size === 0) return flushing;
    const batch = counts;
    counts = new Map();
    // One JSON parameter, not drizzle's insert builder (see request-sampler.ts): this runs on the
    // bidder's event loop every few seconds.
    const rows = [...batch.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => {
        const [hour, exchangeId, trafficType, country, deviceType] = key.split('|');
        return {
          hour: new Date(Number(hour)).toISOString(),
          exchange_id: Number(exchangeId),
          traffic_type: trafficType!,
          country: country!,
          device_type: deviceType!,
          requests: value.requests,
          bid_responses: value.bidResponses,
        };
      });
    flushing = flushing.then(async () => {
      try {
        await db.execute(sql`
          insert into bid_request_hourly (hour, exchange_id, traffic_type, country, device_type, requests, bid_responses)
          select hour, exchange_id, traffic_type, country, device_type, requests, bid_responses
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(hour timestamptz, exchange_id integer,
            traffic_type text, country text, device_type text, requests bigint, bid_responses bigint)
          on conflict (hour, exchange_id, traffic_type, country, device_type) do update
          set requests = bid_request_hourly.requests + excluded.requests,
              bid_responses = bid_request_hourly.bid_responses + excluded.bid_responses`);
      } catch (error) {
        options.onError?.(error);
      }
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), options.intervalMs ?? 5000);
  timer.unref();

  return {
    count: (entry) => {
      const hour = Math.floor(now() / HOUR_MS) * HOUR_MS;
      const key = `${hour}|${entry.exchangeId}|${entry.trafficType}|${entry.country}|${entry.deviceType}`;
      const current = counts.get(key);
      if (current) {
        current.requests += 1;
        if (entry.hasBid) current.bidResponses += 1;
      } else counts.set(key, { requests: 1, bidResponses: entry.hasBid ? 1 : 0 });
    },
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};
