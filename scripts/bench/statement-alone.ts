// What a request's statements cost the database replayed alone, one after another on one
// connection, beside a fixed reference statement's cost on the same database: campaigns.ts prints
// both. Under the bench's 8 connections on 2 cores a statement's CPU is its own plus what sharing
// the cores costs (1.2-1.4 times its cost alone, measured 2026-12-02), and this machine's speed
// moved by half between two runs an hour apart (health 5,380 and 3,246 req/s); the cost alone and
// the reference's say which of a change in the table is the statement's and which the machine's.
import pg from 'pg';
import { cpuMsOf } from './process-cpu.ts';
import { type ReplayedStatement, replayConfig } from './recorded-statement.ts';

/**
 * A statement that costs only CPU, the same work on any database: what the database's CPU time for
 * it is on this machine, now.
 */
export const REFERENCE_STATEMENT = 'select count(*) from generate_series(1, 100000)';

const WARM_UPS = 20;
const ROUNDS = 5;
/** CPU time is read in 10 ms ticks, so a round runs long enough for a few dozen of them. */
const ROUND_MS = 300;

/**
 * The median over ROUNDS rounds of the database CPU (ms) one run of `statements` costs its backend,
 * each round as many runs as fill about ROUND_MS of wall time.
 */
export const cpuAlone = async (databaseUrl: string, statements: ReplayedStatement[]): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  await client.connect();
  try {
    const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    const run = async () => {
      for (const statement of statements) await client.query(replayConfig(statement));
    };
    const started = performance.now();
    for (let i = 0; i < WARM_UPS; i++) await run();
    const runs = Math.max(5, Math.round(ROUND_MS / ((performance.now() - started) / WARM_UPS)));
    const perRun: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = cpuMsOf(pid) ?? Number.NaN;
      for (let i = 0; i < runs; i++) await run();
      perRun.push(((cpuMsOf(pid) ?? Number.NaN) - before) / runs);
    }
    return perRun.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  } finally {
    await client.end();
  }
};

/** The database CPU (ms) of one run of REFERENCE_STATEMENT, replayed alone as cpuAlone does. */
export const referenceCpu = (databaseUrl: string): Promise<number> =>
  cpuAlone(databaseUrl, [{ text: REFERENCE_STATEMENT, values: [] }]);
