// Change notices (platform/change-feed.ts) are told when the writer's transaction commits, never
// before and never for one rolled back, so the bidder reloads once and sees the change: a campaign
// paused through the API stops bidding at once, with no reload called by anyone. (Across processes
// on PostgreSQL: change-notices.postgres.test.ts.)
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceChange, onEntityChange } from '../src/platform/change-feed.ts';
import { expectOk } from './campaign-fixtures.ts';
import { freshRequest, timeUntilBidding } from './support/bid-calls.ts';
import { startDemoDeliveryApp } from './support/demo-delivery-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let token: string;
let campaignId: number;

beforeAll(async () => {
  const app = await startDemoDeliveryApp();
  ({ t, token } = app);
  campaignId = app.campaignIdOf('Mobile App Leaderboard');
});
afterAll(() => t?.close());

/** A test auction (`test: 1`): answered like any other, but it holds and bills nothing. */
const auction = () => freshRequest('mobile-app-banner', { test: 1 });

/** The entity types told to this process's listeners while a test runs. */
const told: string[] = [];
const stopListening: (() => void)[] = [];
const listen = () => stopListening.push(onEntityChange((entityType) => told.push(entityType)));
afterEach(() => {
  for (const stop of stopListening.splice(0)) stop();
  told.length = 0;
});
const probe = (what: string) => `probe-${what}-${randomBytes(4).toString('hex')}`;

describe('change notices', () => {
  it('stop a campaign paused through the API within a second, and let it bid again once resumed', async () => {
    expect(await timeUntilBidding(t.baseUrl, auction, campaignId, true)).toBeLessThan(1000);
    const move = async (to: 'PAUSED' | 'ACTIVE') =>
      expectOk(await t.call('POST', `/api/campaigns/${campaignId}/status`, { token, body: { to } }));
    await move('PAUSED');
    expect(await timeUntilBidding(t.baseUrl, auction, campaignId, false)).toBeLessThan(1000);
    await move('ACTIVE');
    expect(await timeUntilBidding(t.baseUrl, auction, campaignId, true)).toBeLessThan(1000);
  });

  it('are told when the transaction commits, not before', async () => {
    listen();
    const committed = probe('committed');
    await t.deps.db.transaction(async (tx) => {
      await announceChange(tx, committed);
      await tx.execute('select 1');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(told).not.toContain(committed);
    });
    // PGlite tells them as the commit completes; PostgreSQL through the listening connection.
    if (process.env.TEST_DB !== 'postgres') expect(told).toContain(committed);
    await vi.waitFor(() => expect(told).toContain(committed));
  });

  it('are never told for a transaction or savepoint rolled back', async () => {
    listen();
    const rolledBack = probe('rolled-back');
    const savepoint = probe('savepoint');
    const kept = probe('kept');
    await expect(
      t.deps.db.transaction(async (tx) => {
        await announceChange(tx, rolledBack);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.deps.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await announceChange(inner, savepoint);
          throw new Error('savepoint rolled back');
        })
        .catch(() => {});
      await announceChange(tx, kept);
    });
    // Notices arrive in commit order: once the later one is here, the rolled-back ones never come.
    const marker = probe('marker');
    await announceChange(t.deps.db, marker);
    await vi.waitFor(() => expect(told).toContain(marker));
    expect(told).toContain(kept);
    expect(told).not.toContain(rolledBack);
    expect(told).not.toContain(savepoint);
  });

  it('are told once per entity type and transaction', async () => {
    listen();
    const twice = probe('twice');
    const marker = probe('marker');
    await t.deps.db.transaction(async (tx) => {
      await announceChange(tx, twice);
      await announceChange(tx, twice);
    });
    await announceChange(t.deps.db, marker);
    await vi.waitFor(() => expect(told).toContain(marker));
    expect(told.filter((entityType) => entityType === twice)).toHaveLength(1);
  });
});
