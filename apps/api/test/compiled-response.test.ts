// The compiled serialiser of the campaign lists and details, the creative lists and the dashboard charts
// (platform/compiled-response.ts) writes the very text zod's encoding would: on the demo data (seeded
// creatives, campaigns, delivery) each answer is compared byte for byte with zod's encoding of the
// same value. (zod keeps the order the handler built the keys in, the compiled one the schema's: the
// creative detail builds its native assets in another order, so it stays with zod.)
import { campaignDetail, campaignListItem } from '@console/core/api/campaigns';
import { cappedPageOf, okResponse } from '@console/core/api/common';
import { creativeListItem } from '@console/core/api/creatives';
import { dashboardChart } from '@console/core/api/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemoCampaigns } from '../src/seed/demo-campaigns.ts';
import { seedDemoCreatives } from '../src/seed/demo-creatives.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  await seedDemoCreatives(t.deps.db, t.deps.media.mediaDir);
  await seedDemoCampaigns(t.deps.db);
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
});
afterAll(() => t.close());

/** The answer's text, and zod's encoding of what it says. */
const both = async (token: string, url: string, schema: z.ZodType) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  return { compiled: response.body, zod: JSON.stringify(z.encode(schema, JSON.parse(response.body))) };
};

describe('compiled answers equal zod encoded ones', () => {
  it('campaign lists and details', async () => {
    const list = okResponse(cappedPageOf(campaignListItem));
    for (const [name, query] of [
      ['admin', 'limit=100'],
      ['admin', 'sort=name&order=asc'],
      ['agency', 'status=ACTIVE,PAUSED'],
      ['advertiser', ''],
    ] as const) {
      const answer = await both(tok[name], `/api/campaigns?${query}`, list);
      expect(answer.compiled).toBe(answer.zod);
    }
    const all = JSON.parse((await both(tok.admin, '/api/campaigns?limit=100', list)).compiled);
    expect(all.data.items.length).toBeGreaterThan(5);
    for (const item of all.data.items as { campaign_id: number }[]) {
      const answer = await both(tok.admin, `/api/campaigns/${item.campaign_id}`, okResponse(campaignDetail));
      expect(answer.compiled).toBe(answer.zod);
    }
  });

  it('creative lists', async () => {
    const list = okResponse(cappedPageOf(creativeListItem));
    for (const [name, query] of [
      ['admin', 'limit=100'],
      ['admin', 'sort=name&order=asc&limit=5&page=2'],
      ['agency', ''],
      ['advertiser', 'status=APPROVED'],
    ] as const) {
      const answer = await both(tok[name], `/api/creatives?${query}`, list);
      expect(answer.compiled).toBe(answer.zod);
    }
    const all = JSON.parse((await both(tok.admin, '/api/creatives?limit=100', list)).compiled);
    expect(all.data.items.length).toBeGreaterThan(3);
  });

  it('dashboard charts', async () => {
    const chart = okResponse(dashboardChart);
    const today = new Date().toISOString().slice(0, 10);
    const week = `from=${new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10)}&to=${today}`;
    for (const [name, prefix, query] of [
      ['admin', '/api/admin/dashboard', `${week}&tz=UTC&granularity=day&compare=true`],
      ['admin', '/api/admin/dashboard', `from=${today}&to=${today}&tz=Asia/Kolkata&granularity=hour`],
      ['agency', '/api/agency/dashboard', `${week}&tz=UTC`],
      ['advertiser', '/api/dashboard', `${week}&tz=America/New_York&granularity=hour`],
    ] as const) {
      const answer = await both(tok[name], `${prefix}/chart?${query}`, chart);
      expect(answer.compiled).toBe(answer.zod);
    }
    // The admin's points carry the role's figures (after the others), the advertiser's do not.
    const admin = JSON.parse(
      (await both(tok.admin, `/api/admin/dashboard/chart?${week}&tz=UTC`, chart)).compiled,
    );
    expect(admin.data.points).toHaveLength(7);
    expect(Object.keys(admin.data.points[0]).slice(-4)).toEqual([
      'media_cost',
      'margin',
      'agency_margin',
      'platform_margin',
    ]);
    const own = JSON.parse(
      (await both(tok.advertiser, `/api/dashboard/chart?${week}&tz=UTC`, chart)).compiled,
    );
    expect(own.data.points[0]).not.toHaveProperty('media_cost');
  });
});
