import { describe, expect, it } from 'vitest';
import {
  CLICK_URL_REQUIRED_MESSAGE,
  clickUrlSchema,
  findClickUrlError,
  findUrlListErrors,
  INVALID_URL_MESSAGE,
  isBlank,
  isValidUrl,
  optionalUrlSchema,
  urlListSchema,
} from './url.ts';

const VALID = [
  'example.com',
  'www.example.com',
  'http://example.com',
  'https://example.com',
  'HTTPS://Example.COM/Path',
  'https://shop.example.co.uk/landing/page?utm_source=dsp&cid={click_id}#top',
  'example.com/path/to/page.html',
  'https://example.com:8443/x',
  'https://my-brand.io',
  'https://xn--bcher-kva.xn--p1ai/',
  '  https://example.com  ',
];

const INVALID = [
  'example',
  'localhost',
  'http://localhost:3000',
  'https://192.168.0.1/',
  'ftp://example.com',
  'https//example.com',
  'https://',
  'https://-example.com',
  'https://example-.com',
  'https://exa mple.com',
  'https://example.com/a b',
  'https://example.c',
  'https://example.123',
  'https://user:pw@example.com',
  'javascript:alert(1)',
  'https://example..com',
  '.com',
];

describe('isValidUrl', () => {
  it.each(VALID)('accepts %s', (value) => expect(isValidUrl(value)).toBe(true));
  it.each(INVALID)('rejects %s', (value) => expect(isValidUrl(value)).toBe(false));
});

describe('isBlank', () => {
  it('treats empty, whitespace, null and undefined as blank', () => {
    for (const value of ['', ' ', '\t\n', null, undefined]) expect(isBlank(value)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});

describe('click URL', () => {
  it('has the spec messages', () => {
    expect(CLICK_URL_REQUIRED_MESSAGE).toBe('Click URL is mandatory');
    expect(INVALID_URL_MESSAGE).toBe('Please enter a valid URL');
  });

  it.each(['', '   ', null, undefined])('requires a value (%j)', (value) => {
    expect(findClickUrlError(value)).toBe(CLICK_URL_REQUIRED_MESSAGE);
    expect(findClickUrlError(value, { required: true })).toBe(CLICK_URL_REQUIRED_MESSAGE);
    expect(findClickUrlError(value)).toBeDefined();
  });

  it.each(['', '   ', null, undefined])('passes a blank optional value (%j)', (value) => {
    expect(findClickUrlError(value, { required: false })).toBeUndefined();
    expect(findClickUrlError(value, { required: false })).toBeUndefined();
  });

  it.each(INVALID)('reports an invalid URL whether required or not: %s', (value) => {
    expect(findClickUrlError(value)).toBe(INVALID_URL_MESSAGE);
    expect(findClickUrlError(value, { required: false })).toBe(INVALID_URL_MESSAGE);
  });

  it.each(VALID)('accepts %s', (value) => {
    expect(findClickUrlError(value)).toBeUndefined();
    expect(findClickUrlError(value)).toBeUndefined();
  });

  it('schema: one mandatory message for blank, the URL message for garbage, trimmed output', () => {
    expect(clickUrlSchema.safeParse('  ').error?.issues.map((issue) => issue.message)).toEqual([
      CLICK_URL_REQUIRED_MESSAGE,
    ]);
    expect(clickUrlSchema.safeParse('not a url').error?.issues.map((issue) => issue.message)).toEqual([
      INVALID_URL_MESSAGE,
    ]);
    expect(clickUrlSchema.parse(' https://example.com/a ')).toBe('https://example.com/a');
  });

  it('optional schema: blank or absent passes, garbage fails with the URL message', () => {
    expect(optionalUrlSchema.parse(undefined)).toBeUndefined();
    expect(optionalUrlSchema.parse('  ')).toBe('');
    expect(optionalUrlSchema.parse('example.com')).toBe('example.com');
    expect(optionalUrlSchema.safeParse('nope').error?.issues[0]?.message).toBe(INVALID_URL_MESSAGE);
  });
});

describe('URL lists', () => {
  it('accepts valid URLs and drops blank rows', () => {
    expect(urlListSchema.parse(['https://a.com/p', '  ', 'b.io', ''])).toEqual(['https://a.com/p', 'b.io']);
    expect(urlListSchema.parse([])).toEqual([]);
    expect(findUrlListErrors(['https://a.com/p', ' ', 'b.io'])).toEqual([]);
  });

  it('reports each invalid entry with its index', () => {
    const values = ['https://a.com', 'bad', '', 'also bad', 'c.org'];
    const issues = urlListSchema.safeParse(values).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1], INVALID_URL_MESSAGE],
      [[3], INVALID_URL_MESSAGE],
    ]);
    expect(findUrlListErrors(values)).toEqual([
      { index: 1, message: INVALID_URL_MESSAGE },
      { index: 3, message: INVALID_URL_MESSAGE },
    ]);
  });
});
