// The bench generators' open loop (bid-load.ts, notice-load.ts), as an exchange sends: request n is
// due at start + n / rate whatever the answers before it did, and its latency counts from that
// planned moment (so a stall shows in the figures instead of silently slowing the sender). Like an
// exchange sends bid requests, it does not queue them behind busy connections: it sends on an idle
// keep-alive connection or opens another, up to `maxConnections`, and a request due when every one
// of those is busy is given up at once (status 0, counted late), as is one never answered. Notices
// are not given up (an exchange's notice sender keeps them until it can send them): with `queue`,
// such a request waits for the next free connection, its latency still counted from its planned
// moment.
// It is cheap, so that the generator is not what is measured on a machine it shares with the
// bidder: raw TCP sockets (node:net), every request serialised as HTTP/1.1 bytes before the clock
// starts, and answers read for their status line and length only (node:http cost 0.15-0.2 ms of CPU
// per request, and its agent queued requests for seconds behind busy sockets: 4.6-8.4 s of the
// 4.7-8.6 s p50 latency at 7,800 req/s, 2026-11-29, load average 6-7).
// A warm-up at the same rate on the same connections comes first, unmeasured: an exchange keeps its
// connections open, and the first second of new ones (handshakes, cold code paths) is not what a
// running bidder sees.
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { percentile } from './load.ts';

export type OpenLoopRun = {
  /** Measured requests (after the warm-up), in the order sent. */
  requests: number;
  duration: number;
  /** Per measured request: planned send to answer (ms), and its status (0: given up or lost). */
  latencies: Float64Array;
  statuses: Uint16Array;
  /** Given up without being sent: no connection was free and none could be opened. */
  unsent: number;
  /** Sent late because no connection was free (`queue`). */
  queued: number;
  /** Sent and never answered (the connection closed, or the run ended). */
  lost: number;
  /** p99 of the delay from the planned send time to the write (ms): the generator's own lateness. */
  waitP99: number;
  /** Write to answer (ms) of the answered requests. */
  roundTripP50: number;
  roundTripP99: number;
  peakConnections: number;
  /** The generator's event loop delay p99 (ms). */
  loopDelayP99: number;
};

/** HTTP/1.1 bytes of a request, ready to write. */
export const wireOf = (target: URL, method: 'GET' | 'POST', path: string, body?: string): Buffer =>
  Buffer.from(
    body === undefined
      ? `${method} ${path} HTTP/1.1\r\nHost: ${target.host}\r\n\r\n`
      : `${method} ${path} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );

export const openLoop = (options: {
  target: URL;
  /** Every request, warm-up first. */
  wire: Buffer[];
  /** How many of `wire` are warm-up (unmeasured). */
  warm: number;
  perSecond: number;
  maxConnections: number;
  /** Once the last is due, answers are waited for this long more. */
  giveUpMs: number;
  /** A request due when no connection is free waits for one instead of being given up. */
  queue?: boolean;
  /** Called once the connection pool is open, before the clock starts (the bench's `go`). */
  beforeStart?: () => Promise<void>;
}): Promise<OpenLoopRun> =>
  new Promise((resolve) => {
    const { target, wire, warm, perSecond, maxConnections, giveUpMs } = options;
    const count = wire.length;
    const total = count - warm;
    const latencies = new Float64Array(total);
    const statuses = new Uint16Array(total);
    const waits = new Float64Array(total);
    let unsent = 0;
    let queued = 0;
    let lost = 0;
    let done = 0;
    let planned = 0;
    // The generator's own lateness: a request it sends late is late on its account, not the server's.
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    // The clock starts once the pool is open (warmPool below).
    let start = 0;
    const plannedAt = (n: number) => start + (n / perSecond) * 1000;
    // A request's end: answered (its status), or given up (0: never sent, or no answer).
    const settle = (n: number, status: number, at: number) => {
      done++;
      if (n < warm) return;
      latencies[n - warm] = at - plannedAt(n);
      statuses[n - warm] = status;
    };

    type Connection = { socket: net.Socket; n: number; data: Buffer | null };
    const idle: Connection[] = [];
    const open = new Set<Connection>();
    let peakConnections = 0;
    const sentAt = new Float64Array(count);
    const roundTrips = new Float64Array(total);
    /** Requests waiting for a free connection (`queue`), oldest first. */
    const waiting: number[] = [];
    const send = (n: number) => {
      const now = performance.now();
      const connection = idle.pop() ?? (open.size < maxConnections ? connect() : null);
      // No connection to send it on: an exchange does not hold a bid request for a busy server, it
      // goes without its answer (given up, counted late); a notice waits for a connection.
      if (!connection) {
        if (options.queue) {
          if (n >= warm) queued++;
          waiting.push(n);
          return;
        }
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
      const next = waiting.shift();
      if (next !== undefined) send(next);
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
      roundTrips.sort();
      resolve({
        requests: total,
        duration: (now - plannedAt(warm)) / 1000,
        latencies,
        statuses,
        unsent,
        queued,
        lost,
        waitP99: percentile(waits.sort(), 99),
        roundTripP50: percentile(roundTrips, 50),
        roundTripP99: percentile(roundTrips, 99),
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        peakConnections,
      });
    };
    // Every millisecond, send what is due by now on an idle connection (or a new one, up to the
    // limit); once the last is due, give up on answers `giveUpMs` later.
    let timer: NodeJS.Timeout | undefined;
    const run = () => {
      loopDelay.enable();
      start = performance.now();
      timer = setInterval(() => {
        const now = performance.now();
        const due = Math.min(count, Math.floor(((now - start) / 1000) * perSecond));
        while (planned < due) send(planned++);
        finish();
        if (planned === count && now > plannedAt(count - 1) + giveUpMs) finish(true);
      }, 1);
    };
    // An exchange keeps its connections to a server open: the pool is opened before the clock
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
    void warmPool()
      .then(() => options.beforeStart?.())
      .then(run);
  });
