// The forecast's error against a simulated day, per demo campaign.
//   node --import tsx scripts/bench/forecast-error.ts [--days=7] [--requests-per-day=800] [--compare-days=1]
// On a fresh embedded database in a temporary directory, the demo seed as `npm start` writes it:
// `days` days of history made by the bid engine over the demo's simulated traffic, and the last week
// of that traffic as the request sample. Then, for every active demo campaign, its forecast
// (GET /api/campaigns/:id/forecast, as the admin: expected wins and spend a day) against what the
// same engine delivers over the next whole UTC day of the same traffic (seed/demo-history.ts
// createSimulation: the live bidder's index and rules, budgets seeded from the history), or a day
// on average over the next `compare-days` days (weekdays and weekends, as the forecast's week of
// samples). Prints a table with the load average; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { ensureReferenceData } from '../../apps/api/src/modules/reference/reference-seed.ts';
import { createSimulation } from '../../apps/api/src/seed/demo-history.ts';
import { DEMO_REQUESTS_PER_DAY, demoTraffic } from '../../apps/api/src/seed/demo-samples.ts';
import { ensurePlatformCompany } from '../../apps/api/src/seed/platform-company.ts';
import { seedDemoData } from '../../apps/api/src/seed/seed-demo-data.ts';

const DAY_MS = 86_400_000;
const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '7' },
    'requests-per-day': { type: 'string', default: String(DEMO_REQUESTS_PER_DAY) },
    'compare-days': { type: 'string', default: '1' },
  },
});
const days = Number(values.days);
const perDay = Number(values['requests-per-day']);
const compareDays = Number(values['compare-days']);
if (
  !(days >= 1 && days <= 60) ||
  !(perDay >= 10 && perDay <= 1_000_000) ||
  !(compareDays >= 1 && compareDays <= 14)
) {
  console.error(
    'Usage: forecast-error.ts [--days=1..60] [--requests-per-day=10..1000000] [--compare-days=1..14]',
  );
  process.exit(2);
}

type Forecast = {
  daily_wins: { expected: number };
  daily_spend_micros: { expected: number };
  limited_by: string;
  sample_matches: number;
};

const usd = (micros: number) => `$${(micros / 1_000_000).toFixed(2)}`;
/** The forecast's error as a share of what was delivered ("0%" when neither has any). */
const errorOf = (forecast: number, delivered: number) =>
  delivered === 0
    ? forecast === 0
      ? '0%'
      : 'n/a (none delivered)'
    : `${(((forecast - delivered) / delivered) * 100).toFixed(1)}%`;

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'forecast-error-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_HISTORY_DAYS: String(days),
    PORT: '0',
    LOG_LEVEL: 'warn',
  });
  const { app, deps, bidder } = await buildApp(config);
  try {
    await ensurePlatformCompany(deps.db);
    await ensureReferenceData(deps.db);
    const now = new Date();
    const seeded = await seedDemoData(deps.db, config, deps.media.mediaDir, { now, requestsPerDay: perDay });
    await bidder.index.reload();
    console.log(
      `Seed: ${days} days, ${seeded.history.requests} requests, ${seeded.history.impressions} impressions, ` +
        `${seeded.history.events} events in ${seeded.history.ms} ms; ${seeded.samples.samples} samples in ${seeded.samples.ms} ms`,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.test', password: config.demoPassword },
    });
    const token = (login.json() as { data: { token: string } }).data.token;

    // The next whole UTC days of the same traffic, through the same engine.
    const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
    const traffic = await demoTraffic(deps.db, perDay);
    const simulation = await createSimulation(deps.db, traffic, { nowMs: dayStart, seat: config.bidderSeat });
    const delivered = new Map<number, { impressions: number; spend: number }>();
    const requests = await simulation.play(
      dayStart,
      dayStart + compareDays * DAY_MS,
      ({ tracked, billed }) => {
        if (!billed) return;
        const row = delivered.get(tracked.campaignId) ?? { impressions: 0, spend: 0 };
        row.impressions += 1;
        row.spend += billed.advertiserMicros;
        delivered.set(tracked.campaignId, row);
      },
    );

    const list = await app.inject({
      method: 'GET',
      url: '/api/campaigns?limit=100',
      headers: { authorization: `Bearer ${token}` },
    });
    const campaigns = (
      list.json() as { data: { items: { campaign_id: number; name: string; status: string }[] } }
    ).data.items.filter((campaign) => campaign.status === 'ACTIVE');
    const rows = [];
    for (const campaign of campaigns) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaign.campaign_id}/forecast`,
        headers: { authorization: `Bearer ${token}` },
      });
      const forecast = (answer.json() as { data: Forecast }).data;
      const total = delivered.get(campaign.campaign_id) ?? { impressions: 0, spend: 0 };
      const day = { impressions: total.impressions / compareDays, spend: total.spend / compareDays };
      rows.push({
        campaign: campaign.name,
        'forecast imps': forecast.daily_wins.expected,
        'delivered imps': Math.round(day.impressions * 10) / 10,
        'imps error': errorOf(forecast.daily_wins.expected, day.impressions),
        'forecast spend': usd(forecast.daily_spend_micros.expected),
        'delivered spend': usd(day.spend),
        'spend error': errorOf(forecast.daily_spend_micros.expected, day.spend),
        'limited by': forecast.limited_by,
      });
    }
    console.log(
      `Simulated ${compareDays} day(s) from ${new Date(dayStart).toISOString().slice(0, 10)}: ` +
        `${requests} requests (${perDay} on an average day), delivery a day on average; load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    console.table(rows);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
