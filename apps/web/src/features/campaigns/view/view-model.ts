// Pure pieces of the campaign view: day-parting as text per day, names of country and language codes
// in the user's language (Intl.DisplayNames), smart-app taxonomy ids to names, OS targeting with
// version names, and the campaign's DSP association ids from both places the API keeps them.
import type { AssocEntry, CampaignDetail } from '@console/core/api/campaigns';
import type { OperatingSystem, SmartAppCategory } from '@console/core/api/reference';
import { localeOf } from '../../../lib/format/date-time.ts';
import { DAYS, hourLabel, rangesOfDay } from '../form/day-parting.ts';

/** Monday first: 2024-01-01 was a Monday. */
export const weekdayNames = (language: string | undefined, width: 'long' | 'short' = 'long'): string[] => {
  const format = new Intl.DateTimeFormat(localeOf(language), { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: DAYS }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
};

export type DaySummary = { day: number; ranges: string[] };

/** Each day's served hours as 'HH:00–HH:00' ranges (empty: not served that day). */
export const summarizeDayParting = (grid: readonly (readonly boolean[])[]): DaySummary[] =>
  Array.from({ length: DAYS }, (_, day) => ({
    day,
    ranges: rangesOfDay(grid[day] ?? []).map(([from, to]) => `${hourLabel(from)}–${hourLabel(to)}`),
  }));

const displayNames = new Map<string, Intl.DisplayNames | null>();
const namesOf = (language: string | undefined, type: 'region' | 'language'): Intl.DisplayNames | null => {
  const key = `${language}|${type}`;
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([localeOf(language)], { type, fallback: 'none' }));
    } catch {
      displayNames.set(key, null);
    }
  }
  return displayNames.get(key) ?? null;
};

/** 'DE' -> 'Germany' (in the user's language); an unknown code stays as it is. */
export const regionName = (code: string, language?: string): string => {
  try {
    return namesOf(language, 'region')?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

/** 'de' -> 'German' (in the user's language); an unknown code stays as it is. */
export const languageName = (code: string, language?: string): string => {
  try {
    return namesOf(language, 'language')?.of(code.toLowerCase()) ?? code;
  } catch {
    return code;
  }
};

export type TaxonomyNames = {
  categories: Map<number, string>;
  genres: Map<number, string>;
  subgenres: Map<number, string>;
};

/** Id -> name maps of each taxonomy level. */
export const taxonomyNames = (tree: readonly SmartAppCategory[] | undefined): TaxonomyNames => {
  const names: TaxonomyNames = { categories: new Map(), genres: new Map(), subgenres: new Map() };
  for (const category of tree ?? []) {
    names.categories.set(category.category_id, category.category);
    for (const genre of category.genres) {
      names.genres.set(genre.genre_id, genre.genre);
      for (const subgenre of genre.subgenres) names.subgenres.set(subgenre.subgenre_id, subgenre.subgenre);
    }
  }
  return names;
};

export type OsTargetText = { os: string; versions: string[] };

/** OS targets with names: { os: 'android', versions: ['android-14'] } -> { os: 'Android', versions: ['14'] }. */
export const describeOsTargets = (
  targets: CampaignDetail['targeting']['os'],
  systems: readonly OperatingSystem[] | undefined,
): OsTargetText[] =>
  targets.map((target) => {
    const system = systems?.find((item) => item.id === target.os);
    return {
      os: system?.name ?? target.os,
      versions: target.versions.map(
        (id) => system?.versions.find((version) => version.id === id)?.version ?? id,
      ),
    };
  });

export type AssocRow = AssocEntry & { source: 'campaign' | 'camp_data' };

/** The DSP association ids of `assoc_dsp_map` and `camp_data.camp_assoc_map`, each marked with its source. */
export const assocRows = (campaign: Pick<CampaignDetail, 'assoc_dsp_map' | 'camp_data'>): AssocRow[] => [
  ...campaign.assoc_dsp_map.map((entry) => ({ ...entry, source: 'campaign' as const })),
  ...(campaign.camp_data?.camp_assoc_map ?? []).map((entry) => ({ ...entry, source: 'camp_data' as const })),
];

/** Whole days of a flight, rounded up (a flight that ends a minute after it starts is one day). */
export const flightDays = (startAt: string, endAt: string): number => {
  const ms = Date.parse(endAt) - Date.parse(startAt);
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 86_400_000) : 0;
};

/** Statuses in which a campaign is meant to deliver (or will once approved). */
const DELIVERING_STATUSES: readonly CampaignDetail['status'][] = ['PENDING_APPROVAL', 'ACTIVE'];

export type CreativeReadiness = {
  approved: number;
  pending: number;
  rejected: number;
  /** Meant to deliver, but no attached creative is approved on any exchange: nothing can be bid. */
  cannotDeliver: boolean;
};

/** How many of the campaign's creatives are approved, pending and rejected, and whether it can serve. */
export const creativeReadiness = (
  campaign: Pick<CampaignDetail, 'status' | 'creatives'>,
): CreativeReadiness => {
  const count = (status: CampaignDetail['creatives'][number]['status']) =>
    campaign.creatives.filter((creative) => creative.status === status).length;
  const approved = count('APPROVED');
  return {
    approved,
    pending: count('PENDING'),
    rejected: count('REJECTED'),
    cannotDeliver: DELIVERING_STATUSES.includes(campaign.status) && approved === 0,
  };
};
