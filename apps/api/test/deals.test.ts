// Private-marketplace deals: staff record them per exchange (/api/deals), every role reads the deals
// its advertisers may use, campaigns name only deals of their exchanges (for everyone or for their
// advertiser), and the campaign's new targeting (deals only, excluded content categories, minimum
// viewability) is kept. Permissions: no token 401, wrong role 403, another tenant's deal unseen and
// refused, bad input 400 with the field's message.
import { MIN_VIEWABILITY_MESSAGE } from '@console/core/api/campaigns';
import { DEAL_MESSAGES, type Deal } from '@console/core/api/deals';
import { IAB_CATEGORY_MESSAGE } from '@console/core/api/iab-categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CampaignDetail, campaignBody, createCampaign, expectOk } from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, expectAllForbidden, expectAllNeedToken } from './support/admin-fixtures.ts';
import { type DemoTokens, startCampaignApp, type TestExchange } from './support/campaign-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp, tok: DemoTokens, ex: TestExchange[];
beforeAll(async () => {
  ({ t, tok, ex } = await startCampaignApp(2));
});
afterAll(() => t.close());

const dealBody = (overrides: Record<string, unknown> = {}) => ({
  exchange_id: ex[0]!.id,
  deal_id: `PMP-${Math.random().toString(36).slice(2, 8)}`,
  name: 'Premium travel',
  floor_micros: 3_500_000,
  seats: ['console', 'console'],
  ...overrides,
});
const createDeal = async (token: string, overrides: Record<string, unknown> = {}) =>
  dataOf<Deal>(expectOk(await t.call('POST', '/api/deals', { token, body: dealBody(overrides) })));
const listDeals = async (token: string, query: Record<string, string> = {}) =>
  dataOf<Deal[]>(expectOk(await t.call('GET', '/api/deals', { token, query })));

describe('deals', () => {
  it('are recorded by an admin or co-admin, edited and deleted, each change in the change log', async () => {
    const deal = await createDeal(tok.admin, { deal_id: 'PMP-ADMIN-1' });
    expect(deal).toMatchObject({
      exchange_id: ex[0]!.id,
      exchange_name: ex[0]!.name,
      deal_id: 'PMP-ADMIN-1',
      name: 'Premium travel',
      floor_micros: 3_500_000,
      seats: ['console'],
      advertiser_id: null,
    });
    const edited = expectOk(
      await t.call('PUT', `/api/deals/${deal.id}`, {
        token: tok.coadmin,
        body: dealBody({
          deal_id: 'PMP-ADMIN-1',
          name: 'Premium travel Q4',
          floor_micros: 4_000_000,
          seats: [],
        }),
      }),
    );
    expect(dataOf<Deal>(edited)).toMatchObject({
      name: 'Premium travel Q4',
      floor_micros: 4_000_000,
      seats: [],
    });
    const log = await t.deps.db.execute<{ action: string }>(
      `select action from audit_log where entity_type = 'deal' and entity_id = '${deal.id}' order by id` as never,
    );
    expect((log as unknown as { rows: { action: string }[] }).rows.map((row) => row.action)).toEqual([
      'create',
      'update',
    ]);
    expectOk(await t.call('DELETE', `/api/deals/${deal.id}`, { token: tok.admin }));
    expect((await listDeals(tok.admin)).some((entry) => entry.id === deal.id)).toBe(false);
    expectError(
      await t.call('DELETE', `/api/deals/${deal.id}`, { token: tok.admin }),
      404,
      DEAL_MESSAGES.notFound,
    );
  });

  it('refuse bad input with the field’s message', async () => {
    const post = (body: unknown) => t.call('POST', '/api/deals', { token: tok.admin, body });
    expectFieldErrors(await post(dealBody({ deal_id: 'has space' })), {
      deal_id: 'A deal id is 1 to 100 characters without spaces.',
    });
    expectFieldErrors(await post(dealBody({ floor_micros: -1 })), { floor_micros: DEAL_MESSAGES.floor });
    expectFieldErrors(await post(dealBody({ floor_micros: 1.5 })), { floor_micros: DEAL_MESSAGES.floor });
    expectFieldErrors(await post(dealBody({ seats: ['two words'] })), { 'seats.0': DEAL_MESSAGES.seat });
    expectFieldErrors(await post(dealBody({ exchange_id: 2_000_000_000 })), {
      exchange_id: DEAL_MESSAGES.unknownExchange,
    });
    expectFieldErrors(await post(dealBody({ advertiser_id: DEMO.agency.id })), {
      advertiser_id: DEAL_MESSAGES.unknownAdvertiser,
    });
    await createDeal(tok.admin, { deal_id: 'PMP-TWICE' });
    expectFieldErrors(await post(dealBody({ deal_id: 'PMP-TWICE' })), { deal_id: DEAL_MESSAGES.duplicate });
    // The same id on another exchange is another deal.
    await createDeal(tok.admin, { deal_id: 'PMP-TWICE', exchange_id: ex[1]!.id });
  });

  it('need a token, and only staff may change them', async () => {
    const deal = await createDeal(tok.admin);
    await expectAllNeedToken(t, [
      { method: 'GET', path: '/api/deals' },
      { method: 'POST', path: '/api/deals', body: dealBody() },
      { method: 'PUT', path: `/api/deals/${deal.id}`, body: dealBody() },
      { method: 'DELETE', path: `/api/deals/${deal.id}` },
    ]);
    for (const token of [tok.agency, tok.advertiser])
      await expectAllForbidden(t, token, [
        { method: 'POST', path: '/api/deals', body: dealBody() },
        { method: 'PUT', path: `/api/deals/${deal.id}`, body: dealBody() },
        { method: 'DELETE', path: `/api/deals/${deal.id}` },
      ]);
  });

  it("are read by each role as far as its advertisers may use them; another advertiser's deal stays unseen", async () => {
    const open = await createDeal(tok.admin, { deal_id: 'PMP-OPEN' });
    const forAdv1 = await createDeal(tok.admin, { deal_id: 'PMP-ADV1', advertiser_id: DEMO.adv1.id });
    const forDirect = await createDeal(tok.admin, {
      deal_id: 'PMP-DIRECT',
      advertiser_id: DEMO.advertiser.id,
    });
    const idsFor = async (token: string) => new Set((await listDeals(token)).map((deal) => deal.id));
    const agency = await idsFor(tok.agency);
    expect([agency.has(open.id), agency.has(forAdv1.id), agency.has(forDirect.id)]).toEqual([
      true,
      true,
      false,
    ]);
    const direct = await idsFor(tok.advertiser);
    expect([direct.has(open.id), direct.has(forAdv1.id), direct.has(forDirect.id)]).toEqual([
      true,
      false,
      true,
    ]);
    const admin = await idsFor(tok.coadmin);
    expect([admin.has(open.id), admin.has(forAdv1.id), admin.has(forDirect.id)]).toEqual([true, true, true]);
    expect(forAdv1.advertiser_name).toBeTruthy();
    // By exchange: only that exchange's deals.
    const second = await listDeals(tok.advertiser, { exchange_ids: String(ex[1]!.id) });
    expect(second.every((deal) => deal.exchange_id === ex[1]!.id)).toBe(true);
  });
});

describe('campaigns with deals, brand safety and viewability', () => {
  it('target deals of their exchanges, exclude content categories and set a minimum viewability', async () => {
    const deal = await createDeal(tok.admin, { deal_id: 'PMP-CAMPAIGN' });
    const campaign = await createCampaign(t, tok.advertiser, {
      exchange_ids: [ex[0]!.id],
      targeting: {
        ...campaignBody().targeting,
        deal_ids: [deal.deal_id],
        deals_only: false,
        excluded_content_categories: ['iab25', 'IAB26-2'],
        min_viewability_pct: 70,
      },
    });
    expect(campaign.targeting).toMatchObject({
      deal_ids: ['PMP-CAMPAIGN'],
      deals_only: false,
      excluded_content_categories: ['IAB25', 'IAB26-2'],
      min_viewability_pct: 70,
    });
    const read = dataOf<CampaignDetail>(
      expectOk(await t.call('GET', `/api/campaigns/${campaign.campaign_id}`, { token: tok.advertiser })),
    );
    expect(read.targeting.min_viewability_pct).toBe(70);
  });

  it('leave the campaigns targeting a deleted deal, in their change log; a deals-only campaign keeps its last deal', async () => {
    const deal = await createDeal(tok.admin, { deal_id: 'PMP-GOING' });
    const other = await createDeal(tok.admin, { deal_id: 'PMP-STAYING' });
    const withDeals = (deal_ids: string[], deals_only: boolean) =>
      createCampaign(t, tok.advertiser, {
        exchange_ids: [ex[0]!.id],
        targeting: { ...campaignBody().targeting, deal_ids, deals_only },
      });
    const both = await withDeals([deal.deal_id, other.deal_id], true);
    const open = await withDeals([deal.deal_id], false);
    const only = await withDeals([deal.deal_id], true);
    const targetingOf = async (id: number) =>
      dataOf<CampaignDetail>(expectOk(await t.call('GET', `/api/campaigns/${id}`, { token: tok.advertiser })))
        .targeting;

    // The only deal of a deals-only campaign: refused, naming it, nothing changed.
    expectError(
      await t.call('DELETE', `/api/deals/${deal.id}`, { token: tok.admin }),
      409,
      DEAL_MESSAGES.onlyDealOf('Premium travel', ['Spring Sale']),
    );
    expect((await targetingOf(both.campaign_id)).deal_ids).toEqual(['PMP-GOING', 'PMP-STAYING']);
    expect((await listDeals(tok.admin)).some((entry) => entry.id === deal.id)).toBe(true);

    // Opened to the open auction, it may lose it: the three campaigns lose the id.
    expectOk(
      await t.call('PUT', `/api/campaigns/${only.campaign_id}`, {
        token: tok.advertiser,
        body: campaignBody({
          exchange_ids: [ex[0]!.id],
          targeting: { ...campaignBody().targeting, deal_ids: [deal.deal_id], deals_only: false },
        }),
      }),
    );
    const deleted = expectOk(await t.call('DELETE', `/api/deals/${deal.id}`, { token: tok.coadmin }));
    expect(deleted.body.message).toBe(DEAL_MESSAGES.deletedFrom(3));
    expect((await targetingOf(both.campaign_id)).deal_ids).toEqual(['PMP-STAYING']);
    expect((await targetingOf(open.campaign_id)).deal_ids).toEqual([]);
    expect((await targetingOf(only.campaign_id)).deal_ids).toEqual([]);
    const log = dataOf<{
      items: { action: string; changes: { field: string; from: unknown; to: unknown }[] }[];
    }>(
      expectOk(
        await t.call('GET', `/api/campaigns/${both.campaign_id}/change-log`, { token: tok.advertiser }),
      ),
    );
    expect(log.items[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'targeting.deal_ids', from: ['PMP-GOING', 'PMP-STAYING'], to: ['PMP-STAYING'] }],
    });
    // The bidder's index, reloaded on the change notice, no longer holds it.
    await t.bidder.index.reload();
    expect(t.bidder.index.current().dealBook.get(ex[0]!.id)?.has('PMP-GOING')).toBe(false);
    expect(t.bidder.index.current().dealBook.get(ex[0]!.id)?.has('PMP-STAYING')).toBe(true);
  });

  it("refuse a deal of another exchange, another advertiser's deal, and bad categories or viewability", async () => {
    const onOther = await createDeal(tok.admin, { deal_id: 'PMP-OTHER-EXCHANGE', exchange_id: ex[1]!.id });
    const forAdv1 = await createDeal(tok.admin, { deal_id: 'PMP-ONLY-ADV1', advertiser_id: DEMO.adv1.id });
    const post = (token: string, targeting: Record<string, unknown>) =>
      t.call('POST', '/api/campaigns', {
        token,
        body: campaignBody({
          exchange_ids: [ex[0]!.id],
          targeting: { ...campaignBody().targeting, ...targeting },
        }),
      });
    expectFieldErrors(await post(tok.advertiser, { deal_ids: [onOther.deal_id] }), {
      'targeting.deal_ids': DEAL_MESSAGES.unknownForCampaign('PMP-OTHER-EXCHANGE'),
    });
    expectFieldErrors(await post(tok.advertiser, { deal_ids: [forAdv1.deal_id] }), {
      'targeting.deal_ids': DEAL_MESSAGES.unknownForCampaign('PMP-ONLY-ADV1'),
    });
    expectFieldErrors(await post(tok.advertiser, { excluded_content_categories: ['Travel'] }), {
      'targeting.excluded_content_categories.0': IAB_CATEGORY_MESSAGE,
    });
    for (const value of [0, 101, 55.5])
      expectFieldErrors(await post(tok.advertiser, { min_viewability_pct: value }), {
        'targeting.min_viewability_pct': MIN_VIEWABILITY_MESSAGE,
      });
    // adv1's own deal is open to adv1 (through its agency too).
    const forAgency = await t.call('POST', '/api/campaigns', {
      token: tok.agency,
      body: campaignBody({
        advertiser_id: DEMO.adv1.id,
        exchange_ids: [ex[0]!.id],
        targeting: { ...campaignBody().targeting, deal_ids: [forAdv1.deal_id] },
      }),
    });
    expectOk(forAgency);
  });
});
