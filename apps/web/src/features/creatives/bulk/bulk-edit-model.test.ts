import type { CreativeType } from '@console/core/api/creatives';
import { CLICK_URL_REQUIRED_MESSAGE, INVALID_URL_MESSAGE } from '@console/core/validation/url';
import { describe, expect, it } from 'vitest';
import {
  buildBulkBody,
  emptyBulkEditForm,
  findMismatches,
  formatIdsParam,
  outcomeOf,
  parseIdsParam,
  translateFormMessage,
  translateResultMessage,
  validateBulkEdit,
} from './bulk-edit-model.ts';

const formWith = (patch: Partial<ReturnType<typeof emptyBulkEditForm>>) => ({
  ...emptyBulkEditForm(),
  ...patch,
});
const ticked = (...fields: ('click_url' | 'pixel_url' | 'impression_url' | 'name_prefix')[]) => ({
  click_url: fields.includes('click_url'),
  pixel_url: fields.includes('pixel_url'),
  impression_url: fields.includes('impression_url'),
  name_prefix: fields.includes('name_prefix'),
});

describe('the ids param', () => {
  it('reads positive whole numbers, drops repeats and junk', () => {
    expect(parseIdsParam('3,7, 12,7,x,-1,0,1.5,')).toEqual([3, 7, 12]);
    expect(parseIdsParam(null)).toEqual([]);
    expect(parseIdsParam('')).toEqual([]);
  });

  it('keeps at most 200', () => {
    const many = Array.from({ length: 250 }, (_, i) => i + 1).join(',');
    expect(parseIdsParam(many)).toHaveLength(200);
  });

  it('writes ascending ids, or null when empty', () => {
    expect(formatIdsParam(['12', 3, '7', 3])).toBe('3,7,12');
    expect(formatIdsParam([])).toBeNull();
  });
});

describe('the request body', () => {
  it('carries the ticked fields only', () => {
    const form = formWith({
      ticked: ticked('click_url', 'name_prefix'),
      click_url: 'https://example.com/landing',
      pixel_url: ['https://pixel.example.com'],
      name_prefix: 'Q3 ',
    });
    expect(buildBulkBody([1, 2], form)).toEqual({
      ids: [1, 2],
      click_url: 'https://example.com/landing',
      name_prefix: 'Q3 ',
    });
  });

  it("is checked with core's schema and the spec's URL messages", () => {
    const blank = validateBulkEdit([1], formWith({ ticked: ticked('click_url'), click_url: '  ' }));
    expect(blank).toEqual({ success: false, errors: { click_url: CLICK_URL_REQUIRED_MESSAGE } });
    const invalid = validateBulkEdit([1], formWith({ ticked: ticked('click_url'), click_url: 'not a url' }));
    expect(invalid).toEqual({ success: false, errors: { click_url: INVALID_URL_MESSAGE } });
    const pixels = validateBulkEdit(
      [1],
      formWith({ ticked: ticked('pixel_url'), pixel_url: ['https://ok.example.com', 'bad url'] }),
    );
    expect(pixels).toEqual({ success: false, errors: { 'pixel_url.1': INVALID_URL_MESSAGE } });
  });

  it('needs a creative and a ticked field', () => {
    const none = validateBulkEdit([], formWith({ ticked: ticked('click_url'), click_url: 'example.com' }));
    expect(none.success).toBe(false);
    if (!none.success)
      expect(translateFormMessage(none.errors.ids!)).toEqual({ key: 'validation.chooseCreatives' });
    const nothing = validateBulkEdit([1], emptyBulkEditForm());
    expect(nothing.success).toBe(false);
    if (!nothing.success)
      expect(translateFormMessage(nothing.errors.ids!)).toEqual({ key: 'validation.chooseField' });
  });

  it('trims the click URL and drops blank list entries', () => {
    const checked = validateBulkEdit(
      [4, 4, 5],
      formWith({
        ticked: ticked('click_url', 'impression_url'),
        click_url: ' example.com/a ',
        impression_url: ['', 'https://imp.example.com', ' '],
      }),
    );
    expect(checked).toEqual({
      success: true,
      data: { ids: [4, 5], click_url: 'example.com/a', impression_url: ['https://imp.example.com'] },
    });
  });
});

describe('fields a selected type does not take', () => {
  const types: Record<number, CreativeType> = { 1: 'image', 2: 'html', 3: 'native', 4: 'video' };
  const typeOf = (id: number) => types[id];

  it('names the html creatives for a click URL and the non-image ones for pixels', () => {
    const form = formWith({ ticked: ticked('click_url', 'pixel_url', 'name_prefix') });
    expect(findMismatches([1, 2, 3, 4, 9], typeOf, form)).toEqual([
      { field: 'click_url', ids: [2], types: ['html'] },
      { field: 'pixel_url', ids: [2, 3, 4], types: ['html', 'native', 'video'] },
    ]);
  });

  it('is silent for unknown types and fitting fields', () => {
    expect(findMismatches([1, 9], typeOf, formWith({ ticked: ticked('click_url', 'pixel_url') }))).toEqual(
      [],
    );
    expect(findMismatches([3, 4], typeOf, formWith({ ticked: ticked('impression_url') }))).toEqual([]);
  });
});

describe('per-creative answers', () => {
  it('map the server reasons to keys, with the type', () => {
    expect(translateResultMessage('An html creative takes no click URL.')).toEqual({
      key: 'results.reasons.noClickUrl',
    });
    expect(
      translateResultMessage(
        'An image creative takes no impression_url (only native and video creatives do).',
      ),
    ).toEqual({
      key: 'results.reasons.noImpression',
      values: { type: 'image' },
    });
    expect(translateResultMessage('A video creative takes no pixel_url (only image creatives do).')).toEqual({
      key: 'results.reasons.noPixel',
      values: { type: 'video' },
    });
    expect(translateResultMessage('Something new.')).toEqual({ text: 'Something new.' });
    expect(translateResultMessage(undefined)).toBeNull();
  });

  it('sum up as all, some or none', () => {
    expect(outcomeOf({ succeeded: 2, failed: 0 })).toBe('all');
    expect(outcomeOf({ succeeded: 2, failed: 1 })).toBe('some');
    expect(outcomeOf({ succeeded: 0, failed: 1 })).toBe('none');
  });
});
