// `npm run bidder`: one more bidder process (the OpenRTB endpoint and tracking only) on PORT, over
// the same database. Start several, each on its own port, behind the exchange's load balancing; with
// REDIS_URL set they share budgets, pacing, frequency caps and pending spend, and never overspend
// together. Without REDIS_URL each process keeps its own counters: run one.
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { buildBidderApp } from './modules/bidding/bidder-app.ts';

const main = async () => {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.warn('DATABASE_URL is not set: the embedded database allows one process at a time.');
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { app } = await buildBidderApp(config, database);
  app.addHook('onClose', () => database.close());
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  console.log(
    `Bidder on http://localhost:${port}/openrtb/2.6/{exchange_key} (shared state: ${config.redisUrl ? 'Redis' : 'this process only'})`,
  );
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
