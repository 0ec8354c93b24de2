// The campaign status lifecycle through the API: every legal move by the side the
// table names, every illegal move refused with 400 and no change, admin-only moves refused with 403,
// and per-exchange approval driving the campaign's status, with its queue and change log.
import {
  CAMPAIGN_STATUS_MESSAGES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TRANSITIONS,
  type CampaignStatus,
  findTransition,
} from '@console/core/campaign-status';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CampaignDetail,
  changeLogOf,
  createCampaign,
  decide,
  expectOk,
  insertExchanges,
  moveOk,
  moveStatus,
  type Page,
  readCampaign,
  statusInDb,
} from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, type DemoName, rowsOf } from './support/admin-fixtures.ts';
import { type DemoTokens, startCampaignApp, type TestExchange } from './support/campaign-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp, tok: DemoTokens, ex: TestExchange[];
beforeAll(async () => {
  ({ t, tok, ex } = await startCampaignApp(3));
});
afterAll(() => t.close());

const exchangeIds = () => ex.map((e) => e.id);

/** A campaign of adv1 brought to `status` through the API. */
const campaignIn = async (status: CampaignStatus): Promise<number> => {
  const submit = status !== 'DRAFT' && status !== 'ARCHIVED';
  const { campaign_id: id } = await createCampaign(t, tok.adv1, { exchange_ids: exchangeIds(), submit });
  if (status === 'ARCHIVED') await moveOk(t, tok.adv1, id, 'ARCHIVED');
  if (status === 'REJECTED') await moveOk(t, tok.admin, id, 'REJECTED', 'Misleading claims');
  if (['ACTIVE', 'PAUSED', 'COMPLETED'].includes(status)) await moveOk(t, tok.admin, id, 'ACTIVE');
  if (status === 'PAUSED') await moveOk(t, tok.adv1, id, 'PAUSED');
  if (status === 'COMPLETED') await moveOk(t, tok.adv1, id, 'COMPLETED');
  expect(await statusInDb(t, id)).toBe(status);
  return id;
};

const LEGAL = (
  Object.entries(CAMPAIGN_TRANSITIONS) as [CampaignStatus, Record<string, { side: string }>][]
).flatMap(([from, targets]) =>
  Object.entries(targets).map(([to, move]) => [from, to as CampaignStatus, move.side] as const),
);

describe('legal moves', () => {
  it.each(LEGAL)('%s -> %s (%s side)', async (from, to, side) => {
    const id = await campaignIn(from);
    const owners: DemoName[] = ['adv1', 'agency', 'coadmin'];
    const who: DemoName =
      side === 'admin' ? 'admin' : owners[LEGAL.findIndex(([f, t2]) => f === from && t2 === to) % 3]!;
    const reason = to === 'REJECTED' ? 'Creative does not match the landing page' : undefined;
    const result = expectOk(await moveStatus(t, tok[who], id, to, reason));
    expect(result.body.message).toBe('Campaign status changed.');
    expect(dataOf<CampaignDetail>(result).status).toBe(to);
    const [last] = (await changeLogOf(t, tok.adv1, id)).items;
    expect(last).toMatchObject({ action: 'status', actor: { user_primary_id: DEMO[who].id } });
    expect(last!.changes[0]).toEqual({ field: 'status', from, to });
  });

  it('approving approves the pending exchanges; rejecting rejects every exchange with the reason', async () => {
    const approved = await readCampaign(t, tok.adv1, await campaignIn('ACTIVE'));
    expect(approved.exchanges.map((e) => e.state)).toEqual(['APPROVED', 'APPROVED', 'APPROVED']);
    expect(approved.exchanges[0]!.decided_by).toEqual({
      user_primary_id: DEMO.admin.id,
      email: DEMO.admin.email,
    });
    expect(approved.exchange_counts).toEqual({ total: 3, pending: 0, approved: 3, rejected: 0 });
    const rejected = await readCampaign(t, tok.adv1, await campaignIn('REJECTED'));
    expect(rejected.rejection_reason).toBe('Misleading claims');
    expect(rejected.exchanges.map((e) => [e.state, e.reason])).toEqual(
      Array.from({ length: 3 }, () => ['REJECTED', 'Misleading claims']),
    );
    const [entry] = (await changeLogOf(t, tok.adv1, rejected.campaign_id)).items;
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        { field: 'rejection_reason', from: null, to: 'Misleading claims' },
        { field: `exchanges.${ex[0]!.name}.state`, from: 'PENDING', to: 'REJECTED' },
        { field: `exchanges.${ex[0]!.name}.reason`, from: null, to: 'Misleading claims' },
      ]),
    );
  });

  it('resubmitting a rejected campaign sends its exchanges back to review', async () => {
    const id = await campaignIn('REJECTED');
    await moveOk(t, tok.adv1, id, 'DRAFT');
    const again = await moveOk(t, tok.adv1, id, 'PENDING_APPROVAL');
    expect(again.rejection_reason).toBeNull();
    expect(again.exchanges.map((e) => [e.state, e.reason, e.decided_by])).toEqual(
      Array.from({ length: 3 }, () => ['PENDING', null, null]),
    );
  });

  it('offers each role the moves it may make', async () => {
    const id = await campaignIn('PENDING_APPROVAL');
    expect((await readCampaign(t, tok.adv1, id)).next_statuses).toEqual(['ARCHIVED']);
    expect((await readCampaign(t, tok.coadmin, id)).next_statuses).toEqual([
      'ACTIVE',
      'REJECTED',
      'ARCHIVED',
    ]);
  });
});

describe('illegal moves', () => {
  it.each(CAMPAIGN_STATUSES)('from %s: 400 with the reason, nothing changed', async (from) => {
    const id = await campaignIn(from);
    const logBefore = (await changeLogOf(t, tok.admin, id)).total;
    for (const to of CAMPAIGN_STATUSES.filter((target) => !findTransition(from, target))) {
      const result = await moveStatus(t, tok.admin, id, to, 'a reason');
      const message =
        from === to ? CAMPAIGN_STATUS_MESSAGES.same(from) : CAMPAIGN_STATUS_MESSAGES.illegal(from, to);
      expectFieldErrors(result, { to: message });
      expect(result.body.message).toBe(message);
    }
    expect(await statusInDb(t, id)).toBe(from);
    expect((await changeLogOf(t, tok.admin, id)).total).toBe(logBefore);
  });

  it('answers 403 when an owner tries an admin move, and changes nothing', async () => {
    const id = await campaignIn('PENDING_APPROVAL');
    for (const who of ['adv1', 'agency'] as const) {
      for (const to of ['ACTIVE', 'REJECTED'] as const) {
        expectError(await moveStatus(t, tok[who], id, to, 'reason'), 403, CAMPAIGN_STATUS_MESSAGES.adminOnly);
      }
    }
    expect(await statusInDb(t, id)).toBe('PENDING_APPROVAL');
  });

  it('needs a reason to reject', async () => {
    const id = await campaignIn('PENDING_APPROVAL');
    for (const reason of [undefined, '   ']) {
      expectFieldErrors(await moveStatus(t, tok.admin, id, 'REJECTED', reason), {
        reason: 'Give a reason for the rejection.',
      });
    }
    expect(await statusInDb(t, id)).toBe('PENDING_APPROVAL');
  });

  it('refuses an unknown status with 400', async () => {
    const id = await campaignIn('DRAFT');
    expectFieldErrors(await moveStatus(t, tok.adv1, id, 'RUNNING' as CampaignStatus), {
      to: 'Choose a campaign status.',
    });
  });
});

type ApprovalRow = {
  campaign_id: number;
  exchange_id: number;
  exchange_name: string;
  state: string;
  reason: string | null;
  campaign_status: string;
  advertiser: { user_primary_id: number };
};
type Decision = {
  results: {
    campaign_id: number;
    exchange_id: number;
    ok: boolean;
    message?: string;
    error_code?: number;
    campaign_status?: string;
  }[];
  succeeded: number;
  failed: number;
};

const approvals = async (token: string, query: Record<string, string | number> = {}) =>
  dataOf<Page<ApprovalRow>>(
    expectOk(await t.call('GET', '/api/admin/exchange-approval', { token, query: { limit: 100, ...query } })),
  );

describe('per-exchange approval', () => {
  it('approving one exchange of a pending campaign makes it active; the others stay pending', async () => {
    const id = await campaignIn('PENDING_APPROVAL');
    const result = expectOk(
      await decide(t, tok.coadmin, {
        items: [{ campaign_id: id, exchange_id: ex[1]!.id }],
        decision: 'APPROVED',
      }),
    );
    expect(result.body.message).toBe('1 of 1 approved.');
    expect(dataOf<Decision>(result).results).toEqual([
      { campaign_id: id, exchange_id: ex[1]!.id, ok: true, campaign_status: 'ACTIVE' },
    ]);
    const campaign = await readCampaign(t, tok.adv1, id);
    expect(campaign.status).toBe('ACTIVE');
    expect(campaign.exchanges.map((e) => e.state)).toEqual(['PENDING', 'APPROVED', 'PENDING']);
    expect(campaign.exchanges[1]!.decided_by?.user_primary_id).toBe(DEMO.coadmin.id);
    const log = await changeLogOf(t, tok.adv1, id);
    expect(log.items.slice(0, 2).map((entry) => [entry.action, entry.changes[0]])).toEqual([
      ['status', { field: 'status', from: 'PENDING_APPROVAL', to: 'ACTIVE' }],
      ['exchange-approval', { field: `exchanges.${ex[1]!.name}.state`, from: 'PENDING', to: 'APPROVED' }],
    ]);
  });

  it('rejecting every exchange rejects the campaign with the reasons', async () => {
    const id = await campaignIn('PENDING_APPROVAL');
    // Reasons written as sentences: joined without a stop before each semicolon.
    const reasons = ['No gambling ads.', 'Wrong size', 'Adult content.'];
    for (const [i, e] of ex.entries()) {
      const result = dataOf<Decision>(
        expectOk(
          await decide(t, tok.admin, {
            items: [{ campaign_id: id, exchange_id: e.id }],
            decision: 'REJECTED',
            reason: reasons[i],
          }),
        ),
      );
      expect(result.results[0]!.campaign_status).toBe(i < 2 ? 'PENDING_APPROVAL' : 'REJECTED');
    }
    const campaign = await readCampaign(t, tok.adv1, id);
    expect(campaign.status).toBe('REJECTED');
    expect(campaign.rejection_reason).toBe(
      `${ex[0]!.name}: No gambling ads; ${ex[1]!.name}: Wrong size; ${ex[2]!.name}: Adult content`,
    );
    expect(campaign.exchanges.map((e) => e.reason)).toEqual(reasons);
  });

  it('needs a reason to reject and answers per item: ok, not in review, not its exchange, not found', async () => {
    const pending = await campaignIn('PENDING_APPROVAL');
    const draft = await campaignIn('DRAFT');
    const [other] = await insertExchanges(t, 1);
    expectFieldErrors(
      await decide(t, tok.admin, {
        items: [{ campaign_id: pending, exchange_id: ex[0]!.id }],
        decision: 'REJECTED',
      }),
      { reason: 'Give a reason for the rejection.' },
    );
    const result = expectOk(
      await decide(t, tok.admin, {
        items: [
          { campaign_id: pending, exchange_id: ex[0]!.id },
          { campaign_id: draft, exchange_id: ex[0]!.id },
          { campaign_id: pending, exchange_id: other!.id },
          { campaign_id: 9_999_999, exchange_id: ex[0]!.id },
        ],
        decision: 'APPROVED',
      }),
    );
    expect(result.body.message).toBe('1 of 4 approved; 3 failed and are unchanged.');
    expect(dataOf<Decision>(result)).toEqual({
      succeeded: 1,
      failed: 3,
      results: [
        { campaign_id: pending, exchange_id: ex[0]!.id, ok: true, campaign_status: 'ACTIVE' },
        {
          campaign_id: draft,
          exchange_id: ex[0]!.id,
          ok: false,
          error_code: 400,
          message: 'This campaign is draft: only submitted campaigns have exchanges to approve.',
        },
        {
          campaign_id: pending,
          exchange_id: other!.id,
          ok: false,
          error_code: 404,
          message: 'This exchange is not one of the campaign’s exchanges.',
        },
        {
          campaign_id: 9_999_999,
          exchange_id: ex[0]!.id,
          ok: false,
          error_code: 404,
          message: 'Campaign not found.',
        },
      ],
    });
    expect(await statusInDb(t, draft)).toBe('DRAFT');
  });

  it('lists submitted campaigns’ exchanges with filters, not drafts', async () => {
    const pending = await campaignIn('PENDING_APPROVAL');
    const draft = await campaignIn('DRAFT');
    const ofPending = await approvals(tok.admin, { campaign_id: pending });
    expect(ofPending.total).toBe(3);
    expect(
      ofPending.items.every((row) => row.state === 'PENDING' && row.campaign_status === 'PENDING_APPROVAL'),
    ).toBe(true);
    expect((await approvals(tok.admin, { campaign_id: draft })).total).toBe(0);
    const byExchange = await approvals(tok.coadmin, { exchange_id: ex[2]!.id, state: 'PENDING' });
    expect(byExchange.items.every((row) => row.exchange_id === ex[2]!.id && row.state === 'PENDING')).toBe(
      true,
    );
    expect(byExchange.items.map((row) => row.campaign_id)).toContain(pending);
    const byAdvertiser = await approvals(tok.admin, { advertiser_id: DEMO.adv1.id });
    expect(byAdvertiser.items.every((row) => row.advertiser.user_primary_id === DEMO.adv1.id)).toBe(true);
    const bySearch = await approvals(tok.admin, { q: ex[0]!.name.toUpperCase() });
    expect(bySearch.items.length).toBeGreaterThan(0);
    expect(bySearch.items.every((row) => row.exchange_name === ex[0]!.name)).toBe(true);
    const approved = await approvals(tok.admin, { state: 'APPROVED' });
    expect(approved.items.every((row) => row.state === 'APPROVED')).toBe(true);
  });

  it("counts the queue in each state as many as the submitted campaigns' exchanges in it", async () => {
    const rejectedOne = await campaignIn('PENDING_APPROVAL');
    await decide(t, tok.admin, {
      items: [{ campaign_id: rejectedOne, exchange_id: ex[0]!.id }],
      decision: 'REJECTED',
      reason: 'Not for this exchange',
    });
    await campaignIn('ACTIVE');
    await campaignIn('DRAFT');
    const pairsIn = async (state: string | null) => {
      const [pairs] = await rowsOf<{ n: number }>(
        t,
        sql`select count(*)::int as n from campaign_exchanges ce
        join campaigns c on c.id = ce.campaign_id
        where c.status in ('PENDING_APPROVAL', 'ACTIVE', 'PAUSED') and (${state}::text is null or ce.state = ${state})`,
      );
      return Number(pairs!.n);
    };
    for (const state of ['PENDING', 'APPROVED', 'REJECTED', null] as const) {
      const expected = await pairsIn(state);
      expect(expected).toBeGreaterThan(0);
      const page = await approvals(tok.admin, state ? { state } : {});
      expect({ state, total: page.total }).toEqual({ state, total: expected });
    }
  });

  it('has its own change log, newest first', async () => {
    const id = await campaignIn('PENDING_APPROVAL');
    await decide(t, tok.admin, {
      items: [{ campaign_id: id, exchange_id: ex[0]!.id }],
      decision: 'REJECTED',
      reason: 'Too broad',
    });
    await decide(t, tok.admin, {
      items: [{ campaign_id: id, exchange_id: ex[1]!.id }],
      decision: 'APPROVED',
    });
    const log = dataOf<Page<{ action: string; changes: { field: string; to: unknown }[] }>>(
      expectOk(await t.call('GET', `/api/admin/exchange-approval/change-log/${id}`, { token: tok.coadmin })),
    );
    expect(log.items.map((entry) => [entry.action, entry.changes[0]!.field, entry.changes[0]!.to])).toEqual([
      ['exchange-approval', `exchanges.${ex[1]!.name}.state`, 'APPROVED'],
      ['exchange-approval', `exchanges.${ex[0]!.name}.state`, 'REJECTED'],
    ]);
    const statusLog = dataOf<Page<{ action: string }>>(
      expectOk(
        await t.call('GET', `/api/admin/exchange-approval/change-log/${id}`, {
          token: tok.admin,
          query: { action: 'status' },
        }),
      ),
    );
    expect(statusLog.items.map((entry) => entry.action)).toEqual(['status', 'status']);
    expectError(
      await t.call('GET', '/api/admin/exchange-approval/change-log/9999999', { token: tok.admin }),
      404,
      'Campaign not found.',
    );
  });
});
