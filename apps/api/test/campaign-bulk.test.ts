// Bulk campaign operations, clone and the change log (spec section 7 'campaign
// bulk operations'): per-id results, one transaction per campaign (a failure leaves the others
// changed), the scope check per id, clones without approvals, field-level logs with actor and
// effective user, newest first and filterable.
import type { SessionData } from '@console/core/api/auth';
import { MIN_VIEWABILITY_MESSAGE } from '@console/core/api/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulk,
  type CampaignDetail,
  campaignBody,
  changeLogOf,
  createCampaign,
  daysFromNow,
  expectOk,
  forceStatus,
  insertApplist,
  insertAudience,
  insertCreative,
  insertExchanges,
  moveOk,
  readCampaign,
} from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startCampaignApp, type TestExchange } from './support/campaign-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp, tok: DemoTokens, ex: TestExchange[];
beforeAll(async () => {
  ({ t, tok, ex } = await startCampaignApp(3));
});
afterAll(() => t.close());

const NOTE = 'Each campaign is saved on its own, so the others keep their changes.';

/** Three campaigns of adv1 (draft, active, completed) and one of the direct advertiser. */
const fixture = async () => {
  const draft = await createCampaign(t, tok.adv1, { name: 'Bulk Draft', exchange_ids: [ex[0]!.id] });
  const active = await createCampaign(t, tok.adv1, {
    name: 'Bulk Active',
    exchange_ids: [ex[0]!.id],
    submit: true,
  });
  await moveOk(t, tok.admin, active.campaign_id, 'ACTIVE');
  const completed = await createCampaign(t, tok.adv1, { name: 'Bulk Done', exchange_ids: [ex[0]!.id] });
  await forceStatus(t, completed.campaign_id, 'COMPLETED');
  const foreign = await createCampaign(t, tok.advertiser, { name: 'Not Yours', exchange_ids: [ex[0]!.id] });
  return {
    draft: draft.campaign_id,
    active: active.campaign_id,
    completed: completed.campaign_id,
    foreign: foreign.campaign_id,
  };
};

describe('bulk bid range', () => {
  it('changes each campaign it may, and reports the others with their reason', async () => {
    const ids = await fixture();
    const result = await bulk(t, tok.agency, 'bid-range', {
      ids: [ids.draft, ids.active, ids.completed, ids.foreign, ids.draft],
      min_bid_micros: 2_000_000,
      max_bid_micros: 3_000_000,
    });
    expect(result.message).toBe(`2 of 4 campaigns changed; 2 failed and are unchanged. ${NOTE}`);
    expect(result).toMatchObject({
      succeeded: 2,
      failed: 2,
      results: [
        { campaign_id: ids.draft, ok: true },
        { campaign_id: ids.active, ok: true },
        {
          campaign_id: ids.completed,
          ok: false,
          error_code: 400,
          message: 'A completed campaign cannot be edited.',
        },
        { campaign_id: ids.foreign, ok: false, error_code: 404, message: 'Campaign not found.' },
      ],
    });
    for (const id of [ids.draft, ids.active]) {
      expect(await readCampaign(t, tok.adv1, id)).toMatchObject({
        min_bid_micros: 2_000_000,
        max_bid_micros: 3_000_000,
        bid_micros: 2_500_000,
      });
    }
    expect((await readCampaign(t, tok.adv1, ids.completed)).min_bid_micros).toBe(1_000_000);
    expect((await readCampaign(t, tok.advertiser, ids.foreign)).min_bid_micros).toBe(1_000_000);
    const [entry] = (await changeLogOf(t, tok.adv1, ids.draft)).items;
    expect(entry).toMatchObject({ action: 'update', actor: { user_primary_id: DEMO.agency.id } });
    expect(entry!.changes).toEqual([
      { field: 'min_bid_micros', from: 1_000_000, to: 2_000_000 },
      { field: 'max_bid_micros', from: 4_000_000, to: 3_000_000 },
    ]);
  });

  it('refuses a bid outside the new range unless a bid is given', async () => {
    const ids = await fixture();
    const outside = await bulk(t, tok.adv1, 'bid-range', {
      ids: [ids.draft],
      min_bid_micros: 3_000_000,
      max_bid_micros: 5_000_000,
    });
    expect(outside.results[0]).toEqual({
      campaign_id: ids.draft,
      ok: false,
      error_code: 400,
      message: 'The bid $2.50 is outside the range $3.00 to $5.00: give a bid too.',
    });
    const withBid = await bulk(t, tok.adv1, 'bid-range', {
      ids: [ids.draft],
      min_bid_micros: 3_000_000,
      max_bid_micros: 5_000_000,
      bid_micros: 4_000_000,
    });
    expect(withBid.succeeded).toBe(1);
    expect((await readCampaign(t, tok.adv1, ids.draft)).bid_micros).toBe(4_000_000);
    expectFieldErrors(
      await t.call('POST', '/api/campaigns/bulk/bid-range', {
        token: tok.adv1,
        body: { ids: [ids.draft], min_bid_micros: 5_000_000, max_bid_micros: 3_000_000 },
      }),
      { min_bid_micros: 'The minimum bid cannot be higher than the maximum bid.' },
    );
    expectFieldErrors(
      await t.call('POST', '/api/campaigns/bulk/bid-range', {
        token: tok.adv1,
        body: { ids: [], min_bid_micros: 1, max_bid_micros: 3 },
      }),
      { ids: 'Choose at least one campaign.' },
    );
  });
});

describe('bulk inventory and audience', () => {
  it('adds, replaces and removes inventory lists; a foreign list fails that campaign only', async () => {
    const ids = await fixture();
    const [a, b] = [
      await insertApplist(t, DEMO.adv1.id, 'Games'),
      await insertApplist(t, DEMO.adv1.id, 'News'),
    ];
    const added = await bulk(t, tok.adv1, 'inventory', {
      ids: [ids.draft, ids.active],
      applist_ids: [a.id],
      mode: 'BLOCK',
      op: 'add',
    });
    expect(added.succeeded).toBe(2);
    await bulk(t, tok.adv1, 'inventory', { ids: [ids.draft], applist_ids: [b.id], mode: 'ALLOW', op: 'add' });
    expect((await readCampaign(t, tok.adv1, ids.draft)).inventory).toEqual([
      { applist_id: a.id, name: 'Games', mode: 'BLOCK' },
      { applist_id: b.id, name: 'News', mode: 'ALLOW' },
    ]);
    await bulk(t, tok.adv1, 'inventory', { ids: [ids.draft], applist_ids: [a.id], op: 'remove' });
    expect((await readCampaign(t, tok.adv1, ids.draft)).inventory.map((e) => e.applist_id)).toEqual([b.id]);
    await bulk(t, tok.adv1, 'inventory', {
      ids: [ids.draft],
      applist_ids: [a.id],
      mode: 'ALLOW',
      op: 'replace',
    });
    expect((await readCampaign(t, tok.adv1, ids.draft)).inventory).toEqual([
      { applist_id: a.id, name: 'Games', mode: 'ALLOW' },
    ]);

    const theirs = await insertApplist(t, DEMO.advertiser.id);
    const mixed = await bulk(t, tok.admin, 'inventory', {
      ids: [ids.foreign, ids.active],
      applist_ids: [theirs.id],
      mode: 'ALLOW',
      op: 'add',
    });
    expect(mixed.results).toEqual([
      { campaign_id: ids.foreign, ok: true },
      {
        campaign_id: ids.active,
        ok: false,
        error_code: 400,
        message: `These inventory lists are not this advertiser's: ${theirs.id}.`,
      },
    ]);
    const [entry] = (await changeLogOf(t, tok.adv1, ids.draft)).items;
    expect(entry!.changes).toEqual([
      {
        field: 'inventory',
        from: [{ applist_id: b.id, mode: 'ALLOW' }],
        to: [{ applist_id: a.id, mode: 'ALLOW' }],
      },
    ]);
  });

  it('adds and removes audiences with their mode', async () => {
    const ids = await fixture();
    const audience = await insertAudience(t, DEMO.adv1.id, 'Lapsed buyers');
    const result = await bulk(t, tok.agency, 'audience', {
      ids: [ids.draft, ids.active],
      audience_ids: [audience.id],
      mode: 'EXCLUDE',
      op: 'add',
    });
    expect(result.succeeded).toBe(2);
    expect((await readCampaign(t, tok.adv1, ids.active)).audiences).toEqual([
      { audience_id: audience.id, name: 'Lapsed buyers', mode: 'EXCLUDE' },
    ]);
    await bulk(t, tok.agency, 'audience', { ids: [ids.active], audience_ids: [audience.id], op: 'remove' });
    expect((await readCampaign(t, tok.adv1, ids.active)).audiences).toEqual([]);
  });
});

describe('bulk update, status and exchanges', () => {
  it('updates budgets, pacing, frequency cap and end date, checking the rules on the merged values', async () => {
    const ids = await fixture();
    const endAt = daysFromNow(90);
    const result = await bulk(t, tok.adv1, 'update', {
      ids: [ids.draft, ids.active],
      fields: { total_budget_micros: 8_000_000_000, pacing: 'ASAP', frequency_cap: null, end_at: endAt },
    });
    expect(result.succeeded).toBe(2);
    expect(await readCampaign(t, tok.adv1, ids.active)).toMatchObject({
      total_budget_micros: 8_000_000_000,
      pacing: 'ASAP',
      frequency_cap: null,
      end_at: new Date(endAt).toISOString(),
      daily_budget_micros: 200_000_000,
    });
    const tooSmall = await bulk(t, tok.adv1, 'update', {
      ids: [ids.draft],
      fields: { total_budget_micros: 100_000_000 },
    });
    expect(tooSmall.results[0]).toMatchObject({
      ok: false,
      error_code: 400,
      message: 'The daily budget cannot be more than the total budget.',
    });
    expectFieldErrors(
      await t.call('POST', '/api/campaigns/bulk/update', {
        token: tok.adv1,
        body: { ids: [ids.draft], fields: {} },
      }),
      {
        fields: 'Choose at least one field to change.',
      },
    );
  });

  it('sets or clears the minimum viewability, keeping the rest of the targeting, in the change log', async () => {
    const ids = await fixture();
    const result = await bulk(t, tok.agency, 'update', {
      ids: [ids.draft, ids.active, ids.foreign],
      fields: { min_viewability_pct: 70 },
    });
    expect(result.results.map((item) => [item.ok, item.error_code])).toEqual([
      [true, undefined],
      [true, undefined],
      [false, 404],
    ]);
    const active = await readCampaign(t, tok.adv1, ids.active);
    expect(active.targeting).toMatchObject({
      min_viewability_pct: 70,
      countries: campaignBody().targeting.countries,
    });
    expect((await readCampaign(t, tok.advertiser, ids.foreign)).targeting.min_viewability_pct).toBeNull();
    const log = await changeLogOf(t, tok.adv1, ids.active);
    expect(log.items[0]!.changes).toEqual([{ field: 'targeting.min_viewability_pct', from: null, to: 70 }]);
    expect(
      (await bulk(t, tok.adv1, 'update', { ids: [ids.active], fields: { min_viewability_pct: null } }))
        .succeeded,
    ).toBe(1);
    expect((await readCampaign(t, tok.adv1, ids.active)).targeting.min_viewability_pct).toBeNull();
    expectFieldErrors(
      await t.call('POST', '/api/campaigns/bulk/update', {
        token: tok.adv1,
        body: { ids: [ids.draft], fields: { min_viewability_pct: 101 } },
      }),
      { 'fields.min_viewability_pct': MIN_VIEWABILITY_MESSAGE },
    );
  });

  it('moves many campaigns by the lifecycle table, each on its own', async () => {
    const ids = await fixture();
    const paused = await bulk(t, tok.agency, 'status', {
      ids: [ids.active, ids.draft, ids.completed],
      to: 'PAUSED',
    });
    expect(paused.results.map((r) => [r.ok, r.error_code])).toEqual([
      [true, undefined],
      [false, 400],
      [false, 400],
    ]);
    expect(paused.results[1]!.message).toBe(
      'A campaign cannot go from draft to paused. From draft it can go to: pending approval, archived.',
    );
    const submitted = await bulk(t, tok.adv1, 'status', { ids: [ids.draft], to: 'PENDING_APPROVAL' });
    expect(submitted.succeeded).toBe(1);
    const ownerApproves = await bulk(t, tok.adv1, 'status', { ids: [ids.draft], to: 'ACTIVE' });
    expect(ownerApproves.results[0]).toMatchObject({ ok: false, error_code: 403 });
    // The admin bulk campaign status.
    const approved = await bulk(t, tok.admin, 'status', { ids: [ids.draft, ids.foreign], to: 'ACTIVE' });
    expect(approved.results.map((r) => r.ok)).toEqual([true, false]);
    expect((await readCampaign(t, tok.adv1, ids.draft)).status).toBe('ACTIVE');
    const rejectNoReason = await bulk(t, tok.admin, 'status', { ids: [ids.foreign], to: 'REJECTED' });
    expect(rejectNoReason.results[0]).toMatchObject({ ok: false, error_code: 400 });
  });

  it('adds, removes and replaces exchanges; new ones start pending, a live campaign keeps one', async () => {
    const ids = await fixture();
    const added = await bulk(t, tok.adv1, 'exchanges', {
      ids: [ids.draft, ids.active],
      exchange_ids: [ex[1]!.id, ex[2]!.id],
      op: 'add',
    });
    expect(added.succeeded).toBe(2);
    const active = await readCampaign(t, tok.adv1, ids.active);
    expect(active.exchanges.map((e) => e.state)).toEqual(['APPROVED', 'PENDING', 'PENDING']);
    await bulk(t, tok.adv1, 'exchanges', { ids: [ids.draft], exchange_ids: [ex[0]!.id], op: 'remove' });
    expect((await readCampaign(t, tok.adv1, ids.draft)).exchanges.map((e) => e.exchange_id)).toEqual([
      ex[1]!.id,
      ex[2]!.id,
    ]);
    await bulk(t, tok.adv1, 'exchanges', { ids: [ids.draft], exchange_ids: [ex[0]!.id], op: 'replace' });
    expect((await readCampaign(t, tok.adv1, ids.draft)).exchanges.map((e) => e.exchange_id)).toEqual([
      ex[0]!.id,
    ]);
    const emptied = await bulk(t, tok.adv1, 'exchanges', {
      ids: [ids.active, ids.draft],
      exchange_ids: ex.map((e) => e.id),
      op: 'remove',
    });
    expect(emptied.results).toEqual([
      {
        campaign_id: ids.active,
        ok: false,
        error_code: 400,
        message: 'A submitted campaign needs at least one exchange.',
      },
      { campaign_id: ids.draft, ok: true },
    ]);
    expect((await readCampaign(t, tok.adv1, ids.active)).exchanges).toHaveLength(3);
    const [inactive] = await insertExchanges(t, 1, 'INACTIVE');
    const refused = await bulk(t, tok.adv1, 'exchanges', {
      ids: [ids.draft],
      exchange_ids: [inactive!.id],
      op: 'add',
    });
    expect(refused.results[0]!.message).toBe(
      `These exchanges are not available to this advertiser: ${inactive!.id}.`,
    );
  });
});

describe('clone', () => {
  it('makes a new draft with everything but approvals and DSP ids', async () => {
    const creative = await insertCreative(t, DEMO.adv2.id);
    const applist = await insertApplist(t, DEMO.adv2.id);
    const audience = await insertAudience(t, DEMO.adv2.id);
    const source = await createCampaign(t, tok.admin, {
      advertiser_id: DEMO.adv2.id,
      name: 'Winter Boots Retarget',
      exchange_ids: [ex[0]!.id, ex[1]!.id],
      creative_ids: [creative.id],
      inventory: [{ applist_id: applist.id, mode: 'BLOCK' }],
      audiences: [{ audience_id: audience.id, mode: 'INCLUDE' }],
      assoc_dsp_map: [{ dsp_name: 'rtb-west', campaign_associate_id: `boots-${Date.now()}` }],
      submit: true,
    });
    await moveOk(t, tok.admin, source.campaign_id, 'ACTIVE');
    const result = expectOk(
      await t.call('POST', `/api/campaigns/${source.campaign_id}/clone`, { token: tok.adv2 }),
    );
    expect(result.body.message).toBe('Campaign copied.');
    const copy = dataOf<CampaignDetail>(result);
    expect(copy.campaign_id).not.toBe(source.campaign_id);
    expect(copy).toMatchObject({
      name: 'Copy of Winter Boots Retarget',
      status: 'DRAFT',
      advertiser: { user_primary_id: DEMO.adv2.id },
      creative_ids: [creative.id],
      inventory: [{ applist_id: applist.id, mode: 'BLOCK' }],
      audiences: [{ audience_id: audience.id, mode: 'INCLUDE' }],
      assoc_dsp_map: [],
      total_budget_micros: source.total_budget_micros,
      targeting: source.targeting,
      created_by: { user_primary_id: DEMO.adv2.id },
    });
    expect(copy.exchanges.map((e) => [e.exchange_id, e.state, e.decided_by])).toEqual([
      [ex[0]!.id, 'PENDING', null],
      [ex[1]!.id, 'PENDING', null],
    ]);
    expect((await readCampaign(t, tok.adv2, source.campaign_id)).status).toBe('ACTIVE');
    const [created] = (await changeLogOf(t, tok.adv2, copy.campaign_id)).items;
    expect(created!.action).toBe('create');
    expect(created!.changes).toEqual(
      expect.arrayContaining([
        { field: 'cloned_from', from: null, to: source.campaign_id },
        { field: 'name', from: null, to: 'Copy of Winter Boots Retarget' },
      ]),
    );
    expectError(
      await t.call('POST', `/api/campaigns/${source.campaign_id}/clone`, { token: tok.advertiser }),
      404,
      'Campaign not found.',
    );
  });
});

describe('change log', () => {
  it('is field-level, newest first, filterable, with who acted for whom', async () => {
    const campaign = await createCampaign(t, tok.adv1, { name: 'Logged', exchange_ids: [ex[0]!.id] });
    const session = dataOf<SessionData>(
      expectOk(
        await t.call('POST', '/api/auth/auto-login', {
          token: tok.agency,
          body: { user_primary_id: DEMO.adv1.id },
        }),
      ),
    );
    expectOk(
      await t.call('POST', `/api/campaigns/${campaign.campaign_id}/status`, {
        token: session.token,
        query: { agency_id: DEMO.agency.id },
        body: { to: 'PENDING_APPROVAL' },
      }),
    );
    await moveOk(t, tok.admin, campaign.campaign_id, 'ACTIVE');
    await moveOk(t, tok.adv1, campaign.campaign_id, 'PAUSED');
    const log = await changeLogOf(t, tok.agency, campaign.campaign_id);
    expect(log.items.map((entry) => [entry.action, entry.changes[0]])).toEqual([
      ['status', { field: 'status', from: 'ACTIVE', to: 'PAUSED' }],
      ['status', { field: 'status', from: 'PENDING_APPROVAL', to: 'ACTIVE' }],
      ['status', { field: 'status', from: 'DRAFT', to: 'PENDING_APPROVAL' }],
      ['create', { field: 'advertiser_id', from: null, to: DEMO.adv1.id }],
    ]);
    const submitted = log.items[2]!;
    expect(submitted.actor).toEqual({ user_primary_id: DEMO.agency.id, email: DEMO.agency.email });
    expect(submitted.onBehalfOf).toEqual({ user_primary_id: DEMO.adv1.id, email: DEMO.adv1.email });
    const times = log.items.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const creates = await changeLogOf(t, tok.adv1, campaign.campaign_id, { action: 'create' });
    expect(creates.items.map((entry) => entry.action)).toEqual(['create']);
    const paged = await changeLogOf(t, tok.adv1, campaign.campaign_id, { limit: 1, page: 2 });
    expect(paged).toMatchObject({ total: 4, page: 2, limit: 1 });
    expect(paged.items[0]!.changes[0]).toEqual({ field: 'status', from: 'PENDING_APPROVAL', to: 'ACTIVE' });
  });
});
