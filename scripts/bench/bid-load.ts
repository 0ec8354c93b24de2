// The bidder bench's load generator, in a process of its own as an exchange would be: posts the
// bench's bid requests (each with a fresh id) on loopback and prints its result as one line of JSON.
//   node --import tsx scripts/bench/bid-load.ts <url> <connections> <seconds> [<requests per second>
//        [<warm-up seconds>]]
// Flat out (no rate): autocannon, each connection sending its next request when the last answered.
// At a fixed rate: an open loop, as an exchange sends: request i is due at start + i / rate whatever
// the answers before it did, and its latency counts from that planned moment (so a stall shows in
// the figures instead of silently slowing the sender). Like an exchange, it does not queue requests
// behind busy connections: it sends on an idle keep-alive connection or opens another, up to as
// many as the rate needs within tmax (rate x tmax, at least <connections>), and a request due when
// every one of those is busy is given up at once, counted late (as is one never answered).
// It is cheap, so that at twice the bidder's saturation the generator is not what is measured: raw
// TCP sockets (node:net), every request serialised as HTTP/1.1 bytes before the clock starts, and
// answers read for their status line and length only (node:http cost 0.15-0.2 ms of CPU per
// request, and its agent queued requests for seconds behind busy sockets: 4.6-8.4 s of the 4.7-8.6 s
// p50 latency at 7,800 req/s, 2026-11-29, load average 6-7).
// A warm-up at the same rate on the same connections comes first, unmeasured (its requests' ids
// begin with `warm-`, so the bidder's own figures can leave them out too): an exchange keeps its
// connections open, and the first second of new ones (handshakes, cold code paths) is not
// what a running bidder sees.
// At a fixed rate it also counts the late answers (seen after the requests' tmax, which an exchange
// throws away) and, of those, the ones that carried a bid (200): a bid the exchange never sees holds
// its budget until its notice window closes; and its own send delay and event loop delay, so that
// lateness of its own making shows as such.
// Not autocannon's overallRate: it lets each connection send its share of a second as fast as it
// can and then idle, bursts that measure a saturated server once a second.
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

const openLoop = (perSecond: number, warmup: number): Promise<Result> =>
  new Promise((resolve) => {
    const target = new URL(url!);
    // The exchange's pool: as many connections as a request's tmax needs at this rate (each carries
    // one request at a time), at least `connections`; opened as requests need them.
    const maxConnections = Math.max(Number(connections), Math.ceil((perSecond * TMAX_MS) / 1000));
    const warm = Math.round(perSecond * warmup);
    const total = Math.round(perSecond * Number(seconds));
    const count = warm + total;
    // Every request serialised before the clock starts: sending one is a socket write.
    const head = `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: `;
    const wire = Array.from({ length: count }, (_, n) => {
      const body = n < warm ? bodyOf(n, 'warm') : bodyOf(n - warm);
      return Buffer.from(`${head}${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
    const latencies = new Float64Array(total);
    const waits = new Float64Array(total);
    let ok = 0;
    let failed = 0;
    let late = 0;
    let lateWithBid = 0;
    let unsent = 0;
    let lost = 0;
    let done = 0;
    let planned = 0;
    // The generator's own lateness: a request it sends late is late on its account, not the bidder's.
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    // The clock starts once the pool is open (warmPool below).
    let start = 0;
    const plannedAt = (n: number) => start + (n / perSecond) * 1000;
    // A request's end: answered (its status), or given up (0: never sent by tmax, or no answer).
    const settle = (n: number, status: number, at: number) => {
      done++;
      if (n < warm) return;
      const i = n - warm;
      const latency = at - plannedAt(n);
      latencies[i] = latency;
      if (status === 200 || status === 204) ok++;
      else failed++;
      if (latency > TMAX_MS || status === 0) {
        late++;
        if (status === 200) lateWithBid++;
      }
    };

    type Connection = { socket: net.Socket; n: number; data: Buffer | null };
    const idle: Connection[] = [];
    const open = new Set<Connection>();
    let peakConnections = 0;
    const sentAt = new Float64Array(count);
    const roundTrips = new Float64Array(total);
    const send = (n: number) => {
      const now = performance.now();
      const connection = idle.pop() ?? (open.size < maxConnections ? connect() : null);
      // No connection to send it on: an exchange does not hold a request for a busy bidder, it
      // goes without that bidder's answer (given up, counted late).
      if (!connection) {
        if (n >= warm) unsent++;
        settle(n, 0, now);
        return;
      }
      connection.n = n;
      sentAt[n] = now;
      if (n >= warm) waits[n - warm] = now - plannedAt(n);
      connection.socket.write(wire[n]!);
    };
    // One answer read off a connection: the status line, then Content-Length bytes (or chunks).
    const onData = (connection: Connection, chunk: Buffer) => {
      const data = connection.data ? Buffer.concat([connection.data, chunk]) : chunk;
      const headerEnd = data.indexOf('\r\n\r\n');
      if (headerEnd < 0) {
        connection.data = data;
        return;
      }
      const header = data.toString('latin1', 0, headerEnd);
      const status = Number(header.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(header);
      const bodyEnd = length
        ? headerEnd + 4 + Number(length[1])
        : /\r\ntransfer-encoding: *chunked/i.test(header)
          ? data.indexOf('\r\n0\r\n\r\n', headerEnd) + 7
          : headerEnd + 4;
      if (bodyEnd < headerEnd + 4 || data.length < bodyEnd) {
        connection.data = data;
        return;
      }
      connection.data = null;
      const n = connection.n;
      connection.n = -1;
      const at = performance.now();
      if (n >= warm) roundTrips[n - warm] = at - sentAt[n]!;
      settle(n, status, at);
      idle.push(connection);
      finish();
    };
    const connect = (): Connection => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      const connection: Connection = { socket, n: -1, data: null };
      open.add(connection);
      peakConnections = Math.max(peakConnections, open.size);
      socket.on('data', (chunk) => onData(connection, chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(connection);
        const at = idle.indexOf(connection);
        if (at >= 0) idle.splice(at, 1);
        if (connection.n >= 0) {
          settle(connection.n, 0, performance.now());
          lost++;
          connection.n = -1;
          finish();
        }
      });
      return connection;
    };
    let finished = false;
    const finish = (force = false) => {
      if (finished || (done < count && !force)) return;
      finished = true;
      clearInterval(timer);
      loopDelay.disable();
      const now = performance.now();
      // Still unanswered when the generator stops: never answered in time.
      for (const connection of open) {
        if (connection.n >= 0) {
          lost++;
          settle(connection.n, 0, now);
        }
        connection.socket.destroy();
      }
      const sortedWaits = waits.sort();
      const sorted = latencies.sort();
      resolve({
        requests: total,
        duration: (now - plannedAt(warm)) / 1000,
        ok,
        failed,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        late,
        lateWithBid,
        unsent,
        lost,
        waitP99: percentile(sortedWaits, 99),
        roundTripP50: percentile(roundTrips.sort(), 50),
        roundTripP99: percentile(roundTrips, 99),
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        peakConnections,
      });
    };
    // Every millisecond, send what is due by now on an idle connection (or a new one, up to the
    // limit); once the last is due, give up on answers a second after its tmax.
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      loopDelay.enable();
      start = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        const due = Math.min(count, Math.floor(((now - start) / 1000) * perSecond));
        while (planned < due) send(planned++);
        finish();
        if (planned === count && now > plannedAt(count - 1) + TMAX_MS + 1000) finish(true);
      }, 1);
    };
    // An exchange keeps its connections to a bidder open: the pool is opened before the clock
    // starts, 64 at a time. Opened in the run, 1,170 connections at once overflowed the bidder's
    // listen queue (Node's backlog 511: 34k SYNs dropped, TcpExtListenOverflows), each dropped SYN
    // retried a second later, and the connections waiting for it held requests past tmax.
    const warmPool = async () => {
      for (let opened = 0; opened < maxConnections; opened += 64) {
        await Promise.all(
          Array.from({ length: Math.min(64, maxConnections - opened) }, async () => {
            const connection = connect();
            await new Promise((connected) => connection.socket.once('connect', connected));
            idle.push(connection);
          }),
        );
      }
    };
    void warmPool().then(run);
  });

const result = rate ? await openLoop(Number(rate), Number(warmupSeconds ?? 0)) : await flatOut();
const cpu = process.cpuUsage();
process.stdout.write(`${JSON.stringify({ ...result, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
