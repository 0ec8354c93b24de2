// GET /api/campaigns/relation-options: the inventory lists and audiences of one advertiser
// for the campaign form and bulk edit, by name, at most 100 of each, searched by q; scoped like every
// campaign route (an advertiser its own, an agency its advertisers, admin and co-admin any; 404 else).
import { RELATION_OPTIONS_LIMIT, type RelationOptions } from '@console/core/api/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applists } from '../src/db/schema/campaigns.ts';
import { CHOOSE_ADVERTISER } from '../src/modules/campaigns/campaign-access.ts';
import { expectOk, insertApplist, insertAudience } from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, expectAllNeedToken, secondAgency } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

const PATH = '/api/campaigns/relation-options';
const NOT_FOUND = 'Advertiser not found.';

let t: TestApp;
let tok: DemoTokens;
let own: { advertiserId: number; advertiserToken: string; agencyToken: string };
let names: { applists: string[]; audiences: string[] };

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  const second = await secondAgency(t, tok.admin);
  own = {
    advertiserId: second.advertiser.user_primary_id,
    advertiserToken: await t.loginAs(second.advertiser.email, second.advertiser.password),
    agencyToken: second.agencyToken,
  };
  for (const name of ['zeta Apps', 'Alpha apps', 'beta Games'])
    await insertApplist(t, own.advertiserId, name);
  for (const name of ['Past buyers', 'app users']) await insertAudience(t, own.advertiserId, name);
  // Another advertiser's lists, never shown for this one.
  await insertApplist(t, DEMO.adv1.id, 'Alpha apps of adv1');
  await insertAudience(t, DEMO.adv1.id, 'app users of adv1');
  names = { applists: ['Alpha apps', 'beta Games', 'zeta Apps'], audiences: ['app users', 'Past buyers'] };
});
afterAll(() => t.close());

const options = async (token: string, query: Record<string, string | number> = {}) =>
  dataOf<RelationOptions>(expectOk(await t.call('GET', PATH, { token, query })));
const namesOf = (answer: RelationOptions) => ({
  applists: answer.applists.map((row) => row.name),
  audiences: answer.audiences.map((row) => row.name),
});

describe('relation options', () => {
  it('answers 401 without a token', async () => {
    await expectAllNeedToken(t, [
      { method: 'GET', path: PATH },
      { method: 'GET', path: PATH, query: { advertiser_id: own.advertiserId } },
    ]);
  });

  it('gives an advertiser its own lists by name, with or without naming itself', async () => {
    const answer = await options(own.advertiserToken);
    expect(namesOf(answer)).toEqual(names);
    expect(answer.applists[0]).toMatchObject({ applist_id: expect.any(Number), name: 'Alpha apps' });
    expect(answer.audiences[0]).toMatchObject({ audience_id: expect.any(Number), name: 'app users' });
    expect(await options(own.advertiserToken, { advertiser_id: own.advertiserId })).toEqual(answer);
  });

  it('answers 404 to an advertiser that names another advertiser, as for one that does not exist', async () => {
    for (const id of [DEMO.adv1.id, DEMO.advertiser.id, 999_999]) {
      expectError(
        await t.call('GET', PATH, { token: own.advertiserToken, query: { advertiser_id: id } }),
        404,
        NOT_FOUND,
      );
    }
  });

  it("gives an agency its advertisers' lists and 404 for another agency's advertiser", async () => {
    expect(namesOf(await options(own.agencyToken, { advertiser_id: own.advertiserId }))).toEqual(names);
    expectError(
      await t.call('GET', PATH, { token: own.agencyToken, query: { advertiser_id: DEMO.adv1.id } }),
      404,
      NOT_FOUND,
    );
    expectError(
      await t.call('GET', PATH, { token: tok.agency, query: { advertiser_id: own.advertiserId } }),
      404,
      NOT_FOUND,
    );
    const demoAgency = namesOf(await options(tok.agency, { advertiser_id: DEMO.adv1.id }));
    expect(demoAgency.applists).toContain('Alpha apps of adv1');
    expect(demoAgency.applists).not.toContain('Alpha apps');
    expect(demoAgency.audiences).toContain('app users of adv1');
  });

  it('gives admin and co-admin any advertiser, and 404 for an id that is not an advertiser', async () => {
    for (const token of [tok.admin, tok.coadmin]) {
      expect(namesOf(await options(token, { advertiser_id: own.advertiserId }))).toEqual(names);
      for (const id of [DEMO.agency.id, DEMO.coadmin.id, 999_999]) {
        expectError(await t.call('GET', PATH, { token, query: { advertiser_id: id } }), 404, NOT_FOUND);
      }
    }
  });

  it('asks every role but an advertiser to name the advertiser', async () => {
    for (const token of [tok.admin, tok.coadmin, tok.agency, own.agencyToken]) {
      expectFieldErrors(await t.call('GET', PATH, { token }), { advertiser_id: CHOOSE_ADVERTISER });
    }
  });

  it('searches both lists by part of a name, wildcards as text', async () => {
    expect(namesOf(await options(own.advertiserToken, { q: 'APP' }))).toEqual({
      applists: ['Alpha apps', 'zeta Apps'],
      audiences: ['app users'],
    });
    expect(namesOf(await options(own.agencyToken, { advertiser_id: own.advertiserId, q: ' buy ' }))).toEqual({
      applists: [],
      audiences: ['Past buyers'],
    });
    expect(namesOf(await options(own.advertiserToken, { q: '%' }))).toEqual({ applists: [], audiences: [] });
    expect(namesOf(await options(own.advertiserToken, { q: '_' }))).toEqual({ applists: [], audiences: [] });
  });

  it(`answers at most ${RELATION_OPTIONS_LIMIT} of each`, async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    await t.deps.db.insert(applists).values(
      Array.from({ length: RELATION_OPTIONS_LIMIT + 5 }, (_, i) => ({
        ownerId: advertiser.user_primary_id,
        name: `List ${String(i).padStart(3, '0')}`,
      })),
    );
    const answer = await options(tok.admin, { advertiser_id: advertiser.user_primary_id });
    expect(answer.applists).toHaveLength(RELATION_OPTIONS_LIMIT);
    expect(answer.applists[0]!.name).toBe('List 000');
    expect(answer.applists.at(-1)!.name).toBe(`List ${String(RELATION_OPTIONS_LIMIT - 1).padStart(3, '0')}`);
    expect(answer.audiences).toEqual([]);
  });

  it('answers 400 for bad input', async () => {
    for (const advertiser_id of ['abc', '0', '-3', '1.5']) {
      expectFieldErrors(await t.call('GET', PATH, { token: tok.admin, query: { advertiser_id } }), {
        advertiser_id: true,
      });
    }
    expectFieldErrors(
      await t.call('GET', PATH, { token: own.advertiserToken, query: { q: 'x'.repeat(201) } }),
      { q: true },
    );
  });
});
