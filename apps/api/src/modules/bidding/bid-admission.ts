// Load shedding at the bidder's door. An exchange throws away an answer that comes after tmax, so
// a bid request the bidder cannot answer in time is answered "no bid" at once instead of taking its
// turn: when too many are in flight already, or when the event loop runs so late that a request has
// waited in line longer than allowed before the bidder even saw it. The loop's lateness is read from
// a timer that should fire every SAMPLE_MS: the time past that is how long work waits for its turn,
// and a request's arrival is taken as that much before the moment the bidder reads it.

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { installDoor } from '../../platform/server-door.ts';

/** How often the lateness of the event loop is sampled. */
const SAMPLE_MS = 5;

export type AdmissionLimits = {
  /** Bid requests answered at once (parsing, auction, recording); more are answered no bid. */
  maxInFlight: number;
  /** The longest a request may have waited for the event loop before it is answered no bid. */
  maxQueueMs: number;
};

export const DEFAULT_ADMISSION_LIMITS: AdmissionLimits = { maxInFlight: 256, maxQueueMs: 50 };

/** How late the event loop runs now (ms): how long a request waited for its turn before it was seen. */
export type LoopLag = { lagMs: () => number; close: () => void };

/** The loop's lateness from a timer due every SAMPLE_MS, on the monotonic clock `now` (ms). */
export const createLoopLag = (now: () => number): LoopLag => {
  let lastTickMs = now();
  let lastLagMs = 0;
  const timer = setInterval(() => {
    const at = now();
    lastLagMs = Math.max(0, at - lastTickMs - SAMPLE_MS);
    lastTickMs = at;
  }, SAMPLE_MS);
  timer.unref();
  return {
    // The last sample, or, when the timer is overdue right now, how overdue it is.
    lagMs: () => Math.max(lastLagMs, now() - lastTickMs - SAMPLE_MS),
    close: () => clearInterval(timer),
  };
};

export type Admission = {
  /**
   * A request seen now: its arrival (now less the loop's lateness) and whether it may go in; when it
   * may, `leave` must be called once it is answered.
   */
  enter: () => { admitted: boolean; arrivedMs: number };
  leave: () => void;
  /** Requests in flight (tests, figures). */
  inFlight: () => number;
  close: () => void;
};

/** `now` is the bidder's monotonic clock in ms (performance.now in production, a test's clock in tests). */
export const createAdmission = (limits: AdmissionLimits, now: () => number, loop: LoopLag): Admission => {
  let inFlight = 0;
  return {
    enter: () => {
      const queuedMs = loop.lagMs();
      const admitted = inFlight < limits.maxInFlight && queuedMs <= limits.maxQueueMs;
      if (admitted) inFlight++;
      return { admitted, arrivedMs: now() - queuedMs };
    },
    leave: () => {
      inFlight = Math.max(0, inFlight - 1);
    },
    inFlight: () => inFlight,
    close: () => loop.close(),
  };
};

/** Where a request stands at the door: when it arrived (the monotonic clock) and whether it holds a place. */
export type BidArrival = { arrivedMs: number; admitted: boolean };

/** A raw request the door has seen. */
type SeenRequest = IncomingMessage & { bidArrival?: BidArrival };

/** What the door answers a bid request it has no room or time for: no bid, with nothing read. */
const shedRaw = (response: ServerResponse) => {
  response.writeHead(204, { 'x-openrtb-version': '2.6' });
  response.end();
};

/**
 * The door in front of the HTTP framework: a bid request (POST under `pathPrefix`) meets the
 * admission as soon as its request line and headers are read, and one that is not admitted is
 * answered 204 there, before its body is read, parsed or routed: shedding costs little when the
 * bidder is behind, so it can catch up instead of answering late. An admitted request keeps its
 * place until its answer is out (or its connection closes) and goes on to the routes, which read
 * its arrival with `arrivalOf`. Requests that do not pass through the server (inject) meet the
 * admission in the routes' own hook.
 */
export const installBidDoor = (server: Server, admission: () => Admission, pathPrefix: string) =>
  installDoor(server, (request: SeenRequest, response, pass) => {
    if (request.method === 'POST' && request.url?.startsWith(pathPrefix)) {
      const door = admission();
      const arrival = door.enter();
      request.bidArrival = arrival;
      if (!arrival.admitted) return shedRaw(response);
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        door.leave();
      };
      response.once('finish', leave);
      response.once('close', leave);
    }
    pass();
  });

/** The arrival the door gave a request, if it passed the door. */
export const arrivalOf = (request: IncomingMessage): BidArrival | undefined =>
  (request as SeenRequest).bidArrival;
