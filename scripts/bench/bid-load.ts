// The bidder bench's load generator, in a process of its own as an exchange would be: posts the
// bench's bid requests (each with a fresh id) on loopback and prints its result as one line of JSON.
//   node --import tsx scripts/bench/bid-load.ts <url> <connections> <seconds> [<requests per second>
//        [<warm-up seconds>]]
// Flat out (no rate): autocannon, each connection sending its next request when the last answered.
// At a fixed rate: the open loop of open-loop.ts (as an exchange sends, on raw keep-alive sockets,
// a request due when no connection is free given up), with as many connections as the rate needs
// within tmax (rate x tmax, at least <connections>). Its requests' warm-up ids begin with `warm-`,
// so the bidder's own figures can leave them out too.
// At a fixed rate it also counts the late answers (seen after the requests' tmax, which an exchange
// throws away) and, of those, the ones that carried a bid (200): a bid the exchange never sees holds
// its budget until its notice window closes; and its own send delay and event loop delay, so that
// lateness of its own making shows as such.
// Not autocannon's overallRate: it lets each connection send its share of a second as fast as it
// can and then idle, bursts that measure a saturated server once a second.
import autocannon from 'autocannon';
import { requestPool, TMAX_MS } from './bid-requests.ts';
import { percentile } from './load.ts';
import { openLoop, wireOf } from './open-loop.ts';

const [url, connections, seconds, rate, warmupSeconds] = process.argv.slice(2);
// Each pooled request as JSON without its closing brace, to append a fresh id to (JSON.parse keeps
// the last of two equal keys, so the pool's own id is replaced).
const pool = requestPool().map((request) => JSON.stringify(request).slice(0, -1));
const bodyOf = (i: number, prefix = 'load') => `${pool[i % pool.length]},"id":"${prefix}-${i}"}`;

type Result = {
  requests: number;
  duration: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  late?: number;
  lateWithBid?: number;
  /** Given up at tmax without being sent: no connection was free and none could be opened. */
  unsent?: number;
  /** Sent and never answered (the connection closed, or the run ended). */
  lost?: number;
  /** p99 of the delay from the planned send time to the write (ms): the generator's own lateness. */
  waitP99?: number;
  /** Write to answer (ms) of the answered requests. */
  roundTripP50?: number;
  roundTripP99?: number;
  peakConnections?: number;
  /** The generator's event loop delay p99 (ms). */
  loopDelayP99?: number;
};

const flatOut = async (): Promise<Result> => {
  let serial = 0;
  const result = await autocannon({
    url: url!,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections: Number(connections),
    duration: Number(seconds),
    requests: [
      { setupRequest: (request: Record<string, unknown>) => ({ ...request, body: bodyOf(serial++) }) },
    ],
  });
  return {
    requests: result.requests.total,
    duration: result.duration,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
};

const fixedRate = async (perSecond: number, warmup: number): Promise<Result> => {
  const target = new URL(url!);
  const warm = Math.round(perSecond * warmup);
  const total = Math.round(perSecond * Number(seconds));
  const wire = Array.from({ length: warm + total }, (_, n) =>
    wireOf(target, 'POST', target.pathname, n < warm ? bodyOf(n, 'warm') : bodyOf(n - warm)),
  );
  const run = await openLoop({
    target,
    wire,
    warm,
    perSecond,
    // The exchange's pool: as many connections as a request's tmax needs at this rate (each carries
    // one request at a time), at least `connections`.
    maxConnections: Math.max(Number(connections), Math.ceil((perSecond * TMAX_MS) / 1000)),
    giveUpMs: TMAX_MS + 1000,
  });
  let ok = 0;
  let late = 0;
  let lateWithBid = 0;
  run.statuses.forEach((status, i) => {
    if (status === 200 || status === 204) ok++;
    if (run.latencies[i]! > TMAX_MS || status === 0) {
      late++;
      if (status === 200) lateWithBid++;
    }
  });
  const sorted = run.latencies.slice().sort();
  return {
    requests: run.requests,
    duration: run.duration,
    ok,
    failed: run.requests - ok,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    late,
    lateWithBid,
    unsent: run.unsent,
    lost: run.lost,
    waitP99: run.waitP99,
    roundTripP50: run.roundTripP50,
    roundTripP99: run.roundTripP99,
    peakConnections: run.peakConnections,
    loopDelayP99: run.loopDelayP99,
  };
};

const result = rate ? await fixedRate(Number(rate), Number(warmupSeconds ?? 0)) : await flatOut();
const cpu = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ ...result, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
