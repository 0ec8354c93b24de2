// Bid requests name an app's categories in the IAB Content Taxonomy 1.0 (app.cat: 'IAB15-10');
// campaigns target nodes of our smart-app taxonomy (reference-seed.ts STARTER_TAXONOMY). This table
// says which taxonomy names an IAB category stands for; a category text that is itself a taxonomy
// name ('Weather') counts too. A campaign targeting a node also takes its descendants
// (campaign-index.ts), so an app in 'Weather' matches a campaign on 'News & Information'.

import { isIabCategoryWithin } from '@console/core/api/iab-categories';

const IAB_TO_TAXONOMY: Record<string, string[]> = {
  IAB1: ['entertainment'],
  'IAB1-1': ['books & comics', 'e-books'],
  'IAB1-5': ['video streaming', 'movies & tv'],
  'IAB1-6': ['music & audio', 'music streaming'],
  'IAB1-7': ['video streaming', 'movies & tv'],
  IAB2: ['home & auto', 'car buying'],
  IAB3: ['business'],
  IAB4: ['jobs'],
  IAB5: ['reference & education'],
  'IAB5-2': ['kids learning'],
  'IAB5-8': ['language learning'],
  'IAB5-6': ['online courses'],
  IAB7: ['health & fitness'],
  'IAB7-18': ['meditation'],
  'IAB7-30': ['nutrition'],
  'IAB7-17': ['workouts'],
  IAB8: ['food & drink'],
  'IAB8-9': ['restaurant reviews'],
  IAB9: [],
  'IAB9-5': ['board & card'],
  'IAB9-23': ['photo & video'],
  'IAB9-30': ['games'],
  IAB10: ['home & auto', 'smart home'],
  IAB12: ['news', 'general news'],
  'IAB12-3': ['local news'],
  IAB13: ['finance'],
  'IAB13-7': ['investing'],
  'IAB13-3': ['banking'],
  IAB14: ['social networks'],
  'IAB14-1': ['dating'],
  'IAB15-10': ['weather'],
  IAB17: ['sports news'],
  IAB19: ['productivity'],
  'IAB19-18': ['productivity'],
  IAB20: ['travel'],
  'IAB20-3': ['flights & hotels'],
  'IAB20-12': ['flights & hotels'],
  'IAB20-18': ['flights & hotels'],
  IAB21: ['home & auto', 'real estate'],
  IAB22: ['shopping'],
  'IAB22-2': ['deals & coupons'],
  'IAB22-4': ['marketplaces'],
  IAB18: ['shopping', 'fashion'],
};

/** The lower-case taxonomy names an app with these categories belongs to. */
export const appCategoryNamesOf = (categories: readonly string[]): Set<string> => {
  const names = new Set<string>();
  for (const category of categories) {
    const mapped = IAB_TO_TAXONOMY[category.toUpperCase()];
    if (mapped) for (const name of mapped) names.add(name);
    else names.add(category.toLowerCase());
  }
  return names;
};

/**
 * Whether an ad in `adCategory` may be of a blocked category: it falls under one (IAB8 blocks
 * IAB8-5), or it is filed under a parent of one (an IAB20 ad may be of the blocked IAB20-3).
 */
export const isBlockedCategory = (adCategory: string, blocked: readonly string[]): boolean =>
  blocked.some((raw) => {
    const entry = raw.trim().toUpperCase();
    return isIabCategoryWithin(adCategory, entry) || isIabCategoryWithin(entry, adCategory);
  });

/** Whether any of a page's categories falls under an excluded one (IAB20 excludes IAB20-3). */
export const isExcludedContent = (pageCategories: readonly string[], excluded: readonly string[]): boolean =>
  excluded.length > 0 &&
  pageCategories.some((category) => excluded.some((entry) => isIabCategoryWithin(category, entry)));
