// Smart-app lists: admin and co-admin curate lists of apps placed on the smart-app taxonomy;
// every role reads them and targets them in campaigns; only unused lists may be deleted.
import type { SmartAppCategory } from '@console/core/api/reference';
import type { SmartAppListItem } from '@console/core/api/smart-app-lists';
import type { ChangeLogEntry } from '@console/core/api/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, expectOk, type Page, readCampaign } from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors, NO_PERMISSION } from './support/accounts.ts';
import { expectAllNeedToken } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;
let taxonomy: SmartAppCategory[];

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  taxonomy = dataOf<SmartAppCategory[]>(
    expectOk(await t.call('GET', '/api/meta-data/smart-app-categories', { token: tok.admin })),
  );
});
afterAll(() => t.close());

const ADMIN = '/api/admin/smart-app-lists';
const placed = () => {
  const category = taxonomy.find((entry) => entry.genres.some((genre) => genre.subgenres.length > 0))!;
  const genre = category.genres.find((entry) => entry.subgenres.length > 0)!;
  return { category, genre, subgenre: genre.subgenres[0]! };
};
const create = async (token: string, body: Record<string, unknown>) =>
  dataOf<SmartAppListItem>(expectOk(await t.call('POST', ADMIN, { token, body })));

describe('smart-app lists', () => {
  it('answers 401 without a token and 403 to roles that may not curate', async () => {
    await expectAllNeedToken(t, [
      { method: 'GET', path: '/api/smart-app-lists' },
      { method: 'GET', path: '/api/smart-app-lists/1' },
      { method: 'GET', path: '/api/smart-app-lists/1/apps' },
      { method: 'POST', path: ADMIN, body: {} },
      { method: 'PUT', path: `${ADMIN}/1`, body: {} },
      { method: 'POST', path: `${ADMIN}/1/apps`, body: { add: ['com.a.b'] } },
      { method: 'DELETE', path: `${ADMIN}/1` },
      { method: 'GET', path: `${ADMIN}/1/change-log` },
    ]);
    const { category } = placed();
    for (const token of [tok.advertiser, tok.agency, tok.adv1]) {
      expectError(
        await t.call('POST', ADMIN, { token, body: { name: 'X', category_id: category.category_id } }),
        403,
        NO_PERMISSION,
      );
      expectError(
        await t.call('POST', `${ADMIN}/1/apps`, { token, body: { add: ['com.a.b'] } }),
        403,
        NO_PERMISSION,
      );
      expectError(await t.call('DELETE', `${ADMIN}/1`, { token }), 403, NO_PERMISSION);
      expectError(await t.call('GET', `${ADMIN}/1/change-log`, { token }), 403, NO_PERMISSION);
    }
  });

  it('lets an admin curate a list on the taxonomy that an advertiser then targets', async () => {
    const { category, genre, subgenre } = placed();
    const list = await create(tok.admin, {
      name: 'Top Puzzle Games',
      description: 'Curated weekly',
      category_id: category.category_id,
      genre_id: genre.genre_id,
      subgenre_id: subgenre.subgenre_id,
      apps: ['com.king.candycrushsaga', 'id553834731', 'com.king.candycrushsaga'],
    });
    expect(list).toMatchObject({
      name: 'Top Puzzle Games',
      category: { id: category.category_id, name: category.category },
      genre: { id: genre.genre_id, name: genre.genre },
      subgenre: { id: subgenre.subgenre_id, name: subgenre.subgenre },
      app_count: 2,
    });
    // Every role sees it and its apps.
    for (const token of [tok.advertiser, tok.agency, tok.coadmin]) {
      const found = dataOf<Page<SmartAppListItem>>(
        expectOk(await t.call('GET', '/api/smart-app-lists', { token, query: { q: 'puzzle' } })),
      );
      expect(found.items.map((item) => item.list_id)).toContain(list.list_id);
    }
    const apps = dataOf<{ items: string[] }>(
      expectOk(await t.call('GET', `/api/smart-app-lists/${list.list_id}/apps`, { token: tok.advertiser })),
    );
    expect(apps.items).toEqual(['553834731', 'com.king.candycrushsaga']);
    const campaign = await createCampaign(t, tok.advertiser, {
      name: 'Puzzle Campaign',
      smart_app_list_ids: [list.list_id],
    });
    expect(campaign.smart_app_lists).toEqual([{ list_id: list.list_id, name: 'Top Puzzle Games' }]);
    expect((await readCampaign(t, tok.advertiser, campaign.campaign_id)).smart_app_lists).toHaveLength(1);
    expectFieldErrors(
      await t.call('POST', '/api/campaigns', {
        token: tok.advertiser,
        body: {
          name: 'Unknown List',
          start_at: new Date(Date.now() + 86_400_000).toISOString(),
          end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          total_budget_micros: 1_000_000_000,
          bid_micros: 2_000_000,
          min_bid_micros: 1_000_000,
          max_bid_micros: 3_000_000,
          smart_app_list_ids: [999_999],
        },
      }),
      { smart_app_list_ids: 'Unknown smart-app lists: 999999.' },
    );
    expectError(
      await t.call('DELETE', `${ADMIN}/${list.list_id}`, { token: tok.admin }),
      409,
      'This smart-app list is used by the campaign "Puzzle Campaign". Remove it from that campaign first.',
    );
    expect(
      dataOf<SmartAppListItem>(
        expectOk(await t.call('GET', `/api/smart-app-lists/${list.list_id}`, { token: tok.adv1 })),
      ).campaign_count,
    ).toBe(1);
  });

  it('checks the place on the taxonomy and the apps', async () => {
    const { category, genre, subgenre } = placed();
    const otherCategory = taxonomy.find((entry) => entry.category_id !== category.category_id)!;
    expectFieldErrors(
      await t.call('POST', ADMIN, {
        token: tok.admin,
        body: { name: 'Wrong Genre', category_id: otherCategory.category_id, genre_id: genre.genre_id },
      }),
      {
        genre_id: 'Choose a genre of the chosen category.',
      },
    );
    expectFieldErrors(
      await t.call('POST', ADMIN, {
        token: tok.admin,
        body: { name: 'Genre As Category', category_id: genre.genre_id },
      }),
      {
        category_id: 'Choose a category of the smart-app taxonomy.',
      },
    );
    expectFieldErrors(
      await t.call('POST', ADMIN, {
        token: tok.admin,
        body: { name: 'No Genre', category_id: category.category_id, subgenre_id: subgenre.subgenre_id },
      }),
      { genre_id: 'Choose the genre of the subgenre.' },
    );
    expectFieldErrors(
      await t.call('POST', ADMIN, {
        token: tok.admin,
        body: { name: 'Bad Apps', category_id: category.category_id, apps: ['com.ok.app', 'bad app'] },
      }),
      { apps: /^App 2 \(bad app\): Not an app bundle/ },
    );
    await create(tok.coadmin, { name: 'Unique Name', category_id: category.category_id });
    expectFieldErrors(
      await t.call('POST', ADMIN, {
        token: tok.admin,
        body: { name: 'unique name', category_id: category.category_id },
      }),
      {
        name: 'A smart-app list with this name already exists.',
      },
    );
  });

  it('edits apps and placement with a change log of counts and samples, and deletes an unused list', async () => {
    const { category, genre } = placed();
    const list = await create(tok.coadmin, {
      name: 'Edited Apps',
      category_id: category.category_id,
      apps: ['com.one.app'],
    });
    const edit = dataOf<{ added: number; removed: number; rejected: number; app_count: number }>(
      expectOk(
        await t.call('POST', `${ADMIN}/${list.list_id}/apps`, {
          token: tok.coadmin,
          body: { add: ['com.two.app', '???'], remove: ['com.one.app'] },
        }),
      ),
    );
    expect(edit).toMatchObject({ added: 1, removed: 1, rejected: 1, app_count: 1 });
    const moved = dataOf<SmartAppListItem>(
      expectOk(
        await t.call('PUT', `${ADMIN}/${list.list_id}`, {
          token: tok.admin,
          body: {
            name: 'Edited Apps',
            description: 'Now placed',
            category_id: category.category_id,
            genre_id: genre.genre_id,
          },
        }),
      ),
    );
    expect(moved.genre).toEqual({ id: genre.genre_id, name: genre.genre });
    const log = dataOf<{ items: ChangeLogEntry[] }>(
      expectOk(await t.call('GET', `${ADMIN}/${list.list_id}/change-log`, { token: tok.admin })),
    );
    expect(log.items.map((item) => item.action)).toEqual(['update', 'entries', 'create']);
    expect(log.items[1]!.changes).toContainEqual({
      field: 'entries_added_sample',
      from: null,
      to: ['com.two.app'],
    });
    expectOk(await t.call('DELETE', `${ADMIN}/${list.list_id}`, { token: tok.admin }));
    expectError(
      await t.call('GET', `/api/smart-app-lists/${list.list_id}`, { token: tok.admin }),
      404,
      'Smart-app list not found.',
    );
  });
});
