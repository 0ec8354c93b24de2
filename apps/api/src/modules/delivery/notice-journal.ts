// Billed notices (win, billing notice, beacon): an exchange waits for the answer, and the money
// lane's statement (events, rollups and the ledger's debit, one at a time: event-recorder.ts) is
// the slowest write a notice has. With a journal, a notice is answered once its events are on disk
// in a local file (written to a file opened O_DSYNC: a crash of the process or of the machine
// loses nothing answered), and the money lane's write, the hold's settling and any repricing follow
// behind the answer, BATCH_MS later in one statement for the notices of those milliseconds. Without
// one (BID_JOURNAL=off: the API tests' default), the answer waits for the commit.
// One write with O_DSYNC, not a write and then an fdatasync: each is a trip through the thread pool
// and back through a busy event loop. Bench (2,000 notices a second, PostgreSQL on the same disk,
// two cores, load 2): client p99 15.4-17.6 ms and the bidder's CPU 0.28 ms a notice, against
// 18.5-23.7 ms and 0.33-0.36 ms with a write and an fdatasync (two in flight); the answer waiting
// for the commit instead gave p99 34-156 ms.
// Exactly-once does not depend on the journal: the database's unique key of each event makes any
// write of a notice, the lane's or a file's, count and debit once.
//
// Files (in <dir>/notice-journal): `notices-<pid>-<n>.jsonl`, a new one every ROTATE_EVERY_MS. A file
// whose every line's money-lane write committed is deleted unread. A file with a line whose write
// failed (the database out of reach), or left by a dead process (kill -9: its lines were answered),
// is stored through the same lane, its repricings run again (idempotent), and then deleted. A
// process claims another's file by renaming it `shipping-<pid>-…` (atomic: two never ship one), and
// a torn last line (a crash in mid-write) was never answered: it is skipped.
import { close, constants, mkdirSync, openSync, readdirSync, writev } from 'node:fs';
import { readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Db } from '../../db/client.ts';
import { isAlive, readableLinesOf } from './bid-journal.ts';
import { correctBilledPrice } from './billing-correction.ts';
import type { DeliveryEvent, EventRecorder } from './event-recorder.ts';

const closeFile = promisify(close);
const writeVector = promisify(writev);

/**
 * Appends the buffers in the thread pool, in one write. The event loop never waits for the file: a
 * write(2) into a page under writeback waits for the disk (stable pages), and a notice's answer, or
 * any other request, would wait behind it. A short write (a full disk) fails: another write may
 * have appended behind it already, so its rest cannot follow. Its notices then wait for their commit
 * (writer.write), and a reader of the file drops its torn line (readableLinesOf).
 */
const appendAll = async (fd: number, buffers: Buffer[]) => {
  const bytes = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
  const written = (await writeVector(fd, buffers)).bytesWritten;
  if (written !== bytes) throw new Error(`notice journal: ${written} of ${bytes} bytes written`);
};

/**
 * Writes in flight on a file at once. A notice waits for the write that holds its lines, and with
 * one at a time it also waited for the write before it to end: two overlap, and the file system
 * makes both durable in one commit when they meet. Order does not matter: each line is a whole
 * event, a notice's lines go in one write, and storing a file is idempotent.
 */
const WRITES_IN_FLIGHT = 2;

/**
 * How long answered notices wait to be written together in the money lane (database CPU a notice
 * 0.22 ms one statement a few notices, 0.14 ms batched so).
 */
const BATCH_MS = 10;

/** How long a file takes appends before the next one begins (and it can be deleted). */
const ROTATE_EVERY_MS = 500;

export type NoticeWriter = {
  /**
   * Records a billed notice's events in the money lane and runs `afterCommit` with which of them
   * were new. Resolves once they are durable: journaled (the lane's write and `afterCommit` follow
   * in the background), or, without a journal, committed and `afterCommit` done. `committed` then
   * ends with the commit and `afterCommit` (whether they succeeded or not).
   */
  write: (
    events: DeliveryEvent[],
    afterCommit: (inserted: boolean[]) => Promise<void>,
  ) => Promise<{ committed: Promise<void> }>;
  /** Waits for the writes behind answered notices, and stores any file left to store. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
  /** Told of every write to disk (its time and the notices it made durable): the bench's meter. */
  observeDurableWrites?: (write: { ms: number; notices: number }) => void;
};

/** What a stored notice needs after its commit when its process is gone: its repricing. */
const repriceStored = async (db: Db, events: DeliveryEvent[], inserted: boolean[]) => {
  for (const [index, event] of events.entries())
    if (event.type === 'BILLING' && !inserted[index]) await correctBilledPrice(db, event);
};

/**
 * A line of the journal: the event as JSON, `day` first (what readableLinesOf finds a row by). The
 * event's own `day` follows again (a repeated key reads as its last, the same value): copying the
 * event into a new object to put `day` first cost more than the line (4 kB allocated a win notice).
 */
const lineOf = (event: DeliveryEvent) =>
  `{"day":${JSON.stringify(event.day)},${JSON.stringify(event).slice(1)}`;
const eventOfLine = (line: string): DeliveryEvent => {
  const row = JSON.parse(line) as DeliveryEvent & { occurredAt: string };
  return { ...row, occurredAt: new Date(row.occurredAt) };
};

type Segment = {
  path: string;
  fd: number;
  /** Lines appended whose lane write has not ended. */
  open: number;
  /** A lane write of its lines failed: the file is stored. */
  failed: boolean;
  /** No more appends: the file can go once `open` is 0 and no write is pending. */
  rotated: boolean;
  /** Appends not written yet (the next write takes them all), and their waiters. */
  unwritten: Buffer[];
  unwrittenWaiters: Waiter[];
  /** Writes in flight (WRITES_IN_FLIGHT at most). */
  writing: number;
};

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

const unbuffered = (recorder: EventRecorder): NoticeWriter => ({
  write: async (events, afterCommit) => {
    await afterCommit(await recorder.record(events));
    return { committed: Promise.resolve() };
  },
  flush: async () => undefined,
  close: async () => undefined,
});

export const createNoticeWriter = (
  db: Db,
  recorder: EventRecorder,
  options: { dir?: string; onError: (error: unknown) => void },
): NoticeWriter => {
  if (!options.dir) return unbuffered(recorder);
  const { onError } = options;
  const dir = join(options.dir, 'notice-journal');
  mkdirSync(dir, { recursive: true });
  let serial = 0;
  let current: Segment | null = null;
  const background = new Set<Promise<void>>();

  /** Stores a file's lines through the money lane (idempotent), reprices, and deletes it. */
  const storeFile = async (path: string) => {
    const file = await readFile(path);
    const { readable, torn } = readableLinesOf([file.subarray(0, file.lastIndexOf(0x0a) + 1)]);
    if (torn > 0) onError(new Error(`notice journal ${path}: ${torn} torn line(s) dropped`));
    const events = readable.map((line) => eventOfLine(line));
    // A notice's events were appended together (WIN, BILLING, IMPRESSION): kept together here.
    for (let start = 0; start < events.length; start += 300) {
      const batch = events.slice(start, start + 300);
      await repriceStored(db, batch, await recorder.record(batch));
    }
    await unlink(path);
  };

  // Files to store, one at a time; one that fails (the database still out of reach) is tried again
  // at the next rotation.
  const unstored = new Set<string>();
  let storing: Promise<void> = Promise.resolve();
  const storeUnstored = () => {
    storing = storing
      .then(async () => {
        for (const path of [...unstored]) {
          await storeFile(path);
          unstored.delete(path);
        }
      })
      .catch(onError);
    return storing;
  };

  // A segment's end: closed once its writes are done, then deleted, or stored when a write failed.
  const finish = (segment: Segment) => {
    const pending = segment.writing > 0 || segment.unwritten.length > 0;
    if (!segment.rotated || segment.open > 0 || pending) return;
    const done = closeFile(segment.fd)
      .then(() => {
        if (!segment.failed) return unlink(segment.path);
        unstored.add(segment.path);
        return storeUnstored();
      })
      .catch(onError);
    track(done);
  };
  const track = (work: Promise<void>) => {
    background.add(work);
    void work.finally(() => background.delete(work));
  };

  const rotate = () => {
    if (!current) return;
    const segment = current;
    current = null;
    segment.rotated = true;
    finish(segment);
  };
  const rotator = setInterval(() => {
    rotate();
    if (unstored.size > 0) void storeUnstored();
  }, ROTATE_EVERY_MS);
  rotator.unref();

  // Group write: appends made while the writes in flight run go out together in the next one. The
  // file is opened O_DSYNC: a write returns once its lines are on disk.
  const writeOut = (segment: Segment) => {
    if (segment.writing >= WRITES_IN_FLIGHT || segment.unwritten.length === 0) return;
    const buffers = segment.unwritten.splice(0);
    const waiters = segment.unwrittenWaiters.splice(0);
    segment.writing++;
    const started = performance.now();
    appendAll(segment.fd, buffers)
      .then(
        () => {
          writer.observeDurableWrites?.({ ms: performance.now() - started, notices: waiters.length });
          for (const waiter of waiters) waiter.resolve();
        },
        (error: unknown) => {
          for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        segment.writing--;
        writeOut(segment);
        finish(segment);
      });
  };

  /** Queues the lines for the current file; resolves once they are on disk. */
  const append = (lines: string) => {
    if (!current) {
      const path = join(dir, `notices-${process.pid}-${String(serial++).padStart(8, '0')}.jsonl`);
      current = {
        path,
        fd: openSync(
          path,
          constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC,
          0o644,
        ),
        open: 0,
        failed: false,
        rotated: false,
        unwritten: [],
        unwrittenWaiters: [],
        writing: 0,
      };
    }
    const segment = current;
    segment.open++;
    const durable = new Promise<void>((resolve, reject) => {
      segment.unwritten.push(Buffer.from(lines));
      segment.unwrittenWaiters.push({ resolve, reject });
    });
    writeOut(segment);
    return { segment, durable };
  };

  // What dead processes left: their files (answered notices) and the files they were storing. The
  // names are read before this process appends anything, so a file named with its own pid is an
  // earlier process's (a restarted container often runs under the same pid).
  const leftovers = readdirSync(dir)
    .sort()
    .filter((name) => {
      const owner = Number(/^(?:notices|shipping)-(\d+)-/.exec(name)?.[1] ?? Number.NaN);
      return owner === process.pid || !isAlive(owner);
    });
  const claimLeftovers = async () => {
    for (const name of leftovers) {
      const claimed = join(
        dir,
        `shipping-${process.pid}-${serial++}-${name.replace(/^shipping-\d+-(\d+-)?/, '')}`,
      );
      try {
        await rename(join(dir, name), claimed);
      } catch {
        continue; // another process took it
      }
      unstored.add(claimed);
    }
    await storeUnstored();
  };
  track(claimLeftovers().catch(onError));

  // The money lane's writes, BATCH_MS at a time: nobody waits for them, and a statement of many
  // notices costs the database and this process less a notice than many statements of few.
  let toCommit: {
    events: DeliveryEvent[];
    afterCommit: (inserted: boolean[]) => Promise<void>;
    segment: Segment;
    /** Its commit and `afterCommit` ended: with the error when one failed. */
    ended: (error?: unknown) => void;
  }[] = [];
  let commitTimer: NodeJS.Timeout | null = null;
  const commitNow = () => {
    if (commitTimer) clearTimeout(commitTimer);
    commitTimer = null;
    const notices = toCommit;
    toCommit = [];
    if (notices.length === 0) return;
    const committed = recorder.record(notices.flatMap((notice) => notice.events));
    let start = 0;
    for (const notice of notices) {
      const from = start;
      start += notice.events.length;
      track(
        committed
          .then((inserted) => notice.afterCommit(inserted.slice(from, from + notice.events.length)))
          .then(
            () => notice.ended(),
            (error: unknown) => {
              notice.segment.failed = true;
              onError(error);
              notice.ended(error);
            },
          )
          .finally(() => {
            notice.segment.open--;
            finish(notice.segment);
          }),
      );
    }
  };
  const commitSoon = () => {
    commitTimer ??= setTimeout(commitNow, BATCH_MS);
  };

  const writer: NoticeWriter = {
    write: async (events, afterCommit) => {
      let appended: ReturnType<typeof append>;
      try {
        appended = append(`${events.map(lineOf).join('\n')}\n`);
      } catch (error) {
        // No journal file can be opened: the answer waits for the commit instead.
        onError(error);
        return unbuffered(recorder).write(events, afterCommit);
      }
      const { segment, durable } = appended;
      let ended!: (error?: unknown) => void;
      const stored = new Promise<void>((resolve, reject) => {
        ended = (error) => (error === undefined ? resolve() : reject(error));
      });
      const committed = stored.catch(() => undefined);
      toCommit.push({ events, afterCommit, segment, ended });
      commitSoon();
      try {
        await durable;
      } catch (error) {
        // The journal could not take it (a full or failing disk): the answer waits for the commit.
        onError(error);
        await stored;
      }
      return { committed };
    },
    flush: async () => {
      commitNow();
      rotate();
      while (background.size > 0) await Promise.allSettled([...background]);
      await (unstored.size > 0 ? storeUnstored() : storing);
    },
    close: async () => {
      clearInterval(rotator);
      await writer.flush();
    },
  };
  return writer;
};
