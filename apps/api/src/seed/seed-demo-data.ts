// The whole demo of a first run, in order: users and deposits (booked an hour before the history's
// first day, so every statement opens on money), creatives, campaigns, the delivering campaigns,
// the delivery history made through the bid engine and the last week of its traffic as the request
// sample (with DEMO_HISTORY_DAYS=0, as the e2e servers run, neither of the last two).
import type { AppConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';
import { seedDemoCreatives } from './demo-creatives.ts';
import { seedDemoDelivery } from './demo-delivery.ts';
import { demoHistoryStart, type HistoryResult, seedDemoHistory } from './demo-history.ts';
import { type DemoSamplesResult, seedDemoSamples } from './demo-samples.ts';
import { findDemoAdvertiserIds, seedDemo } from './demo-seed.ts';

export const seedDemoData = async (
  db: Db,
  config: Pick<AppConfig, 'demoHistoryDays' | 'demoPassword' | 'bidderSeat'>,
  mediaDir: string,
  options: { now?: Date; requestsPerDay?: number } = {},
): Promise<{ history: HistoryResult; samples: DemoSamplesResult; historyDays: number }> => {
  const historyDays = config.demoHistoryDays ?? 30;
  const { now = new Date(), requestsPerDay } = options;
  await seedDemo(db, config.demoPassword, {
    depositsAt:
      historyDays > 0 ? new Date(demoHistoryStart(historyDays, now).getTime() - 3_600_000) : undefined,
  });
  // Creatives first: the demo campaigns attach them.
  await seedDemoCreatives(db, mediaDir);
  await seedDemoCampaigns(db);
  await seedDemoDelivery(db, mediaDir);
  const history = await seedDemoHistory(db, {
    advertiserIds: await findDemoAdvertiserIds(db),
    days: historyDays,
    now,
    seat: config.bidderSeat,
    requestsPerDay,
  });
  const samples =
    historyDays > 0 ? await seedDemoSamples(db, { now, requestsPerDay }) : { samples: 0, ms: 0 };
  return { history, samples, historyDays };
};
