// The names a campaign's change log shows for the API's field names (`bid_micros`,
// `targeting.countries`, `exchanges.<exchange name>.state`) and for its own action
// (`exchange-approval`), as keys of the `campaigns` namespace. Pure, so the mapping is unit-tested.

/** Field of the change log -> key in the `campaigns` namespace. */
export const CAMPAIGN_LOG_FIELD_KEYS: Readonly<Record<string, string>> = {
  name: 'logFields.name',
  status: 'logFields.status',
  rejection_reason: 'logFields.rejection_reason',
  advertiser_id: 'logFields.advertiser_id',
  cloned_from: 'logFields.cloned_from',
  start_at: 'logFields.start_at',
  end_at: 'logFields.end_at',
  time_zone: 'fields.timeZone',
  total_budget_micros: 'fields.totalBudget',
  daily_budget_micros: 'fields.dailyBudget',
  pacing: 'fields.pacing',
  price_model: 'fields.priceModel',
  bid_micros: 'fields.bid',
  min_bid_micros: 'logFields.min_bid_micros',
  max_bid_micros: 'logFields.max_bid_micros',
  frequency_cap: 'view.sections.frequency',
  day_parting: 'view.sections.dayParting',
  exchange_ids: 'columns.exchanges',
  creative_ids: 'view.sections.creatives',
  inventory: 'fields.inventory',
  audiences: 'fields.audiences',
  assoc_dsp_map: 'view.sections.assoc',
  'targeting.countries': 'targeting.countries',
  'targeting.states': 'targeting.states',
  'targeting.cities': 'targeting.cities',
  'targeting.geo_fence': 'targeting.geoFence',
  'targeting.os': 'targeting.os',
  'targeting.browsers': 'targeting.browsers',
  'targeting.device_types': 'targeting.deviceTypes',
  'targeting.device_makers': 'targeting.deviceMakers',
  'targeting.carriers': 'targeting.carriers',
  'targeting.languages': 'targeting.languages',
  'targeting.traffic_types': 'targeting.traffic',
  'targeting.app_categories': 'targeting.appCategories',
  'targeting.app_genres': 'targeting.appGenres',
  'targeting.app_subgenres': 'targeting.appSubgenres',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The names of the codes a campaign's change log holds: statuses and exchange approval states. */
export const campaignLogValue =
  (t: Translate) =>
  (field: string, value: string): string | undefined => {
    if (field === 'status') return t(`status.${value}`, { defaultValue: value });
    if (/^exchanges\..+\.state$/.test(field)) return t(`exchangeState.${value}`, { defaultValue: value });
    return undefined;
  };

/**
 * The `labels` of ChangeLogTable for one campaign: every known field, plus the approval fields of
 * each exchange the campaign has (`exchanges.<name>.state` / `.reason`).
 */
export const campaignLogLabels = (
  t: Translate,
  exchangeNames: readonly string[],
): {
  actions: Record<string, string>;
  fields: Record<string, string>;
  values: (field: string, value: string) => string | undefined;
} => {
  const fields: Record<string, string> = {};
  for (const [field, key] of Object.entries(CAMPAIGN_LOG_FIELD_KEYS)) fields[field] = t(key);
  for (const exchange of exchangeNames) {
    fields[`exchanges.${exchange}.state`] = t('logFields.exchangeState', { exchange });
    fields[`exchanges.${exchange}.reason`] = t('logFields.exchangeReason', { exchange });
  }
  return {
    actions: { 'exchange-approval': t('logActions.exchange-approval') },
    fields,
    values: campaignLogValue(t),
  };
};
