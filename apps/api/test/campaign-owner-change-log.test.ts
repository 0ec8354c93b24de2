// GET /api/campaigns/advertiser/:id/change-log (admin CampaignList/changeLog/{id}): the change logs
// of all one advertiser's campaigns as one page, newest first, each entry naming its campaign;
// scoped like the advertiser's campaign list (an agency its own advertisers, 404 for anyone else's).
import type { ChangeLogEntry } from '@console/core/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../src/platform/pagination.ts';
import { campaignBody, createCampaign, expectOk, moveOk } from './campaign-fixtures.ts';
import { dataOf, expectError } from './support/accounts.ts';
import { DEMO, expectAllNeedToken, secondAgency } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

const pathOf = (advertiserId: number) => `/api/campaigns/advertiser/${advertiserId}/change-log`;

let t: TestApp;
let tok: DemoTokens;
let other: { advertiserId: number; agencyToken: string };
let first: { id: number; name: string };
let second: { id: number; name: string };

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  const agency = await secondAgency(t, tok.admin);
  other = { advertiserId: agency.advertiser.user_primary_id, agencyToken: agency.agencyToken };
  const a = await createCampaign(t, tok.adv1, { name: 'Owner Log First' });
  const b = await createCampaign(t, tok.adv1, { name: 'Owner Log Second' });
  first = { id: a.campaign_id, name: a.name };
  second = { id: b.campaign_id, name: b.name };
  expectOk(
    await t.call('PUT', `/api/campaigns/${first.id}`, {
      token: tok.adv1,
      body: campaignBody({ name: 'Owner Log First Renamed' }),
    }),
  );
  await moveOk(t, tok.adv1, second.id, 'ARCHIVED');
});
afterAll(() => t.close());

const readLog = async (token: string, advertiserId: number, query: Record<string, string | number> = {}) =>
  dataOf<Page<ChangeLogEntry>>(
    expectOk(await t.call('GET', pathOf(advertiserId), { token, query: { limit: 100, ...query } })),
  );

describe("one advertiser's campaign change log", () => {
  it('answers 401 without a token', async () => {
    await expectAllNeedToken(t, [{ method: 'GET', path: pathOf(DEMO.adv1.id) }]);
  });

  it("merges the advertiser's campaigns' entries, newest first, each naming its campaign", async () => {
    const log = await readLog(tok.admin, DEMO.adv1.id);
    const mine = log.items.filter((entry) => [first.id, second.id].includes(entry.subject?.id ?? 0));
    expect(mine.map((entry) => [entry.subject?.id, entry.action])).toEqual([
      [second.id, 'status'],
      [first.id, 'update'],
      [second.id, 'create'],
      [first.id, 'create'],
    ]);
    // The subject is the campaign's name now, so a renamed campaign reads as it is called today.
    expect(mine[1]?.subject?.name).toBe('Owner Log First Renamed');
    expect(mine[1]?.changes).toContainEqual({
      field: 'name',
      from: 'Owner Log First',
      to: 'Owner Log First Renamed',
    });
    const times = log.items.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(log.items.every((entry) => entry.subject !== undefined)).toBe(true);
  });

  it('filters by action and pages', async () => {
    const creates = await readLog(tok.coadmin, DEMO.adv1.id, { action: 'create' });
    expect(creates.items.length).toBeGreaterThanOrEqual(2);
    expect(creates.items.every((entry) => entry.action === 'create')).toBe(true);
    const pageOne = await readLog(tok.admin, DEMO.adv1.id, { limit: 1, page: 1 });
    expect(pageOne.items).toHaveLength(1);
    expect(pageOne.total).toBeGreaterThanOrEqual(4);
  });

  it("never shows another advertiser's campaigns", async () => {
    const log = await readLog(tok.admin, DEMO.adv2.id);
    expect(log.items.some((entry) => [first.id, second.id].includes(entry.subject?.id ?? 0))).toBe(false);
  });

  it("lets an agency read its own advertiser's log and answers 404 for another agency's", async () => {
    const log = await readLog(tok.agency, DEMO.adv1.id);
    expect(log.items.some((entry) => entry.subject?.id === first.id)).toBe(true);
    expectError(await t.call('GET', pathOf(DEMO.adv1.id), { token: other.agencyToken }), 404);
    expectError(await t.call('GET', pathOf(DEMO.advertiser.id), { token: tok.agency }), 404);
  });

  it('lets an advertiser read only its own', async () => {
    expect((await readLog(tok.adv1, DEMO.adv1.id)).total).toBeGreaterThanOrEqual(4);
    expectError(await t.call('GET', pathOf(DEMO.adv1.id), { token: tok.advertiser }), 404);
  });

  it('refuses a bad id with 400', async () => {
    expectError(await t.call('GET', '/api/campaigns/advertiser/abc/change-log', { token: tok.admin }), 400);
  });
});
