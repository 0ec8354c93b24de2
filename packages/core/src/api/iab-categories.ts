// The IAB Content Taxonomy 1.0 categories OpenRTB 2.x carries in site/app/content `cat`, `bcat` and
// `bid.cat`: the 26 top-level categories, and the brand-safety subcategories of IAB25 (non-standard
// content) and IAB26 (illegal content) that buyers most often exclude. Pickers offer these; the API
// takes any IABn or IABn-m, and a top-level category stands for all of its subcategories.

import { z } from 'zod';
import { IAB_CATEGORY_MESSAGE } from './iab-category-list.ts';

export * from './iab-category-list.ts';

export const iabCategorySchema = z
  .string(IAB_CATEGORY_MESSAGE)
  .trim()
  .toUpperCase()
  .regex(/^IAB\d{1,2}(-\d{1,2})?$/, IAB_CATEGORY_MESSAGE);
