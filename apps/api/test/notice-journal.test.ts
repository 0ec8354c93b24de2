// Billed notices answered once journaled (delivery/notice-journal.ts): the answer waits for the
// notice's line on disk, not for the money lane's commit; the commit follows, and the file goes. A
// notice answered by a process killed before its commit, or whose commit failed, is stored from the
// file (at the next start, or at the next try), debited once, and repriced when it outranks.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryEvents } from '../src/db/schema/delivery.ts';
import {
  createEventRecorder,
  type DeliveryEvent,
  type EventRecorder,
} from '../src/modules/delivery/event-recorder.ts';
import { createNoticeWriter } from '../src/modules/delivery/notice-journal.ts';
import { PRICE_SOURCE } from '../src/modules/delivery/notice-price.ts';
import { readBalanceMicros } from '../src/modules/ledger/ledger-accounts.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { createCampaign } from './campaign-fixtures.ts';
import { insertUser } from './support/accounts.ts';
import { addUser, demoTokens } from './support/admin-fixtures.ts';
import { auctionOf, bidOn, clickOf, freshRequest, track } from './support/bid-calls.ts';
import { billingEvent } from './support/bid-event.ts';
import { creditAccount } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
/** A campaign the notices name (the ledger's transfers point at it). */
let campaign: number;
beforeAll(async () => {
  t = await startTestApp();
  const admin = (await demoTokens(t)).admin;
  const owner = await addUser(t, admin, { role: 'ADVERTISER', companyName: 'Notice Journal' });
  campaign = (await createCampaign(t, await t.loginAs(owner.email, owner.password))).campaign_id;
});
afterAll(() => t.close());

const AT = new Date();
let serial = 0;
const advertiserWithFunds = async () => {
  const id = (await insertUser(t, { role: 'ADVERTISER' })).id;
  await creditAccount(t, id, 1_000_000n);
  return id;
};
const billing = (advertiserId: number, auction: string, advertiserMicros = 3_000): DeliveryEvent =>
  billingEvent(
    { advertiserId, campaignId: campaign, auction: `${auction}-${process.pid}-${serial++}`, at: AT },
    advertiserMicros,
    500,
  );

const billed = async (advertiserId: number) => {
  const rows = await t.deps.db
    .select({
      n: sql<number>`count(*)::int`,
      micros: sql<number>`coalesce(sum(${deliveryEvents.advertiserCostMicros}), 0)::int`,
    })
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.type, 'BILLING'), eq(deliveryEvents.advertiserId, advertiserId)));
  return rows[0]!;
};
const debited = async (advertiserId: number) =>
  1_000_000n - (await readBalanceMicros(t.deps.db, advertiserId));
const journalFiles = (dir: string) => readdirSync(join(dir, 'notice-journal'));

describe('the notice journal', () => {
  it('answers once the line is on disk, commits behind the answer, and deletes the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notice-journal-'));
    const advertiser = await advertiserWithFunds();
    const errors: unknown[] = [];
    const recorder = createEventRecorder(t.deps.db);
    // The money lane held back until the answer is given: the answer cannot have waited for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lane: EventRecorder = {
      ...recorder,
      record: async (events) => held.then(() => recorder.record(events)),
    };
    const writer = createNoticeWriter(t.deps.db, lane, {
      dir,
      onError: (error) => errors.push(error),
    });
    const committed: boolean[][] = [];
    const events = [billing(advertiser, 'a'), billing(advertiser, 'b')];
    await Promise.all(
      events.map((event) => writer.write([event], async (inserted) => void committed.push(inserted))),
    );
    const [file] = journalFiles(dir);
    const lines = readFileSync(join(dir, 'notice-journal', file!), 'utf8')
      .trim()
      .split('\n');
    // Two writes may be in flight at once: the lines are all there, in either order.
    expect(lines.map((line) => JSON.parse(line).auctionId).sort()).toEqual(
      events.map((event) => event.auctionId).sort(),
    );
    expect(committed).toEqual([]);
    expect(await billed(advertiser)).toEqual({ n: 0, micros: 0 });

    release();
    await writer.close();
    expect(committed).toEqual([[true], [true]]);
    expect(await billed(advertiser)).toEqual({ n: 2, micros: 6_000 });
    expect(await debited(advertiser)).toBe(6_000n);
    expect(journalFiles(dir)).toEqual([]);
    expect(errors).toEqual([]);
    await recorder.close();
  });

  it('answers after the commit when the journal cannot take the line (a full disk)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notice-journal-'));
    const advertiser = await advertiserWithFunds();
    const errors: unknown[] = [];
    const recorder = createEventRecorder(t.deps.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const lane: EventRecorder = {
      ...recorder,
      record: async (events) => held.then(() => recorder.record(events)),
    };
    const writer = createNoticeWriter(t.deps.db, lane, { dir, onError: (error) => errors.push(error) });
    // The file the writer opens first is /dev/full: every write to it fails with ENOSPC.
    symlinkSync('/dev/full', join(dir, 'notice-journal', `notices-${process.pid}-00000000.jsonl`));
    let answered = false;
    const answer = writer
      .write([billing(advertiser, 'full')], async () => undefined)
      .then(() => {
        answered = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    await answer;
    expect(await billed(advertiser)).toEqual({ n: 1, micros: 3_000 });
    expect(errors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(['ENOSPC']);
    await writer.close();
    expect(journalFiles(dir)).toEqual([]);
    await recorder.close();
  });

  it('bills, once, every notice a process answered before it was killed with SIGKILL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notice-journal-'));
    const advertiser = await advertiserWithFunds();
    const auctions = Array.from({ length: 50 }, (_, i) => `k-${i}-${process.pid}`);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'support/notice-writer-child.ts'),
        dir,
        String(advertiser),
        String(campaign),
        AT.toISOString(),
        ...auctions,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('answered')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`notice writer exited with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await billed(advertiser)).toEqual({ n: 0, micros: 0 });

    // The next process stores what the killed one answered; a third finds nothing left to store.
    const errors: unknown[] = [];
    for (let start = 0; start < 2; start++) {
      const recorder = createEventRecorder(t.deps.db);
      const writer = createNoticeWriter(t.deps.db, recorder, { dir, onError: (error) => errors.push(error) });
      await writer.close();
      await recorder.close();
      expect(await billed(advertiser)).toEqual({ n: 50, micros: 150_000 });
      expect(await debited(advertiser)).toBe(150_000n);
      expect(journalFiles(dir)).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('stores the file of a notice whose commit failed, and reprices a notice that outranks what was billed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notice-journal-'));
    const advertiser = await advertiserWithFunds();
    const recorder = createEventRecorder(t.deps.db);
    const first = billing(advertiser, 'r', 3_000);
    expect(await recorder.record([first])).toEqual([true]);
    // The billing notice brings a higher-ranked price; its commit fails (the database out of reach).
    let failing = true;
    const errors: unknown[] = [];
    const lane: EventRecorder = {
      ...recorder,
      record: async (events) => {
        if (failing) throw new Error('connection lost');
        return recorder.record(events);
      },
    };
    const writer = createNoticeWriter(t.deps.db, lane, { dir, onError: (error) => errors.push(error) });
    const bill = {
      ...first,
      advertiserCostMicros: 4_000,
      mediaCostMicros: 3_500,
      priceSource: PRICE_SOURCE.bill,
    };
    let settled = false;
    await writer.write([bill], async () => {
      settled = true;
    });
    await writer.flush();
    expect(String(errors[0])).toMatch(/connection lost/);
    expect(journalFiles(dir)).toHaveLength(1);
    expect(await debited(advertiser)).toBe(3_000n);

    failing = false;
    await writer.close();
    expect(journalFiles(dir)).toEqual([]);
    // Billed once, at the billing notice's price: the difference is a correction of its own.
    expect(await debited(advertiser)).toBe(4_000n);
    expect(await billed(advertiser)).toEqual({ n: 2, micros: 4_000 });
    expect(settled).toBe(false);
    await recorder.close();
  });

  it('skips a torn line (never answered) of a file a killed process left, with or without lines behind it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notice-journal-'));
    mkdirSync(join(dir, 'notice-journal'));
    const advertiser = await advertiserWithFunds();
    const line = ({ day, ...rest }: DeliveryEvent) => `${JSON.stringify({ day, ...rest })}\n`;
    const torn = (auction: string) => line(billing(advertiser, auction)).slice(0, 50);
    // t2's write was cut short (a full disk) and t3's, in flight beside it, landed behind it; t4's
    // was cut short as the process died.
    writeFileSync(
      join(dir, 'notice-journal', 'notices-999999998-00000000.jsonl'),
      `${line(billing(advertiser, 't1'))}${torn('t2')}${line(billing(advertiser, 't3'))}${torn('t4')}`,
    );
    const errors: unknown[] = [];
    const recorder = createEventRecorder(t.deps.db);
    const writer = createNoticeWriter(t.deps.db, recorder, { dir, onError: (error) => errors.push(error) });
    await writer.close();
    await recorder.close();
    expect(await billed(advertiser)).toEqual({ n: 2, micros: 6_000 });
    expect(journalFiles(dir)).toEqual([]);
    expect(errors.map(String)).toEqual([expect.stringMatching(/1 torn line\(s\) dropped/)]);
  });
});

describe('a bidder answering notices once journaled', () => {
  let journaled: TestApp;
  beforeAll(async () => {
    journaled = await startTestApp({
      bidJournal: true,
      bidJournalDir: mkdtempSync(join(tmpdir(), 'journal-')),
    });
    await seedDemoDelivery(journaled.deps.db, journaled.deps.media.mediaDir);
    await journaled.bidder.index.reload();
  });
  afterAll(() => journaled.close());

  it('counts a click that follows the win notice at once (the impression it needs is committed first)', async () => {
    const clicks = async (auctionId: string) =>
      (
        await journaled.deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(deliveryEvents)
          .where(and(eq(deliveryEvents.auctionId, auctionId), eq(deliveryEvents.type, 'CLICK')))
      )[0]!.n;
    for (let i = 0; i < 5; i++) {
      const bid = await bidOn(journaled, freshRequest('simple-banner', { at: 2 }));
      expect((await track(bid.nurl, 1)).status).toBe(204);
      expect((await track(clickOf(bid))).status).toBe(302);
      expect(await clicks(auctionOf(bid))).toBe(1);
    }
  });
});
