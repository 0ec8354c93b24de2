// `npm start`: migrate, seed demo data into an empty embedded database (or with --demo), serve.
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { refreshPlannerStatistics } from './modules/delivery/compaction.ts';
import { ensureReferenceData } from './modules/reference/reference-seed.ts';
import { DEMO_USERS, isDatabaseEmpty } from './seed/demo-seed.ts';
import { ensurePlatformCompany } from './seed/platform-company.ts';
import { seedDemoData } from './seed/seed-demo-data.ts';

const main = async () => {
  const config = loadConfig();
  const { app, deps, database, bidder } = await buildApp(config);
  await ensurePlatformCompany(deps.db);
  await ensureReferenceData(deps.db);
  const wantsDemo = process.argv.includes('--demo');
  const seedsDemo = wantsDemo || (database.driver === 'pglite' && (await isDatabaseEmpty(deps.db)));
  if (seedsDemo) {
    const { history, samples, historyDays } = await seedDemoData(deps.db, config, deps.media.mediaDir);
    if (history.events > 0)
      console.log(
        `Demo history: ${historyDays} days of ${history.requests} simulated bid requests through the bid engine: ${history.bids} bids, ${history.impressions} impressions, ${history.events} events in ${history.ms} ms`,
      );
    if (samples.samples > 0)
      console.log(`Demo request samples: ${samples.samples} (7 days) in ${samples.ms} ms`);
    // The embedded database has no autovacuum: without fresh statistics its planner takes the
    // demo's month of rollups for the empty tables they were at creation.
    if (database.driver === 'pglite') await refreshPlannerStatistics(deps.db);
    await bidder.index.reload();
  }

  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const where =
    database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nTrading Desk Console on http://localhost:${config.port}  (database: ${where})`);
  console.log(`API reference: http://localhost:${config.port}/docs`);
  if (seedsDemo) {
    console.log(
      `Demo logins (password: ${config.demoPassword === 'Demo-pass-1' ? 'Demo-pass-1' : 'DEMO_PASSWORD'}):`,
    );
    for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(10)} ${user.email}`);
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
