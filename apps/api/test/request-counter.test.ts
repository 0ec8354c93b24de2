// Bid requests counted in memory (delivery/request-counter.ts) and added to bid_request_hourly on
// each flush: per hour, exchange, traffic type, country and device type, with the requests answered
// by a bid apart; a second flush adds to the rows the first wrote.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestCounter } from '../src/modules/delivery/request-counter.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = Date.parse('2026-03-02T10:00:00Z');

const countedRows = async () => {
  const result = await t.deps.db.execute<Record<string, unknown>>(sql`
    select to_char(hour at time zone 'UTC', 'HH24:MI') as hour, exchange_id, traffic_type, country,
           device_type, requests::int as requests, bid_responses::int as bid_responses
    from bid_request_hourly where exchange_id = 4242 order by hour, country, device_type`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
};

describe('bid request counter', () => {
  it('adds each flush to the hourly counts by exchange, traffic, country and device', async () => {
    let now = HOUR + 5 * 60_000;
    const counter = createRequestCounter(t.deps.db, { now: () => now, intervalMs: 3_600_000 });
    const count = (country: string, hasBid: boolean) =>
      counter.count({ exchangeId: 4242, trafficType: 'APP', country, deviceType: 'PHONE', hasBid });
    count('US', true);
    count('US', false);
    count('DE', true);
    await counter.flush();
    count('US', true);
    now += 3_600_000; // the next hour
    count('US', false);
    await counter.close();
    const row = (hour: string, country: string, requests: number, bidResponses: number) => ({
      hour,
      exchange_id: 4242,
      traffic_type: 'APP',
      country,
      device_type: 'PHONE',
      requests,
      bid_responses: bidResponses,
    });
    expect(await countedRows()).toEqual([
      row('10:00', 'DE', 1, 1),
      row('10:00', 'US', 3, 2),
      row('11:00', 'US', 1, 0),
    ]);
  });
});
