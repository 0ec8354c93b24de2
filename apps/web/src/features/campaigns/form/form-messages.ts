// Core's campaign messages (packages/core: the schemas' and the server's) as keys of the
// `campaign-form` namespace, so each language shows its own words while English keeps core's (and
// the spec's) wording exactly (a unit test compares them). Messages with numbers in them (the
// geo-fence list names the entry) are matched by patterns made from core's own message functions.
// Anything unknown is shown as the server wrote it.
import {
  BUDGET_MESSAGES,
  CAMPAIGN_NAME_EMPTY_MESSAGE,
  CAMPAIGN_NAME_TOO_LONG_MESSAGE,
  DATE_TIME_MESSAGE,
  DAY_PARTING_EMPTY_MESSAGE,
  DAY_PARTING_SHAPE_MESSAGE,
  MIN_VIEWABILITY_MESSAGE,
  TIME_ZONE_MESSAGE,
} from '@console/core/api/campaigns';
import { DEAL_MESSAGES } from '@console/core/api/deals';
import { IAB_CATEGORY_MESSAGE } from '@console/core/api/iab-category-list';
import { CAMPAIGN_STATUS_MESSAGES } from '@console/core/campaign-status';
import {
  MONEY_INVALID_MESSAGE,
  MONEY_TOO_LARGE_MESSAGE,
  MONEY_TOO_PRECISE_MESSAGE,
} from '@console/core/format/money';
import { GEO_FENCE_MESSAGES } from '@console/core/validation/geo-fence';
import { NAME_LIKE_MESSAGE } from '@console/core/validation/text';
import { FORM_MESSAGES } from './campaign-form-model.ts';

/** Exact message -> key (under `errors.`). */
export const EXACT_MESSAGES: Readonly<Record<string, string>> = {
  [NAME_LIKE_MESSAGE]: 'nameLike',
  [CAMPAIGN_NAME_EMPTY_MESSAGE]: 'nameEmpty',
  [CAMPAIGN_NAME_TOO_LONG_MESSAGE]: 'nameTooLong',
  [TIME_ZONE_MESSAGE]: 'timeZone',
  [DATE_TIME_MESSAGE]: 'dateTime',
  [BUDGET_MESSAGES.dailyOverTotal]: 'dailyOverTotal',
  [BUDGET_MESSAGES.bidBelowMin]: 'bidBelowMin',
  [BUDGET_MESSAGES.bidAboveMax]: 'bidAboveMax',
  [BUDGET_MESSAGES.minAboveMax]: 'minAboveMax',
  [BUDGET_MESSAGES.endBeforeStart]: 'endBeforeStart',
  [BUDGET_MESSAGES.duplicateList]: 'duplicateList',
  [MONEY_INVALID_MESSAGE]: 'moneyInvalid',
  [MONEY_TOO_PRECISE_MESSAGE]: 'moneyTooPrecise',
  [MONEY_TOO_LARGE_MESSAGE]: 'moneyTooLarge',
  'The total budget must be more than $0.00.': 'totalPositive',
  'The daily budget must be more than $0.00.': 'dailyPositive',
  'The bid must be more than $0.00.': 'bidPositive',
  'The minimum bid must be more than $0.00.': 'minBidPositive',
  'The maximum bid must be more than $0.00.': 'maxBidPositive',
  'Give the number of impressions.': 'capCountRequired',
  'Give a whole number of impressions.': 'capCountWhole',
  'The frequency cap is at least 1 impression.': 'capCountMin',
  'The frequency cap is at most 1000 impressions.': 'capCountMax',
  'Choose hour, day, week or lifetime.': 'capPeriod',
  [DAY_PARTING_EMPTY_MESSAGE]: 'dayPartingEmpty',
  [DAY_PARTING_SHAPE_MESSAGE]: 'dayPartingShape',
  'An operating system appears twice.': 'osTwice',
  [MIN_VIEWABILITY_MESSAGE]: 'minViewability',
  [IAB_CATEGORY_MESSAGE]: 'iabCategory',
  [FORM_MESSAGES.startRequired]: 'startRequired',
  [FORM_MESSAGES.endRequired]: 'endRequired',
  [FORM_MESSAGES.totalRequired]: 'totalRequired',
  [FORM_MESSAGES.bidRequired]: 'bidRequired',
  [FORM_MESSAGES.minBidRequired]: 'minBidRequired',
  [FORM_MESSAGES.maxBidRequired]: 'maxBidRequired',
  [FORM_MESSAGES.advertiserRequired]: 'advertiserRequired',
  [FORM_MESSAGES.submitNeedsExchange]: 'submitNeedsExchange',
  [FORM_MESSAGES.flightEnded]: 'flightEnded',
  'Choose one of your advertisers.': 'advertiserNotYours',
  [FORM_MESSAGES.submittedNeedsExchange]: 'submittedNeedsExchange',
  [CAMPAIGN_STATUS_MESSAGES.notEditable('COMPLETED')]: 'notEditableCompleted',
  [CAMPAIGN_STATUS_MESSAGES.notEditable('ARCHIVED')]: 'notEditableArchived',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern of a core message function: the sample values become named groups. */
const patternOf = (sample: string, groups: Record<string, string>): RegExp => {
  let source = escapeRegExp(sample);
  for (const [name, value] of Object.entries(groups))
    source = source.replace(escapeRegExp(value), `(?<${name}>.+?)`);
  return new RegExp(`^${source}$`, 's');
};

const POSITION = '987654';
const ENTRY = '\u0001';

/** Pattern -> key (under `errors.`), each key's English text interpolates the groups. */
export const PATTERN_MESSAGES: readonly [RegExp, string][] = [
  [patternOf(GEO_FENCE_MESSAGES.tooMany(Number(POSITION)), { count: POSITION }), 'geoTooMany'],
  [patternOf(GEO_FENCE_MESSAGES.emptyEntry(Number(POSITION)), { position: POSITION }), 'geoEmptyEntry'],
  [
    patternOf(GEO_FENCE_MESSAGES.malformedEntry(Number(POSITION), ENTRY), {
      position: POSITION,
      entry: `"${ENTRY}"`,
    }),
    'geoMalformed',
  ],
  [patternOf(GEO_FENCE_MESSAGES.latitude(Number(POSITION)), { position: POSITION }), 'geoLatitude'],
  [patternOf(GEO_FENCE_MESSAGES.longitude(Number(POSITION)), { position: POSITION }), 'geoLongitude'],
  [patternOf(GEO_FENCE_MESSAGES.radius(Number(POSITION)), { position: POSITION }), 'geoRadius'],
  [patternOf(DEAL_MESSAGES.unknownForCampaign(ENTRY), { dealId: ENTRY }), 'unknownDeal'],
];

export type MessageKey = { key: string; values?: Record<string, string> };

/** The `campaign-form` key of a message (with its values), or null to show it as it is. */
export const formMessageKey = (message: string): MessageKey | null => {
  const exact = EXACT_MESSAGES[message];
  if (exact) return { key: `errors.${exact}` };
  for (const [pattern, key] of PATTERN_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return { key: `errors.${key}`, values: { ...match.groups } };
  }
  return null;
};
