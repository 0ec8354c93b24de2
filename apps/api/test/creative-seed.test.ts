// The demo creatives: every type for the three demo advertisers, exchanges in every
// approval state, real PNG files in the media directory served at /media/, a change log per creative;
// and a second run changes nothing.
import type { CreativeDetail, CreativeListItem } from '@console/core/api/creatives';
import type { ChangeLogEntry } from '@console/core/api/users';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCreatives } from '../src/seed/demo-creatives.ts';
import { dataOf } from './support/accounts.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;
let made: number;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  made = await seedDemoCreatives(t.deps.db, t.deps.media.mediaDir);
});
afterAll(() => t.close());

const listAll = async (token: string) => {
  const result = await t.call('GET', '/api/creatives', { token, query: { limit: 100 } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<{ items: CreativeListItem[] }>(result).items;
};

describe('demo creatives', () => {
  it('gives each demo advertiser creatives of several types in several states', async () => {
    expect(made).toBe(13);
    const all = await listAll(tok.admin);
    expect(all).toHaveLength(13);
    for (const advertiser of [DEMO.adv1, DEMO.adv2, DEMO.advertiser]) {
      const own = all.filter((item) => item.advertiser.user_primary_id === advertiser.id);
      expect(own.length).toBeGreaterThanOrEqual(4);
      expect(new Set(own.map((item) => item.creative_type)).size).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(all.map((item) => item.creative_type))).toEqual(
      new Set(['image', 'native', 'video', 'html']),
    );
    expect(new Set(all.map((item) => item.status))).toEqual(new Set(['PENDING', 'APPROVED', 'REJECTED']));
    const counts = all.reduce(
      (sum, item) => ({
        pending: sum.pending + item.exchange_counts.pending,
        approved: sum.approved + item.exchange_counts.approved,
        rejected: sum.rejected + item.exchange_counts.rejected,
      }),
      { pending: 0, approved: 0, rejected: 0 },
    );
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts.approved).toBeGreaterThan(0);
    expect(counts.rejected).toBeGreaterThan(0);
    expect((await listAll(tok.adv1)).every((item) => item.advertiser.user_primary_id === DEMO.adv1.id)).toBe(
      true,
    );
  });

  it('stores real PNG images of the stated size, served at /media/', async () => {
    const images = (await listAll(tok.admin)).filter((item) => item.preview_url);
    expect(images.length).toBeGreaterThan(5);
    for (const item of images) {
      const response = await fetch(new URL(item.preview_url!, t.baseUrl));
      expect(response.status).toBe(200);
      const size = imageSize(new Uint8Array(await response.arrayBuffer()));
      expect(`${size.width}x${size.height}`).toBe(item.size);
    }
  });

  it('tells each creative’s story in its change log and keeps rejection reasons', async () => {
    const all = await listAll(tok.admin);
    const rejected = all.find((item) => item.status === 'REJECTED')!;
    const detail = dataOf<CreativeDetail>(
      await t.call('GET', `/api/creatives/${rejected.creative_primary_id}`, { token: tok.admin }),
    );
    expect(detail.exchanges.every((e) => e.state === 'REJECTED' && (e.reason ?? '').length > 0)).toBe(true);
    const log = dataOf<{ items: ChangeLogEntry[] }>(
      await t.call('GET', `/api/creatives/${rejected.creative_primary_id}/change-log`, { token: tok.admin }),
    ).items;
    expect(log.at(-1)?.action).toBe('create');
    expect(log[0]?.action).toBe('exchange-approval');
    expect(log[0]?.changes).toEqual(
      expect.arrayContaining([{ field: 'status', from: 'PENDING', to: 'REJECTED' }]),
    );
  });

  it('a second run leaves everything as it was', async () => {
    expect(await seedDemoCreatives(t.deps.db, t.deps.media.mediaDir)).toBe(0);
    expect(await listAll(tok.admin)).toHaveLength(13);
  });
});
