// The API calls the campaign and approval stories set their scene with: a demo user's token, any
// call with it (the envelope's `data`, or an error naming the call), a valid campaign, the exchanges
// an advertiser may buy on. Bound to a test file's server: call them inside tests and hooks only.
import { DEMO_PASSWORD, type E2E } from './browser.ts';

export type Exchange = { id: number; name: string };

export const DAY = 86_400_000;
export const USD = 1_000_000;

/**
 * A valid campaign body: tomorrow for 30 days, UTC, $1,000 total, bid $2 within $1–$5, `fields` on
 * top (exchange_ids, submit, another zone or budget...). PUT takes it too (it replaces every setting).
 */
export const campaignBody = (name: string, fields: Record<string, unknown> = {}) => {
  const now = Date.now();
  return {
    name,
    start_at: new Date(now + DAY).toISOString(),
    end_at: new Date(now + 30 * DAY).toISOString(),
    time_zone: 'UTC',
    total_budget_micros: 1_000 * USD,
    bid_micros: 2 * USD,
    min_bid_micros: 1 * USD,
    max_bid_micros: 5 * USD,
    ...fields,
  };
};

export const campaignApi = (e2e: E2E) => {
  const api = async <T>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${e2e.server.baseURL}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { success: boolean; message?: string; data: T };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.message ?? ''}`);
    return json.data;
  };

  const tokenOf = async (email: string): Promise<string> => {
    const response = await fetch(`${e2e.server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const json = (await response.json()) as { data: { token: string } };
    return json.data.token;
  };

  /** POST /api/campaigns: a valid draft (campaignBody), `fields` on top. */
  const createCampaign = (token: string, name: string, fields: Record<string, unknown> = {}) =>
    api<{ campaign_id: number; status: string }>('POST', '/api/campaigns', token, campaignBody(name, fields));

  /** GET /api/meta-data/user-supported-exchanges: the exchanges the token's advertiser may buy on. */
  const supportedExchanges = async (token: string): Promise<Exchange[]> =>
    (await api<{ exchanges: Exchange[] }>('GET', '/api/meta-data/user-supported-exchanges', token)).exchanges;

  return { api, tokenOf, createCampaign, supportedExchanges };
};
