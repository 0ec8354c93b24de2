import { ADOMAIN_MESSAGE, CREATIVE_MESSAGES } from '@console/core/api/creatives';
import { CREATIVE_NAME_EMPTY_MESSAGE } from '@console/core/validation/creative';
import { CLICK_URL_REQUIRED_MESSAGE, INVALID_URL_MESSAGE } from '@console/core/validation/url';
import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  type CreativeFormValues,
  checkCreativeForm,
  checkFileBeforeUpload,
  checkImageDimensions,
  creativeMessageKey,
  emptyCreativeForm,
  formatDuration,
  parseUrlList,
  pasteIntoRows,
  toCreativeBody,
} from './creative-form-model.ts';

const image = (patch: Partial<CreativeFormValues> = {}): CreativeFormValues => ({
  ...emptyCreativeForm('image'),
  name: 'Summer Banner',
  clickUrl: 'shop.example.com/summer',
  media: { url: '/media/a.png', size: '300x250' },
  ...patch,
});

describe('checkCreativeForm', () => {
  it('passes a complete image creative and drops blank pixel rows', () => {
    const result = checkCreativeForm(image({ pixelUrls: ['px.example.com/p', ''] }), { kind: 'edit' });
    expect(result).toEqual({
      ok: true,
      body: {
        creative_type: 'image',
        name: 'Summer Banner',
        media_url: '/media/a.png',
        click_url: 'shop.example.com/summer',
        pixel_url: ['px.example.com/p'],
        adomain: null,
        iab_categories: [],
      },
    });
  });

  it('sends the advertiser domain and IAB categories, and refuses a domain that is not one', () => {
    const given = checkCreativeForm(
      image({ adomain: ' WWW.Summer-Shop.example ', iabCategories: ['IAB18'] }),
      {
        kind: 'edit',
      },
    );
    expect(given.ok && given.body).toMatchObject({
      adomain: 'summer-shop.example',
      iab_categories: ['IAB18'],
    });
    const bad = checkCreativeForm(image({ adomain: 'summer shop' }), { kind: 'edit' });
    expect(!bad.ok && bad.errors.adomain).toBe(ADOMAIN_MESSAGE);
    expect(creativeMessageKey(ADOMAIN_MESSAGE)).toBe('messages.adomain');
  });

  it("gives the spec's messages for a blank name and a missing or invalid click URL", () => {
    const blank = checkCreativeForm(image({ name: '  ', clickUrl: '' }), { kind: 'edit' });
    expect(blank.ok).toBe(false);
    if (blank.ok) return;
    expect(blank.errors.name).toBe(CREATIVE_NAME_EMPTY_MESSAGE);
    expect(blank.errors.click_url).toBe(CLICK_URL_REQUIRED_MESSAGE);
    const invalid = checkCreativeForm(image({ clickUrl: 'not a url' }), { kind: 'edit' });
    expect(!invalid.ok && invalid.errors.click_url).toBe(INVALID_URL_MESSAGE);
  });

  it('sends the chosen exchanges, none when left to the default, and refuses an empty choice', () => {
    const chosen = checkCreativeForm(image({ exchangeIds: [3, 5] }), { kind: 'edit' });
    expect(chosen.ok && chosen.body.exchange_ids).toEqual([3, 5]);
    const untouched = checkCreativeForm(image(), { kind: 'edit' });
    expect(untouched.ok && 'exchange_ids' in untouched.body).toBe(false);
    const none = checkCreativeForm(image({ exchangeIds: [] }), { kind: 'edit' });
    expect(!none.ok && none.errors.exchange_ids).toBe(CREATIVE_MESSAGES.chooseExchange);
    expect(creativeMessageKey(CREATIVE_MESSAGES.chooseExchange)).toBe('messages.chooseExchange');
  });

  it('marks the invalid pixel URL by its row', () => {
    const result = checkCreativeForm(image({ pixelUrls: ['ok.example.com', 'nope'] }), { kind: 'edit' });
    expect(!result.ok && result.errors['pixel_url.1']).toBe(INVALID_URL_MESSAGE);
  });

  it('asks staff and agencies for the advertiser on create, not advertisers', () => {
    const staff = checkCreativeForm(image(), { kind: 'create', role: 'AGENCY' });
    expect(!staff.ok && staff.errors.advertiser_id).toBe(CREATIVE_MESSAGES.chooseAdvertiser);
    const chosen = checkCreativeForm(image({ advertiserId: 7 }), { kind: 'create', role: 'ADMIN' });
    expect(chosen.ok && chosen.body.advertiser_id).toBe(7);
    expect(checkCreativeForm(image(), { kind: 'create', role: 'ADVERTISER' }).ok).toBe(true);
  });

  it('needs the image upload', () => {
    const result = checkCreativeForm(image({ media: null }), { kind: 'edit' });
    expect(!result.ok && result.errors.media_url).toBe(CREATIVE_MESSAGES.mediaRequired);
  });

  it('checks the native assets, sponsored-by at most 25 characters', () => {
    const values: CreativeFormValues = {
      ...emptyCreativeForm('native'),
      name: 'Native',
      clickUrl: 'example.com',
      native: { ...emptyCreativeForm().native, title: '', sponsoredBy: 'x'.repeat(26), main: null },
    };
    const result = checkCreativeForm(values, { kind: 'edit' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['native.title']).toBe(CREATIVE_MESSAGES.titleRequired);
    expect(result.errors['native.sponsored_by']).toBe('Please use at most 25 characters.');
    expect(result.errors['native.main_image_url']).toBe(CREATIVE_MESSAGES.mainImageRequired);
  });

  it('wants a video file or a VAST URL, the message under the chosen source', () => {
    const base: CreativeFormValues = {
      ...emptyCreativeForm('video'),
      name: 'Pre-roll',
      clickUrl: 'a.example.com',
    };
    const file = checkCreativeForm(base, { kind: 'edit' });
    expect(!file.ok && file.errors.media_url).toBe(CREATIVE_MESSAGES.videoSource);
    const vast = checkCreativeForm({ ...base, videoSource: 'vast' }, { kind: 'edit' });
    expect(!vast.ok && vast.errors.vast_url).toBe(CREATIVE_MESSAGES.videoSource);
    const ok = checkCreativeForm(
      { ...base, videoSource: 'vast', vastUrl: 'ads.example.com/v.xml', media: { url: '/media/v.mp4' } },
      { kind: 'edit' },
    );
    expect(ok.ok && ok.body).toMatchObject({ vast_url: 'ads.example.com/v.xml' });
    expect(ok.ok && 'media_url' in ok.body).toBe(false);
  });

  it('sends no URL fields for html', () => {
    const values = {
      ...emptyCreativeForm('html'),
      name: 'Tag',
      htmlTag: '<b>Hi</b>',
      clickUrl: 'x.example.com',
    };
    expect(toCreativeBody(values)).toEqual({
      creative_type: 'html',
      name: 'Tag',
      html_tag: '<b>Hi</b>',
      adomain: '',
      iab_categories: [],
    });
    const empty = checkCreativeForm({ ...values, htmlTag: ' ' }, { kind: 'edit' });
    expect(!empty.ok && empty.errors.html_tag).toBe(CREATIVE_MESSAGES.htmlRequired);
  });
});

describe('checkFileBeforeUpload', () => {
  const png = { name: 'banner 300-250.png', type: 'image/png', size: 1000 };

  it('accepts a good file', () => {
    expect(checkFileBeforeUpload(png, 'image')).toBeNull();
    expect(checkFileBeforeUpload({ name: 'spot.webm', type: 'video/webm', size: 10 }, 'video')).toBeNull();
  });

  it('applies the creative file-name rule (no upper-case X, single spaces, one dot)', () => {
    expect(checkFileBeforeUpload({ ...png, name: 'BANNER X.png' }, 'image')?.key).toBe('file.badName');
    expect(checkFileBeforeUpload({ ...png, name: 'two  spaces.png' }, 'image')?.key).toBe('file.badName');
    expect(checkFileBeforeUpload({ ...png, name: 'a.b.png' }, 'image')?.key).toBe('file.badName');
    expect(checkFileBeforeUpload({ ...png, name: 'max 2x.png' }, 'image')).toBeNull();
  });

  it('refuses another type or extension for the kind', () => {
    expect(checkFileBeforeUpload({ ...png, name: 'clip.mp4', type: 'video/mp4' }, 'image')?.key).toBe(
      'file.badType',
    );
    expect(checkFileBeforeUpload({ ...png, type: 'text/plain' }, 'image')?.key).toBe('file.badType');
    expect(checkFileBeforeUpload({ ...png, type: '' }, 'image')).toBeNull();
  });

  it('refuses empty and oversized files with the kind limit', () => {
    expect(checkFileBeforeUpload({ ...png, size: 0 }, 'image')?.key).toBe('file.empty');
    expect(checkFileBeforeUpload({ ...png, size: 2 * 1024 * 1024 + 1 }, 'image')).toEqual({
      key: 'file.tooLarge',
      values: { max: '2 MB' },
    });
    expect(checkFileBeforeUpload({ ...png, size: 600 * 1024 }, 'icon')).toEqual({
      key: 'file.tooLarge',
      values: { max: '512 KB' },
    });
  });

  it('lists the accepted types', () => {
    expect(acceptOf('video')).toBe('video/mp4,video/webm,.mp4,.m4v,.webm');
  });
});

describe('checkImageDimensions', () => {
  it('wants a square icon of at least 50x50 and a main image of at least 300x250', () => {
    expect(checkImageDimensions('icon', 64, 64)).toBeNull();
    expect(checkImageDimensions('icon', 64, 50)?.key).toBe('messages.iconShape');
    expect(checkImageDimensions('icon', 40, 40)?.key).toBe('messages.iconShape');
    expect(checkImageDimensions('main', 300, 250)).toBeNull();
    expect(checkImageDimensions('main', 299, 250)?.key).toBe('messages.mainTooSmall');
    expect(checkImageDimensions('image', 1, 1)).toBeNull();
  });
});

describe('URL lists', () => {
  it('splits pasted addresses on whitespace and comma separators', () => {
    expect(parseUrlList('a.example.com/p?x=1,2\n b.example.com, c.example.com  ')).toEqual([
      'a.example.com/p?x=1,2',
      'b.example.com',
      'c.example.com',
    ]);
    expect(parseUrlList('  \n ')).toEqual([]);
  });

  it('puts a paste in place of its row', () => {
    expect(pasteIntoRows(['one', '', 'three'], 1, 'a.com\nb.com')).toEqual([
      'one',
      'a.com',
      'b.com',
      'three',
    ]);
    expect(pasteIntoRows(['one'], 0, ' ')).toEqual(['one']);
  });
});

describe('formatDuration and messages', () => {
  it('formats seconds', () => {
    expect(formatDuration(15)).toBe('0:15');
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('maps the spec messages to keys', () => {
    expect(creativeMessageKey(CREATIVE_NAME_EMPTY_MESSAGE)).toBe('messages.nameEmpty');
    expect(creativeMessageKey(CREATIVE_MESSAGES.videoSource)).toBe('messages.videoSource');
    expect(creativeMessageKey('Something else.')).toBeNull();
  });
});
