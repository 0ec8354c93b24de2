// The bids' journal (delivery/bid-journal.ts): a bid is acknowledged once its line is written to a
// local file (a killed process loses none of them); the shipper stores the lines (raw rows, rollups) and deletes the file; files a crashed
// process left, a torn last line included, are stored at the next start, and nothing is counted twice.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { createBidder } from '../src/modules/bidding/bidder.ts';
import { linePiecesOf } from '../src/modules/delivery/bid-journal.ts';
import { createEventRecorder, type DeliveryEvent, eventRow } from '../src/modules/delivery/event-recorder.ts';
import { bidEvent } from './support/bid-event.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NOW = new Date();
const bid = (auction: string, campaignId: number) => bidEvent(auction, campaignId, NOW);

const storedBids = async (campaignId: number) => {
  const rows = await t.deps.db.execute<{ raw: number; rolled: number; pending: number }>(sql`
    select (select count(*)::int from delivery_events where campaign_id = ${campaignId} and type = 'BID') as raw,
           (select coalesce(sum(bids), 0)::int from delivery_hourly where campaign_id = ${campaignId}) as rolled,
           (select count(*)::int from delivery_hourly_pending where campaign_id = ${campaignId}) as pending`);
  return (rows as unknown as { rows: { raw: number; rolled: number; pending: number }[] }).rows[0]!;
};

describe('the bid journal', () => {
  it('acknowledges a bid once it is written, then stores it, rolled up, and empties the journal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bid-journal-'));
    const recorder = createEventRecorder(t.deps.db, { journalDir: dir });
    const answers = await Promise.all([
      recorder.record([bid('j-1', 7101)]),
      recorder.record([bid('j-2', 7101), bid('j-3', 7101)]),
    ]);
    expect(answers).toEqual([[true], [true, true]]);
    // Kept before the answer: the lines are in this process's journal file.
    const current = readFileSync(join(dir, 'bid-journal', `current-${process.pid}.jsonl`), 'utf8');
    expect(
      current
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).auction_id),
    ).toEqual(['j-1', 'j-2', 'j-3']);
    await recorder.close();
    expect(await storedBids(7101)).toEqual({ raw: 3, rolled: 3, pending: 0 });
    expect(readdirSync(join(dir, 'bid-journal'))).toEqual([]);
  });

  it('keeps every acknowledged bid of a bidder killed with SIGKILL before its disk sync', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bid-journal-'));
    const auctions = Array.from({ length: 200 }, (_, i) => `k-${i}`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'support/journal-writer.ts'), dir, '7110', ...auctions],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('acknowledged')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`journal writer exited with ${code}`)));
    });
    // Killed the moment it answered: its lines were never synced by it, nor shipped.
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const recorder = createEventRecorder(t.deps.db, { journalDir: dir });
    await recorder.flush();
    expect(await storedBids(7110)).toEqual({ raw: 200, rolled: 200, pending: 0 });
    expect(readdirSync(join(dir, 'bid-journal'))).toEqual([]);
    await recorder.close();
  });

  it('stores the readable lines of a file with a torn line in the middle (a write that failed halfway)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bid-journal-'));
    const journal = join(dir, 'bid-journal');
    mkdirSync(journal);
    const line = (event: DeliveryEvent) => `${JSON.stringify(eventRow(event))}\n`;
    // The disk filled up halfway through t-2's line; t-3 was appended after it once space was back.
    writeFileSync(
      join(journal, 'ready-1-000000-999999998.jsonl'),
      `${line(bid('t-1', 7104))}${line(bid('t-2', 7104)).slice(0, 40)}${line(bid('t-3', 7104))}`,
    );
    const errors: unknown[] = [];
    const recorder = createEventRecorder(t.deps.db, { journalDir: dir, onError: (e) => errors.push(e) });
    await recorder.flush();
    // t-1 and t-3 (acknowledged), not the torn t-2 (refused).
    expect(await storedBids(7104)).toEqual({ raw: 2, rolled: 2, pending: 0 });
    expect(readdirSync(journal)).toEqual([]);
    expect(String(errors[0])).toMatch(/1 torn line\(s\) dropped/);
    await recorder.close();
  });

  it('writes batches side by side and ships every line once, across rotations', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bid-journal-'));
    const recorder = createEventRecorder(t.deps.db, { journalDir: dir });
    const answers: Promise<boolean[]>[] = [];
    // 300 bids over 30 turns of the event loop: several batches are syncing at any moment, and a
    // flush (rotation and shipping) comes in the middle of them.
    for (let turn = 0; turn < 30; turn++) {
      for (let k = 0; k < 10; k++) answers.push(recorder.record([bid(`p-${turn}-${k}`, 7103)]));
      if (turn === 15) answers.push(recorder.flush().then(() => []));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await Promise.all(answers)).flat()).toEqual(Array(300).fill(true));
    await recorder.close();
    expect(await storedBids(7103)).toEqual({ raw: 300, rolled: 300, pending: 0 });
    expect(readdirSync(join(dir, 'bid-journal'))).toEqual([]);
  });

  it('stores what a crashed process left, skipping a torn last line, and never counts a bid twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bid-journal-'));
    const journal = join(dir, 'bid-journal');
    mkdirSync(journal);
    const line = (event: DeliveryEvent) => `${JSON.stringify(eventRow(event))}\n`;
    const deadPid = 999_999_999;
    // The dead process's unrotated file ends in a torn line; its ready file repeats one bid.
    writeFileSync(
      join(journal, `current-${deadPid}.jsonl`),
      `${line(bid('c-1', 7102))}${line(bid('c-2', 7102))}{"type":"BID","day":"20`,
    );
    writeFileSync(
      join(journal, `ready-1-000000-${deadPid}.jsonl`),
      `${line(bid('c-2', 7102))}${line(bid('c-3', 7102))}`,
    );
    // Claimed by a dead shipper, stored but not deleted before the crash: shipped again, harmlessly.
    writeFileSync(
      join(journal, `shipping-${deadPid}-ready-0-000000-${deadPid}.jsonl`),
      line(bid('c-1', 7102)),
    );
    const recorder = createEventRecorder(t.deps.db, { journalDir: dir });
    await recorder.flush();
    expect(await storedBids(7102)).toEqual({ raw: 3, rolled: 3, pending: 0 });
    expect(readdirSync(journal)).toEqual([]);
    await recorder.close();
  });
});

describe('journal pieces', () => {
  const text = (pieces: Buffer[]) => pieces.map((piece) => piece.toString('utf8'));
  it('cuts a file after whole lines, about a piece long, and leaves a torn last line out', () => {
    const file = Buffer.from('aaa\nbbb\ncc\n{"torn');
    expect(text(linePiecesOf(file, 8))).toEqual(['aaa\nbbb\n', 'cc\n']);
    expect(text(linePiecesOf(file, 1024))).toEqual(['aaa\nbbb\ncc\n']);
  });
  it('keeps a line longer than a piece whole, and a multi-byte character within its line', () => {
    const file = Buffer.from('a\nlong line é here\nb\n');
    expect(text(linePiecesOf(file, 4))).toEqual(['a\n', 'long line é here\n', 'b\n']);
  });
  it('gives nothing for an empty file or one torn line', () => {
    expect(linePiecesOf(Buffer.alloc(0))).toEqual([]);
    expect(linePiecesOf(Buffer.from('{"torn'))).toEqual([]);
  });
});

describe('where the journal lives', () => {
  const secrets = { PAYLOAD_KEY: 'b'.repeat(64), JWT_SECRET: 'c'.repeat(40) };

  it('is DATA_DIR unless BID_JOURNAL_DIR names another folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    expect(loadConfig({ ...secrets, DATA_DIR: dataDir }).bidJournalDir).toBe(dataDir);
    expect(loadConfig({ ...secrets, DATA_DIR: dataDir, BID_JOURNAL_DIR: '/mnt/journal' }).bidJournalDir).toBe(
      '/mnt/journal',
    );
    expect(() => loadConfig({ ...secrets, DATA_DIR: dataDir, BID_JOURNAL_DIR: '' })).toThrow(
      /BID_JOURNAL_DIR must name a folder/,
    );
  });

  it("holds a bidder's journal in BID_JOURNAL_DIR", async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'journal-disk-'));
    const config = loadConfig({
      ...secrets,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')),
      BID_JOURNAL_DIR: journalDir,
    });
    const bidder = createBidder(t.deps.db, config);
    expect(await bidder.recorder.record([bid('dir-1', 7105)])).toEqual([true]);
    expect(readFileSync(join(journalDir, 'bid-journal', `current-${process.pid}.jsonl`), 'utf8')).toContain(
      'dir-1',
    );
    await bidder.close();
    expect(await storedBids(7105)).toEqual({ raw: 1, rolled: 1, pending: 0 });
  });
});
