// Helpers of the campaign API tests: a valid body, reference rows the tests need
// (exchanges, inventory lists, audiences, creatives) written straight into the database, and calls.
import { randomBytes } from 'node:crypto';
import type { BulkResult, CampaignDetail, CampaignListItem } from '@console/core/api/campaigns';
import type { ChangeLogEntry } from '@console/core/api/users';
import type { CampaignStatus } from '@console/core/campaign-status';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applists, audiences, campaigns } from '../src/db/schema/campaigns.ts';
import { creatives } from '../src/db/schema/creatives.ts';
import { exchanges } from '../src/db/schema/reference.ts';
import { dataOf } from './support/accounts.ts';
import type { CallResult, TestApp } from './support/test-app.ts';

export type Page<T> = { items: T[]; total: number; page: number; limit: number; total_exact?: boolean };
export type { BulkResult, CampaignDetail, CampaignListItem, ChangeLogEntry };

const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const suffix = () => randomBytes(3).toString('hex');

/** Active exchanges with unique names; answers their ids in the order given. */
export const insertExchanges = async (
  t: TestApp,
  count: number,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
) => {
  const tag = suffix();
  const rows = await t.deps.db
    .insert(exchanges)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Exchange ${tag} ${i}`,
        key: `ex_${tag}_${i}`,
        status,
      })),
    )
    .returning({ id: exchanges.id, name: exchanges.name });
  return rows;
};

export const insertApplist = async (t: TestApp, ownerId: number, name = `Apps ${suffix()}`) => {
  const [row] = await t.deps.db.insert(applists).values({ ownerId, name }).returning();
  return row!;
};

export const insertAudience = async (t: TestApp, ownerId: number, name = `Audience ${suffix()}`) => {
  const [row] = await t.deps.db.insert(audiences).values({ ownerId, name }).returning();
  return row!;
};

export const insertCreative = async (t: TestApp, advertiserId: number) => {
  const [row] = await t.deps.db
    .insert(creatives)
    .values({
      advertiserId,
      name: `Creative ${suffix()}`,
      creativeType: 'image',
    } as typeof creatives.$inferInsert)
    .returning({ id: creatives.id });
  return row!;
};

/** A valid campaign body: a month-long flight starting tomorrow, with the given exchanges. */
export const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring Sale',
  start_at: daysFromNow(1),
  end_at: daysFromNow(31),
  time_zone: 'Europe/Berlin',
  total_budget_micros: 5_000_000_000,
  daily_budget_micros: 200_000_000,
  pacing: 'EVEN',
  price_model: 'CPM',
  bid_micros: 2_500_000,
  min_bid_micros: 1_000_000,
  max_bid_micros: 4_000_000,
  frequency_cap: { count: 3, period: 'DAY' },
  day_parting: null,
  targeting: {
    countries: ['US', 'CA'],
    states: ['US-CA'],
    geo_fence: '40.7128, -74.0060, 5 | 51.5,-0.12,10.25',
    device_types: ['PHONE', 'TABLET'],
    languages: ['en'],
    traffic_types: ['APP'],
  },
  exchange_ids: [],
  ...overrides,
});

export const expectOk = (result: CallResult) => {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.success).toBe(true);
  return result;
};

export const createCampaign = async (
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<CampaignDetail> =>
  dataOf<CampaignDetail>(
    expectOk(await t.call('POST', '/api/campaigns', { token, body: campaignBody(overrides) })),
  );

export const readCampaign = async (t: TestApp, token: string, id: number) =>
  dataOf<CampaignDetail>(expectOk(await t.call('GET', `/api/campaigns/${id}`, { token })));

export const moveStatus = (t: TestApp, token: string, id: number, to: CampaignStatus, reason?: string) =>
  t.call('POST', `/api/campaigns/${id}/status`, {
    token,
    body: reason === undefined ? { to } : { to, reason },
  });

export const moveOk = async (t: TestApp, token: string, id: number, to: CampaignStatus, reason?: string) =>
  dataOf<CampaignDetail>(expectOk(await moveStatus(t, token, id, to, reason)));

export const changeLogOf = async (
  t: TestApp,
  token: string,
  id: number,
  query: Record<string, string | number> = {},
) =>
  dataOf<Page<ChangeLogEntry>>(
    expectOk(
      await t.call('GET', `/api/campaigns/${id}/change-log`, { token, query: { limit: 100, ...query } }),
    ),
  );

export const statusInDb = async (t: TestApp, id: number) => {
  const [row] = await t.deps.db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row?.status;
};

/** Puts a campaign straight into a status (fixtures for states the API reaches only over time). */
export const forceStatus = (t: TestApp, id: number, status: CampaignStatus) =>
  t.deps.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));

export const listCampaigns = async (t: TestApp, token: string, query: Record<string, string | number> = {}) =>
  dataOf<Page<CampaignListItem>>(
    expectOk(await t.call('GET', '/api/campaigns', { token, query: { limit: 100, ...query } })),
  );

export const bulk = async (t: TestApp, token: string, op: string, body: unknown) => {
  const result = expectOk(await t.call('POST', `/api/campaigns/bulk/${op}`, { token, body }));
  return { ...dataOf<BulkResult>(result), message: result.body.message as string };
};

export const decide = async (t: TestApp, token: string, body: unknown) =>
  t.call('POST', '/api/admin/exchange-approval/decide', { token, body });
