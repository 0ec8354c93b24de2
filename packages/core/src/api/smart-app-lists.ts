// Schemas of smart-app lists (spec section 2: admin and co-admin /smart-apps): lists of apps an admin
// curates and places on the smart-app taxonomy (category -> genre -> subgenre, spec section 3). They
// belong to the platform, not to a tenant: every role may target them in a campaign.
import { z } from 'zod';
import { pageQuery } from './common.ts';
import { int4IdParam, int8IdParam } from './ids.ts';
import { ENTRY_EDIT_MAX, LIST_LINE_MAX_CHARS, listNameSchema, rejectedLine } from './inventory-lists.ts';

/** Smart-app categories have `integer` ids; lists `bigint` ones. Read from text (path, query). */
const positiveId = (label: string) =>
  (['category', 'genre', 'subgenre'].includes(label) ? int4IdParam : int8IdParam)(`${label} id`);

export const smartAppListIdParams = z.object({ id: positiveId('smart-app list') });

const placement = {
  /** A category of the taxonomy (required). */
  category_id: positiveId('category'),
  /** A genre of that category (optional). */
  genre_id: positiveId('genre').nullable().default(null),
  /** A subgenre of that genre (optional, needs the genre). */
  subgenre_id: positiveId('subgenre').nullable().default(null),
};

export const SMART_APP_DESCRIPTION_MAX = 500;
const description = z
  .string()
  .trim()
  .max(SMART_APP_DESCRIPTION_MAX, `At most ${SMART_APP_DESCRIPTION_MAX} characters.`)
  .default('');

const apps = z
  .array(z.string().max(LIST_LINE_MAX_CHARS, `An entry is at most ${LIST_LINE_MAX_CHARS} characters.`))
  .max(ENTRY_EDIT_MAX, `At most ${ENTRY_EDIT_MAX} apps at once.`);

export const smartAppListCreateBody = z
  .object({ name: listNameSchema, description, ...placement, apps: apps.default([]) })
  .refine((body) => body.subgenre_id === null || body.genre_id !== null, {
    message: 'Choose the genre of the subgenre.',
    path: ['genre_id'],
  });
export type SmartAppListCreateBody = z.output<typeof smartAppListCreateBody>;

export const smartAppListUpdateBody = z
  .object({ name: listNameSchema, description, ...placement })
  .refine((body) => body.subgenre_id === null || body.genre_id !== null, {
    message: 'Choose the genre of the subgenre.',
    path: ['genre_id'],
  });
export type SmartAppListUpdateBody = z.output<typeof smartAppListUpdateBody>;

export const smartAppEditBody = z
  .object({ add: apps.default([]), remove: apps.default([]) })
  .refine((body) => body.add.length + body.remove.length > 0, {
    message: 'Give apps to add or remove.',
    path: ['add'],
  });

const node = z.object({ id: z.number().int(), name: z.string() });

export const smartAppListItem = z.object({
  list_id: z.number().int().describe('The smart-app list id (list_id).'),
  name: z.string(),
  description: z.string(),
  category: node,
  genre: node.nullable(),
  subgenre: node.nullable(),
  app_count: z.number().int(),
  campaign_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SmartAppListItem = z.infer<typeof smartAppListItem>;

export const smartAppListDetail = smartAppListItem;

export const smartAppEditResult = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  rejected_lines: z.array(rejectedLine),
  app_count: z.number().int(),
});

export const smartAppListQuery = pageQuery.extend({
  category_id: int4IdParam('category id').optional(),
  sort: z.enum(['name', 'app_count', 'created_at']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type SmartAppListQuery = z.output<typeof smartAppListQuery>;
