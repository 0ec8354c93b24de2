// Loaded into the production server by campaigns.ts (node --import tsx --import <this file>): the
// statements the API sends to PostgreSQL while it serves a request that carries the header
// `x-bench-record: 1`, printed when its response has gone, as one line on stdout:
//   @@bench-statements {"url": ..., "statements": [{ name?, text, values, start, end }]}
// (start: sent, end: answered, ms since the request came; bigint values as text). Only such
// requests are followed (AsyncLocalStorage), so the server's other work and the load's own requests
// are not recorded and cost one store look-up a statement.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Server } from 'node:http';
import pg from 'pg';
import type { RecordedStatement } from './recorded-statement.ts';

type Recording = { t0: number; statements: RecordedStatement[] };

const recording = new AsyncLocalStorage<Recording>();

const emit = Server.prototype.emit as (this: Server, event: string, ...args: unknown[]) => boolean;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
  const [request, response] = args as [
    { headers: Record<string, unknown>; url?: string },
    { once: (e: string, f: () => void) => void },
  ];
  if (event !== 'request' || request.headers['x-bench-record'] !== '1')
    return emit.call(this, event, ...args);
  const store: Recording = { t0: performance.now(), statements: [] };
  response.once('finish', () =>
    process.stdout.write(
      `@@bench-statements ${JSON.stringify({ url: request.url, statements: store.statements }, (_, v) => (typeof v === 'bigint' ? String(v) : v))}\n`,
    ),
  );
  return recording.run(store, () => emit.call(this, event, ...args));
} as typeof Server.prototype.emit;

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const store = recording.getStore();
  if (!store) return query.call(this, config, ...rest);
  const given =
    typeof config === 'string'
      ? { text: config }
      : (config as { name?: string; text: string; values?: unknown[] });
  // drizzle passes a named statement's values beside its config, not in it.
  const values = Array.isArray(rest[0]) ? (rest[0] as unknown[]) : (given.values ?? []);
  const statement: RecordedStatement = {
    ...(given.name ? { name: given.name } : {}),
    text: given.text,
    values,
    start: performance.now() - store.t0,
  };
  store.statements.push(statement);
  const ended = () => {
    statement.end = performance.now() - store.t0;
  };
  // pg's Pool passes a callback; drizzle's own connections take the promise.
  const callback = rest.at(-1);
  if (typeof callback === 'function')
    rest[rest.length - 1] = (...results: unknown[]) => {
      ended();
      return callback(...results);
    };
  const result = query.call(this, config, ...rest);
  if (result instanceof Promise) result.then(ended, ended);
  return result;
} as typeof pg.Client.prototype.query;
