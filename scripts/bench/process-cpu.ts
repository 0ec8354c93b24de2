// CPU time of the server process and of the database's backends, read from Linux /proc before and
// after a scenario. On a shared 2-core machine latencies follow whatever else runs; the CPU a request
// cost moves much less, so the benches print both.
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICK_MS = 1000 / 100; // USER_HZ, 100 on Linux

/** CPU time (user + system) of a process in ms; undefined when /proc has no such process. */
export const cpuMsOf = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
};

export type CpuSample = { server: number | undefined; db: Map<number, number> };

/**
 * Samples the server's CPU and, given a PostgreSQL URL, its database's client backends' (on PGlite
 * the database runs inside the server process, so its CPU is the server's). Autovacuum workers are
 * left out: after a seed of millions of rows they vacuum and analyze for minutes, and a worker that
 * started between two samples counted its whole CPU since its start (likely why the campaigns bench
 * read 3.4 ms of database CPU for a statement that costs 0.5 ms alone, on a freshly seeded database).
 */
export const cpuMeter = (serverPid: number | undefined, databaseUrl?: string) => {
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  const connected = client?.connect();
  const backends = async () => {
    if (!client) return new Map<number, number>();
    await connected;
    const rows = (
      await client.query(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and backend_type = 'client backend'`,
      )
    ).rows as { pid: number }[];
    return new Map(rows.map((row) => [row.pid, cpuMsOf(row.pid) ?? 0]));
  };
  return {
    sample: async (): Promise<CpuSample> => ({
      server: serverPid ? cpuMsOf(serverPid) : undefined,
      db: await backends(),
    }),
    /** ms of CPU between two samples (backends that came since count from zero). */
    spent: (before: CpuSample, after: CpuSample) => {
      let db = 0;
      for (const [pid, value] of after.db) db += value - (before.db.get(pid) ?? 0);
      const server =
        before.server === undefined || after.server === undefined ? Number.NaN : after.server - before.server;
      return { server, db };
    },
    close: async () => {
      await client?.end();
    },
  };
};
