// Scale-out: two bidders sharing budgets through Redis (127.0.0.1:6379, a key
// prefix of their own) race for one small budget, and together they never spend more than it plus
// one impression. On PostgreSQL they are two real `npm run bidder` processes over a fresh database;
// on the embedded database (one process only) they are two bidder apps in this process, each with
// its own Redis connection, so the only thing they share is Redis, as processes would.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import { buildBidderApp } from '../src/modules/bidding/bidder-app.ts';
import { ensureReferenceData } from '../src/modules/reference/reference-seed.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { seedDemo } from '../src/seed/demo-seed.ts';
import { ensurePlatformCompany } from '../src/seed/platform-company.ts';
import { track } from './support/bid-calls.ts';
import { startBidderProcess } from './support/bidder-process.ts';
import { openSnapshotDatabase } from './support/pglite-snapshot.ts';
import { DEMO_PASSWORD, testConfig } from './support/test-app.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const BUDGET_MICROS = 50_000; // $0.05: ten impressions at a $5 CPM
const IMPRESSION_MICROS = 5_000;
const onPostgres = process.env.TEST_DB === 'postgres';

type Node = { url: string; stop: () => Promise<void> };

let database: Database;
let dropDatabase = async () => {};
let databaseUrl: string | undefined;
const nodes: Node[] = [];
const secret = randomBytes(32).toString('hex');
const prefix = `race-${process.pid}-${randomBytes(4).toString('hex')}:`;

const openRaceDatabase = async () => {
  if (!onPostgres) {
    database = await openSnapshotDatabase();
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `race_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  database = await openDatabase({ databaseUrl });
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
};

/** A real `npm run bidder` process over the race's database and Redis. */
const startProcess = (): Promise<Node> =>
  startBidderProcess({ DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: prefix, JWT_SECRET: secret });

/** A bidder app in this process with its own Redis connection. */
const startInProcess = async (): Promise<Node> => {
  const config = testConfig({ jwtSecret: secret, redisUrl: REDIS_URL, redisPrefix: prefix });
  const { app } = await buildBidderApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, stop: () => app.close() };
};

beforeAll(async () => {
  await openRaceDatabase();
  const db = database.db;
  await ensurePlatformCompany(db);
  await ensureReferenceData(db);
  await seedDemo(db, DEMO_PASSWORD);
  await seedDemoDelivery(db, mkdtempSync(join(tmpdir(), 'bidder-race-media-')));
  // One campaign fits the banner: a budget of ten impressions, spent as fast as traffic allows.
  await db
    .update(campaigns)
    .set({
      totalBudgetMicros: BUDGET_MICROS,
      dailyBudgetMicros: null,
      pacing: 'ASAP',
      bidMicros: 5_000_000,
      maxBidMicros: 5_000_000,
    })
    .where(eq(campaigns.name, 'Open Web Display'));
  await db.update(campaigns).set({ status: 'PAUSED' }).where(ne(campaigns.name, 'Open Web Display'));
  for (let i = 0; i < 2; i++) nodes.push(onPostgres ? await startProcess() : await startInProcess());
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  await database?.close();
  await dropDatabase();
});

const BANNER = {
  at: 1,
  imp: [{ id: '1', bidfloor: 0.5, banner: { w: 300, h: 250 } }],
  site: { domain: 'news.example.org' },
  user: { id: 'reader' },
};

describe('two bidders on Redis', () => {
  it('never spend more than one small budget together (plus at most one impression)', async () => {
    // 80 auctions, alternating between the two bidders, all at once.
    const answers = await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        const response = await fetch(`${nodes[i % 2]!.url}/openrtb/2.6/openx`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...BANNER, id: `race-${i}` }),
        });
        return response.status === 200
          ? ((await response.json()) as { seatbid: { bid: { nurl: string }[] }[] })
          : null;
      }),
    );
    const bids = answers.flatMap((answer) => answer?.seatbid.flatMap((seat) => seat.bid) ?? []);
    expect(bids.length).toBeGreaterThan(0);
    // Each win is reported to the other bidder than the one that bid.
    await Promise.all(
      bids.map((bid, i) => {
        return track(bid.nurl.replace(/^http:\/\/[^/]+/, nodes[(i + 1) % 2]!.url), 5);
      }),
    );
    const billed = async () =>
      (
        await database.db
          .select({
            impressions: sql<number>`count(*)::int`,
            micros: sql<number>`coalesce(sum(${deliveryEvents.advertiserCostMicros}), 0)::int`,
          })
          .from(deliveryEvents)
          .innerJoin(campaigns, eq(campaigns.id, deliveryEvents.campaignId))
          .where(and(eq(deliveryEvents.type, 'BILLING'), eq(campaigns.name, 'Open Web Display')))
      )[0]!;
    // The bidders answer a notice once it is journaled; its commit follows within moments.
    await expect.poll(async () => (await billed()).impressions, { timeout: 10_000 }).toBe(bids.length);
    const spent = (await billed()).micros;
    expect(spent).toBeLessThanOrEqual(BUDGET_MICROS + IMPRESSION_MICROS);
    // And the budget was used: the race was real.
    expect(spent).toBeGreaterThanOrEqual(BUDGET_MICROS - IMPRESSION_MICROS);
    expect(bids.length).toBeLessThanOrEqual(BUDGET_MICROS / IMPRESSION_MICROS + 1);
  });
});
