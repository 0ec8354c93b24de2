// `npm run rollups:rebuild [-- --from 2026-01-01T00:00:00Z --to 2026-02-01T00:00:00Z]`: rebuilds the
// hourly delivery rollups from the raw events (all of them by default; a range is whole UTC hours),
// the compacted tiers of the days the range touches and the campaigns' lifetime totals; then checks
// every tier and the totals against them.
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { tierDrift } from '../modules/delivery/rollup-tiers.ts';
import { campaignTotalsDrift, rebuildRollups, rewriteCampaignTotals } from '../modules/delivery/rollups.ts';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new Error(`--${name} must be a date and time, like 2026-01-31T00:00:00Z.`);
  return new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);
};

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const started = Date.now();
    const rows = await rebuildRollups(database.db, { from: argument('from'), to: argument('to') });
    console.log(`Rebuilt ${rows} hourly rollup rows in ${Date.now() - started} ms.`);
    // The compacted tiers of the days it touched were rewritten too; all of them must agree.
    for (const tier of await tierDrift(database.db))
      console.log(`${tier.table}: ${tier.rows === 0 ? 'agrees' : `${tier.rows} rows differ`}`);
    const campaigns = await campaignTotalsDrift(database.db);
    if (campaigns > 0) await rewriteCampaignTotals(database.db);
    console.log(
      `campaign_delivery_totals and campaign_delivery_hours: ${campaigns === 0 ? 'agree' : `${campaigns} rows differed: rewritten from the rollups`}`,
    );
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
