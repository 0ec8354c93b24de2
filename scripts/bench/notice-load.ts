// The bidder bench's notice generator, in a process of its own as an exchange would be: first real
// bids (the bench's bid requests posted to the bidder, their answers kept), then each bid's win
// notice (nurl) and billing notice (burl), with `${AUCTION_PRICE}` filled in, at a fixed rate in an
// open loop (as bid-load.ts: notice i leaves at start + i / rate, its latency counted from then).
// Prints one line of JSON: the figures, and each noticed bid's token with the clearing price sent
// (micro-units), so the bench can work out what the ledger must hold.
//   node --import tsx scripts/bench/notice-load.ts <bid url> <notices per second> <seconds>
//        [<warm-up seconds>] [<run name: the bid requests' ids begin with it, new auctions each run>]
// A bid's billing notice follows its win notice BURL_AFTER notices later (about 25 ms at 2,000/s),
// so both notices of an impression are in flight around the same moment, as an exchange sends them.
// Between the bids and the notices it prints `ready` and waits for a line on stdin, so the bench
// measures the notices alone (CPU, database, event loop), not the bids made for them.
import http from 'node:http';
import { requestPool } from './bid-requests.ts';
import { percentile } from './load.ts';
import { openLoop, wireOf } from './open-loop.ts';
import { gcPauses } from './phase-run.ts';

const [bidUrl, rateText, secondsText, warmupText, runName = 'notice'] = process.argv.slice(2);
const rate = Number(rateText);
const warmupPairs = Math.round((rate * Number(warmupText ?? 0)) / 2);
const pairs = Math.round((rate * Number(secondsText)) / 2) + warmupPairs;
const BURL_AFTER = 50;
/** The clearing price as a share of the bid (a second-price auction). */
const CLEARING_SHARE = 0.8;

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const target = new URL(bidUrl!);
const call = (method: string, path: string, body?: string) =>
  new Promise<{ status: number; text: string }>((resolve) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method,
        agent,
        headers: body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
          : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, text: '' }));
    request.end(body);
  });

type Bid = { price: number; nurl: string; burl: string };

/** Real bids: the pool's requests, 16 at a time, until there are enough answers with a bid. */
const collectBids = async (): Promise<Bid[]> => {
  const pool = requestPool().map((request) => JSON.stringify(request).slice(0, -1));
  const bids: Bid[] = [];
  let serial = 0;
  const worker = async () => {
    while (bids.length < pairs) {
      const i = serial++;
      const answer = await call('POST', target.pathname, `${pool[i % pool.length]},"id":"${runName}-${i}"}`);
      if (answer.status !== 200) continue;
      const response = JSON.parse(answer.text) as { seatbid: { bid: Bid[] }[] };
      for (const seat of response.seatbid) bids.push(...seat.bid);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return bids.slice(0, pairs);
};

const bids = await collectBids();
const clearingOf = (bid: Bid) => Math.floor(Math.round(bid.price * 1_000_000) * CLEARING_SHARE);
/** The OpenRTB price macro, as the exchange finds it in the notice URLs. */
const PRICE_MACRO = ['$', '{AUCTION_PRICE}'].join('');
const pathOf = (url: string, clearingMicros: number) => {
  const parsed = new URL(url.replace(PRICE_MACRO, (clearingMicros / 1_000_000).toFixed(6)));
  return `${parsed.pathname}${parsed.search}`;
};
// The notices in the order they leave: win i, then bill i - BURL_AFTER; the last bills at the end.
// Those before the first measured win are the warm-up.
const notices: { kind: 'win' | 'bill'; path: string }[] = [];
let warm = 0;
for (let i = 0; i < bids.length + BURL_AFTER; i++) {
  if (i === warmupPairs) warm = notices.length;
  const win = bids[i];
  if (win) notices.push({ kind: 'win', path: pathOf(win.nurl, clearingOf(win)) });
  const bill = bids[i - BURL_AFTER];
  if (bill) notices.push({ kind: 'bill', path: pathOf(bill.burl, clearingOf(bill)) });
}
agent.destroy();

let cpuAtStart = process.cpuUsage();
const gc = gcPauses();
const run = await openLoop({
  target,
  wire: notices.map((notice) => wireOf(target, 'GET', notice.path)),
  warm,
  perSecond: rate,
  // An exchange's notice sender: enough connections for a p99 far above the target, and a notice
  // due when all are busy waits for one.
  maxConnections: 256,
  queue: true,
  giveUpMs: 5_000,
  beforeStart: async () => {
    process.stdout.write('ready\n');
    await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
    cpuAtStart = process.cpuUsage();
    gc.start();
  },
});
const cpu = process.cpuUsage(cpuAtStart);
const gcs = gc.stop();

const latencies = { win: [] as number[], bill: [] as number[] };
let ok = 0;
/** Answers other than 204, by status (0: given up unsent, or never answered). */
const failures: Record<number, number> = {};
run.statuses.forEach((status, i) => {
  latencies[notices[warm + i]!.kind].push(run.latencies[i]!);
  if (status === 204) ok++;
  else failures[status] = (failures[status] ?? 0) + 1;
});
const sortedOf = (values: number[]) => Float64Array.from(values).sort();
const all = run.latencies.slice().sort();
const win = sortedOf(latencies.win);
const bill = sortedOf(latencies.bill);
process.stdin.destroy();
process.stdout.write(
  `${JSON.stringify({
    bids: bids.length,
    requests: run.requests,
    duration: run.duration,
    ok,
    failed: run.requests - ok,
    failures,
    queued: run.queued,
    lost: run.lost,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    winP99: percentile(win, 99),
    billP99: percentile(bill, 99),
    max: all[all.length - 1] ?? Number.NaN,
    cpuMs: (cpu.user + cpu.system) / 1000,
    waitP99: run.waitP99,
    loopDelayP99: run.loopDelayP99,
    gc: gcs,
    // Each billed impression: its token and the clearing price its notices carried.
    noticed: bids.map((bid) => [/\/t\/win\/([^/?]+)/.exec(bid.nurl)![1], clearingOf(bid)]),
  })}\n`,
);
