import {
  BUDGET_MESSAGES,
  type CampaignDetail,
  campaignCreateBody,
  campaignUpdateBody,
} from '@console/core/api/campaigns';
import { MONEY_INVALID_MESSAGE, MONEY_TOO_PRECISE_MESSAGE, moneyTextOf } from '@console/core/format/money';
import { NAME_LIKE_MESSAGE } from '@console/core/validation/text';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n/locale-store.ts';
import {
  type CampaignFormValues,
  checkEdit,
  checkSubmit,
  checkValues,
  cloneNameOf,
  emptyValues,
  errorFieldsOfChange,
  errorsOfStep,
  FORM_MESSAGES,
  fieldOfPath,
  knownNamesOf,
  normaliseErrors,
  readMoney,
  stepOfField,
  stepsWithErrors,
  toCreateBody,
  toUpdateBody,
  valuesFromDetail,
} from './campaign-form-model.ts';
import { presetGrid } from './day-parting.ts';

const filled = (patch: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyValues('Europe/Berlin'),
  name: 'Spring Sale 2027',
  start_date: '2027-03-01',
  start_time: '09:00',
  end_date: '2027-03-31',
  end_time: '23:59',
  total_budget: '1,500.50',
  daily_budget: '100',
  bid: '2.5',
  min_bid: '1',
  max_bid: '5.000001',
  ...patch,
});

const detail: CampaignDetail = {
  _id: 'a5e1',
  campaign_id: 15,
  name: 'Cruise Deals Winter Promo',
  status: 'REJECTED',
  rejection_reason: 'Prices must include taxes.',
  advertiser: { user_primary_id: 6, email: 'advertiser@demo.test', companyName: 'Tailspin Travel' },
  start_at: '2026-12-02T05:00:00.000Z',
  end_at: '2027-01-31T04:59:00.000Z',
  time_zone: 'America/New_York',
  total_budget_micros: 22_000_000_000,
  daily_budget_micros: 400_000_000,
  pacing: 'ASAP',
  price_model: 'CPA',
  bid_micros: 18_000_000,
  min_bid_micros: 10_000_000,
  max_bid_micros: 30_123_456,
  exchange_counts: { total: 2, pending: 0, approved: 0, rejected: 2 },
  delivery: {
    impressions: 0,
    clicks: 0,
    ctr: 0,
    spend_today_micros: 0,
    spend_total_micros: 0,
    pacing_state: null,
  },
  created_at: '2026-11-20T00:44:19.074Z',
  updated_at: '2026-11-20T00:44:19.074Z',
  frequency_cap: { count: 4, period: 'WEEK' },
  day_parting: presetGrid('weekdayWork'),
  targeting: {
    countries: ['US'],
    states: ['US-FL'],
    cities: [111],
    geo_fence: '25.76,-80.19,5',
    os: [{ os: 'ios', versions: ['ios-17'] }],
    browsers: ['safari'],
    device_types: ['PHONE'],
    device_makers: ['apple'],
    carriers: ['310-410'],
    languages: ['en'],
    traffic_types: ['APP'],
    app_categories: [2],
    app_genres: [17],
    app_subgenres: [68],
    deal_ids: ['AB-Agency1-0001'],
    ad_categories: ['IAB20'],
    deals_only: true,
    excluded_content_categories: ['IAB25'],
    min_viewability_pct: 70,
  },
  exchanges: [
    {
      exchange_id: 1,
      name: 'Google AdX',
      state: 'REJECTED',
      reason: 'Prices must include taxes.',
      decided_by: null,
      decided_at: null,
    },
  ],
  creative_ids: [10, 11],
  creatives: [
    { creative_id: 10, name: 'Spring banner', creative_type: 'image', status: 'APPROVED' },
    { creative_id: 11, name: 'Spring video', creative_type: 'video', status: 'PENDING' },
  ],
  inventory: [{ applist_id: 3, name: 'Travel apps', mode: 'BLOCK' }],
  audiences: [{ audience_id: 5, name: 'Frequent Flyers', mode: 'EXCLUDE' }],
  smart_app_lists: [{ list_id: 7, name: 'Top Puzzle Games' }],
  assoc_dsp_map: [],
  camp_data: { camp_assoc_map: [] },
  next_statuses: ['DRAFT', 'ARCHIVED'],
  created_by: null,
  late_billed: { impressions: 0, advertiser_cost_micros: 0 },
};

describe('money <-> micro-units', () => {
  it('writes micro-units as exact dollars text', () => {
    expect(moneyTextOf(2_500_000)).toBe('2.50');
    expect(moneyTextOf(1_234_567)).toBe('1.234567');
    expect(moneyTextOf(5_000_000_000)).toBe('5000.00');
    expect(moneyTextOf(1)).toBe('0.000001');
    expect(moneyTextOf(null)).toBe('');
  });

  it('reads typed dollars to integer micro-units, or core’s message', () => {
    expect(readMoney('1,500.50')).toEqual({ micros: 1_500_500_000 });
    expect(readMoney('0.1')).toEqual({ micros: 100_000 });
    expect(readMoney('$19.99')).toEqual({ micros: 19_990_000 });
    expect(readMoney('  ')).toEqual({ micros: null });
    expect(readMoney('12,5')).toEqual({ micros: null, error: MONEY_INVALID_MESSAGE });
    expect(readMoney('1.1234567')).toEqual({ micros: null, error: MONEY_TOO_PRECISE_MESSAGE });
    for (const micros of [1, 999_999, 18_000_000, 30_123_456, 22_000_000_000])
      expect(readMoney(moneyTextOf(micros)).micros).toBe(micros);
  });

  it('reads and writes amounts as the console’s language types them', async () => {
    // The language is remembered in the browser's storage, which these tests run without.
    vi.stubGlobal('localStorage', { setItem: () => undefined });
    await setLanguage('gr');
    try {
      // German: 1.500 is fifteen hundred dollars, 1,5 one and a half.
      expect(readMoney('1.500')).toEqual({ micros: 1_500_000_000 });
      expect(readMoney('1,500')).toEqual({ micros: 1_500_000 });
      expect(readMoney('1.234,56')).toEqual({ micros: 1_234_560_000 });
      expect(readMoney('2.50')).toEqual({ micros: 2_500_000 });
      const values = valuesFromDetail({ ...detail, bid_micros: 1_125_000 }, 'edit');
      expect(values.bid).toBe('1,125');
      expect(readMoney(values.bid)).toEqual({ micros: 1_125_000 });
    } finally {
      await setLanguage('en');
      vi.unstubAllGlobals();
    }
  });
});

describe('form values -> request bodies', () => {
  it('builds a create body core’s schema accepts, money in micro-units, flight in UTC', () => {
    const body = toCreateBody(filled({ advertiser_id: 7 }), { withAdvertiser: true, submit: true });
    expect(body).toMatchObject({
      name: 'Spring Sale 2027',
      start_at: '2027-03-01T08:00:00.000Z',
      end_at: '2027-03-31T21:59:00.000Z',
      time_zone: 'Europe/Berlin',
      total_budget_micros: 1_500_500_000,
      daily_budget_micros: 100_000_000,
      bid_micros: 2_500_000,
      min_bid_micros: 1_000_000,
      max_bid_micros: 5_000_001,
      frequency_cap: null,
      day_parting: null,
      advertiser_id: 7,
      submit: true,
    });
    expect(campaignCreateBody.safeParse(body).success).toBe(true);
    for (const value of Object.values(body))
      if (typeof value === 'number') expect(Number.isInteger(value)).toBe(true);
  });

  it('leaves the advertiser out for an advertiser, and an empty daily budget is no limit', () => {
    const body = toCreateBody(filled({ advertiser_id: 7, daily_budget: '' }), {
      withAdvertiser: false,
      submit: false,
    });
    expect(body).not.toHaveProperty('advertiser_id');
    expect(body.daily_budget_micros).toBeNull();
    expect(body.submit).toBe(false);
  });

  it('sends day-parting as 7 x 24 (null when every hour) and the frequency cap', () => {
    const work = toCreateBody(filled({ day_parting: presetGrid('weekdayWork') }), {
      withAdvertiser: false,
      submit: false,
    });
    expect(work.day_parting?.[0]?.[9]).toBe(true);
    const all = toCreateBody(
      filled({ day_parting: presetGrid('all'), frequency_cap: { count: 3, period: 'DAY' } }),
      {
        withAdvertiser: false,
        submit: false,
      },
    );
    expect(all.day_parting).toBeNull();
    expect(all.frequency_cap).toEqual({ count: 3, period: 'DAY' });
  });

  it('builds an update body without the advertiser (and no DSP ids: the server keeps them)', () => {
    const body = toUpdateBody(filled({ advertiser_id: 6 }), { submit: false });
    expect(body).not.toHaveProperty('advertiser_id');
    expect(body).not.toHaveProperty('assoc_dsp_map');
    expect(campaignUpdateBody.safeParse(body).success).toBe(true);
  });
});

describe('prefill from a campaign', () => {
  it('fills the edit form exactly (money, flight in the campaign’s zone, targeting, relations)', () => {
    const values = valuesFromDetail(detail, 'edit');
    expect(values).toMatchObject({
      name: 'Cruise Deals Winter Promo',
      advertiser_id: 6,
      start_date: '2026-12-02',
      start_time: '00:00',
      end_date: '2027-01-30',
      end_time: '23:59',
      time_zone: 'America/New_York',
      total_budget: '22000.00',
      daily_budget: '400.00',
      pacing: 'ASAP',
      price_model: 'CPA',
      bid: '18.00',
      min_bid: '10.00',
      max_bid: '30.123456',
      frequency_cap: { count: 4, period: 'WEEK' },
      exchange_ids: [1],
      creative_ids: [10, 11],
      inventory: [{ applist_id: 3, mode: 'BLOCK' }],
      audiences: [{ audience_id: 5, mode: 'EXCLUDE' }],
    });
    expect(values.targeting).toEqual(detail.targeting);
    expect(values.day_parting).toEqual(presetGrid('weekdayWork'));
    // Saved unchanged, the body says what the detail says.
    const body = toUpdateBody(values, { submit: false });
    expect(body).toMatchObject({
      start_at: detail.start_at,
      end_at: detail.end_at,
      total_budget_micros: detail.total_budget_micros,
      max_bid_micros: detail.max_bid_micros,
      targeting: detail.targeting,
    });
    expect(checkValues(values, { needsAdvertiser: false })).toEqual({});
  });

  it('fills a clone as a new campaign named "<name> copy" within 128 characters', () => {
    const values = valuesFromDetail(detail, 'clone');
    expect(values.name).toBe('Cruise Deals Winter Promo copy');
    expect(checkValues(values, { needsAdvertiser: true })).toEqual({});
    expect(toCreateBody(values, { withAdvertiser: true, submit: false }).advertiser_id).toBe(6);
    expect(cloneNameOf('Summer')).toBe('Summer copy');
    expect(cloneNameOf('Winter Boots Retargeting Europe')).toBe('Winter Boots Retargeting Europe copy');
    // A name of 128 is shortened to make room for the suffix, never cut inside it.
    const long = `${'A'.repeat(122)} - xyz`;
    expect(cloneNameOf(long)).toBe(`${'A'.repeat(122)} copy`);
    expect([...cloneNameOf(long)].length).toBeLessThanOrEqual(128);
  });

  it('knows the names of the detail’s relations', () => {
    expect(knownNamesOf(detail)).toEqual({
      advertiser: 'Tailspin Travel',
      exchanges: { 1: 'Google AdX' },
      applists: { 3: 'Travel apps' },
      audiences: { 5: 'Frequent Flyers' },
      smartAppLists: { 7: 'Top Puzzle Games' },
    });
  });
});

describe('checks', () => {
  it('passes a filled form and reports each broken field with core’s message', () => {
    expect(checkValues(filled(), { needsAdvertiser: false })).toEqual({});
    const errors = checkValues(
      filled({
        name: 'Bad_name!',
        total_budget: '12,5',
        daily_budget: '2000',
        bid: '9',
        targeting: { ...emptyValues('UTC').targeting, geo_fence: '91,0,5' },
      }),
      { needsAdvertiser: true },
    );
    expect(errors).toMatchObject({
      name: NAME_LIKE_MESSAGE,
      total_budget_micros: MONEY_INVALID_MESSAGE,
      bid_micros: BUDGET_MESSAGES.bidAboveMax,
      'targeting.geo_fence': 'Geo-fence entry 1: latitude must be a number from -90 to 90.',
      advertiser_id: FORM_MESSAGES.advertiserRequired,
    });
    expect(stepsWithErrors(errors)).toEqual(['basics', 'budget', 'targeting']);
    expect(Object.keys(errorsOfStep(errors, 'basics')).sort()).toEqual(['advertiser_id', 'name']);
  });

  it('needs the flight, the budget and the bids, and an end after the start', () => {
    const errors = checkValues(
      { ...emptyValues('UTC'), name: 'X' },
      {
        needsAdvertiser: false,
      },
    );
    expect(errors).toMatchObject({
      start_at: FORM_MESSAGES.startRequired,
      end_at: FORM_MESSAGES.endRequired,
      total_budget_micros: FORM_MESSAGES.totalRequired,
      bid_micros: FORM_MESSAGES.bidRequired,
      min_bid_micros: FORM_MESSAGES.minBidRequired,
      max_bid_micros: FORM_MESSAGES.maxBidRequired,
    });
    expect(checkValues(filled({ end_date: '2027-02-01' }), { needsAdvertiser: false }).end_at).toBe(
      BUDGET_MESSAGES.endBeforeStart,
    );
    expect(
      checkValues(filled({ daily_budget: '2000' }), { needsAdvertiser: false }).daily_budget_micros,
    ).toBe(BUDGET_MESSAGES.dailyOverTotal);
    expect(
      checkValues(filled({ day_parting: presetGrid('none') }), { needsAdvertiser: false }).day_parting,
    ).toBe('Choose at least one hour of the week.');
    expect(
      checkValues(filled({ frequency_cap: { count: '', period: 'DAY' } }), { needsAdvertiser: false })[
        'frequency_cap.count'
      ],
    ).toBe('Give the number of impressions.');
  });

  it('asks for an exchange and a future end before submitting', () => {
    const now = Date.parse('2027-04-15T00:00:00Z');
    expect(checkSubmit(filled(), now)).toEqual({
      exchange_ids: FORM_MESSAGES.submitNeedsExchange,
      end_at: FORM_MESSAGES.flightEnded,
    });
    expect(checkSubmit(filled({ exchange_ids: [3] }), Date.parse('2027-01-01T00:00:00Z'))).toEqual({});
  });

  it('keeps at least one exchange on a submitted campaign', () => {
    expect(checkEdit(filled(), 'ACTIVE')).toEqual({ exchange_ids: FORM_MESSAGES.submittedNeedsExchange });
    expect(checkEdit(filled(), 'DRAFT')).toEqual({});
    expect(checkEdit(filled({ exchange_ids: [2] }), 'PAUSED')).toEqual({});
  });

  it('puts server paths on the fields and steps that show them', () => {
    expect(fieldOfPath('targeting.states.2')).toBe('targeting.states');
    expect(fieldOfPath('inventory.0.mode')).toBe('inventory');
    expect(fieldOfPath('frequency_cap.count')).toBe('frequency_cap.count');
    expect(
      normaliseErrors({ 'targeting.cities.0': 'A', 'targeting.cities.1': 'B', exchange_ids: 'C' }),
    ).toEqual({
      'targeting.cities': 'A',
      exchange_ids: 'C',
    });
    expect(stepOfField('advertiser_id')).toBe('basics');
    expect(stepOfField('frequency_cap.count')).toBe('budget');
    expect(stepOfField('targeting.geo_fence')).toBe('targeting');
    expect(stepOfField('exchange_ids')).toBe('targeting');
    expect(stepOfField('creative_ids')).toBe('creatives');
    expect(stepOfField('assoc_dsp_map')).toBe('review');
  });

  it('clears the errors a change makes stale', () => {
    const values = filled();
    expect(errorFieldsOfChange(values, { name: 'Y' })).toEqual(['name']);
    expect(errorFieldsOfChange(values, { bid: '3' })).toEqual([
      'bid_micros',
      'min_bid_micros',
      'max_bid_micros',
    ]);
    expect(
      errorFieldsOfChange(values, { targeting: { ...values.targeting, geo_fence: '1,1,1', countries: [] } }),
    ).toEqual(['targeting.geo_fence']);
  });
});
