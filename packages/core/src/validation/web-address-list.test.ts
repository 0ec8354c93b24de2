import { describe, expect, it } from 'vitest';
import {
  findWebAddressListError,
  formatWebAddressEntryMessage,
  isValidWebAddressList,
  splitWebAddressList,
  WEB_ADDRESS_LIST_EMPTY_MESSAGE,
  webAddressListSchema,
} from './web-address-list.ts';

function messagesOf(value: string): string[] {
  return webAddressListSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

describe('web address list', () => {
  it.each([
    'https://example.com/',
    'http://example.com/',
    'https://example.com/path/',
    'https://example.com/a/b/c/',
    'https://sub.example.co.uk:8080/x/',
    'https://a.com/,https://b.org/news/',
    'https://a.com/, http://b.org/ ,https://c.net/',
    'HTTPS://EXAMPLE.COM/',
  ])('accepts %j', (value) => {
    expect(findWebAddressListError(value)).toBeUndefined();
    expect(isValidWebAddressList(value)).toBe(true);
    expect(webAddressListSchema.safeParse(value).success).toBe(true);
  });

  it('normalises the spaces around commas', () => {
    expect(webAddressListSchema.parse(' https://a.com/ , https://b.org/x/ ')).toBe(
      'https://a.com/,https://b.org/x/',
    );
    expect(splitWebAddressList('a, b,c')).toEqual(['a', 'b', 'c']);
  });

  it.each(['', '   '])('rejects an empty list %j', (value) => {
    expect(findWebAddressListError(value)).toBe(WEB_ADDRESS_LIST_EMPTY_MESSAGE);
    expect(messagesOf(value)).toEqual([WEB_ADDRESS_LIST_EMPTY_MESSAGE]);
  });

  it.each([
    ['https://example.com', 1, 'https://example.com'],
    ['example.com/', 1, 'example.com/'],
    ['ftp://example.com/', 1, 'ftp://example.com/'],
    ['https://example.com/page', 1, 'https://example.com/page'],
    ['https://a.com/,https://b.com', 2, 'https://b.com'],
    ['https://a.com/,,https://b.com/', 2, ''],
    ['https://a.com/,', 2, ''],
    ['https://a.com/ https://b.com/', 1, 'https://a.com/ https://b.com/'],
    ['https://localhost/', 1, 'https://localhost/'],
    ['https://a.com/path', 1, 'https://a.com/path'],
    ['https://a.com/x/,https://b.com/?q=1', 2, 'https://b.com/?q=1'],
  ])('rejects %j at entry %i', (value, position, entry) => {
    const message = formatWebAddressEntryMessage(position, entry);
    expect(findWebAddressListError(value)).toBe(message);
    expect(isValidWebAddressList(value)).toBe(false);
    expect(messagesOf(value)).toEqual([message]);
  });

  it('says which entry is wrong', () => {
    expect(formatWebAddressEntryMessage(3, 'x')).toBe(
      'Web address 3 ("x") must be an http or https URL ending in a slash, e.g. https://example.com/.',
    );
  });
});
