// The start of every campaign-side API test file (campaigns, creatives, approvals, deals): the app
// over a fresh database, a session of each demo account and fresh active exchanges to target.
import { insertExchanges } from '../campaign-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './signed-in-app.ts';
import type { TestApp } from './test-app.ts';

export type { DemoTokens };
export type TestExchange = { id: number; name: string };
export type CampaignApp = { t: TestApp; tok: DemoTokens; ex: TestExchange[] };

/** Names of the exchanges sort as created ("Exchange <tag> 0" < "… 1"). */
export const startCampaignApp = async (exchanges: number): Promise<CampaignApp> => {
  const { t, tok } = await startSignedInApp();
  return { t, tok, ex: await insertExchanges(t, exchanges) };
};
