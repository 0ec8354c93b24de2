// The funds history and statement at the edges of their input, each a 4xx with a message or a
// right answer, never a 500: a NUL character in the search of the streamed CSV (the database's
// refusal arrives before the first byte is sent, so it can still be a 400), dates from year 0000
// to 9999 (no bound PostgreSQL cannot read reaches it: they mean "from the start", "to the end"),
// and the statement of December 9999 or of January 0001.
import type { FundsEntry } from '@console/core/api/funds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_VALUE_MESSAGE } from '../src/platform/errors.ts';
import { dataOf, expectError } from './support/accounts.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({ logLevel: 'fatal' }));
});
afterAll(() => t.close());

const history = async (query: Record<string, string>) =>
  dataOf<{ items: FundsEntry[]; total: number }>(
    await t.call('GET', '/api/funds/history', { token: tok.advertiser, query: { limit: 100, ...query } }),
  );

describe('the funds history', () => {
  it('answers a NUL in the CSV search with a 400 and its message, the JSON history too', async () => {
    for (const path of ['/api/funds/history.csv', '/api/funds/history'])
      expectError(
        await t.call('GET', path, { token: tok.advertiser, query: { q: 'a\u0000b' } }),
        400,
        UNSTORABLE_VALUE_MESSAGE,
      );
    // The next CSV streams as before.
    const csv = await t.call('GET', '/api/funds/history.csv', {
      token: tok.advertiser,
      query: { q: 'Demo' },
    });
    expect(csv.status).toBe(200);
    expect(String(csv.body.raw)).toContain('Demo deposit');
  });

  it('reads dates from year 0000 to 9999 as the whole history, and an empty one before year 1', async () => {
    const all = await history({});
    expect(all.total).toBeGreaterThan(0);
    for (const from of ['0001-01-01', '0000-01-01', '0000-02-29']) {
      const to = '9999-12-31';
      expect((await history({ from, to })).total, `${from}..${to}`).toBe(all.total);
    }
    expect((await history({ from: '9999-12-31', to: '9999-12-31' })).total).toBe(0);
    expect((await history({ from: '0000-01-01', to: '0000-12-31' })).total).toBe(0);
    const csv = await t.call('GET', '/api/funds/history.csv', {
      token: tok.advertiser,
      query: { from: '0000-01-01', to: '9999-12-31' },
    });
    expect(csv.status).toBe(200);
    expect(String(csv.body.raw).trim().split('\n')).toHaveLength(all.total + 1);
  });
});

describe('the monthly statement', () => {
  it('is made for the first and the last month a date can name', async () => {
    for (const month of ['9999-12', '0001-01', '0000-01']) {
      const result = await t.call('GET', '/api/funds/statement', { token: tok.advertiser, query: { month } });
      expect(result.status, `${month}: ${JSON.stringify(result.body)}`).toBe(200);
      expect(result.headers['content-disposition']).toBe(
        `attachment; filename="statement-${DEMO.advertiser.id}-${month}.pdf"`,
      );
      expect(String(result.body.raw).startsWith('%PDF-')).toBe(true);
    }
  });
});
