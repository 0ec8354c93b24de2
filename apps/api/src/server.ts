// `npm start`: migrate, seed demo data into an empty embedded database (or with --demo), serve.
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { ensureReferenceData } from './modules/reference/reference-seed.ts';
import { seedDemoCampaigns } from './seed/demo-campaigns.ts';
import { seedDemoCreatives } from './seed/demo-creatives.ts';
import { seedDemoDelivery } from './seed/demo-delivery.ts';
import { demoHistoryStart, seedDemoHistory } from './seed/demo-history.ts';
import { seedDemoSamples } from './seed/demo-samples.ts';
import { DEMO_USERS, findDemoAdvertiserIds, isDatabaseEmpty, seedDemo } from './seed/demo-seed.ts';
import { ensurePlatformCompany } from './seed/platform-company.ts';

const main = async () => {
  const config = loadConfig();
  const { app, deps, database, bidder } = await buildApp(config);
  await ensurePlatformCompany(deps.db);
  await ensureReferenceData(deps.db);
  const wantsDemo = process.argv.includes('--demo');
  const seedsDemo = wantsDemo || (database.driver === 'pglite' && (await isDatabaseEmpty(deps.db)));
  if (seedsDemo) {
    const historyDays = config.demoHistoryDays ?? 30;
    // The deposits an hour before the history's first day: every statement opens on money.
    await seedDemo(deps.db, config.demoPassword, {
      depositsAt: historyDays > 0 ? new Date(demoHistoryStart(historyDays).getTime() - 3_600_000) : undefined,
    });
    // Creatives first: the demo campaigns attach them.
    await seedDemoCreatives(deps.db, deps.media.mediaDir);
    await seedDemoCampaigns(deps.db);
    await seedDemoDelivery(deps.db, deps.media.mediaDir);
    const history = await seedDemoHistory(deps.db, {
      advertiserIds: await findDemoAdvertiserIds(deps.db),
      days: historyDays,
    });
    if (history.events > 0)
      console.log(
        `Demo history: ${historyDays} days of ${history.requests} simulated bid requests through the bid engine: ${history.bids} bids, ${history.impressions} impressions, ${history.events} events in ${history.ms} ms`,
      );
    // The last week of the history's traffic in the bidder's request sample: forecasts answer at
    // once, of the traffic the history was made from (with the demo history: DEMO_HISTORY_DAYS=0,
    // as the e2e servers run, writes neither).
    const samples = config.demoHistoryDays ? await seedDemoSamples(deps.db) : { samples: 0, ms: 0 };
    if (samples.samples > 0)
      console.log(`Demo request samples: ${samples.samples} (7 days) in ${samples.ms} ms`);
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
