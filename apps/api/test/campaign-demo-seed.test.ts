// The demo campaigns: every status for the demo advertisers, exchanges in mixed
// approval states, change logs; each one readable through the API (its answer passes the response
// schema), and seeding twice changes nothing.
import { CAMPAIGN_STATUSES } from '@console/core/campaign-status';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { seedDemoCampaigns } from '../src/seed/demo-campaigns.ts';
import { changeLogOf, listCampaigns, readCampaign } from './campaign-fixtures.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  await seedDemoCampaigns(t.deps.db);
});
afterAll(() => t.close());

describe('demo campaigns', () => {
  it('cover every status across the demo advertisers, each advertiser with its own', async () => {
    const all = await listCampaigns(t, tok.admin);
    expect(new Set(all.items.map((item) => item.status))).toEqual(new Set(CAMPAIGN_STATUSES));
    for (const name of ['adv1', 'adv2', 'advertiser'] as const) {
      const own = await listCampaigns(t, tok[name]);
      expect(own.total).toBeGreaterThanOrEqual(4);
      expect(own.items.every((item) => item.advertiser.user_primary_id === DEMO[name].id)).toBe(true);
    }
    const counts = all.items.map((item) => item.exchange_counts);
    expect(counts.some((c) => c.approved > 0 && c.pending > 0)).toBe(true);
    expect(counts.some((c) => c.rejected > 0 && c.approved > 0)).toBe(true);
  });

  it('are consistent: rejected ones say why, live ones have an approved exchange, and each has a log', async () => {
    const all = await listCampaigns(t, tok.admin);
    for (const item of all.items) {
      const campaign = await readCampaign(t, tok.admin, item.campaign_id);
      if (campaign.status === 'REJECTED') {
        expect(campaign.rejection_reason).toBeTruthy();
        expect(campaign.exchanges.every((e) => e.state === 'REJECTED')).toBe(true);
      }
      if (['ACTIVE', 'PAUSED'].includes(campaign.status))
        expect(campaign.exchanges.some((e) => e.state === 'APPROVED')).toBe(true);
      if (['DRAFT', 'PENDING_APPROVAL'].includes(campaign.status))
        expect(campaign.exchanges.some((e) => e.state === 'APPROVED')).toBe(false);
      const log = await changeLogOf(t, tok.admin, item.campaign_id);
      expect(log.items.at(-1)?.action).toBe('create');
      const statusMoves = log.items.filter((entry) => entry.action === 'status');
      if (campaign.status !== 'DRAFT') expect(statusMoves[0]?.changes[0]?.to).toBe(campaign.status);
    }
  });

  it('pass the API’s own rules: each editable one saves back unchanged', async () => {
    const all = await listCampaigns(t, tok.admin);
    for (const item of all.items.filter((i) =>
      ['DRAFT', 'PENDING_APPROVAL', 'ACTIVE', 'PAUSED'].includes(i.status),
    )) {
      const c = await readCampaign(t, tok.admin, item.campaign_id);
      const body = {
        name: c.name,
        start_at: c.start_at,
        end_at: c.end_at,
        time_zone: c.time_zone,
        total_budget_micros: c.total_budget_micros,
        daily_budget_micros: c.daily_budget_micros,
        pacing: c.pacing,
        price_model: c.price_model,
        bid_micros: c.bid_micros,
        min_bid_micros: c.min_bid_micros,
        max_bid_micros: c.max_bid_micros,
        frequency_cap: c.frequency_cap,
        day_parting: c.day_parting,
        targeting: c.targeting,
        exchange_ids: c.exchanges.map((e) => e.exchange_id),
        creative_ids: c.creative_ids,
        inventory: c.inventory.map(({ applist_id, mode }) => ({ applist_id, mode })),
        audiences: c.audiences.map(({ audience_id, mode }) => ({ audience_id, mode })),
      };
      const before = (await changeLogOf(t, tok.admin, c.campaign_id)).total;
      const saved = await t.call('PUT', `/api/campaigns/${c.campaign_id}`, { token: tok.admin, body });
      expect(saved.status, `${c.name}: ${JSON.stringify(saved.body)}`).toBe(200);
      expect((await changeLogOf(t, tok.admin, c.campaign_id)).total).toBe(before);
    }
  });

  it('are seeded once', async () => {
    const before = await t.deps.db.select({ value: count() }).from(campaigns);
    await seedDemoCampaigns(t.deps.db);
    const after = await t.deps.db.select({ value: count() }).from(campaigns);
    expect(after[0]!.value).toBe(before[0]!.value);
  });
});
