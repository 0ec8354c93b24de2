// The compaction job: once a UTC day is closed (COMPACTION_GRACE_MS after its end, when every batch
// and fold of it is in), its hourly rollups are summed into the tiers (rollup-tiers.ts) and the
// watermark moves past it. A week at a time, each in its own short transaction; the watermark row
// is locked for it, so API processes sharing a database never compact the same days twice. A fresh
// install starts at its first rollup hour; history written before the watermark later (the demo
// seed, a rebuild) goes through rebuildRollups, which rewrites the tiers of the days it touches.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { createJobLoop, type JobLoop } from '../../platform/job-loop.ts';
import { rewriteTierDays, utcDateOf } from './rollup-tiers.ts';
import { foldPendingRollups } from './rollups.ts';

export const COMPACTION_GRACE_MS = 15 * 60_000;
const CHUNK_DAYS = 7;
const DAY_MS = 86_400_000;
const POLL_MS = 60_000;

/** Compacts the next closed days (up to a week); answers whether there were any. */
export const compactNextDays = async (db: Db, nowMs = Date.now()): Promise<boolean> => {
  const closedBefore = utcDateOf(nowMs - COMPACTION_GRACE_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into rollup_compaction (id, compacted_before)
      select 1, coalesce((select (min(hour) at time zone 'UTC')::date from delivery_hourly), ${closedBefore}::date)
      on conflict (id) do nothing`);
    const rows = await rowsOf<{ before: string }>(
      tx,
      sql`select compacted_before::text as before from rollup_compaction where id = 1 for update`,
    );
    const from = rows[0]!.before;
    if (from >= closedBefore) return false;
    const to = utcDateOf(Math.min(Date.parse(from) + CHUNK_DAYS * DAY_MS, Date.parse(closedBefore)));
    // Bids' rollup rows still pending belong in delivery_hourly before their days are summed.
    await foldPendingRollups(tx);
    await rewriteTierDays(tx, from, to);
    await tx.execute(sql`update rollup_compaction set compacted_before = ${to} where id = 1`);
    return true;
  });
};

/**
 * The job in the API process: at start (catching up), then every minute. `refreshStatistics` (the
 * embedded database, which has no autovacuum to do it) analyzes the database once compaction has
 * caught up after moving the watermark: the planner otherwise keeps the row counts of the day the
 * tables were created and plans a month of rollups as a few rows (measured on the demo's 30 days: a
 * sequential scan of delivery_hourly for every campaign list page).
 */
export const createCompactionJob = (
  db: Db,
  log: FastifyBaseLogger,
  options: { refreshStatistics?: boolean } = {},
): JobLoop => {
  let compactedSinceAnalyze = false;
  return createJobLoop({
    name: 'rollup compaction',
    log,
    idlePollMs: POLL_MS,
    runOne: async () => {
      if (await compactNextDays(db)) {
        compactedSinceAnalyze = true;
        return true;
      }
      if (compactedSinceAnalyze && options.refreshStatistics) {
        compactedSinceAnalyze = false;
        await refreshPlannerStatistics(db);
      }
      return false;
    },
  });
};

/** Planner statistics of every table (ANALYZE); what PostgreSQL's autovacuum keeps up on its own. */
export const refreshPlannerStatistics = async (db: Db): Promise<void> => {
  await db.execute(sql`analyze`);
};
