// Change log entries carry the names of the ids their changes hold (`names`, 'exchange:12' ->
// 'Google AdX'), so the console shows names, never ids; and the platform refuses to record a field
// the shared field list (@console/core/change-log-fields) does not know, which would go unlabelled.
import { changeLogFieldSpec } from '@console/core/change-log-fields';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordChange } from '../src/platform/audit.ts';
import {
  campaignBody,
  changeLogOf,
  createCampaign,
  expectOk,
  insertApplist,
  insertCreative,
  insertExchanges,
} from './campaign-fixtures.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
});
afterAll(() => t.close());

describe('names in change logs', () => {
  it("names the advertiser, exchanges, creatives and lists a campaign's entries hold", async () => {
    const ex = await insertExchanges(t, 2);
    const creative = await insertCreative(t, DEMO.advertiser.id);
    const applist = await insertApplist(t, DEMO.advertiser.id, 'Names Test Apps');
    const campaign = await createCampaign(t, tok.advertiser, {
      name: 'Names Test',
      exchange_ids: ex.map((row) => row.id),
      creative_ids: [creative.id],
      inventory: [{ applist_id: applist.id, mode: 'BLOCK' }],
    });
    expectOk(
      await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
        token: tok.advertiser,
        body: campaignBody({
          name: 'Names Test',
          exchange_ids: [ex[0]!.id],
          creative_ids: [creative.id],
          inventory: [{ applist_id: applist.id, mode: 'ALLOW' }],
        }),
      }),
    );
    const log = await changeLogOf(t, tok.advertiser, campaign.campaign_id);
    const created = log.items.find((entry) => entry.action === 'create')!;
    expect(created.names).toMatchObject({
      [`user:${DEMO.advertiser.id}`]: expect.any(String),
      [`exchange:${ex[0]!.id}`]: ex[0]!.name,
      [`exchange:${ex[1]!.id}`]: ex[1]!.name,
      [`applist:${applist.id}`]: 'Names Test Apps',
    });
    expect(Object.keys(created.names!)).toContain(`creative:${creative.id}`);
    const updated = log.items.find((entry) => entry.action === 'update')!;
    // Each entry names only its own ids.
    expect(updated.names).toEqual({
      [`exchange:${ex[0]!.id}`]: ex[0]!.name,
      [`exchange:${ex[1]!.id}`]: ex[1]!.name,
      [`applist:${applist.id}`]: 'Names Test Apps',
    });
  });

  it('leaves out the names of deleted objects (the console says the object is gone)', async () => {
    const [exchange] = await insertExchanges(t, 1);
    const campaign = await createCampaign(t, tok.advertiser, { exchange_ids: [exchange!.id] });
    await t.deps.db.execute(sql`delete from campaign_exchanges where exchange_id = ${exchange!.id}`);
    await t.deps.db.execute(sql`delete from exchanges where id = ${exchange!.id}`);
    const [created] = (await changeLogOf(t, tok.advertiser, campaign.campaign_id)).items;
    expect(created!.changes.map((change) => change.field)).toContain('exchange_ids');
    expect(created!.names).not.toHaveProperty(`exchange:${exchange!.id}`);
  });
});

describe('recording a field', () => {
  it('refuses an action or a field the shared list does not know, outside production', async () => {
    expect(changeLogFieldSpec('made_up_field')).toBeUndefined();
    await expect(
      recordChange(t.deps.db, {
        entityType: 'campaign',
        entityId: 1,
        action: 'update',
        actorUserId: null,
        effectiveUserId: null,
        changes: [{ field: 'made_up_field', from: 1, to: 2 }],
      }),
    ).rejects.toThrow(/made_up_field/);
    await expect(
      recordChange(t.deps.db, {
        entityType: 'campaign',
        entityId: 1,
        action: 'made-up-action',
        actorUserId: null,
        effectiveUserId: null,
        changes: [{ field: 'name', from: 'a', to: 'b' }],
      }),
    ).rejects.toThrow(/made-up-action/);
  });
});
