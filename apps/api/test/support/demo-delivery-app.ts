// The console with the demo delivery seeded (the bidder's campaigns and creatives) and its advertiser
// signed in: where the bidder's API tests start.
import { campaigns } from '../../src/db/schema/campaigns.ts';
import { DEMO_DELIVERY_ADVERTISER, seedDemoDelivery } from '../../src/seed/demo-delivery.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export type DemoDeliveryApp = {
  t: TestApp;
  /** The demo delivery advertiser's token. */
  token: string;
  /** A seeded campaign's id by its name ('Mobile App Leaderboard', 'Open Web Display', ...). */
  campaignIdOf: (name: string) => number;
};

export const startDemoDeliveryApp = async (
  ...args: Parameters<typeof startTestApp>
): Promise<DemoDeliveryApp> => {
  const t = await startTestApp(...args);
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  await t.bidder.index.reload();
  const token = await t.loginAs(DEMO_DELIVERY_ADVERTISER);
  const rows = await t.deps.db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns);
  const campaignIdOf = (name: string) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`The demo delivery has no campaign named ${name}`);
    return row.id;
  };
  return { t, token, campaignIdOf };
};
