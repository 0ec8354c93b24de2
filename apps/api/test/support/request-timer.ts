// Times HTTP answers from a worker thread. The test app's server shares the test's event loop, so
// work the server does after answering (PGlite runs on that loop) would hold up a client on the same
// loop and be mistaken for a slow answer; a client with its own loop sees what a remote one sees.
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, body }) => {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.text();
    parentPort.postMessage({ status: response.status, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ status: 0, ms: 0, error: String(error) });
  }
});
`;

export type RequestTimer = {
  /** Milliseconds until the whole answer of one JSON POST arrived, and its status. */
  timePost: (url: string, body: unknown) => Promise<{ status: number; ms: number }>;
  close: () => Promise<void>;
};

export const startRequestTimer = (): RequestTimer => {
  const worker = new Worker(WORKER, { eval: true });
  return {
    timePost: (url, body) =>
      new Promise((resolve, reject) => {
        worker.once('message', (result: { status: number; ms: number; error?: string }) =>
          result.error ? reject(new Error(result.error)) : resolve(result),
        );
        worker.postMessage({ url, body });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
};
