// The IAB Content Taxonomy 1.0 categories OpenRTB 2.x carries in site/app/content `cat`, `bcat` and
// `bid.cat`: the 26 top-level categories, and the brand-safety subcategories of IAB25 (non-standard
// content) and IAB26 (illegal content) that buyers most often exclude. Pickers offer these; the API
// takes any IABn or IABn-m, and a top-level category stands for all of its subcategories.
// Without zod (the schema is iab-categories.ts), so pages that only name categories do not load it.
export const IAB_CATEGORY_MESSAGE = 'A category is an IAB content category, like IAB8 or IAB8-5.';

export const IAB_CATEGORIES: readonly { id: string; name: string }[] = [
  { id: 'IAB1', name: 'Arts & Entertainment' },
  { id: 'IAB2', name: 'Automotive' },
  { id: 'IAB3', name: 'Business' },
  { id: 'IAB4', name: 'Careers' },
  { id: 'IAB5', name: 'Education' },
  { id: 'IAB6', name: 'Family & Parenting' },
  { id: 'IAB7', name: 'Health & Fitness' },
  { id: 'IAB8', name: 'Food & Drink' },
  { id: 'IAB9', name: 'Hobbies & Interests' },
  { id: 'IAB10', name: 'Home & Garden' },
  { id: 'IAB11', name: "Law, Gov't & Politics" },
  { id: 'IAB12', name: 'News' },
  { id: 'IAB13', name: 'Personal Finance' },
  { id: 'IAB14', name: 'Society' },
  { id: 'IAB15', name: 'Science' },
  { id: 'IAB16', name: 'Pets' },
  { id: 'IAB17', name: 'Sports' },
  { id: 'IAB18', name: 'Style & Fashion' },
  { id: 'IAB19', name: 'Technology & Computing' },
  { id: 'IAB20', name: 'Travel' },
  { id: 'IAB21', name: 'Real Estate' },
  { id: 'IAB22', name: 'Shopping' },
  { id: 'IAB23', name: 'Religion & Spirituality' },
  { id: 'IAB24', name: 'Uncategorized' },
  { id: 'IAB25', name: 'Non-Standard Content' },
  { id: 'IAB25-1', name: 'Unmoderated UGC' },
  { id: 'IAB25-2', name: 'Extreme Graphic/Explicit Violence' },
  { id: 'IAB25-3', name: 'Pornography' },
  { id: 'IAB25-4', name: 'Profane Content' },
  { id: 'IAB25-5', name: 'Hate Content' },
  { id: 'IAB25-6', name: 'Under Construction' },
  { id: 'IAB25-7', name: 'Incentivized' },
  { id: 'IAB26', name: 'Illegal Content' },
  { id: 'IAB26-1', name: 'Illegal Content' },
  { id: 'IAB26-2', name: 'Warez' },
  { id: 'IAB26-3', name: 'Spyware/Malware' },
  { id: 'IAB26-4', name: 'Copyright Infringement' },
];

/** 'IAB20-3' falls under 'IAB20', and every category under itself. */
export const isIabCategoryWithin = (category: string, parent: string): boolean =>
  category === parent || category.startsWith(`${parent}-`);

/** The picker's label: 'IAB20-3 Travel' style, id first (what exchanges and bid requests show). */
export const iabCategoryLabel = (id: string): string => {
  const known = IAB_CATEGORIES.find((entry) => entry.id === id);
  return known ? `${id} ${known.name}` : id;
};
