// Campaigns: create, read, edit, the list with its filters and sorts,
// validation with the spec's messages, and every permission: no token 401, wrong role 403, another
// tenant 404, bad input 400.
import {
  BUDGET_MESSAGES,
  CAMPAIGN_NAME_EMPTY_MESSAGE,
  CAMPAIGN_NAME_TOO_LONG_MESSAGE,
  TIME_ZONE_MESSAGE,
} from '@console/core/api/campaigns';
import { LIST_COUNT_CAP } from '@console/core/api/common';
import { COUNTRY_ID_MESSAGE } from '@console/core/api/reference';
import { importEnvelopeKey, openJson, sealJson } from '@console/core/envelope';
import { GEO_FENCE_MESSAGES } from '@console/core/validation/geo-fence';
import { NAME_LIKE_MESSAGE } from '@console/core/validation/text';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/db/schema/campaigns.ts';
import { smartAppCategories, userSupportedExchanges } from '../src/db/schema/reference.ts';
import {
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
  listCampaigns,
  moveOk,
  readCampaign,
} from './campaign-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import {
  DEMO,
  type Endpoint,
  expectAllForbidden,
  expectAllNeedToken,
  expectAllNotFound,
  secondAgency,
} from './support/admin-fixtures.ts';
import { type DemoTokens, startCampaignApp, type TestExchange } from './support/campaign-app.ts';
import { TEST_PAYLOAD_KEY, type TestApp } from './support/test-app.ts';

let t: TestApp, tok: DemoTokens, ex: TestExchange[];
beforeAll(async () => {
  ({ t, tok, ex } = await startCampaignApp(4));
});
afterAll(() => t.close());

const exIds = (...indexes: number[]) => indexes.map((i) => ex[i]!.id);
const post = (token: string | undefined, body: unknown) => t.call('POST', '/api/campaigns', { token, body });

describe('create', () => {
  it('saves an advertiser’s campaign as a draft with everything it was given', async () => {
    const applist = await insertApplist(t, DEMO.advertiser.id, 'Travel apps');
    const audience = await insertAudience(t, DEMO.advertiser.id, 'Past bookers');
    const creative = await insertCreative(t, DEMO.advertiser.id);
    // Targeting ids as the meta-data look-ups name them.
    const lookup = async <T>(path: string, query: Record<string, string>) =>
      dataOf<{ items: T[] }>(
        expectOk(await t.call('GET', `/api/meta-data/${path}`, { token: tok.advertiser, query })),
      ).items;
    const [city] = await lookup<{ id: number }>('city', { state_ids: 'US-CA', q: 'San Francisco' });
    const [carrier] = await lookup<{ id: string }>('carrier', { country_ids: 'US' });
    const [maker] = await lookup<{ id: string }>('manufacturer', { q: 'samsung' });
    const os = dataOf<{ id: string; versions: { id: string }[] }[]>(
      expectOk(await t.call('GET', '/api/meta-data/os', { token: tok.advertiser })),
    ).find((system) => system.id === 'android')!;
    const body = campaignBody({
      name: 'City Breaks',
      exchange_ids: exIds(0, 1),
      creative_ids: [creative.id],
      inventory: [{ applist_id: applist.id, mode: 'BLOCK' }],
      audiences: [{ audience_id: audience.id, mode: 'INCLUDE' }],
      day_parting: Array.from({ length: 7 }, (_, day) =>
        Array.from({ length: 24 }, (_, hour) => day < 5 && hour >= 8),
      ),
    });
    body.targeting = {
      ...body.targeting,
      cities: [city!.id],
      carriers: [carrier!.id],
      device_makers: [maker!.id],
      browsers: ['chrome'],
      os: [{ os: 'android', versions: [os.versions[0]!.id] }, { os: 'ios' }],
    } as typeof body.targeting;
    const result = expectOk(await post(tok.advertiser, body));
    expect(result.body.message).toBe('Campaign saved as a draft.');
    const campaign = dataOf<CampaignDetail>(result);
    expect(campaign).toMatchObject({
      name: 'City Breaks',
      status: 'DRAFT',
      rejection_reason: null,
      advertiser: {
        user_primary_id: DEMO.advertiser.id,
        email: DEMO.advertiser.email,
        companyName: 'Tailspin Travel',
      },
      time_zone: 'Europe/Berlin',
      total_budget_micros: 5_000_000_000,
      daily_budget_micros: 200_000_000,
      pacing: 'EVEN',
      price_model: 'CPM',
      bid_micros: 2_500_000,
      min_bid_micros: 1_000_000,
      max_bid_micros: 4_000_000,
      frequency_cap: { count: 3, period: 'DAY' },
      creative_ids: [creative.id],
      // By name and approval state, so the campaign page can say which creative still waits.
      creatives: [
        {
          creative_id: creative.id,
          name: expect.stringMatching(/^Creative /),
          creative_type: 'image',
          status: 'PENDING',
        },
      ],
      inventory: [{ applist_id: applist.id, name: 'Travel apps', mode: 'BLOCK' }],
      audiences: [{ audience_id: audience.id, name: 'Past bookers', mode: 'INCLUDE' }],
      assoc_dsp_map: [],
      camp_data: { camp_assoc_map: [] },
      exchange_counts: { total: 2, pending: 2, approved: 0, rejected: 0 },
      next_statuses: ['PENDING_APPROVAL', 'ARCHIVED'],
      created_by: { user_primary_id: DEMO.advertiser.id, email: DEMO.advertiser.email },
    });
    expect(campaign._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(campaign.start_at).toBe(new Date(body.start_at).toISOString());
    expect(campaign.day_parting?.[0]?.[8]).toBe(true);
    expect(campaign.day_parting?.[6]?.[8]).toBe(false);
    // The geo-fence is kept in its canonical form; empty lists are there too.
    expect(campaign.targeting).toEqual({
      countries: ['US', 'CA'],
      states: ['US-CA'],
      cities: [city!.id],
      geo_fence: '40.7128,-74.006,5|51.5,-0.12,10.25',
      os: [
        { os: 'android', versions: [os.versions[0]!.id] },
        { os: 'ios', versions: [] },
      ],
      browsers: ['chrome'],
      device_types: ['PHONE', 'TABLET'],
      device_makers: [maker!.id],
      carriers: [carrier!.id],
      languages: ['en'],
      traffic_types: ['APP'],
      app_categories: [],
      app_genres: [],
      app_subgenres: [],
      deal_ids: [],
      ad_categories: [],
      deals_only: true,
      excluded_content_categories: [],
      min_viewability_pct: null,
    });
    expect(campaign.exchanges.map((e) => [e.exchange_id, e.state, e.decided_by])).toEqual(
      expect.arrayContaining([
        [ex[0]!.id, 'PENDING', null],
        [ex[1]!.id, 'PENDING', null],
      ]),
    );
    expect(await readCampaign(t, tok.advertiser, campaign.campaign_id)).toEqual(campaign);
  });

  it('submits at once with submit=true and logs the creation and the submission', async () => {
    const result = expectOk(await post(tok.adv1, campaignBody({ exchange_ids: exIds(0), submit: true })));
    expect(result.body.message).toBe('Campaign submitted for approval.');
    const campaign = dataOf<CampaignDetail>(result);
    expect(campaign.status).toBe('PENDING_APPROVAL');
    const log = await changeLogOf(t, tok.adv1, campaign.campaign_id);
    expect(log.items.map((entry) => entry.action)).toEqual(['status', 'create']);
    expect(log.items[0]!.changes).toEqual([{ field: 'status', from: 'DRAFT', to: 'PENDING_APPROVAL' }]);
    expect(log.items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: null, to: 'Spring Sale' },
        { field: 'status', from: null, to: 'DRAFT' },
        { field: 'advertiser_id', from: null, to: DEMO.adv1.id },
        { field: 'exchange_ids', from: null, to: exIds(0) },
        { field: 'targeting.countries', from: null, to: ['US', 'CA'] },
      ]),
    );
    expect(log.items[1]!.actor).toEqual({ user_primary_id: DEMO.adv1.id, email: DEMO.adv1.email });
  });

  it('refuses to submit a campaign without exchanges or with an ended flight, and saves nothing', async () => {
    const before = await listCampaigns(t, tok.adv2);
    expectFieldErrors(await post(tok.adv2, campaignBody({ submit: true })), {
      exchange_ids: 'Choose at least one exchange before submitting the campaign.',
    });
    expectFieldErrors(
      await post(
        tok.adv2,
        campaignBody({
          submit: true,
          exchange_ids: exIds(0),
          start_at: daysFromNow(-30),
          end_at: daysFromNow(-1),
        }),
      ),
      { end_at: 'The flight has already ended: move the end date before submitting.' },
    );
    expect((await listCampaigns(t, tok.adv2)).total).toBe(before.total);
  });

  it('takes a sealed body (as the console sends it) and answers sealed', async () => {
    const key = await importEnvelopeKey(TEST_PAYLOAD_KEY);
    const body = { encryptedData: await sealJson(key, campaignBody({ name: 'Sealed One' })) };
    const result = await t.call('POST', '/api/campaigns', { token: tok.adv1, body });
    expect(result.status).toBe(200);
    const opened = (await openJson(key, result.body.encryptedResponse as string)) as { data: CampaignDetail };
    expect(opened.data).toMatchObject({ name: 'Sealed One', status: 'DRAFT' });
  });

  it('lets agency, admin and co-admin create for an advertiser they manage', async () => {
    for (const [who, advertiser] of [
      ['agency', DEMO.adv2],
      ['admin', DEMO.advertiser],
      ['coadmin', DEMO.adv1],
    ] as const) {
      const campaign = await createCampaign(t, tok[who], { advertiser_id: advertiser.id });
      expect(campaign.advertiser.user_primary_id).toBe(advertiser.id);
      expect(campaign.created_by?.user_primary_id).toBe(DEMO[who].id);
    }
  });

  it('asks agencies and staff for an advertiser of theirs', async () => {
    expectFieldErrors(await post(tok.agency, campaignBody()), {
      advertiser_id: 'Choose the advertiser of this campaign.',
    });
    for (const id of [DEMO.advertiser.id, DEMO.agency.id, DEMO.admin.id, 999_999]) {
      expectFieldErrors(await post(tok.agency, campaignBody({ advertiser_id: id })), {
        advertiser_id: 'Choose one of your advertisers.',
      });
    }
    expectFieldErrors(await post(tok.admin, campaignBody({ advertiser_id: DEMO.agency.id })), {
      advertiser_id: 'Choose one of your advertisers.',
    });
    expectFieldErrors(await post(tok.adv1, campaignBody({ advertiser_id: DEMO.adv2.id })), {
      advertiser_id: 'An advertiser creates campaigns for itself only.',
    });
  });
});

describe('validation with the spec’s messages', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['a name with symbols', { name: 'Summer Sale!' }, { name: NAME_LIKE_MESSAGE }],
    ['a blank name', { name: '   ' }, { name: CAMPAIGN_NAME_EMPTY_MESSAGE }],
    ['a name over 128', { name: 'A'.repeat(129) }, { name: CAMPAIGN_NAME_TOO_LONG_MESSAGE }],
    [
      'a latitude out of range',
      { targeting: { geo_fence: '40.7,-74,5|95,10,5' } },
      { 'targeting.geo_fence': GEO_FENCE_MESSAGES.latitude(2) },
    ],
    [
      'a radius out of range',
      { targeting: { geo_fence: '40.7,-74,0.25' } },
      { 'targeting.geo_fence': GEO_FENCE_MESSAGES.radius(1) },
    ],
    [
      'too many geo-fence entries',
      { targeting: { geo_fence: Array.from({ length: 2501 }, () => '1,1,1').join('|') } },
      { 'targeting.geo_fence': GEO_FENCE_MESSAGES.tooMany(2501) },
    ],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, { time_zone: TIME_ZONE_MESSAGE }],
    ['an end before the start', { end_at: daysFromNow(0) }, { end_at: BUDGET_MESSAGES.endBeforeStart }],
    [
      'a daily budget over the total',
      { daily_budget_micros: 6_000_000_000 },
      { daily_budget_micros: BUDGET_MESSAGES.dailyOverTotal },
    ],
    ['a bid below the minimum', { bid_micros: 500_000 }, { bid_micros: BUDGET_MESSAGES.bidBelowMin }],
    ['a bid above the maximum', { bid_micros: 5_000_000 }, { bid_micros: BUDGET_MESSAGES.bidAboveMax }],
    [
      'a minimum over the maximum',
      { min_bid_micros: 5_000_000, max_bid_micros: 4_000_000, bid_micros: 4_000_000 },
      { min_bid_micros: BUDGET_MESSAGES.minAboveMax },
    ],
    [
      'no budget',
      { total_budget_micros: 0 },
      { total_budget_micros: 'The total budget must be more than $0.00.' },
    ],
    [
      'a frequency cap of zero',
      { frequency_cap: { count: 0, period: 'DAY' } },
      { 'frequency_cap.count': 'The frequency cap is at least 1 impression.' },
    ],
    [
      'day-parting with no hour',
      { day_parting: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => false)) },
      { day_parting: 'Choose at least one hour of the week.' },
    ],
    [
      'day-parting of 6 days',
      { day_parting: Array.from({ length: 6 }, () => Array.from({ length: 24 }, () => true)) },
      { day_parting: 'Day-parting is 7 days (Monday first) of 24 hours each.' },
    ],
    [
      'an unknown country code',
      { targeting: { countries: ['USA'] } },
      { 'targeting.countries.0': COUNTRY_ID_MESSAGE },
    ],
    [
      'a country no one has',
      { targeting: { countries: ['ZZ'] } },
      { 'targeting.countries': 'Unknown country: ZZ.' },
    ],
    [
      'an unknown state',
      { targeting: { states: ['US-ZZ'] } },
      { 'targeting.states': 'Unknown state: US-ZZ.' },
    ],
    [
      'an unknown city',
      { targeting: { cities: [2_000_000_000] } },
      { 'targeting.cities': 'Unknown city: 2000000000.' },
    ],
    [
      'an unknown language',
      { targeting: { languages: ['xx'] } },
      { 'targeting.languages': 'Unknown language: xx.' },
    ],
    [
      'an unknown carrier',
      { targeting: { carriers: ['999-99'] } },
      { 'targeting.carriers': 'Unknown carrier: 999-99.' },
    ],
    [
      'an unknown OS version',
      { targeting: { os: [{ os: 'android', versions: ['android-99'] }] } },
      { 'targeting.os': 'Unknown android version: android-99.' },
    ],
    [
      'an unknown OS',
      { targeting: { os: [{ os: 'plan9' }] } },
      { 'targeting.os': 'Unknown operating system: plan9.' },
    ],
    ['an unknown pacing', { pacing: 'FAST' }, { pacing: 'Choose even or as fast as possible.' }],
    ['an unknown price model', { price_model: 'CPV' }, { price_model: 'Choose CPM, CPC or CPA.' }],
  ];
  it('takes a name of 128 characters, as real naming conventions need, and keeps it whole', async () => {
    const name =
      'Acme Brand - US - Q3 2026 - Back to School - Retargeting - iOS and Android - Prospecting Lookalikes - Video 15s - Tier 1 Markets';
    expect([...name].length).toBe(128);
    const created = dataOf<CampaignDetail>(expectOk(await post(tok.adv1, campaignBody({ name }))));
    expect(created.name).toBe(name);
    expect((await readCampaign(t, tok.adv1, created.campaign_id)).name).toBe(name);
  });

  it.each(cases)('refuses %s', async (_label, overrides, errors) => {
    expectFieldErrors(await post(tok.advertiser, campaignBody(overrides)), errors);
  });

  it('refuses exchanges that are unknown, inactive or not supported for the advertiser', async () => {
    const [inactive] = await insertExchanges(t, 1, 'INACTIVE');
    for (const id of [999_999, inactive!.id]) {
      expectFieldErrors(await post(tok.advertiser, campaignBody({ exchange_ids: [id] })), {
        exchange_ids: `These exchanges are not available to this advertiser: ${id}.`,
      });
    }
    // adv2 may buy on exchange 0 only.
    await t.deps.db.insert(userSupportedExchanges).values({ userId: DEMO.adv2.id, exchangeId: ex[0]!.id });
    try {
      expectFieldErrors(await post(tok.adv2, campaignBody({ exchange_ids: exIds(0, 1) })), {
        exchange_ids: `These exchanges are not available to this advertiser: ${ex[1]!.id}.`,
      });
      await createCampaign(t, tok.adv2, { exchange_ids: exIds(0) });
    } finally {
      await t.deps.db.delete(userSupportedExchanges).where(eq(userSupportedExchanges.userId, DEMO.adv2.id));
    }
  });

  it('refuses creatives, inventory lists and audiences of another advertiser', async () => {
    const creative = await insertCreative(t, DEMO.adv1.id);
    const applist = await insertApplist(t, DEMO.adv1.id);
    const audience = await insertAudience(t, DEMO.adv1.id);
    expectFieldErrors(await post(tok.advertiser, campaignBody({ creative_ids: [creative.id] })), {
      creative_ids: `These creatives are not this advertiser's: ${creative.id}.`,
    });
    expectFieldErrors(
      await post(tok.advertiser, campaignBody({ inventory: [{ applist_id: applist.id, mode: 'ALLOW' }] })),
      { inventory: `These inventory lists are not this advertiser's: ${applist.id}.` },
    );
    expectFieldErrors(
      await post(
        tok.advertiser,
        campaignBody({ audiences: [{ audience_id: audience.id, mode: 'EXCLUDE' }] }),
      ),
      { audiences: `These audiences are not this advertiser's: ${audience.id}.` },
    );
    expectFieldErrors(
      await post(tok.advertiser, campaignBody({ targeting: { app_categories: [987_654] } })),
      {
        'targeting.app_categories': 'Unknown app categories: 987654.',
      },
    );
  });

  it('targets smart-app nodes by level, and a targeted node cannot be deleted', async () => {
    const [subgenre] = await t.deps.db
      .select({ id: smartAppCategories.id, parentId: smartAppCategories.parentId })
      .from(smartAppCategories)
      .where(eq(smartAppCategories.level, 'subgenre'))
      .limit(1);
    expect(subgenre, 'the reference seed made a taxonomy').toBeDefined();
    expectFieldErrors(
      await post(tok.advertiser, campaignBody({ targeting: { app_genres: [subgenre!.id] } })),
      {
        'targeting.app_genres': `Unknown app genres: ${subgenre!.id}.`,
      },
    );
    const campaign = await createCampaign(t, tok.advertiser, {
      targeting: { app_genres: [subgenre!.parentId], app_subgenres: [subgenre!.id] },
    });
    expect(campaign.targeting.app_subgenres).toEqual([subgenre!.id]);
    expectError(
      await t.call('DELETE', `/api/admin/metadata/smart-app-categories/${subgenre!.id}`, {
        token: tok.admin,
      }),
      400,
      'This subgenre is in use (1 campaign) and cannot be deleted.',
    );
  });

  it('lets only admin and co-admin set DSP association ids, each upstream id once', async () => {
    const assoc = [{ dsp_name: 'rtb-east', campaign_associate_id: `up-${Date.now()}` }];
    expectError(
      await post(tok.adv1, campaignBody({ assoc_dsp_map: assoc })),
      403,
      'Only an admin or co-admin can change the DSP association ids.',
    );
    const campaign = await createCampaign(t, tok.admin, {
      advertiser_id: DEMO.adv1.id,
      assoc_dsp_map: assoc,
    });
    expect(campaign.assoc_dsp_map).toEqual(assoc);
    expect(campaign.camp_data.camp_assoc_map).toEqual(assoc);
    expectFieldErrors(
      await post(tok.coadmin, campaignBody({ advertiser_id: DEMO.adv1.id, assoc_dsp_map: assoc })),
      {
        assoc_dsp_map: `The associate id ${assoc[0]!.campaign_associate_id} of rtb-east belongs to another campaign.`,
      },
    );
    // The advertiser may save the campaign with the map it read, not change it.
    const rest = campaignBody({ exchange_ids: [] });
    expectOk(await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, { token: tok.adv1, body: rest }));
    expectOk(
      await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
        token: tok.adv1,
        body: { ...rest, assoc_dsp_map: assoc },
      }),
    );
    expectError(
      await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
        token: tok.adv1,
        body: { ...rest, assoc_dsp_map: [] },
      }),
      403,
      'Only an admin or co-admin can change the DSP association ids.',
    );
  });
});

describe('permissions', () => {
  let own: CampaignDetail;
  beforeAll(async () => {
    own = await createCampaign(t, tok.adv1, { name: 'Scoped One', exchange_ids: exIds(0) });
    await createCampaign(t, tok.adv2, { name: 'Scoped Other' });
    await createCampaign(t, tok.advertiser, { name: 'Scoped Direct' });
  });

  const endpointsOf = (id: number): Endpoint[] => [
    { method: 'GET', path: `/api/campaigns/${id}` },
    { method: 'PUT', path: `/api/campaigns/${id}`, body: campaignBody() },
    { method: 'POST', path: `/api/campaigns/${id}/clone` },
    { method: 'POST', path: `/api/campaigns/${id}/status`, body: { to: 'ARCHIVED' } },
    { method: 'GET', path: `/api/campaigns/${id}/change-log` },
  ];

  it('answers 401 without a token', async () => {
    await expectAllNeedToken(t, [
      { method: 'GET', path: '/api/campaigns' },
      { method: 'POST', path: '/api/campaigns', body: campaignBody() },
      { method: 'GET', path: `/api/campaigns/advertiser/${DEMO.adv1.id}` },
      ...endpointsOf(own.campaign_id),
      ...['bid-range', 'inventory', 'audience', 'update', 'status', 'exchanges'].map((op) => ({
        method: 'POST',
        path: `/api/campaigns/bulk/${op}`,
        body: {},
      })),
      { method: 'GET', path: '/api/admin/exchange-approval' },
      { method: 'POST', path: '/api/admin/exchange-approval/decide', body: {} },
      { method: 'GET', path: `/api/admin/exchange-approval/change-log/${own.campaign_id}` },
    ]);
  });

  it('answers 404 to another tenant, the same as for a campaign that does not exist', async () => {
    const other = await secondAgency(t, tok.admin);
    const otherAdvertiserToken = await t.loginAs(other.advertiser.email, other.advertiser.password);
    for (const token of [tok.adv2, tok.advertiser, other.agencyToken, otherAdvertiserToken]) {
      await expectAllNotFound(t, token, endpointsOf(own.campaign_id), 'Campaign not found.');
    }
    await expectAllNotFound(t, tok.adv1, endpointsOf(9_999_999), 'Campaign not found.');
    await expectAllNotFound(
      t,
      other.agencyToken,
      [{ method: 'GET', path: `/api/campaigns/advertiser/${DEMO.adv1.id}` }],
      'Advertiser not found.',
    );
    await expectAllNotFound(
      t,
      tok.adv1,
      [
        { method: 'GET', path: `/api/campaigns/advertiser/${DEMO.adv2.id}` },
        { method: 'GET', path: `/api/campaigns/advertiser/${DEMO.agency.id}` },
      ],
      'Advertiser not found.',
    );
    expect(await statusOf(own.campaign_id)).toBe('DRAFT');
  });

  it('lets the agency of the advertiser and staff see and change it', async () => {
    for (const token of [tok.adv1, tok.agency, tok.admin, tok.coadmin]) {
      expect((await readCampaign(t, token, own.campaign_id)).name).toBe('Scoped One');
    }
    const edited = dataOf<CampaignDetail>(
      expectOk(
        await t.call('PUT', `/api/campaigns/${own.campaign_id}`, {
          token: tok.agency,
          body: campaignBody({ name: 'Scoped Two', exchange_ids: exIds(0) }),
        }),
      ),
    );
    expect(edited.name).toBe('Scoped Two');
  });

  it('reads the detail as the user an acting session stands for', async () => {
    const actingAs = async (token: string, userId: number) =>
      dataOf<{ token: string }>(
        expectOk(await t.call('POST', '/api/auth/auto-login', { token, body: { user_primary_id: userId } })),
      ).token;
    // The admin acting as the owner sees it; the agency acting as its other advertiser does not,
    // though the agency itself does.
    const asOwner = await actingAs(tok.admin, DEMO.adv1.id);
    expect((await readCampaign(t, asOwner, own.campaign_id))._id).toBe(own._id);
    const asOther = await actingAs(tok.agency, DEMO.adv2.id);
    await expectAllNotFound(
      t,
      asOther,
      [{ method: 'GET', path: `/api/campaigns/${own.campaign_id}` }],
      'Campaign not found.',
    );
  });

  it('answers 403 to advertisers and agencies on exchange approval', async () => {
    for (const name of ['adv1', 'agency', 'advertiser'] as const) {
      await expectAllForbidden(t, tok[name], [
        { method: 'GET', path: '/api/admin/exchange-approval' },
        {
          method: 'POST',
          path: '/api/admin/exchange-approval/decide',
          body: { items: [{ campaign_id: own.campaign_id, exchange_id: ex[0]!.id }], decision: 'APPROVED' },
        },
        { method: 'GET', path: `/api/admin/exchange-approval/change-log/${own.campaign_id}` },
      ]);
    }
  });

  it('lists for each role only what it may see', async () => {
    const advertiserOf = (items: { advertiser: { user_primary_id: number } }[]) =>
      new Set(items.map((item) => item.advertiser.user_primary_id));
    expect(advertiserOf((await listCampaigns(t, tok.adv1)).items)).toEqual(new Set([DEMO.adv1.id]));
    expect(advertiserOf((await listCampaigns(t, tok.agency)).items)).toEqual(
      new Set([DEMO.adv1.id, DEMO.adv2.id]),
    );
    const all = advertiserOf((await listCampaigns(t, tok.coadmin)).items);
    for (const id of [DEMO.adv1.id, DEMO.adv2.id, DEMO.advertiser.id]) expect(all.has(id)).toBe(true);
    // Naming someone else's advertiser narrows to nothing rather than widening the scope.
    expect((await listCampaigns(t, tok.adv1, { advertiser_id: DEMO.advertiser.id })).total).toBe(0);
    const perAdvertiser = dataOf<{ items: { advertiser: { user_primary_id: number } }[] }>(
      expectOk(await t.call('GET', `/api/campaigns/advertiser/${DEMO.adv2.id}`, { token: tok.agency })),
    );
    expect(advertiserOf(perAdvertiser.items)).toEqual(new Set([DEMO.adv2.id]));
  });
});

const statusOf = async (id: number) =>
  (await t.deps.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]
    ?.status;

describe('the list', () => {
  let ids: Record<string, number>;
  let listToken: string;
  beforeAll(async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    const token = await t.loginAs(advertiser.email, advertiser.password);
    listToken = token;
    const make = async (name: string, overrides: Record<string, unknown>) =>
      (await createCampaign(t, token, { name, exchange_ids: exIds(0, 1), ...overrides })).campaign_id;
    ids = {
      alpha: await make('alpha Coffee', {
        total_budget_micros: 3_000_000_000,
        start_at: daysFromNow(10),
        end_at: daysFromNow(20),
      }),
      beta: await make('Beta Shoes', {
        total_budget_micros: 9_000_000_000,
        start_at: daysFromNow(40),
        end_at: daysFromNow(60),
      }),
      gamma: await make('Gamma Coffee 50', {
        total_budget_micros: 1_000_000_000,
        start_at: daysFromNow(1),
        end_at: daysFromNow(5),
      }),
    };
    await moveOk(t, token, ids.beta!, 'PENDING_APPROVAL');
    await moveOk(t, token, ids.gamma!, 'ARCHIVED');
  });
  const token = () => listToken;
  const names = async (query: Record<string, string | number>) =>
    (await listCampaigns(t, token(), query)).items.map((item) => item.name);

  it('pages with the total', async () => {
    const page1 = await listCampaigns(t, token(), { limit: 2, page: 1, sort: 'name', order: 'asc' });
    const page2 = await listCampaigns(t, token(), { limit: 2, page: 2, sort: 'name', order: 'asc' });
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect([...page1.items, ...page2.items].map((item) => item.name)).toEqual([
      'alpha Coffee',
      'Beta Shoes',
      'Gamma Coffee 50',
    ]);
  });

  it('sorts by name, budget, start, end, status and creation', async () => {
    expect(await names({ sort: 'name', order: 'desc' })).toEqual([
      'Gamma Coffee 50',
      'Beta Shoes',
      'alpha Coffee',
    ]);
    expect(await names({ sort: 'total_budget', order: 'asc' })).toEqual([
      'Gamma Coffee 50',
      'alpha Coffee',
      'Beta Shoes',
    ]);
    expect(await names({ sort: 'start_at', order: 'asc' })).toEqual([
      'Gamma Coffee 50',
      'alpha Coffee',
      'Beta Shoes',
    ]);
    expect(await names({ sort: 'end_at', order: 'desc' })).toEqual([
      'Beta Shoes',
      'alpha Coffee',
      'Gamma Coffee 50',
    ]);
    expect(await names({ sort: 'status', order: 'asc' })).toEqual([
      'Gamma Coffee 50',
      'alpha Coffee',
      'Beta Shoes',
    ]);
    expect(await names({ sort: 'created_at', order: 'desc' })).toEqual([
      'Gamma Coffee 50',
      'Beta Shoes',
      'alpha Coffee',
    ]);
  });

  it('filters by status (one, comma-separated, repeated), dates, text and id', async () => {
    expect(await names({ status: 'DRAFT' })).toEqual(['alpha Coffee']);
    expect(await names({ status: 'DRAFT,ARCHIVED', sort: 'name', order: 'asc' })).toEqual([
      'alpha Coffee',
      'Gamma Coffee 50',
    ]);
    const repeated = await t.call(
      'GET',
      '/api/campaigns?status=DRAFT&status=PENDING_APPROVAL&sort=name&order=asc',
      {
        token: token(),
      },
    );
    expect(dataOf<{ items: { name: string }[] }>(expectOk(repeated)).items.map((i) => i.name)).toEqual([
      'alpha Coffee',
      'Beta Shoes',
    ]);
    expectError(
      await t.call('GET', '/api/campaigns', { token: token(), query: { status: 'RUNNING' } }),
      400,
      'Unknown campaign status.',
    );
    const day = (days: number) => daysFromNow(days).slice(0, 10);
    expect(await names({ from: day(12), to: day(15), sort: 'name', order: 'asc' })).toEqual(['alpha Coffee']);
    expect(await names({ from: day(3), to: day(45), sort: 'name', order: 'asc' })).toEqual([
      'alpha Coffee',
      'Beta Shoes',
      'Gamma Coffee 50',
    ]);
    expect(await names({ from: day(70), to: day(80) })).toEqual([]);
    expectFieldErrors(
      await t.call('GET', '/api/campaigns', { token: token(), query: { from: day(5), to: day(1) } }),
      {
        to: 'The end of the date range must not be before its start.',
      },
    );
    expect(await names({ q: 'COFFEE', sort: 'name', order: 'asc' })).toEqual([
      'alpha Coffee',
      'Gamma Coffee 50',
    ]);
    expect(await names({ q: 'e 5' })).toEqual(['Gamma Coffee 50']);
    // LIKE wildcards are searched for as text, not as wildcards.
    expect(await names({ q: '%' })).toEqual([]);
    expect(await names({ q: '_' })).toEqual([]);
    expect(await names({ q: String(ids.beta) })).toEqual(['Beta Shoes']);
  });

  it('shows budgets, bid and exchange approval counts', async () => {
    const [beta] = (await listCampaigns(t, tok.admin, { q: 'Beta Shoes' })).items.filter(
      (i) => i.campaign_id === ids.beta,
    );
    expect(beta).toMatchObject({
      status: 'PENDING_APPROVAL',
      total_budget_micros: 9_000_000_000,
      daily_budget_micros: 200_000_000,
      bid_micros: 2_500_000,
      min_bid_micros: 1_000_000,
      max_bid_micros: 4_000_000,
      exchange_counts: { total: 2, pending: 2, approved: 0, rejected: 0 },
    });
    await t.call('POST', '/api/admin/exchange-approval/decide', {
      token: tok.admin,
      body: {
        items: [{ campaign_id: ids.beta, exchange_id: ex[1]!.id }],
        decision: 'REJECTED',
        reason: 'No video inventory',
      },
    });
    const [after] = (await listCampaigns(t, token(), { q: String(ids.beta) })).items;
    expect(after!.exchange_counts).toEqual({ total: 2, pending: 1, approved: 0, rejected: 1 });
  });
});

describe('list totals', () => {
  it('counts exactly up to 1,000 and then says "at least", a search too', async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    const token = await t.loginAs(advertiser.email, advertiser.password);
    await t.deps.db.execute(sql`
      insert into campaigns (advertiser_id, name, start_at, end_at, total_budget_micros, bid_micros,
                             min_bid_micros, max_bid_micros, targeting)
      select ${advertiser.user_primary_id}, 'Bulk ' || g, now(), now() + interval '30 days',
             (1 + g % 7) * 1000000000::bigint, 2000000, 1000000, 3000000, '{}'::jsonb
      from generate_series(1, ${LIST_COUNT_CAP + 5}) g`);
    const page = await listCampaigns(t, token, { limit: 10 });
    expect(page).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, limit: 10 });
    expect(page.items).toHaveLength(10);
    const searched = await listCampaigns(t, token, { q: 'bulk', limit: 10 });
    expect(searched).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(searched.items.map((item) => item.campaign_id)).toEqual(
      page.items.map((item) => item.campaign_id),
    );
    const filtered = await listCampaigns(t, token, { status: 'ACTIVE' });
    expect(filtered).toMatchObject({ total: 0, total_exact: true });
    const flights = await listCampaigns(t, token, { from: daysFromNow(1).slice(0, 10), limit: 10 });
    expect(flights).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(flights.items.map((item) => item.campaign_id)).toEqual(page.items.map((item) => item.campaign_id));
    expect(await listCampaigns(t, token, { to: daysFromNow(-1).slice(0, 10) })).toMatchObject({
      total: 0,
      total_exact: true,
    });
  });

  it('sorts and pages the matches of a search over all of them', async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    const token = await t.loginAs(advertiser.email, advertiser.password);
    await t.deps.db.execute(sql`
      insert into campaigns (advertiser_id, name, start_at, end_at, total_budget_micros, bid_micros,
                             min_bid_micros, max_bid_micros, targeting, created_at)
      select ${advertiser.user_primary_id}, (array['Spring', 'summer', 'Winter'])[1 + g % 3] || ' Sale ' || g,
             now(), now() + interval '30 days', (1 + g % 7) * 1000000000::bigint, 2000000, 1000000, 3000000,
             '{}'::jsonb, now() - (g % 5) * interval '1 hour'
      from generate_series(1, 300) g`);
    type Row = { id: number; name: string; budget: number; created: number };
    const rows = (
      (await t.deps.db.execute(sql`
        select id, name, total_budget_micros as budget, extract(epoch from created_at) as created
        from campaigns where advertiser_id = ${advertiser.user_primary_id}`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows.map(
      (row): Row => ({
        id: Number(row.id),
        name: String(row.name),
        budget: Number(row.budget),
        created: Number(row.created),
      }),
    );
    // 'sale 1' matches 'Sale 1', 'Sale 10'..'Sale 19' and 'Sale 100'..'Sale 199': 111 campaigns.
    const matches = rows.filter((row) => row.name.toLowerCase().includes('sale 1'));
    expect(matches).toHaveLength(111);
    const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const expected = {
      name: [...matches].sort((a, b) => compare(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id),
      budget: [...matches].sort((a, b) => b.budget - a.budget || b.id - a.id),
      newest: [...matches].sort((a, b) => b.created - a.created || b.id - a.id),
    };
    const idsOf = (list: { id: number }[]) => list.map((row) => row.id);
    const search = async (query: Record<string, string | number>) => {
      const result = await listCampaigns(t, token, { q: 'SALE 1', limit: 20, ...query });
      expect(result).toMatchObject({ total: 111, total_exact: true });
      return result.items.map((item) => item.campaign_id);
    };
    expect(await search({})).toEqual(idsOf(expected.newest.slice(0, 20)));
    expect(await search({ page: 3 })).toEqual(idsOf(expected.newest.slice(40, 60)));
    expect(await search({ sort: 'name', order: 'asc', page: 2 })).toEqual(idsOf(expected.name.slice(20, 40)));
    expect(await search({ sort: 'name', order: 'asc', page: 6 })).toEqual(
      idsOf(expected.name.slice(100, 111)),
    );
    expect(await search({ sort: 'total_budget', order: 'desc' })).toEqual(
      idsOf(expected.budget.slice(0, 20)),
    );
    expect(await search({ page: 7 })).toEqual([]);
    // The first by name of all 300 is a match ('Spring Sale 102'): the same item either way.
    const [first] = (await listCampaigns(t, token, { q: 'sale 1', sort: 'name', order: 'asc', limit: 1 }))
      .items;
    const [same] = (await listCampaigns(t, token, { sort: 'name', order: 'asc', limit: 1 })).items;
    expect(first).toEqual(same);
    expect(first).toMatchObject({
      name: expected.name[0]!.name,
      advertiser: { user_primary_id: advertiser.user_primary_id, email: advertiser.email },
      exchange_counts: { total: 0, pending: 0, approved: 0, rejected: 0 },
    });
  });
});

describe('the name search', () => {
  it("finds a campaign by its name in any case as it is now, in the caller's scope only", async () => {
    const word = `Quokka${Date.now()}`;
    const campaign = await createCampaign(t, tok.adv1, { name: `${word} Original`, exchange_ids: [] });
    const found = async (token: string, q: string) =>
      (await listCampaigns(t, token, { q })).items.map((item) => item.campaign_id);
    const id = campaign.campaign_id;
    // As an admin (all campaigns), its agency and the advertiser (their own, scanned), in any case.
    for (const token of [tok.admin, tok.agency, tok.adv1]) {
      expect(await found(token, `${word.toUpperCase()} orig`)).toEqual([id]);
      expect(await found(token, `${word.toLowerCase()} ORIGINAL`)).toEqual([id]);
    }
    // Another advertiser of the same agency, and a direct advertiser, never see it.
    expect(await found(tok.adv2, word)).toEqual([]);
    expect(await found(tok.advertiser, word)).toEqual([]);

    // Renamed: found by its new name, not by its old one (the lowered copy follows the name).
    expectOk(
      await t.call('PUT', `/api/campaigns/${id}`, {
        token: tok.adv1,
        body: campaignBody({ name: `${word} Renamed`, exchange_ids: [] }),
      }),
    );
    for (const token of [tok.admin, tok.agency, tok.adv1]) {
      expect(await found(token, `${word} renamed`)).toEqual([id]);
      expect(await found(token, `${word} original`)).toEqual([]);
    }
    // Renamed in the database itself, and then deleted: gone from every search.
    await t.deps.db
      .update(campaigns)
      .set({ name: `${word} Moved` })
      .where(eq(campaigns.id, id));
    expect(await found(tok.admin, `${word} MOVED`)).toEqual([id]);
    expect(await found(tok.admin, `${word} renamed`)).toEqual([]);
    await t.deps.db.delete(campaigns).where(eq(campaigns.id, id));
    for (const token of [tok.admin, tok.agency, tok.adv1]) expect(await found(token, word)).toEqual([]);
  });
});

describe('an admin search over many campaigns', () => {
  /** `count` campaigns of the advertiser named by `name` and created at `createdAt` (SQL over g, 1..count). */
  const insertMany = (advertiserId: number, name: SQL, count: number, createdAt: SQL) =>
    t.deps.db.execute(sql`
      insert into campaigns (advertiser_id, name, start_at, end_at, total_budget_micros, bid_micros,
                             min_bid_micros, max_bid_micros, targeting, created_at)
      select ${advertiserId}, ${name}, now(), now() + interval '30 days', 1000000000,
             2000000, 1000000, 3000000, '{}'::jsonb, ${createdAt}
      from generate_series(1, ${count}) g`);

  it('answers a common word\'s pages from the newest campaigns with one "about N", a rare one exactly', async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    // 5,000 campaigns newer than all others, named 'Estimable Coffee' as every second of the newest
    // 60 and every fifth of the rest: half of the newest rows (those a search tests first, a few
    // hundred at most) match, a fifth of those further on.
    const isCoffee = (g: number) => (g > 4940 ? g % 2 === 0 : g % 5 === 0);
    await insertMany(
      advertiser.user_primary_id,
      sql`case when (g > 4940 and g % 2 = 0) or (g <= 4940 and g % 5 = 0)
        then 'Estimable Coffee ' || g else 'Estimable Tea ' || g end`,
      5000,
      sql`now() + interval '1 day' + g * interval '1 second'`,
    );
    await t.deps.db.execute(sql`analyze campaigns`);
    const counted = (await t.deps.db.execute(sql`select count(*)::int as n from campaigns`)) as unknown as {
      rows: { n: number }[];
    };
    const everyCampaign = Number(counted.rows[0]!.n);
    const coffees = Array.from({ length: 5000 }, (_, i) => 5000 - i).filter(isCoffee);
    const newestMatches = (from: number, to: number) =>
      coffees.slice(from, to).map((g) => `Estimable Coffee ${g}`);

    const first = await listCampaigns(t, tok.admin, { q: 'estimable coffee', limit: 20 });
    // Half of the newest matched up to the 20th match: about half of every campaign, not the 1,018
    // there are.
    expect(first).toMatchObject({ total_exact: false, total_is_estimate: true });
    expect(first.total).toBeGreaterThan(everyCampaign / 2 - everyCampaign / 20);
    expect(first.total).toBeLessThan(everyCampaign / 2 + everyCampaign / 20);
    expect(first.items.map((item) => item.name)).toEqual(newestMatches(0, 20));
    // One estimate as the user pages on (page 2's 40 matches go past the half-matching rows, and
    // page 13 past the walk), or changes the page size: not each page's own.
    const second = await listCampaigns(t, tok.admin, { q: 'estimable coffee', limit: 20, page: 2 });
    expect(second).toMatchObject({ total: first.total, total_is_estimate: true });
    expect(second.items.map((item) => item.name)).toEqual(newestMatches(20, 40));
    const tens = await listCampaigns(t, tok.admin, { q: 'estimable coffee', limit: 10, page: 3 });
    expect(tens).toMatchObject({ total: first.total, total_is_estimate: true });
    expect(tens.items.map((item) => item.name)).toEqual(newestMatches(20, 30));

    // Past the matches among the newest, dense as they are, the list's order is read on for the page.
    const deep = await listCampaigns(t, tok.admin, { q: 'estimable coffee', limit: 20, page: 13 });
    expect(deep).toMatchObject({ total: first.total, total_exact: false, total_is_estimate: true });
    expect(deep.items.map((item) => item.name)).toEqual(newestMatches(240, 260));
    // None among the newest: counted exactly too ('Estimable Tea 1', 'Estimable Tea 10', ...).
    const teas = Array.from({ length: 5000 }, (_, i) => i + 1).filter(
      (g) => !isCoffee(g) && String(g).startsWith('1'),
    );
    expect(await listCampaigns(t, tok.admin, { q: 'estimable tea 1', limit: 20 })).toMatchObject({
      total: teas.length,
      total_exact: true,
      total_is_estimate: false,
    });
  });
  it("collects rare matches exactly through the names' suffixes: short, long, punctuation, wildcards, ids", async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    // 600 campaigns newer than all others that match none of the searches below, so that an admin's
    // search finds nothing among the newest it tests first and collects its matches through the
    // names' suffixes; the matches are older than every other campaign.
    await insertMany(
      advertiser.user_primary_id,
      sql`'Filler ' || g`,
      600,
      sql`now() + interval '2 days' + g * interval '1 second'`,
    );
    const names = [
      "Yq O'Brien 50%_Off \\ Deal",
      'Yq OBrien 50 Off Deal',
      'Yq Ünïcode Façade',
      'Yq Long Name Beyond Twelve Characters',
      'Yq Long Name Beyond Twelve Letters',
      // The last characters before the surrogates and of Unicode: a prefix's end skips past them.
      'Yq Edge \u{D7FF}\u{10FFFF} End',
    ];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const rows = (await t.deps.db.execute(sql`
        insert into campaigns (advertiser_id, name, start_at, end_at, total_budget_micros, bid_micros,
                               min_bid_micros, max_bid_micros, targeting, created_at)
        values (${advertiser.user_primary_id}, ${name}, now(), now() + interval '30 days', 1000000000,
                2000000, 1000000, 3000000, '{}'::jsonb, now() - interval '10 years' + ${i} * interval '1 day')
        returning id`)) as unknown as { rows: { id: number }[] };
      ids.push(Number(rows.rows[0]!.id));
    }
    await t.deps.db.execute(sql`analyze campaigns`);
    // Newest first, from the suffixes alone; by name, from the rows whose ids they give: the same matches.
    const search = async (q: string) => {
      const page = await listCampaigns(t, tok.admin, { q, limit: 20 });
      expect(page).toMatchObject({ total: page.items.length, total_exact: true, total_is_estimate: false });
      const byName = await listCampaigns(t, tok.admin, { q, limit: 20, sort: 'name', order: 'desc' });
      expect(byName).toMatchObject({ total: page.total, total_exact: true });
      expect(new Set(byName.items.map((item) => item.name))).toEqual(
        new Set(page.items.map((item) => item.name)),
      );
      return page.items.map((item) => item.name);
    };
    // Newest first; the text is matched as it is, % _ \\ and ' included, in any case.
    expect(await search("o'brien 50%_off \\ deal")).toEqual([names[0]]);
    expect(await search('50%')).toEqual([names[0]]);
    expect(await search('%_')).toEqual([names[0]]);
    expect(await search('_O')).toEqual([names[0]]);
    expect(await search('\\')).toEqual([names[0]]);
    expect(await search("o'b")).toEqual([names[0]]);
    expect(await search('obrien 50 off')).toEqual([names[1]]);
    expect(await search('ÜNÏCODE FAÇ')).toEqual([names[2]]);
    expect(await search('ç')).toEqual([names[2]]);
    // Longer than the index's 12 characters: narrowed by the first 12, decided by the whole text.
    expect(await search('long name beyond twelve')).toEqual([names[4], names[3]]);
    expect(await search('long name beyond twelve letters')).toEqual([names[4]]);
    expect(await search('long name beyond twelve chars')).toEqual([]);
    expect(await search('yq o')).toEqual([names[1], names[0]]);
    expect(await search('yq edge \u{D7FF}')).toEqual([names[5]]);
    expect(await search('edge \u{D7FF}\u{10FFFF}')).toEqual([names[5]]);
    expect(await search('\u{10FFFF} end')).toEqual([names[5]]);
    // Digits find the campaign with that id too (and any name holding them).
    const byId = await listCampaigns(t, tok.admin, { q: String(ids[3]), limit: 100 });
    expect(byId.items.map((item) => item.campaign_id)).toContain(ids[3]);
  });
  it("gives each name holding a text exactly one suffix row where the text is found first (the suffixes' repeat)", async () => {
    // Names over a two-letter alphabet hold most short texts several times, overlapping ('aa' in
    // 'aaa') or not, and a 12-character suffix twice ('ab' * 14); every text of 1-4 letters is
    // asked of each. A name must give one row of its suffix table's rows for a text it holds, none
    // for one it does not: what lets a search count its matches without making them unique.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    const names = [
      'ab'.repeat(14),
      'aaaa',
      ...Array.from({ length: 150 }, () =>
        Array.from({ length: 1 + (next() % 30) }, () => 'ab '[next() % 3]).join(''),
      ),
    ];
    const texts = ['a', 'b', ' '].flatMap((first) =>
      ['', 'a', 'b', 'ab', 'ba', 'aa', 'bb', 'a b', 'aba', 'bab'].map((rest) => first + rest),
    );
    const rows = (await t.deps.db.execute(sql`
      select n.name, x.text, (strpos(n.name, x.text) > 0) as holds,
        (select count(*) from name_suffix_rows(n.name) as r
          where left(r.suffix, length(x.text)) = x.text and r.repeat < length(x.text))::int as found
      from json_array_elements_text(${JSON.stringify(names)}::json) as n(name),
        json_array_elements_text(${JSON.stringify(texts)}::json) as x(text)`)) as unknown as {
      rows: { name: string; text: string; holds: boolean; found: number }[];
    };
    expect(rows.rows).toHaveLength(names.length * texts.length);
    const wrong = rows.rows.filter((row) => row.found !== (row.holds ? 1 : 0));
    expect(wrong).toEqual([]);
    expect(rows.rows.filter((row) => row.holds).length).toBeGreaterThan(names.length * 5);
  });
  it('asks a rare search again without the walk, answered alike, and with it once the matches pass the cap', async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    const insert = (name: SQL, count: number, createdAt: SQL) =>
      insertMany(advertiser.user_primary_id, name, count, createdAt);
    // Three old matches behind 600 newer campaigns that do not match: the walk does not settle it.
    await insert(sql`'Zq Rarely ' || g`, 3, sql`now() - interval '9 years' + g * interval '1 day'`);
    await insert(sql`'Zq Filler ' || g`, 600, sql`now() + interval '3 days' + g * interval '1 second'`);
    await t.deps.db.execute(sql`analyze campaigns`);
    const exact = { total: 3, total_exact: true, total_is_estimate: false };
    const first = await listCampaigns(t, tok.admin, { q: 'zq rarely', limit: 20 });
    expect(first).toMatchObject(exact);
    expect(first.items.map((item) => item.name)).toEqual(['Zq Rarely 3', 'Zq Rarely 2', 'Zq Rarely 1']);
    // Known rare now: collected without the walk, the same answer, any page.
    expect(await listCampaigns(t, tok.admin, { q: 'zq rarely', limit: 20 })).toEqual(first);
    const second = await listCampaigns(t, tok.admin, { q: 'zq rarely', limit: 2, page: 2 });
    expect(second).toMatchObject(exact);
    expect(second.items.map((item) => item.name)).toEqual(['Zq Rarely 1']);
    // 1,100 newer matches: past the cap, so it is asked again with the walk, which settles it.
    await insert(sql`'Zq Rarely More ' || g`, 1100, sql`now() + interval '4 days' + g * interval '1 second'`);
    await t.deps.db.execute(sql`analyze campaigns`);
    const dense = await listCampaigns(t, tok.admin, { q: 'zq rarely', limit: 20 });
    expect(dense).toMatchObject({ total_exact: false, total_is_estimate: true });
    expect(dense.items.map((item) => item.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Zq Rarely More ${1100 - i}`),
    );
  });
  it("keeps the names' suffixes with every write: a new name, a status, a deletion, a name holding the text twice", async () => {
    const { advertiser } = await secondAgency(t, tok.admin);
    const ownToken = await t.loginAs(advertiser.email, advertiser.password);
    // Newer than every campaign below, so the searches are collected through the suffixes.
    await insertMany(
      advertiser.user_primary_id,
      sql`'Padding ' || g`,
      600,
      sql`now() + interval '5 days' + g * interval '1 second'`,
    );
    const names = async (query: Record<string, string>) => {
      const newest = await listCampaigns(t, tok.admin, { limit: 20, ...query });
      const byBudget = await listCampaigns(t, tok.admin, { limit: 20, sort: 'total_budget', ...query });
      expect(new Set(byBudget.items.map((item) => item.name))).toEqual(
        new Set(newest.items.map((item) => item.name)),
      );
      expect(newest).toMatchObject({ total: newest.items.length, total_exact: true });
      return newest.items.map((item) => item.name);
    };
    const twin = await createCampaign(t, ownToken, { name: 'Wv Twin Wv Twin', exchange_ids: exIds(0) });
    expect(await names({ q: 'wv twin' })).toEqual(['Wv Twin Wv Twin']);

    const renamed = expectOk(
      await t.call('PUT', `/api/campaigns/${twin.campaign_id}`, {
        token: ownToken,
        body: campaignBody({ name: 'Wv Renamed', exchange_ids: exIds(0) }),
      }),
    );
    expect(dataOf<CampaignDetail>(renamed).name).toBe('Wv Renamed');
    expect(await names({ q: 'wv twin' })).toEqual([]);
    expect(await names({ q: 'wv renamed' })).toEqual(['Wv Renamed']);
    expect(await names({ q: 'renamed', status: 'DRAFT' })).toEqual(['Wv Renamed']);

    await forceStatus(t, twin.campaign_id, 'PAUSED');
    expect(await names({ q: 'renamed', status: 'DRAFT' })).toEqual([]);
    expect(await names({ q: 'renamed', status: 'PAUSED' })).toEqual(['Wv Renamed']);
    expect((await listCampaigns(t, tok.admin, { q: 'renamed', sort: 'status' })).items).toMatchObject([
      { name: 'Wv Renamed', status: 'PAUSED' },
    ]);

    await t.deps.db.delete(campaigns).where(eq(campaigns.id, twin.campaign_id));
    expect(await names({ q: 'wv renamed' })).toEqual([]);
  });
});

describe('edit', () => {
  it('replaces the settings and logs each changed field', async () => {
    const campaign = await createCampaign(t, tok.adv2, { name: 'Trail Runner', exchange_ids: exIds(0, 1) });
    const body = campaignBody({
      name: 'Trail Runner Max',
      exchange_ids: exIds(1, 2),
      total_budget_micros: 7_000_000_000,
      targeting: { countries: ['DE'], languages: ['de'] },
    });
    const result = expectOk(
      await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, { token: tok.adv2, body }),
    );
    expect(result.body.message).toBe('Campaign saved.');
    const edited = dataOf<CampaignDetail>(result);
    expect(edited).toMatchObject({
      name: 'Trail Runner Max',
      total_budget_micros: 7_000_000_000,
      status: 'DRAFT',
    });
    expect(edited.exchanges.map((e) => e.exchange_id).sort()).toEqual(exIds(1, 2).sort());
    const [update] = (await changeLogOf(t, tok.adv2, campaign.campaign_id, { action: 'update' })).items;
    expect(update!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: 'Trail Runner', to: 'Trail Runner Max' },
        { field: 'total_budget_micros', from: 5_000_000_000, to: 7_000_000_000 },
        { field: 'targeting.countries', from: ['US', 'CA'], to: ['DE'] },
        { field: 'targeting.languages', from: ['en'], to: ['de'] },
        {
          field: 'exchange_ids',
          from: exIds(0, 1).sort((a, b) => a - b),
          to: exIds(1, 2).sort((a, b) => a - b),
        },
      ]),
    );
    expect(update!.changes.map((change) => change.field)).not.toContain('time_zone');
  });

  it('keeps approvals of exchanges that stay and adds new ones as pending on a live campaign', async () => {
    const campaign = await createCampaign(t, tok.adv1, { exchange_ids: exIds(0, 1), submit: true });
    await moveOk(t, tok.admin, campaign.campaign_id, 'ACTIVE');
    const body = campaignBody({ exchange_ids: exIds(0, 1, 3) });
    const edited = dataOf<CampaignDetail>(
      expectOk(await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, { token: tok.adv1, body })),
    );
    expect(edited.status).toBe('ACTIVE');
    const stateOf = (id: number) => edited.exchanges.find((e) => e.exchange_id === id)?.state;
    expect([stateOf(ex[0]!.id), stateOf(ex[1]!.id), stateOf(ex[3]!.id)]).toEqual([
      'APPROVED',
      'APPROVED',
      'PENDING',
    ]);
    expectFieldErrors(
      await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
        token: tok.adv1,
        body: campaignBody({ exchange_ids: [] }),
      }),
      { exchange_ids: 'A submitted campaign needs at least one exchange.' },
    );
  });

  it('refuses to edit completed and archived campaigns and changes nothing', async () => {
    const refusals = {
      COMPLETED: 'A completed campaign cannot be edited.',
      ARCHIVED: 'An archived campaign cannot be edited.',
    } as const;
    for (const [status, message] of Object.entries(refusals) as [keyof typeof refusals, string][]) {
      const campaign = await createCampaign(t, tok.adv1, { name: 'Finished' });
      await forceStatus(t, campaign.campaign_id, status);
      expectError(
        await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
          token: tok.adv1,
          body: campaignBody({ name: 'Changed' }),
        }),
        400,
        message,
      );
      expect((await readCampaign(t, tok.adv1, campaign.campaign_id)).name).toBe('Finished');
    }
  });

  it('turns a rejected campaign back into a draft, and submits it with submit=true', async () => {
    const campaign = await createCampaign(t, tok.adv1, { exchange_ids: exIds(0), submit: true });
    await moveOk(t, tok.admin, campaign.campaign_id, 'REJECTED', 'Landing page is down');
    const draft = dataOf<CampaignDetail>(
      expectOk(
        await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
          token: tok.adv1,
          body: campaignBody({ name: 'Fixed landing', exchange_ids: exIds(0) }),
        }),
      ),
    );
    expect(draft).toMatchObject({ status: 'DRAFT', rejection_reason: 'Landing page is down' });
    const submitted = dataOf<CampaignDetail>(
      expectOk(
        await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
          token: tok.adv1,
          body: campaignBody({ name: 'Fixed landing', exchange_ids: exIds(0), submit: true }),
        }),
      ),
    );
    expect(submitted).toMatchObject({ status: 'PENDING_APPROVAL', rejection_reason: null });
    expect(submitted.exchanges.map((e) => [e.state, e.reason])).toEqual([['PENDING', null]]);
    const log = await changeLogOf(t, tok.adv1, campaign.campaign_id, { action: 'status' });
    expect(log.items.map((entry) => entry.changes[0])).toEqual([
      { field: 'status', from: 'DRAFT', to: 'PENDING_APPROVAL' },
      { field: 'status', from: 'REJECTED', to: 'DRAFT' },
      { field: 'status', from: 'PENDING_APPROVAL', to: 'REJECTED' },
      { field: 'status', from: 'DRAFT', to: 'PENDING_APPROVAL' },
    ]);
  });

  it('answers 400 for a bad body and changes nothing', async () => {
    const campaign = await createCampaign(t, tok.adv1, { name: 'Untouched' });
    expectFieldErrors(
      await t.call('PUT', `/api/campaigns/${campaign.campaign_id}`, {
        token: tok.adv1,
        body: campaignBody({ name: 'Bad|Name' }),
      }),
      { name: NAME_LIKE_MESSAGE },
    );
    expect((await readCampaign(t, tok.adv1, campaign.campaign_id)).name).toBe('Untouched');
    expect((await changeLogOf(t, tok.adv1, campaign.campaign_id)).items.map((e) => e.action)).toEqual([
      'create',
    ]);
  });
});
