// A small in-process load generator: N concurrent workers, each running its own chain of requests
// back to back (closed loop) for a warm-up and then a fixed measured duration, with a bound on the
// number of requests. Node's fetch (undici, keep-alive) against 127.0.0.1 only.

export type Worker = {
  /** One request; resolves true when it succeeded. Only its time is measured. */
  step: () => Promise<boolean>;
  /** Called (unmeasured) after a failed step, e.g. to log in again. */
  recover?: () => Promise<void>;
};

export type LoadOptions = {
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** Stop measuring after this many measured requests. */
  maxRequests: number;
  makeWorker: (index: number) => Promise<Worker>;
};

export type LoadResult = {
  /** Measured requests (after the warm-up). */
  requests: number;
  /** Every request made, warm-up included (what the server spent its CPU on). */
  sent: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
};

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const workers = await Promise.all(
    Array.from({ length: options.concurrency }, (_, i) => options.makeWorker(i)),
  );
  const latencies = new Float64Array(options.maxRequests);
  let measured = 0;
  let sent = 0;
  let errors = 0;
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  let lastFinish = measureFrom;

  await Promise.all(
    workers.map(async (worker) => {
      for (;;) {
        const t0 = performance.now();
        if (t0 >= measureUntil || measured >= options.maxRequests) return;
        const counted = t0 >= measureFrom;
        let ok = false;
        sent++;
        try {
          ok = await worker.step();
        } catch {
          ok = false;
        }
        const t1 = performance.now();
        if (counted && measured < options.maxRequests) {
          latencies[measured++] = t1 - t0;
          if (!ok) errors++;
          if (t1 > lastFinish) lastFinish = t1;
        }
        if (!ok) await worker.recover?.().catch(() => undefined);
      }
    }),
  );

  const sorted = latencies.slice(0, measured).sort();
  const seconds = Math.max(0.001, (lastFinish - measureFrom) / 1000);
  return {
    requests: measured,
    sent,
    errors,
    seconds,
    rps: measured / seconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/** Workers that GET `url` (the body read whole); a request succeeds on a 2xx answer. */
export const getWorker =
  (url: string, headers: Record<string, string> = {}) =>
  async (): Promise<Worker> => ({
    step: async () => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      return response.ok;
    },
  });
