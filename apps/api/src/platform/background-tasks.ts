// Work done after the answer has gone out: what must not show in the answer's timing (whether an
// e-mail address has an account) or must not hold the caller up. A task starts once the answer has
// been handed to the network (PGlite runs queries on the event loop, so even a started query would
// delay the answer). Failures are logged, never thrown at a caller already answered. `idle` lets
// the server close, and tests, wait for every task.
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

export type BackgroundTasks = {
  /** Runs the task once the reply has been sent (or its connection has closed). */
  afterReply: (reply: FastifyReply, name: string, task: () => Promise<unknown>) => void;
  /** Resolves once every task scheduled so far (and any they scheduled) has finished. */
  idle: () => Promise<void>;
};

export const createBackgroundTasks = (log: FastifyBaseLogger): BackgroundTasks => {
  const pending = new Set<Promise<unknown>>();
  return {
    afterReply(reply, name, task) {
      const done = new Promise<void>((resolve) => {
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          Promise.resolve()
            .then(task)
            .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
            .finally(resolve);
        };
        reply.raw.once('finish', start);
        reply.raw.once('close', start);
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
};
