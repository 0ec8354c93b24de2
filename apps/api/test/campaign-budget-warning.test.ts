// Submitting a campaign whose total budget is above the advertiser's balance (the funds ledger) is
// allowed, with a warning that carries both amounts. A draft save never warns.
import type { BudgetWarning } from '@console/core/api/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalances } from '../src/modules/ledger/ledger-accounts.ts';
import { campaignBody, createCampaign, expectOk, insertExchanges, moveStatus } from './campaign-fixtures.ts';
import { dataOf } from './support/accounts.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { creditAccount } from './support/ledger-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;
let exchangeIds: number[];
let balance: number;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  exchangeIds = (await insertExchanges(t, 1)).map((exchange) => exchange.id);
  await creditAccount(t, DEMO.adv1.id, 1_000_000_000n);
  balance = Number((await readBalances(t.deps.db, [DEMO.adv1.id])).get(DEMO.adv1.id));
});
afterAll(async () => t.close());

const submitNew = (totalBudgetMicros: number) =>
  t.call('POST', '/api/campaigns', {
    token: tok.adv1,
    body: campaignBody({
      exchange_ids: exchangeIds,
      submit: true,
      total_budget_micros: totalBudgetMicros,
      daily_budget_micros: null,
    }),
  });

describe('budget above balance on submission', () => {
  it('submits anyway and warns with the budget and the balance', async () => {
    const result = expectOk(await submitNew(balance + 1_000_000));
    expect(dataOf<{ status: string }>(result).status).toBe('PENDING_APPROVAL');
    expect(result.body.message).toBe('Campaign submitted for approval.');
    expect(result.body.budget_warning as BudgetWarning).toEqual({
      total_budget_micros: balance + 1_000_000,
      balance_micros: balance,
    });
  });

  it('does not warn when the balance covers the budget', async () => {
    const result = expectOk(await submitNew(balance));
    expect(result.body.message).toBe('Campaign submitted for approval.');
    expect(result.body.budget_warning).toBeUndefined();
  });

  it('does not warn on a draft; warns when that draft is submitted by status or by edit', async () => {
    const draft = await createCampaign(t, tok.adv1, {
      exchange_ids: exchangeIds,
      total_budget_micros: balance * 2,
      daily_budget_micros: null,
    });
    expect(draft.status).toBe('DRAFT');
    const submitted = expectOk(await moveStatus(t, tok.adv1, draft.campaign_id, 'PENDING_APPROVAL'));
    expect(submitted.body.budget_warning).toEqual({
      total_budget_micros: balance * 2,
      balance_micros: balance,
    });

    const other = await createCampaign(t, tok.adv1, {
      exchange_ids: exchangeIds,
      total_budget_micros: balance * 3,
      daily_budget_micros: null,
    });
    const saved = expectOk(
      await t.call('PUT', `/api/campaigns/${other.campaign_id}`, {
        token: tok.adv1,
        body: campaignBody({
          exchange_ids: exchangeIds,
          total_budget_micros: balance * 3,
          daily_budget_micros: null,
          submit: true,
        }),
      }),
    );
    expect(saved.body.message).toBe('Campaign saved.');
    expect(saved.body.budget_warning).toEqual({ total_budget_micros: balance * 3, balance_micros: balance });
  });

  it('counts the advertiser’s balance when an admin submits on its behalf', async () => {
    const result = expectOk(
      await t.call('POST', '/api/campaigns', {
        token: tok.admin,
        body: campaignBody({
          advertiser_id: DEMO.adv1.id,
          exchange_ids: exchangeIds,
          submit: true,
          total_budget_micros: balance + 5_000_000,
          daily_budget_micros: null,
        }),
      }),
    );
    expect(result.body.budget_warning).toEqual({
      total_budget_micros: balance + 5_000_000,
      balance_micros: balance,
    });
  });
});
