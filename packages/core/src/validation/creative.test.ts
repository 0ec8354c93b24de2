import { describe, expect, it } from 'vitest';
import {
  CREATIVE_NAME_EMPTY_MESSAGE,
  CREATIVE_TYPES,
  CREATIVE_URL_FIELDS,
  CREATIVE_URL_RULES,
  CREATIVE_URLS_SCHEMAS,
  type CreativeUrlRule,
  creativeNameSchema,
  findCreativeUrlFields,
  isValidCreativeFileName,
  sponsoredBySchema,
} from './creative.ts';
import { TEXT_LIMIT_25_MESSAGE } from './text.ts';
import { CLICK_URL_REQUIRED_MESSAGE, INVALID_URL_MESSAGE } from './url.ts';

function messagesOf(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('creative name', () => {
  it('has the spec message', () => {
    expect(CREATIVE_NAME_EMPTY_MESSAGE).toBe('Creative name cannot be empty.');
  });

  it.each(['Summer sale', 'a', '  Banner 300x250  ', 'Ünïcode ✓'])('accepts %j', (value) => {
    expect(creativeNameSchema.safeParse(value).success).toBe(true);
  });

  it.each(['', ' ', '\t', '\n  \n'])('rejects blank %j', (value) => {
    expect(messagesOf(creativeNameSchema.safeParse(value))).toEqual([CREATIVE_NAME_EMPTY_MESSAGE]);
  });

  it('rejects null and undefined and trims', () => {
    expect(creativeNameSchema.safeParse(null).success).toBe(false);
    expect(creativeNameSchema.safeParse(undefined).success).toBe(false);
    expect(creativeNameSchema.parse('  Banner  ')).toBe('Banner');
  });
});

describe('creative file name', () => {
  it.each([
    'banner.png',
    'Banner_300-250.jpg',
    'summer sale banner.gif',
    'video 2024 final.mp4',
    'box.jpg',
    'x.png',
    'file.XML',
    'a.b',
  ])('accepts %j', (value) => {
    expect(isValidCreativeFileName(value)).toBe(true);
  });

  it.each([
    ['upper-case X in the name', 'BOX.jpg'],
    ['upper-case X alone', 'X.png'],
    ['no extension', 'banner'],
    ['trailing dot', 'banner.'],
    ['two dots', 'banner.final.png'],
    ['double space', 'summer  sale.png'],
    ['leading space', ' banner.png'],
    ['space before the dot', 'banner .png'],
    ['a symbol', 'banner!.png'],
    ['a non-ASCII letter', 'bännér.png'],
    ['empty', ''],
    ['only an extension', '.png'],
    ['a path', 'img/banner.png'],
  ])('rejects %s (%j)', (_, value) => {
    expect(isValidCreativeFileName(value)).toBe(false);
  });
});

describe('creative URL rules', () => {
  it('is the table of spec section 3', () => {
    expect(CREATIVE_URL_RULES).toEqual({
      image: {
        click_url: { requirement: 'mandatory', cardinality: 'single' },
        pixel_url: { requirement: 'optional', cardinality: 'several' },
        impression_url: { requirement: 'none' },
      },
      native: {
        click_url: { requirement: 'mandatory', cardinality: 'single' },
        pixel_url: { requirement: 'none' },
        impression_url: { requirement: 'optional', cardinality: 'single' },
      },
      video: {
        click_url: { requirement: 'mandatory', cardinality: 'single' },
        pixel_url: { requirement: 'none' },
        impression_url: { requirement: 'optional', cardinality: 'several' },
      },
      html: {
        click_url: { requirement: 'none' },
        pixel_url: { requirement: 'none' },
        impression_url: { requirement: 'none' },
      },
    });
  });

  it('lists the fields each type takes', () => {
    expect(findCreativeUrlFields('image')).toEqual(['click_url', 'pixel_url']);
    expect(findCreativeUrlFields('native')).toEqual(['click_url', 'impression_url']);
    expect(findCreativeUrlFields('video')).toEqual(['click_url', 'impression_url']);
    expect(findCreativeUrlFields('html')).toEqual([]);
  });

  // The schemas are written out by hand; probe each against the table so they cannot drift.
  it.each(CREATIVE_TYPES)('the %s schema follows the table', (type) => {
    const schema = CREATIVE_URLS_SCHEMAS[type];
    const rules: Record<string, CreativeUrlRule> = CREATIVE_URL_RULES[type];
    for (const field of CREATIVE_URL_FIELDS) {
      const rule = rules[field];
      if (!rule) throw new Error(field);
      const fieldSchema = schema.shape[field as keyof typeof schema.shape];
      if (rule.requirement === 'none') {
        expect(fieldSchema, `${type}.${field}`).toBeUndefined();
        continue;
      }
      expect(fieldSchema, `${type}.${field}`).toBeDefined();
      const isSeveral = rule.cardinality === 'several';
      const sample = isSeveral ? ['https://a.com', 'b.io'] : 'https://a.com';
      expect(schema.safeParse({ click_url: 'https://c.com', [field]: sample }).success).toBe(true);
      expect(
        schema.safeParse({ click_url: 'https://c.com', [field]: isSeveral ? 'https://a.com' : [] }).success,
      ).toBe(false);
      const isMissingOk = schema.safeParse(
        field === 'click_url' ? {} : { click_url: 'https://c.com' },
      ).success;
      expect(isMissingOk, `${type}.${field} missing`).toBe(rule.requirement === 'optional');
    }
  });

  it('gives the spec messages through the per-type schemas', () => {
    expect(messagesOf(CREATIVE_URLS_SCHEMAS.image.safeParse({ click_url: '' }))).toEqual([
      CLICK_URL_REQUIRED_MESSAGE,
    ]);
    expect(messagesOf(CREATIVE_URLS_SCHEMAS.native.safeParse({ click_url: 'x' }))).toEqual([
      INVALID_URL_MESSAGE,
    ]);
    const video = CREATIVE_URLS_SCHEMAS.video.safeParse({
      click_url: 'a.com',
      impression_url: ['b.com', 'bad'],
    });
    expect(video.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['impression_url', 1], INVALID_URL_MESSAGE],
    ]);
    expect(
      messagesOf(CREATIVE_URLS_SCHEMAS.native.safeParse({ click_url: 'a.com', impression_url: 'not a url' })),
    ).toEqual([INVALID_URL_MESSAGE]);
  });

  it('strips URLs a type does not take', () => {
    expect(CREATIVE_URLS_SCHEMAS.html.parse({ click_url: 'a.com', pixel_url: ['b.com'] })).toEqual({});
    expect(CREATIVE_URLS_SCHEMAS.image.parse({ click_url: 'a.com', impression_url: 'x' })).toEqual({
      click_url: 'a.com',
    });
  });
});

describe('sponsored-by text (limit 25)', () => {
  it('accepts up to 25 characters and rejects 26', () => {
    expect(sponsoredBySchema.safeParse('a'.repeat(25)).success).toBe(true);
    expect(sponsoredBySchema.safeParse('Acme Corporation Ltd.').success).toBe(true);
    expect(messagesOf(sponsoredBySchema.safeParse('a'.repeat(26)))).toEqual([TEXT_LIMIT_25_MESSAGE]);
  });
});
