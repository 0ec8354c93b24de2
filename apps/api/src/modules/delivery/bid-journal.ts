// The bids' journal: a BID event is kept once its line is written to a local file, so a bid answer
// waits for a write into the operating system's page cache (microseconds, on the event loop)
// instead of a database commit or a disk flush. A killed bidder (kill -9, a crash of the process)
// loses nothing written: the kernel holds the file's pages. The file is fdatasync'd in the background
// at most SYNC_EVERY_MS after a write, and before it is shipped, so a crash of the whole machine can
// lose the bid records of those last milliseconds, never money: a notice carries everything it bills
// in its signed token and needs no BID row. Waiting for the disk flush before every answer made the
// bid's time the disk's (bench, 2,000 bids a second on a disk shared with PostgreSQL: p99 of the
// durable write 35-42 ms, over half the answers late at the client on a busy run).
// A shipper moves the lines into PostgreSQL four times a second, in batches, through the same
// statement as every other event (raw rows, their rollups): the database holds every bid within a
// second.
//
// Files (in <BID_JOURNAL_DIR, else DATA_DIR>/bid-journal): `current-<pid>.jsonl` takes the appends;
// every SHIP_EVERY_MS it is renamed `ready-<time>-<pid>.jsonl` and a new one begun. A shipper claims
// a ready file by renaming it `shipping-<pid>-…` (an atomic rename: two processes never ship one
// file), stores its lines and deletes it. At start, files a dead process left (its current or
// claimed ones) are shipped too. Storing is idempotent (a fact already stored is skipped by its unique key), so a file
// shipped twice after a crash between storing and deleting counts nothing twice. A torn last line
// (a crash in mid-write) was never acknowledged: it is skipped. Lines are the rows as the database
// statement reads them (`eventRow`), and a file goes to the database as the bytes it holds, in pieces
// cut at line ends (the statement splits the lines): the bidder's event loop neither parses, nor
// joins, nor even decodes a second's bids (joining 2,000 lines into statements once a second, and
// decoding the keys they answered, was the largest stall of that loop: bench p99 of a bid 15 ms).
import { close, fdatasync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const syncFile = promisify(fdatasync);
const closeFile = promisify(close);

export type BidJournal = {
  /**
   * Resolves once the lines (one JSON row each, no newline) are written to the journal file (in the
   * kernel's hands: a crash of the process loses none); they reach the disk within SYNC_EVERY_MS.
   */
  append: (rows: readonly string[]) => Promise<void>;
  /** Closes the current file and stores everything journaled so far. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The database's commits share the disk with the journal's syncs: a quarter second's bids make a
 * smaller WAL flush than a second's, and the syncs behind it wait less (bench, 2,000 bids a second,
 * 8 paired runs: p99 of a bid's durable write 4.4-9.9 ms shipping every 250 ms against 5.7-10.9 ms
 * every second; every 100 ms measured no better).
 */
const SHIP_EVERY_MS = 250;
/**
 * Bytes per statement when shipping (about 250 bids): the driver copies a statement's parameter on
 * the bidder's event loop, so a file's bids go in pieces and bid requests are served between them.
 */
const STORE_BYTES = 160 * 1024;
/** The longest a written line waits for its fdatasync (what a crash of the machine can lose). */
export const SYNC_EVERY_MS = 20;
const NEWLINE = 0x0a;

export const isAlive = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A journal file's whole lines in pieces of about `pieceBytes`, each cut after a newline; a torn
 * last line (no newline after it: a crash in mid-write) is left out.
 */
export const linePiecesOf = (file: Buffer, pieceBytes = STORE_BYTES): Buffer[] => {
  const end = file.lastIndexOf(NEWLINE) + 1;
  const pieces: Buffer[] = [];
  for (let start = 0; start < end; ) {
    let cut = start + pieceBytes >= end ? end : file.lastIndexOf(NEWLINE, start + pieceBytes - 1) + 1;
    if (cut <= start) cut = file.indexOf(NEWLINE, start) + 1; // one line longer than a piece
    pieces.push(file.subarray(start, cut));
    start = cut;
  }
  return pieces;
};

/** Writes all of `bytes` at the file's end, on the event loop (a write may take fewer than asked). */
const writeAll = (fd: number, bytes: Buffer) => {
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
};

/** Every journal row begins so (`eventRow`'s first key). */
const ROW_START = '{"day":"';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * The lines of the pieces that parse as JSON (each with its newline), and how many torn ones were
 * left out. A torn line has the next append right behind it, on the same line: that row is kept.
 */
export const readableLinesOf = (pieces: readonly Buffer[]) => {
  const readable: string[] = [];
  let torn = 0;
  for (const piece of pieces)
    for (const line of piece.toString('utf8').split('\n')) {
      if (line === '') continue;
      if (parses(line)) {
        readable.push(`${line}\n`);
        continue;
      }
      torn++;
      const next = line.lastIndexOf(ROW_START);
      if (next > 0 && parses(line.slice(next))) readable.push(`${line.slice(next)}\n`);
    }
  return { readable, torn };
};

export const createBidJournal = (options: {
  dir: string;
  /**
   * Stores a file's rows, given in pieces of JSON lines (each line ended by a newline, UTF-8), all
   * or none (idempotent).
   */
  store: (pieces: Buffer[]) => Promise<void>;
  onError: (error: unknown) => void;
}): BidJournal => {
  const dir = join(options.dir, 'bid-journal');
  mkdirSync(dir, { recursive: true });
  const currentPath = join(dir, `current-${process.pid}.jsonl`);
  let fd: number | null = null;
  let written = 0;
  let seq = 0;

  // Background syncs: one at a time, at most SYNC_EVERY_MS after the first write since the last one.
  let dirty = false;
  let syncTimer: NodeJS.Timeout | null = null;
  let syncing: Promise<void> | null = null;
  const syncSoon = () => {
    if (syncTimer || syncing) return;
    syncTimer = setTimeout(() => {
      syncTimer = null;
      if (fd === null || !dirty) return;
      dirty = false;
      syncing = syncFile(fd)
        .catch(options.onError)
        .finally(() => {
          syncing = null;
          if (dirty) syncSoon();
        });
    }, SYNC_EVERY_MS);
  };

  // A bid's lines are written at once, on the event loop (a system call into the page cache, a few
  // microseconds): order kept, no thread pool round trip, and no wait for a later turn of the loop
  // (grouping a turn's bids into one write made each wait for that turn: bench p50 6 ms on a busy
  // machine).
  const write = (rows: readonly string[]) => {
    const bytes = Buffer.from(rows.length === 1 ? `${rows[0]}\n` : `${rows.join('\n')}\n`);
    fd ??= openSync(currentPath, 'a');
    writeAll(fd, bytes);
    written += rows.length;
    dirty = true;
    syncSoon();
  };

  /**
   * The current file becomes ready to ship (when it holds anything): renamed at once (the next
   * append begins a new file), then synced and closed.
   */
  const rotate = async (): Promise<void> => {
    const file = fd;
    if (file === null) return;
    fd = null;
    const linesInFile = written;
    written = 0;
    dirty = false;
    if (syncTimer) clearTimeout(syncTimer);
    syncTimer = null;
    // A rename that fails leaves the lines in the current file: the next append reopens it, and the
    // next rotation tries again.
    let renameError: unknown = null;
    try {
      if (linesInFile > 0)
        renameSync(
          currentPath,
          join(dir, `ready-${Date.now()}-${String(seq++).padStart(6, '0')}-${process.pid}.jsonl`),
        );
    } catch (error) {
      renameError = error;
      written += linesInFile;
    }
    await syncing; // a sync of this file in flight
    try {
      await syncFile(file);
    } finally {
      await closeFile(file);
    }
    if (renameError) throw renameError;
  };

  // Shipping: one file at a time, oldest first.
  let shipping: Promise<void> = Promise.resolve();
  const shipFile = async (path: string) => {
    const pieces = linePiecesOf(await readFile(path));
    if (pieces.length > 0) {
      try {
        await options.store(pieces);
      } catch (error) {
        // A write that failed halfway (a full disk) leaves a torn line, and later appends follow
        // it: the file's lines no longer make a JSON array. Its readable rows are stored and the
        // torn one dropped (its bid was refused, never acknowledged); any other failure (the
        // database out of reach) leaves the file for the next try.
        const { readable, torn } = readableLinesOf(pieces);
        if (torn === 0) throw error;
        options.onError(new Error(`bid journal ${path}: ${torn} torn line(s) dropped`));
        if (readable.length > 0) await options.store(linePiecesOf(Buffer.from(readable.join(''))));
      }
    }
    await unlink(path);
  };
  const claimAndShip = async () => {
    const names = (await readdir(dir)).sort();
    for (const name of names) {
      const owner = Number(/-(\d+)\.jsonl$/.exec(name)?.[1] ?? Number.NaN);
      const path = join(dir, name);
      if (name.startsWith('ready-') || (name.startsWith('current-') && !isAlive(owner))) {
        const claimed = join(dir, `shipping-${process.pid}-${name}`);
        try {
          await rename(path, claimed);
        } catch {
          continue; // another process took it
        }
        await shipFile(claimed);
      } else if (name.startsWith('shipping-')) {
        const shipper = Number(/^shipping-(\d+)-/.exec(name)?.[1] ?? Number.NaN);
        if (shipper === process.pid || !isAlive(shipper)) await shipFile(path);
      }
    }
  };
  const ship = () => {
    shipping = shipping.then(claimAndShip).catch(options.onError);
    return shipping;
  };

  const timer = setInterval(() => {
    void rotate().then(ship).catch(options.onError);
  }, SHIP_EVERY_MS);
  timer.unref();
  void ship(); // what an earlier process left

  const flush = async () => {
    await rotate();
    await ship();
  };

  return {
    append: (rows) => {
      if (rows.length === 0) return Promise.resolve();
      try {
        write(rows);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error);
      }
    },
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};
