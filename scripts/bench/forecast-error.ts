// The forecast's error against simulated days, per demo campaign.
//   node --import tsx scripts/bench/forecast-error.ts [--days=7] [--requests-per-day=800] [--compare-days=1]
// On a fresh embedded database in a temporary directory, the demo seed as `npm start` writes it:
// `days` days of history made by the bid engine over the demo's simulated traffic, and the last week
// of that traffic as the request sample. Then, for every active demo campaign, its forecast
// (GET /api/campaigns/:id/forecast, as the admin: expected wins and spend) against what the same
// engine delivers over the next `compare-days` whole days of the same traffic in the campaign's time
// zone (seed/demo-history.ts createSimulation: the live bidder's index and rules, budgets seeded from
// the history; one UTC day more is played so that every zone's days are whole). Each day is
// compared with the forecast of its weekday (next_days), and the mean of the days with the average
// day's forecast. Prints two tables with the load average; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localMidnightMs, readLocalClock, shiftDay } from '@console/core/time/zoned-time';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config/env.ts';
import { campaigns as campaignTable } from '../../apps/api/src/db/schema/campaigns.ts';
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
  imps_priced_out: { own: number };
  next_days: { weekday: number; daily_wins: { expected: number }; from_average: boolean }[];
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const usd = (micros: number) => `$${(micros / 1_000_000).toFixed(2)}`;
/** The forecast's error as a share of what was delivered (0 when neither has any; null: none delivered). */
const errorShare = (forecast: number, delivered: number): number | null =>
  delivered === 0 ? (forecast === 0 ? 0 : null) : (forecast - delivered) / delivered;
const errorOf = (forecast: number, delivered: number) => {
  const share = errorShare(forecast, delivered);
  return share === null ? 'n/a (none delivered)' : `${(share * 100).toFixed(1)}%`;
};

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
    // Per campaign and local day of its zone: impressions and spend.
    const zoneOf = new Map(
      (await deps.db.select({ id: campaignTable.id, zone: campaignTable.timeZone }).from(campaignTable)).map(
        (row) => [row.id, row.zone],
      ),
    );
    const delivered = new Map<string, { impressions: number; spend: number }>();
    const requests = await simulation.play(
      dayStart,
      dayStart + (compareDays + 1) * DAY_MS,
      ({ tracked, billed }) => {
        if (!billed) return;
        const day = readLocalClock(zoneOf.get(tracked.campaignId) ?? 'UTC', billed.atMs).dateKey;
        const key = `${tracked.campaignId}|${day}`;
        const row = delivered.get(key) ?? { impressions: 0, spend: 0 };
        row.impressions += 1;
        row.spend += billed.advertiserMicros;
        delivered.set(key, row);
      },
    );
    const firstDay = new Date(dayStart).toISOString().slice(0, 10);
    /** The campaign's local days wholly inside the played hours, first `compareDays` of them. */
    const daysOf = (zone: string) => {
      const end = dayStart + (compareDays + 1) * DAY_MS;
      const days: string[] = [];
      for (let n = -1; n <= compareDays && days.length < compareDays; n++) {
        const day = shiftDay(firstDay, n);
        if (localMidnightMs(zone, day) >= dayStart && localMidnightMs(zone, shiftDay(day, 1)) <= end)
          days.push(day);
      }
      return days;
    };

    const list = await app.inject({
      method: 'GET',
      url: '/api/campaigns?limit=100',
      headers: { authorization: `Bearer ${token}` },
    });
    const campaigns = (
      list.json() as { data: { items: { campaign_id: number; name: string; status: string }[] } }
    ).data.items.filter((campaign) => campaign.status === 'ACTIVE');
    const rows = [];
    const dayRows = [];
    for (const campaign of campaigns) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaign.campaign_id}/forecast`,
        headers: { authorization: `Bearer ${token}` },
      });
      const forecast = (answer.json() as { data: Forecast }).data;
      const zone = zoneOf.get(campaign.campaign_id) ?? 'UTC';
      const days = daysOf(zone);
      const total = { impressions: 0, spend: 0 };
      const dayRow: Record<string, string | number> = { campaign: campaign.name };
      let within = 0;
      let weekdayForecastSum = 0;
      for (const day of days) {
        const got = delivered.get(`${campaign.campaign_id}|${day}`) ?? { impressions: 0, spend: 0 };
        total.impressions += got.impressions;
        total.spend += got.spend;
        const weekday = readLocalClock('UTC', Date.parse(`${day}T12:00:00Z`)).weekday;
        const predicted = forecast.next_days.find((entry) => entry.weekday === weekday);
        const wins = predicted?.daily_wins.expected ?? forecast.daily_wins.expected;
        weekdayForecastSum += wins;
        const share = errorShare(wins, got.impressions);
        if (share !== null && Math.abs(share) <= 0.3) within++;
        dayRow[`${WEEKDAYS[weekday]} ${day.slice(5)}`] =
          `${wins}${predicted?.from_average ? '*' : ''} / ${got.impressions} (${share === null ? 'n/a' : `${share >= 0 ? '+' : ''}${Math.round(share * 100)}%`})`;
      }
      dayRow['within 30%'] = `${within}/${days.length}`;
      dayRows.push(dayRow);
      const day = { impressions: total.impressions / days.length, spend: total.spend / days.length };
      rows.push({
        campaign: campaign.name,
        'forecast imps': forecast.daily_wins.expected,
        'weekday forecasts, mean': Math.round((weekdayForecastSum / days.length) * 10) / 10,
        'delivered imps': Math.round(day.impressions * 10) / 10,
        'imps error': errorOf(forecast.daily_wins.expected, day.impressions),
        'forecast spend': usd(forecast.daily_spend_micros.expected),
        'delivered spend': usd(day.spend),
        'spend error': errorOf(forecast.daily_spend_micros.expected, day.spend),
        'limited by': forecast.limited_by,
        'imps to our others': forecast.imps_priced_out.own,
      });
    }
    console.log(
      `Simulated ${compareDays} day(s) in each campaign's zone from ${firstDay} (${compareDays + 1} UTC days, ` +
        `${requests} requests, ${perDay} on an average day); load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    console.log(
      'Each day: its weekday forecast / delivered impressions (error); * the average day stood in.',
    );
    console.table(dayRows);
    console.log('A day on average: the average-day forecast against the mean of the days.');
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
