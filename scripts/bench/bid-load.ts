// The bidder bench's load generator, in a process of its own as an exchange would be: posts the
// bench's bid requests (each with a fresh id) on loopback and prints its result as one line of JSON.
//   node --import tsx scripts/bench/bid-load.ts <url> <connections> <seconds> [<requests per second>
//        [<warm-up seconds>]]
// Flat out (no rate): autocannon, each connection sending its next request when the last answered.
// At a fixed rate: an open loop, as an exchange sends: request i leaves at start + i / rate whatever
// the answers before it did, over a pool of keep-alive connections, and its latency counts from
// that planned moment (so a stall shows in the figures instead of silently slowing the sender).
// A warm-up at the same rate on the same connections comes first, unmeasured (its requests' ids
// begin with `warm-`, so the bidder's own figures can leave them out too): an exchange keeps its
// connections open, and the first second of new ones (64 handshakes, cold code paths) is not
// what a running bidder sees.
// At a fixed rate it also counts the late answers (seen after the requests' tmax, which an exchange
// throws away) and, of those, the ones that carried a bid (200): a bid the exchange never sees holds
// its budget until its notice window closes.
// Not autocannon's overallRate: it lets each connection send its share of a second as fast as it
// can and then idle, bursts that measure a saturated server once a second.
import http from 'node:http';
import autocannon from 'autocannon';
import { requestPool, TMAX_MS } from './bid-requests.ts';
import { percentile } from './load.ts';

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

const openLoop = (perSecond: number, warmup: number): Promise<Result> =>
  new Promise((resolve) => {
    const target = new URL(url!);
    const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
    const warm = Math.round(perSecond * warmup);
    const total = Math.round(perSecond * Number(seconds));
    const latencies = new Float64Array(total);
    let sent = 0;
    let done = 0;
    let ok = 0;
    let failed = 0;
    let late = 0;
    let lateWithBid = 0;
    const start = performance.now();
    const measuredFrom = start + (warm / perSecond) * 1000;
    const finish = () => {
      if (done < warm + total) return;
      clearInterval(timer);
      agent.destroy();
      const sorted = latencies.sort();
      resolve({
        requests: total,
        duration: (performance.now() - measuredFrom) / 1000,
        ok,
        failed,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        late,
        lateWithBid,
      });
    };
    const send = (n: number, plannedAt: number) => {
      const isWarmUp = n < warm;
      const i = n - warm; // the measured request's index
      const body = isWarmUp ? bodyOf(n, 'warm') : bodyOf(i);
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            done++;
            if (!isWarmUp) {
              latencies[i] = performance.now() - plannedAt;
              if (response.statusCode === 200 || response.statusCode === 204) ok++;
              else failed++;
              if (latencies[i]! > TMAX_MS) {
                late++;
                if (response.statusCode === 200) lateWithBid++;
              }
            }
            finish();
          });
        },
      );
      request.on('error', () => {
        done++;
        if (!isWarmUp) {
          latencies[i] = performance.now() - plannedAt;
          failed++;
          if (latencies[i]! > TMAX_MS) late++;
        }
        finish();
      });
      request.end(body);
    };
    // Every millisecond, send what is due by now.
    const timer = setInterval(() => {
      const due = Math.min(warm + total, Math.floor(((performance.now() - start) / 1000) * perSecond));
      while (sent < due) {
        send(sent, start + (sent / perSecond) * 1000);
        sent++;
      }
    }, 1);
  });

const result = rate ? await openLoop(Number(rate), Number(warmupSeconds ?? 0)) : await flatOut();
const cpu = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ ...result, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
