// Bid requests are too many to store one row each: they are counted in memory by hour, exchange,
// app-or-site, country and device type, and the counts are added to bid_request_hourly every few
// seconds (and when the server stops). A crash loses at most the last interval's counts.

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bidRequestHourly } from '../../db/schema/delivery.ts';

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
    const rows = [...batch.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => {
        const [hour, exchangeId, trafficType, country, deviceType] = key.split('|');
        return {
          hour: new Date(Number(hour)),
          exchangeId: Number(exchangeId),
          trafficType: trafficType!,
          country: country!,
          deviceType: deviceType!,
          requests: value.requests,
          bidResponses: value.bidResponses,
        };
      });
    flushing = flushing.then(async () => {
      try {
        await db
          .insert(bidRequestHourly)
          .values(rows)
          .onConflictDoUpdate({
            target: [
              bidRequestHourly.hour,
              bidRequestHourly.exchangeId,
              bidRequestHourly.trafficType,
              bidRequestHourly.country,
              bidRequestHourly.deviceType,
            ],
            set: {
              requests: sql`${bidRequestHourly.requests} + excluded.requests`,
              bidResponses: sql`${bidRequestHourly.bidResponses} + excluded.bid_responses`,
            },
          });
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
