// Every field name the API writes to the change log (apps/api recordChange callers and the demo
// seed), with how its value reads: the one list the console labels and formats change logs from,
// and the list the API checks each recorded field against (so a new field cannot go out unlabelled:
// the web locale test asks for a label of every entry here in all five languages).

import { AUDIENCE_RULE_EVENTS, AUDIENCE_SOURCES } from './api/audiences.ts';
import {
  AUDIENCE_MODES,
  DEVICE_TYPES,
  FREQUENCY_PERIODS,
  INVENTORY_MODES,
  PACING_MODES,
  PRICE_MODELS,
  TRAFFIC_TYPES,
} from './api/campaigns.ts';
import { CREATIVE_STATUSES } from './api/creatives.ts';
import { TRANSFER_KINDS } from './api/funds.ts';
import { APPLIST_KINDS, IMPORT_MODES } from './api/inventory-lists.ts';
import { EXCHANGE_STATUSES, SMART_APP_LEVELS } from './api/reference.ts';
import { REPORT_SCHEDULES, REPORT_TYPES } from './api/reports.ts';
import { AUDIENCE_STATUSES } from './audience-status.ts';
import { CAMPAIGN_STATUSES, EXCHANGE_APPROVAL_STATES } from './campaign-status.ts';
import { DSP_TYPE_NAMES, DSP_TYPES } from './dsp-types.ts';
import { ROLES } from './roles.ts';
import { CREATIVE_TYPES } from './validation/creative.ts';

/** Every action the API records; each has a label in every language (web locale test). */
export const RECORDED_CHANGE_LOG_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'config',
  'assign-agency',
  'set-password',
  'change-password',
  'reset-password',
  'register',
  'verify-email',
  'impersonate',
  'api-key-created',
  'api-key-revoked',
  'credentials',
  'funds',
  'note',
  'entries',
  'exchange-approval',
  'bulk-update',
  'supported-exchanges',
  'recount',
] as const;

/** What an id of a change log value names; the API answers the names of a page's ids. */
export const CHANGE_LOG_REF_KINDS = [
  'user',
  'campaign',
  'creative',
  'exchange',
  'applist',
  'audience',
  'smartAppList',
  'smartAppNode',
] as const;
export type ChangeLogRefKind = (typeof CHANGE_LOG_REF_KINDS)[number];

export type ChangeLogValueKind =
  /** Free text (names, URLs, reasons), shown as it is. */
  | { type: 'text' }
  /** Integer micro-units of money. */
  | { type: 'money' }
  /** Basis points (1500 = 15.00 %). */
  | { type: 'bps' }
  | { type: 'count' }
  /** An ISO instant, shown in the user's time zone. */
  | { type: 'dateTime' }
  /** A calendar day (YYYY-MM-DD). */
  | { type: 'date' }
  | { type: 'boolean' }
  /** A code of a closed set, shown by its translated name (`changeLog.values.<code>`). */
  | { type: 'enum'; values: readonly string[] }
  /** A list of free texts (domains, URLs, exchange names), shown as chips. */
  | { type: 'list' }
  /** A list of codes, shown as chips of their translated names. */
  | { type: 'enumList'; values: readonly string[] }
  /** An id or a list of ids, shown by name (chips for a list). */
  | { type: 'ref'; ref: ChangeLogRefKind }
  /** A list of objects, one chip each (their fields by label). */
  | { type: 'objects' }
  /** A set of settings, one chip per setting ("Label: value"). */
  | { type: 'settings' }
  /** The 7 x 24 day-parting grid, shown as its number of hours a week. */
  | { type: 'dayParting' }
  /** A secret: never shown, only that it changed. */
  | { type: 'secret' }
  /** A ledger transfer as "#id KIND". */
  | { type: 'transfer' };

/** A known field: its label key (`changeLog.fields.<label>` of the web's components namespace). */
export type ChangeLogFieldSpec = { label: string; value: ChangeLogValueKind };

const text = { type: 'text' } as const;
const money = { type: 'money' } as const;
const count = { type: 'count' } as const;
const list = { type: 'list' } as const;
const settings = { type: 'settings' } as const;
const objects = { type: 'objects' } as const;
const enumOf = (values: readonly string[]) => ({ type: 'enum', values }) as const;
const enumListOf = (values: readonly string[]) => ({ type: 'enumList', values }) as const;
const ref = (kind: ChangeLogRefKind) => ({ type: 'ref', ref: kind }) as const;

const STATUSES = [
  ...new Set<string>([
    ...CAMPAIGN_STATUSES,
    ...CREATIVE_STATUSES,
    ...AUDIENCE_STATUSES,
    ...EXCHANGE_STATUSES,
    'PENDING',
    'ACTIVE',
    'INACTIVE',
  ]),
];

const field = (label: string, value: ChangeLogValueKind = text): ChangeLogFieldSpec => ({ label, value });

/** The DSP credential fields (a credentials change lists their hints, never the secrets). */
const CREDENTIAL_FIELDS = Object.fromEntries(
  DSP_TYPE_NAMES.flatMap((type) =>
    DSP_TYPES[type].credentialFields.map((credential) => [
      credential.name,
      field(`credential_${credential.name}`.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())),
    ]),
  ),
);

/** Field name -> label and value kind. Keys are the API's names; labels are camelCase i18n keys. */
export const CHANGE_LOG_FIELDS: Readonly<Record<string, ChangeLogFieldSpec>> = {
  // DSP credentials (hints only); a field of the same name below (password) takes precedence.
  ...CREDENTIAL_FIELDS,
  // Shared
  name: field('name'),
  status: field('status', enumOf(STATUSES)),
  description: field('description'),
  // Users, profiles, settings, funds
  email: field('email'),
  firstName: field('firstName'),
  lastName: field('lastName'),
  companyName: field('companyName'),
  role: field('role', enumOf(ROLES)),
  agencyId: field('agency', ref('user')),
  password: field('password', { type: 'secret' }),
  note: field('note'),
  apiKey: field('apiKey'),
  postbackUrl: field('postbackUrl'),
  insight_dashboard: field('insightDashboard', { type: 'boolean' }),
  postback_enabled: field('postback', enumOf(['ENABLED', 'DISABLED'])),
  api_access: field('apiAccess', { type: 'boolean' }),
  margin_bps: field('margin', { type: 'bps' }),
  advertiser_margin_bounds: field('advertiserMarginBounds', settings),
  min_bps: field('lowestMargin', { type: 'bps' }),
  max_bps: field('highestMargin', { type: 'bps' }),
  optimisation: field('optimisation', settings),
  auto_bid: field('autoBid', { type: 'boolean' }),
  target_cpa_micros: field('targetCpa', money),
  block_low_ctr_placements: field('blockLowCtr', { type: 'boolean' }),
  supported_exchanges: field('supportedExchanges', ref('exchange')),
  transfer: field('transfer', { type: 'transfer' }),
  balance_micros: field('balance', money),
  low_balance_threshold_micros: field('lowBalanceThreshold', money),
  // Agency branding
  logoSrc: field('logo'),
  favicon: field('favicon'),
  help_and_support: field('helpAndSupport', { type: 'boolean' }),
  help_and_support_link: field('helpAndSupportLink'),
  meta_title: field('metaTitle'),
  theme: field('theme', settings),
  footer: field('footer', settings),
  startYear: field('footerStartYear', count),
  text: field('footerText'),
  primaryColor: field('primaryColor'),
  hoverColor: field('hoverColor'),
  textAgencyColor: field('textColor'),
  cardBackgroundColor: field('cardBackgroundColor'),
  navbarColor: field('navbarColor'),
  custom_domain: field('customDomain'),
  // Campaigns
  advertiser_id: field('advertiser', ref('user')),
  cloned_from: field('clonedFrom', ref('campaign')),
  rejection_reason: field('rejectionReason'),
  start_at: field('startAt', { type: 'dateTime' }),
  end_at: field('endAt', { type: 'dateTime' }),
  time_zone: field('timeZone'),
  total_budget_micros: field('totalBudget', money),
  daily_budget_micros: field('dailyBudget', money),
  pacing: field('pacing', enumOf(PACING_MODES)),
  price_model: field('priceModel', enumOf(PRICE_MODELS)),
  bid_micros: field('bid', money),
  min_bid_micros: field('minBid', money),
  max_bid_micros: field('maxBid', money),
  frequency_cap: field('frequencyCap', settings),
  count: field('impressions', count),
  period: field('period', enumOf(FREQUENCY_PERIODS)),
  day_parting: field('dayParting', { type: 'dayParting' }),
  'targeting.countries': field('countries', list),
  'targeting.states': field('states', list),
  'targeting.cities': field('cities', list),
  'targeting.geo_fence': field('geoFence'),
  'targeting.os': field('operatingSystems', objects),
  'targeting.browsers': field('browsers', list),
  'targeting.device_types': field('deviceTypes', enumListOf(DEVICE_TYPES)),
  'targeting.device_makers': field('deviceMakers', list),
  'targeting.carriers': field('carriers', list),
  'targeting.languages': field('languages', list),
  'targeting.traffic_types': field('trafficTypes', enumListOf(TRAFFIC_TYPES)),
  'targeting.app_categories': field('appCategories', ref('smartAppNode')),
  'targeting.app_genres': field('appGenres', ref('smartAppNode')),
  'targeting.app_subgenres': field('appSubgenres', ref('smartAppNode')),
  'targeting.deal_ids': field('dealIds', list),
  'targeting.ad_categories': field('adCategories', list),
  'targeting.deals_only': field('dealsOnly', { type: 'boolean' }),
  'targeting.excluded_content_categories': field('excludedContentCategories', list),
  'targeting.min_viewability_pct': field('minViewability'),
  os: field('operatingSystem'),
  versions: field('versions', list),
  exchange_ids: field('exchanges', ref('exchange')),
  // Deals
  exchange_id: field('exchange', ref('exchange')),
  deal_id: field('dealId'),
  floor_micros: field('floor', money),
  seats: field('seats', list),
  creative_ids: field('creatives', ref('creative')),
  smart_app_list_ids: field('smartAppLists', ref('smartAppList')),
  inventory: field('inventoryLists', objects),
  applist_id: field('inventoryList', ref('applist')),
  audiences: field('audiences', objects),
  audience_id: field('audience', ref('audience')),
  mode: field('mode', enumOf([...INVENTORY_MODES, ...AUDIENCE_MODES, ...IMPORT_MODES])),
  assoc_dsp_map: field('dspAssociations', objects),
  dsp_name: field('dsp'),
  campaign_associate_id: field('associateId'),
  // Creatives
  adomain: field('advertiserDomain'),
  iab_categories: field('iabCategories', list),
  creative_type: field('creativeType', enumOf(CREATIVE_TYPES)),
  click_url: field('clickUrl'),
  pixel_url: field('pixelUrls', list),
  impression_url: field('impressionUrls', list),
  size: field('size'),
  media: field('media'),
  video_section: field('video', settings),
  duration: field('duration', count),
  formattedSize: field('fileSize'),
  vast_url: field('vastUrl'),
  native: field('nativeAssets', settings),
  title: field('title'),
  sponsored_by: field('sponsoredBy'),
  cta: field('callToAction'),
  icon: field('icon', settings),
  main_image: field('mainImage', settings),
  url: field('url'),
  html_tag: field('adTag'),
  exchanges: field('exchanges', list),
  creative_assoc_map: field('dspAssociations', objects),
  creative_associate_id: field('associateId'),
  // Inventory lists, audiences, smart-app lists
  kind: field('listKind', enumOf(APPLIST_KINDS)),
  default_mode: field('defaultMode', enumOf(INVENTORY_MODES)),
  entries_added: field('entriesAdded', count),
  entries_added_sample: field('entriesAddedSample', list),
  entries_removed: field('entriesRemoved', count),
  entries_removed_sample: field('entriesRemovedSample', list),
  entry_count: field('entryCount', count),
  app_count: field('appCount', count),
  applist_assoc_map: field('dspAssociations', objects),
  associate_applist_id: field('associateId'),
  import: field('import', settings),
  import_id: field('importNumber', count),
  rejected: field('rejectedEntries', count),
  source: field('source', enumOf(AUDIENCE_SOURCES)),
  rule: field('rule', settings),
  event: field('event', enumOf(AUDIENCE_RULE_EVENTS)),
  campaign_ids: field('campaigns', ref('campaign')),
  days: field('days', count),
  matched_size: field('matchedSize', count),
  category_id: field('appCategory', ref('smartAppNode')),
  genre_id: field('appGenre', ref('smartAppNode')),
  subgenre_id: field('appSubgenre', ref('smartAppNode')),
  // Meta-data: exchanges, the smart-app taxonomy
  key: field('key'),
  level: field('level', enumOf(SMART_APP_LEVELS)),
  parent_id: field('parent', ref('smartAppNode')),
  notice_window_seconds: field('noticeWindow', count),
  /** Winning-price keys: their fingerprint, never the keys. */
  price_keys: field('priceKeys'),
  // DSP connections
  type: field('dspType', enumOf(DSP_TYPE_NAMES)),
  endpoint_url: field('endpointUrl'),
  qps_limit: field('qpsLimit', count),
  credentials_hint: field('credentials', settings),
  // Reports
  report_type: field('reportType', enumOf(REPORT_TYPES)),
  date_from: field('dateFrom', { type: 'date' }),
  date_to: field('dateTo', { type: 'date' }),
  dimensions: field('dimensions', list),
  metrics: field('metrics', list),
  schedule: field('schedule', enumOf(REPORT_SCHEDULES)),
};

/** The codes of money-transfer kinds (a `transfer` value "#4 CREDIT"). */
export const CHANGE_LOG_TRANSFER_KINDS: readonly string[] = TRANSFER_KINDS;

/**
 * Fields named after one exchange (approval decisions): campaigns write `exchanges.<name>.state`
 * and `.reason`, creatives `exchange:<name>` and `reason:<name>`. The label takes `{{exchange}}`.
 */
const EXCHANGE_FIELD_PATTERNS: readonly { pattern: RegExp; spec: ChangeLogFieldSpec }[] = [
  { pattern: /^exchanges\.(.+)\.state$/, spec: field('exchangeState', enumOf(EXCHANGE_APPROVAL_STATES)) },
  { pattern: /^exchange:(.+)$/, spec: field('exchangeState', enumOf(EXCHANGE_APPROVAL_STATES)) },
  { pattern: /^exchanges\.(.+)\.reason$/, spec: field('exchangeReason') },
  { pattern: /^reason:(.+)$/, spec: field('exchangeReason') },
];

/** The labels of the per-exchange fields (they take `{{exchange}}`). */
export const CHANGE_LOG_EXCHANGE_LABELS = ['exchangeState', 'exchangeReason'] as const;

export type ResolvedChangeLogField = ChangeLogFieldSpec & { exchange?: string };

/** A recorded field's spec (with the exchange it names, for per-exchange fields); undefined if unknown. */
export const changeLogFieldSpec = (name: string): ResolvedChangeLogField | undefined => {
  const known = Object.hasOwn(CHANGE_LOG_FIELDS, name) ? CHANGE_LOG_FIELDS[name] : undefined;
  if (known) return known;
  for (const { pattern, spec } of EXCHANGE_FIELD_PATTERNS) {
    const match = pattern.exec(name);
    if (match) return { ...spec, exchange: match[1]! };
  }
  return undefined;
};

/** Every label key the change log uses (the locale test wants each in every language). */
export const changeLogLabelKeys = (): string[] => [
  ...new Set([...Object.values(CHANGE_LOG_FIELDS).map((spec) => spec.label), ...CHANGE_LOG_EXCHANGE_LABELS]),
];

/** Every code the change log shows by a translated name. */
export const changeLogValueCodes = (): string[] => {
  const codes = new Set<string>(CHANGE_LOG_TRANSFER_KINDS);
  const specs = [...Object.values(CHANGE_LOG_FIELDS), ...EXCHANGE_FIELD_PATTERNS.map((entry) => entry.spec)];
  for (const { value } of specs)
    if (value.type === 'enum' || value.type === 'enumList') for (const code of value.values) codes.add(code);
  return [...codes];
};

/** The ids of `kind` a value holds: an id, a list of ids, or objects with a `<x>_id` field of that kind. */
export const changeLogRefIds = (name: string, value: unknown): { ref: ChangeLogRefKind; id: number }[] => {
  const spec = changeLogFieldSpec(name);
  if (!spec || value === null || value === undefined) return [];
  const { value: kind } = spec;
  if (kind.type === 'ref') {
    const items = Array.isArray(value) ? value : [value];
    return items
      .filter((item): item is number => typeof item === 'number')
      .map((id) => ({ ref: kind.ref, id }));
  }
  const items =
    kind.type === 'objects' && Array.isArray(value) ? value : kind.type === 'settings' ? [value] : [];
  return items.flatMap((item) =>
    item && typeof item === 'object'
      ? Object.entries(item as Record<string, unknown>).flatMap(([key, inner]) => changeLogRefIds(key, inner))
      : [],
  );
};

/** The key of a name in an entry's `names`: 'exchange:12'. */
export const changeLogNameKey = (ref: ChangeLogRefKind, id: number) => `${ref}:${id}`;
