import { describe, expect, it } from 'vitest';
import { GEO_FENCE_MAX_ENTRIES } from '../constants.ts';
import {
  formatGeoFenceList,
  GEO_FENCE_MESSAGES,
  geoFenceListSchema,
  parseGeoFenceEntry,
  parseGeoFenceList,
} from './geo-fence.ts';

/** The first error's message, or undefined when the list is valid. */
const firstErrorOf = (value: string) => {
  const result = parseGeoFenceList(value);
  return result.success ? undefined : result.errors[0]?.message;
};

function messagesOf(value: string): string[] {
  return geoFenceListSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
}

function repeatEntries(count: number, entry = '40.7128,-74.006,5'): string {
  return Array.from({ length: count }, () => entry).join('|');
}

describe('geo-fence list: accepted', () => {
  it('parses entries into typed values', () => {
    expect(parseGeoFenceList('40.7128,-74.0060,5|51.5,-0.12,10.25')).toEqual({
      success: true,
      entries: [
        { latitude: 40.7128, longitude: -74.006, radius: 5 },
        { latitude: 51.5, longitude: -0.12, radius: 10.25 },
      ],
    });
  });

  it.each([
    '0,0,1',
    '-90,-180,0.5',
    '90,180,999',
    '90.0000,180.000,999.00',
    '-90.0,0,0.50',
    '12.3456789,98.7654321,1.5',
    ' 40.7 , -74.0 , 5 | 41 , -75 , 6 ',
    '40.7,-74,5|\n41,-75,6',
    '0,0,999.0',
  ])('accepts %j', (value) => {
    expect(parseGeoFenceList(value).success).toBe(true);
    expect(geoFenceListSchema.safeParse(value).success).toBe(true);
  });

  it('treats a blank list as no geo-fence', () => {
    expect(parseGeoFenceList('')).toEqual({ success: true, entries: [] });
    expect(parseGeoFenceList('  \n ')).toEqual({ success: true, entries: [] });
  });

  it(`accepts exactly ${GEO_FENCE_MAX_ENTRIES} entries`, () => {
    const result = parseGeoFenceList(repeatEntries(GEO_FENCE_MAX_ENTRIES));
    expect(result.success).toBe(true);
    expect(result.success && result.entries.length).toBe(2500);
  });

  it('keeps the text in geoFenceListSchema and gives entries from parseGeoFenceList', () => {
    expect(geoFenceListSchema.parse('1,2,3')).toBe('1,2,3');
    const parsed = parseGeoFenceList('1,2,3|-4.5,6.25,0.5');
    expect(parsed.success && parsed.entries).toEqual([
      { latitude: 1, longitude: 2, radius: 3 },
      { latitude: -4.5, longitude: 6.25, radius: 0.5 },
    ]);
  });

  it('formats entries back to text that parses to the same entries', () => {
    const entries = [
      { latitude: 40.7128, longitude: -74.006, radius: 5 },
      { latitude: -90, longitude: 180, radius: 0.5 },
    ];
    const text = formatGeoFenceList(entries);
    expect(text).toBe('40.7128,-74.006,5|-90,180,0.5');
    expect(parseGeoFenceList(text)).toEqual({ success: true, entries });
    expect(formatGeoFenceList([])).toBe('');
  });
});

describe('geo-fence list: rejected', () => {
  it(`rejects ${GEO_FENCE_MAX_ENTRIES + 1} entries, saying how many`, () => {
    const value = repeatEntries(GEO_FENCE_MAX_ENTRIES + 1);
    expect(firstErrorOf(value)).toBe(GEO_FENCE_MESSAGES.tooMany(2501));
    expect(GEO_FENCE_MESSAGES.tooMany(2501)).toBe('Too many geo-fence entries: 2501. The maximum is 2500.');
    expect(messagesOf(value)).toEqual([GEO_FENCE_MESSAGES.tooMany(2501)]);
    expect(geoFenceListSchema.safeParse(value).success).toBe(false);
  });

  it.each([
    ['latitude above 90', '90.0001,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['latitude below -90', '-90.0001,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['latitude 91', '91,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['longitude above 180', '0,180.0001,1', GEO_FENCE_MESSAGES.longitude(1)],
    ['longitude below -180', '0,-181,1', GEO_FENCE_MESSAGES.longitude(1)],
    ['radius below 0.5', '0,0,0.49', GEO_FENCE_MESSAGES.radius(1)],
    ['radius 0', '0,0,0', GEO_FENCE_MESSAGES.radius(1)],
    ['radius above 999', '0,0,999.01', GEO_FENCE_MESSAGES.radius(1)],
    ['radius 1000', '0,0,1000', GEO_FENCE_MESSAGES.radius(1)],
    ['radius with 3 decimals', '0,0,1.234', GEO_FENCE_MESSAGES.radius(1)],
    ['radius 0.500 (3 decimals)', '0,0,0.500', GEO_FENCE_MESSAGES.radius(1)],
    ['negative radius', '0,0,-5', GEO_FENCE_MESSAGES.radius(1)],
    ['an exponent', '1e1,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['a leading plus', '+10,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['a bare dot', '.5,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['a trailing dot', '5.,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['a word', 'north,0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['an empty value', ',0,1', GEO_FENCE_MESSAGES.latitude(1)],
    ['a hex radius', '0,0,0x10', GEO_FENCE_MESSAGES.radius(1)],
    ['Infinity', 'Infinity,0,1', GEO_FENCE_MESSAGES.latitude(1)],
  ])('rejects %s', (_, value, message) => {
    expect(firstErrorOf(value)).toBe(message);
    expect(messagesOf(value)).toEqual([message]);
  });

  it.each([
    ['two values', '40.7,-74'],
    ['four values', '40.7,-74,5,1'],
    ['a semicolon separator', '40.7;-74;5'],
    ['one value', '40.7'],
    ['entries separated by commas only', '1,2,3,4,5,6'],
  ])('rejects a malformed entry: %s', (_, value) => {
    expect(firstErrorOf(value)).toBe(GEO_FENCE_MESSAGES.malformedEntry(1, value));
  });

  it('names the entry and quotes it, cut when long', () => {
    expect(GEO_FENCE_MESSAGES.malformedEntry(3, '1,2')).toBe(
      'Geo-fence entry 3 ("1,2") must be "latitude,longitude,radius".',
    );
    expect(GEO_FENCE_MESSAGES.malformedEntry(1, 'x'.repeat(100))).toBe(
      `Geo-fence entry 1 ("${'x'.repeat(40)}...") must be "latitude,longitude,radius".`,
    );
    expect(GEO_FENCE_MESSAGES.latitude(7)).toBe(
      'Geo-fence entry 7: latitude must be a number from -90 to 90.',
    );
    expect(GEO_FENCE_MESSAGES.longitude(7)).toBe(
      'Geo-fence entry 7: longitude must be a number from -180 to 180.',
    );
    expect(GEO_FENCE_MESSAGES.radius(7)).toBe(
      'Geo-fence entry 7: radius must be a number from 0.5 to 999 with at most 2 decimals.',
    );
    expect(GEO_FENCE_MESSAGES.emptyEntry(2)).toBe('Geo-fence entry 2 is empty. Remove the extra "|".');
  });

  it('reports the 1-based position of the wrong entry among good ones', () => {
    expect(firstErrorOf('1,1,1|2,2,2|3,200,3|4,4,4')).toBe(GEO_FENCE_MESSAGES.longitude(3));
    const last = `${repeatEntries(2499)}|1,1,0.1`;
    expect(firstErrorOf(last)).toBe(GEO_FENCE_MESSAGES.radius(2500));
  });

  it('reports empty entries from a doubled or trailing separator', () => {
    expect(firstErrorOf('1,1,1||2,2,2')).toBe(GEO_FENCE_MESSAGES.emptyEntry(2));
    expect(firstErrorOf('1,1,1|')).toBe(GEO_FENCE_MESSAGES.emptyEntry(2));
    expect(firstErrorOf('|1,1,1')).toBe(GEO_FENCE_MESSAGES.emptyEntry(1));
  });

  it('reports every problem of every entry, in order', () => {
    expect(parseGeoFenceList('100,200,0|1,1,1|bad')).toEqual({
      success: false,
      errors: [
        { position: 1, message: GEO_FENCE_MESSAGES.latitude(1) },
        { position: 1, message: GEO_FENCE_MESSAGES.longitude(1) },
        { position: 1, message: GEO_FENCE_MESSAGES.radius(1) },
        { position: 3, message: GEO_FENCE_MESSAGES.malformedEntry(3, 'bad') },
      ],
    });
    expect(messagesOf('100,0,1|1,1,1|1,1,1000')).toEqual([
      GEO_FENCE_MESSAGES.latitude(1),
      GEO_FENCE_MESSAGES.radius(3),
    ]);
  });

  it('puts the count first when there are too many entries and some are wrong', () => {
    const result = parseGeoFenceList(`${repeatEntries(2500)}|0,0,0`);
    expect(result).toEqual({
      success: false,
      errors: [
        { position: null, message: GEO_FENCE_MESSAGES.tooMany(2501) },
        { position: 2501, message: GEO_FENCE_MESSAGES.radius(2501) },
      ],
    });
  });
});

describe('parseGeoFenceEntry', () => {
  it('parses one entry or lists its problems', () => {
    expect(parseGeoFenceEntry(' 1.5 , -2.5 , 3.75 ', 1)).toEqual({
      entry: { latitude: 1.5, longitude: -2.5, radius: 3.75 },
    });
    expect(parseGeoFenceEntry('', 4)).toEqual({ errors: [GEO_FENCE_MESSAGES.emptyEntry(4)] });
    expect(parseGeoFenceEntry('95,0,1', 2)).toEqual({ errors: [GEO_FENCE_MESSAGES.latitude(2)] });
  });
});
