// Creative rules of spec sections 3 and 5: the name, the uploaded file's name, and which tracking
// URLs each creative type takes.
import { z } from 'zod';
import { CREATIVE_TYPES, type CreativeType } from '../api/creatives-constants.ts';
import { textLimit25Schema } from './text.ts';
import { clickUrlSchema, optionalUrlSchema, urlListSchema } from './url.ts';

export const CREATIVE_NAME_EMPTY_MESSAGE = 'Creative name cannot be empty.';

/** The output is trimmed. */
export const creativeNameSchema = z.string().trim().min(1, CREATIVE_NAME_EMPTY_MESSAGE);

// Spec: "letters (excluding X), digits, underscore, hyphen, words separated by spaces, then a dot
// and an extension". Taken literally: upper-case X is excluded from the name part, lower-case x is
// allowed. ASCII letters only (file names travel to CDNs and ad servers); words are separated by
// single spaces (no leading, trailing or double spaces); exactly one dot, before an extension of
// ASCII letters and digits (where X is allowed: .XML, .mxf).
export const CREATIVE_FILE_NAME_PATTERN = /^[A-WYZa-z0-9_-]+(?: [A-WYZa-z0-9_-]+)*\.[A-Za-z0-9]+$/;
export const CREATIVE_FILE_NAME_MESSAGE =
  'Invalid file name. Use letters (except upper-case X), numbers, underscores and hyphens, words separated by single spaces, then a dot and an extension.';

export function isValidCreativeFileName(value: string): boolean {
  return CREATIVE_FILE_NAME_PATTERN.test(value);
}

export { CREATIVE_TYPES, type CreativeType };

export const CREATIVE_URL_FIELDS = ['click_url', 'pixel_url', 'impression_url'] as const;
export type CreativeUrlField = (typeof CREATIVE_URL_FIELDS)[number];

export type CreativeUrlRule =
  | { requirement: 'none' }
  | { requirement: 'mandatory' | 'optional'; cardinality: 'single' | 'several' };

const none = { requirement: 'none' } as const;

/** Spec section 3, "URL rules by type". */
export const CREATIVE_URL_RULES = {
  image: {
    click_url: { requirement: 'mandatory', cardinality: 'single' },
    pixel_url: { requirement: 'optional', cardinality: 'several' },
    impression_url: none,
  },
  native: {
    click_url: { requirement: 'mandatory', cardinality: 'single' },
    pixel_url: none,
    impression_url: { requirement: 'optional', cardinality: 'single' },
  },
  video: {
    click_url: { requirement: 'mandatory', cardinality: 'single' },
    pixel_url: none,
    impression_url: { requirement: 'optional', cardinality: 'several' },
  },
  html: { click_url: none, pixel_url: none, impression_url: none },
} as const satisfies Record<CreativeType, Record<CreativeUrlField, CreativeUrlRule>>;

/** The URL fields a creative type takes (for showing or hiding form fields). */
export function findCreativeUrlFields(type: CreativeType): CreativeUrlField[] {
  const rules: Record<CreativeUrlField, CreativeUrlRule> = CREATIVE_URL_RULES[type];
  return CREATIVE_URL_FIELDS.filter((field) => rules[field].requirement !== 'none');
}

/**
 * The URL fields of each creative type as object schemas, written out (not generated from the table)
 * so their output types are precise; a test keeps them in step with CREATIVE_URL_RULES. Fields a
 * type does not take are not in its shape, so zod strips them (an html creative never stores a
 * click_url). Extend them with the other creative fields: `CREATIVE_URLS_SCHEMAS.image.extend({...})`.
 */
export const CREATIVE_URLS_SCHEMAS = {
  image: z.object({ click_url: clickUrlSchema, pixel_url: urlListSchema.optional() }),
  native: z.object({ click_url: clickUrlSchema, impression_url: optionalUrlSchema }),
  video: z.object({ click_url: clickUrlSchema, impression_url: urlListSchema.optional() }),
  html: z.object({}),
} as const satisfies Record<CreativeType, z.ZodObject>;

/** A native creative's sponsored-by text: one of the spec's two limits of 25. */
export const sponsoredBySchema = textLimit25Schema;
