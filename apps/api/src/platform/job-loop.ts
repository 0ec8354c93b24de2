// The loop of a background worker whose queue is a table (list imports, report generations): it
// runs one claimed job at a time, sleeps when there is none (woken early by `wake`), and lets tests
// and shutdown wait for it. What a job is, how it is claimed and how it survives a restart is the
// worker's own (see modules/inventory/list-import-worker.ts).
import type { FastifyBaseLogger } from 'fastify';

export type JobLoop = {
  /** Starts the loop: unfinished jobs first. */
  start: () => void;
  /** Looks for work now (a job was queued). */
  wake: () => void;
  /** Stops after the current job; answers when it has. */
  stop: () => Promise<void>;
  /** Resolves when no job is queued or running (tests and the bench). */
  whenIdle: () => Promise<void>;
};

/** `runOne` claims and runs one job, answering whether there was one. */
export const createJobLoop = (options: {
  name: string;
  log: FastifyBaseLogger;
  idlePollMs: number;
  runOne: () => Promise<boolean>;
}): JobLoop => {
  let running = false;
  let stopped = false;
  let loop: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let idleWaiters: (() => void)[] = [];

  const run = async () => {
    while (!stopped) {
      running = true;
      let didWork = false;
      try {
        didWork = await options.runOne();
      } catch (error) {
        if (!stopped) options.log.error({ err: error }, options.name);
      }
      running = false;
      if (didWork) continue;
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, options.idlePollMs);
      });
      wakeUp = undefined;
    }
  };

  return {
    start: () => {
      loop ??= run();
    },
    wake: () => wakeUp?.(),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await loop;
    },
    whenIdle: () =>
      new Promise<void>((resolve) => {
        if (!running && !wakeUp) return resolve();
        idleWaiters.push(resolve);
        wakeUp?.();
      }),
  };
};
