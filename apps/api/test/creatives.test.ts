// Creatives: create per type with the URL rules of spec section 3 enforced
// by the server, read, list with filters, edit (a content change sends the creative back to
// approval), the change log, the creatives of one campaign, and every permission: no token 401,
// wrong role 403, another tenant 404, bad input 400.

import { LIST_COUNT_CAP } from '@console/core/api/common';
import {
  CREATIVE_MEDIA_MESSAGES,
  CREATIVE_MESSAGES,
  type CreativeListItem,
} from '@console/core/api/creatives';
import type { ChangeLogEntry } from '@console/core/api/users';
import { CREATIVE_NAME_EMPTY_MESSAGE } from '@console/core/validation/creative';
import { TEXT_LIMIT_25_MESSAGE } from '@console/core/validation/text';
import { CLICK_URL_REQUIRED_MESSAGE, INVALID_URL_MESSAGE } from '@console/core/validation/url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCreatives, campaigns } from '../src/db/schema/campaigns.ts';
import { exchanges, userSupportedExchanges } from '../src/db/schema/reference.ts';
import {
  createCreativeOk,
  creativeOf,
  htmlBody,
  imageBody,
  insertExchanges,
  jpegBytes,
  uploadOk,
  uploadPng,
  vastBody,
} from './creative-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, expectAllNeedToken, expectAllNotFound, secondAgency } from './support/admin-fixtures.ts';
import { type DemoTokens, startCampaignApp, type TestExchange } from './support/campaign-app.ts';
import { mp4Bytes } from './support/media-bytes.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp, tok: DemoTokens, ex: TestExchange[];
beforeAll(async () => {
  ({ t, tok, ex } = await startCampaignApp(3));
});
afterAll(() => t.close());

const post = (token: string | undefined, body: unknown) => t.call('POST', '/api/creatives', { token, body });
const put = (token: string | undefined, id: number, body: unknown) =>
  t.call('PUT', `/api/creatives/${id}`, { token, body });
const get = (token: string | undefined, id: number) => t.call('GET', `/api/creatives/${id}`, { token });
const list = async (token: string, query: Record<string, string | number> = {}) => {
  const result = await t.call('GET', '/api/creatives', { token, query: { limit: 100, ...query } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<{
    items: CreativeListItem[];
    total: number;
    total_exact: boolean;
    total_is_estimate: boolean;
  }>(result);
};
const changeLog = async (token: string, id: number) => {
  const result = await t.call('GET', `/api/creatives/${id}/change-log`, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<{ items: ChangeLogEntry[] }>(result).items;
};
const nativeBody = async (token: string, overrides: Record<string, unknown> = {}) => {
  const main = await uploadOk(t, token, {
    bytes: jpegBytes(1200, 627),
    type: 'image/jpeg',
    name: 'hero.jpg',
    kind: 'main',
  });
  const icon = await uploadPng(t, token, 100, 100, 'icon');
  return {
    creative_type: 'native',
    name: 'Native Coffee',
    click_url: 'https://coffee.example.com',
    impression_url: 'https://imp.example.com/native',
    native: {
      title: 'The best coffee in town, roasted every morning',
      sponsored_by: 'Contoso Coffee',
      description: 'Fresh beans delivered weekly.',
      cta: 'Order now',
      icon_url: icon.url,
      main_image_url: main.url,
    },
    ...overrides,
  };
};

describe('create, one of each type', () => {
  it('creates an image creative: size from the file, click and several pixel URLs, PENDING on every active exchange', async () => {
    const media = await uploadPng(t, tok.adv1, 300, 250);
    const creative = await createCreativeOk(t, tok.adv1, imageBody(media.url));
    expect(creative).toMatchObject({
      creative_type: 'image',
      name: 'Summer Banner',
      status: 'PENDING',
      size: '300x250',
      click_url: 'https://shop.example.com/summer',
      pixel_url: ['https://pixel.example.com/p?id=1', 'tracker.example.net/t'],
      impression_url: [],
      preview_url: media.url,
      media: { url: media.url, mime: 'image/png', width: 300, height: 250 },
      native: null,
      html_tag: null,
      video_section: null,
      advertiser: { user_primary_id: DEMO.adv1.id, email: DEMO.adv1.email },
      creative_associate_id: null,
      creative_assoc_map: [],
      created_by: { user_primary_id: DEMO.adv1.id },
    });
    expect(creative.creative_primary_id).toBeGreaterThan(0);
    expect(creative._id).toMatch(/^[0-9a-f-]{36}$/);
    // No exchanges named and no supported list of its own: every active exchange.
    const active = await t.deps.db
      .select({ id: exchanges.id })
      .from(exchanges)
      .where(eq(exchanges.status, 'ACTIVE'));
    const byId = (a: number, b: number) => a - b;
    expect(creative.exchanges.map((e) => e.exchange_id).sort(byId)).toEqual(
      active.map((e) => e.id).sort(byId),
    );
    expect(creative.exchanges.map((e) => e.exchange_id)).toEqual(expect.arrayContaining(ex.map((e) => e.id)));
    expect(creative.exchanges.every((e) => e.state === 'PENDING' && e.reason === null)).toBe(true);
    expect(creative.exchange_counts).toEqual({
      total: active.length,
      pending: active.length,
      approved: 0,
      rejected: 0,
    });
  });

  it('creates a native creative per IAB Native 1.2 (title, sponsored-by, description, CTA, icon, main image)', async () => {
    const body = await nativeBody(tok.adv1);
    const creative = await createCreativeOk(t, tok.adv1, body);
    expect(creative).toMatchObject({
      creative_type: 'native',
      size: '1200x627',
      click_url: 'https://coffee.example.com',
      impression_url: ['https://imp.example.com/native'],
      pixel_url: [],
      native: {
        title: 'The best coffee in town, roasted every morning',
        sponsored_by: 'Contoso Coffee',
        description: 'Fresh beans delivered weekly.',
        cta: 'Order now',
        icon: { size: '100x100' },
        main_image: { size: '1200x627' },
      },
    });
    expect(creative.preview_url).toBe(creative.native?.main_image.url);
  });

  it('creates a video creative from an uploaded MP4: size and video_section from the file', async () => {
    const media = await uploadOk(t, tok.adv1, {
      bytes: mp4Bytes({ width: 640, height: 360, durationS: 15 }),
      type: 'video/mp4',
      name: 'preroll.mp4',
      kind: 'video',
    });
    const creative = await createCreativeOk(t, tok.adv1, {
      creative_type: 'video',
      name: 'Preroll File',
      media_url: media.url,
      click_url: 'https://example.com/watch',
      impression_url: ['https://imp.example.com/1', 'https://imp.example.com/2'],
    });
    expect(creative).toMatchObject({
      size: '640x360',
      video_section: { formattedSize: media.video_section?.formattedSize, duration: 15 },
      impression_url: ['https://imp.example.com/1', 'https://imp.example.com/2'],
      media: { mime: 'video/mp4', duration_s: 15 },
    });
  });

  it('creates a video creative from a VAST URL', async () => {
    const creative = await createCreativeOk(t, tok.adv1, vastBody());
    expect(creative).toMatchObject({
      size: null,
      media: null,
      video_section: { vast_url: 'https://ads.example.com/vast/preroll.xml' },
      impression_url: ['https://imp.example.com/i1'],
    });
  });

  it('creates an html creative from its tag; URL fields sent with it are dropped (html takes none)', async () => {
    const creative = await createCreativeOk(
      t,
      tok.adv1,
      htmlBody({
        click_url: 'https://ignored.example.com',
        pixel_url: ['https://p.example.com'],
        impression_url: 'x',
      }),
    );
    expect(creative).toMatchObject({
      creative_type: 'html',
      click_url: null,
      pixel_url: [],
      impression_url: [],
      size: null,
      html_tag: htmlBody().html_tag,
    });
  });

  it('an agency creates for one of its advertisers; an admin for anyone; an advertiser only for itself', async () => {
    const media = await uploadPng(t, tok.agency, 728, 90);
    const byAgency = await createCreativeOk(
      t,
      tok.agency,
      imageBody(media.url, { advertiser_id: DEMO.adv2.id }),
    );
    expect(byAgency.advertiser.user_primary_id).toBe(DEMO.adv2.id);
    expect(byAgency.created_by?.user_primary_id).toBe(DEMO.agency.id);
    const byAdmin = await createCreativeOk(t, tok.admin, htmlBody({ advertiser_id: DEMO.advertiser.id }));
    expect(byAdmin.advertiser.user_primary_id).toBe(DEMO.advertiser.id);

    expectFieldErrors(await post(tok.agency, htmlBody()), {
      advertiser_id: CREATIVE_MESSAGES.chooseAdvertiser,
    });
    expectFieldErrors(await post(tok.agency, htmlBody({ advertiser_id: DEMO.advertiser.id })), {
      advertiser_id: CREATIVE_MESSAGES.chooseYourAdvertiser,
    });
    expectFieldErrors(await post(tok.adv1, htmlBody({ advertiser_id: DEMO.adv2.id })), {
      advertiser_id: CREATIVE_MESSAGES.ownOnly,
    });
  });

  it('takes the exchanges it is given, checked against the advertiser’s supported exchanges', async () => {
    const creative = await createCreativeOk(t, tok.adv2, htmlBody({ exchange_ids: [ex[0]!.id, ex[0]!.id] }));
    expect(creative.exchanges.map((e) => e.exchange_id)).toEqual([ex[0]!.id]);
    const [inactive] = await insertExchanges(t, 1, 'INACTIVE');
    const refused = await post(tok.adv2, htmlBody({ exchange_ids: [inactive!.id] }));
    expectFieldErrors(refused, {
      exchange_ids: `These exchanges are not available to this advertiser: ${inactive!.id}.`,
    });

    // With a supported list of its own, the default is that list and others are refused.
    await t.deps.db
      .insert(userSupportedExchanges)
      .values({ userId: DEMO.advertiser.id, exchangeId: ex[1]!.id });
    const own = await createCreativeOk(t, tok.advertiser, htmlBody());
    expect(own.exchanges.map((e) => e.exchange_id)).toEqual([ex[1]!.id]);
    expectFieldErrors(await post(tok.advertiser, htmlBody({ exchange_ids: [ex[2]!.id] })), {
      exchange_ids: true,
    });
  });
});

describe('validation (400 with the spec’s messages)', () => {
  it('a missing or blank click URL is mandatory for image, native and video', async () => {
    const media = await uploadPng(t, tok.adv1, 300, 250);
    const { click_url: _omitted, ...withoutClick } = imageBody(media.url);
    expectFieldErrors(await post(tok.adv1, withoutClick), { click_url: CLICK_URL_REQUIRED_MESSAGE });
    expectFieldErrors(await post(tok.adv1, imageBody(media.url, { click_url: '   ' })), {
      click_url: CLICK_URL_REQUIRED_MESSAGE,
    });
    expectFieldErrors(await post(tok.adv1, await nativeBody(tok.adv1, { click_url: '' })), {
      click_url: CLICK_URL_REQUIRED_MESSAGE,
    });
    expectFieldErrors(await post(tok.adv1, vastBody({ click_url: null })), {
      click_url: CLICK_URL_REQUIRED_MESSAGE,
    });
  });

  it('an invalid click, pixel, impression or VAST URL is "Please enter a valid URL"', async () => {
    const media = await uploadPng(t, tok.adv1, 300, 250);
    expectFieldErrors(await post(tok.adv1, imageBody(media.url, { click_url: 'not a url' })), {
      click_url: INVALID_URL_MESSAGE,
    });
    expectFieldErrors(await post(tok.adv1, imageBody(media.url, { click_url: 'http://localhost/x' })), {
      click_url: INVALID_URL_MESSAGE,
    });
    expectFieldErrors(
      await post(tok.adv1, imageBody(media.url, { pixel_url: ['https://ok.example.com', 'nope'] })),
      {
        'pixel_url.1': INVALID_URL_MESSAGE,
      },
    );
    expectFieldErrors(await post(tok.adv1, await nativeBody(tok.adv1, { impression_url: 'bad url' })), {
      impression_url: INVALID_URL_MESSAGE,
    });
    expectFieldErrors(await post(tok.adv1, vastBody({ impression_url: ['x y'] })), {
      'impression_url.0': INVALID_URL_MESSAGE,
    });
    expectFieldErrors(await post(tok.adv1, vastBody({ vast_url: 'vast' })), {
      vast_url: INVALID_URL_MESSAGE,
    });
  });

  it('blank entries of a URL list are dropped; a native impression_url is a single URL', async () => {
    const media = await uploadPng(t, tok.adv1, 300, 250);
    const creative = await createCreativeOk(
      t,
      tok.adv1,
      imageBody(media.url, { pixel_url: ['', 'https://p.example.com', ' '] }),
    );
    expect(creative.pixel_url).toEqual(['https://p.example.com']);
    const listed = await post(
      tok.adv1,
      await nativeBody(tok.adv1, { impression_url: ['https://a.example.com'] }),
    );
    expectFieldErrors(listed, { impression_url: true });
  });

  it('the creative name cannot be empty and has a maximum length', async () => {
    expectFieldErrors(await post(tok.adv1, htmlBody({ name: '  ' })), { name: CREATIVE_NAME_EMPTY_MESSAGE });
    expectFieldErrors(await post(tok.adv1, htmlBody({ name: 'n'.repeat(256) })), {
      name: CREATIVE_MESSAGES.nameTooLong,
    });
  });

  it('native: sponsored-by over 25 characters, a title over 90, a missing main image', async () => {
    const body = await nativeBody(tok.adv1);
    const native = body.native;
    expectFieldErrors(
      await post(tok.adv1, { ...body, native: { ...native, sponsored_by: 'S'.repeat(26) } }),
      {
        'native.sponsored_by': TEXT_LIMIT_25_MESSAGE,
      },
    );
    const exactly25 = await createCreativeOk(t, tok.adv1, {
      ...body,
      native: { ...native, sponsored_by: 'S'.repeat(25) },
    });
    expect(exactly25.native?.sponsored_by).toHaveLength(25);
    expectFieldErrors(await post(tok.adv1, { ...body, native: { ...native, title: 'T'.repeat(91) } }), {
      'native.title': CREATIVE_MESSAGES.titleTooLong,
    });
    const { main_image_url: _main, ...noMain } = native;
    expectFieldErrors(await post(tok.adv1, { ...body, native: noMain }), {
      'native.main_image_url': CREATIVE_MESSAGES.mainImageRequired,
    });
  });

  it('native: an icon that is not square or a main image under 300x250 is refused even when uploaded as an image', async () => {
    const body = await nativeBody(tok.adv1);
    const wide = await uploadPng(t, tok.adv1, 120, 60);
    expectFieldErrors(await post(tok.adv1, { ...body, native: { ...body.native, icon_url: wide.url } }), {
      'native.icon_url': CREATIVE_MEDIA_MESSAGES.iconShape,
    });
    const small = await uploadPng(t, tok.adv1, 200, 200);
    expectFieldErrors(
      await post(tok.adv1, { ...body, native: { ...body.native, main_image_url: small.url } }),
      {
        'native.main_image_url': CREATIVE_MEDIA_MESSAGES.mainTooSmall,
      },
    );
  });

  it('video: exactly one of a file and a VAST URL', async () => {
    expectFieldErrors(await post(tok.adv1, vastBody({ vast_url: undefined })), {
      media_url: CREATIVE_MESSAGES.videoSource,
    });
    const media = await uploadOk(t, tok.adv1, {
      bytes: mp4Bytes({ width: 640, height: 360, durationS: 5 }),
      type: 'video/mp4',
      name: 'clip.mp4',
      kind: 'video',
    });
    expectFieldErrors(await post(tok.adv1, vastBody({ media_url: media.url })), {
      media_url: CREATIVE_MESSAGES.videoSource,
    });
  });

  it('files: unknown, of another tenant, or of the wrong kind are refused', async () => {
    expectFieldErrors(await post(tok.adv1, imageBody('/media/00000000-0000-0000-0000-000000000000.png')), {
      media_url: CREATIVE_MESSAGES.unknownMedia,
    });
    const foreign = await uploadPng(t, tok.advertiser, 300, 250);
    expectFieldErrors(await post(tok.adv1, imageBody(foreign.url)), {
      media_url: CREATIVE_MESSAGES.unknownMedia,
    });
    const video = await uploadOk(t, tok.adv1, {
      bytes: mp4Bytes({ width: 640, height: 360, durationS: 5 }),
      type: 'video/mp4',
      name: 'clip.mp4',
      kind: 'video',
    });
    expectFieldErrors(await post(tok.adv1, imageBody(video.url)), {
      media_url: CREATIVE_MESSAGES.wrongMedia,
    });
    const image = await uploadPng(t, tok.adv1, 300, 250);
    expectFieldErrors(await post(tok.adv1, vastBody({ vast_url: undefined, media_url: image.url })), {
      media_url: CREATIVE_MESSAGES.wrongMedia,
    });
    // The agency may use a file its advertiser uploaded for that advertiser's creative.
    const advFile = await uploadPng(t, tok.adv2, 300, 250);
    await createCreativeOk(t, tok.agency, imageBody(advFile.url, { advertiser_id: DEMO.adv2.id }));
  });

  it('an unknown type, a missing html tag, an oversized tag', async () => {
    expectError(
      await post(tok.adv1, { ...htmlBody(), creative_type: 'audio' }),
      400,
      CREATIVE_MESSAGES.chooseType,
    );
    expectFieldErrors(await post(tok.adv1, { creative_type: 'html', name: 'Tag' }), {
      html_tag: CREATIVE_MESSAGES.htmlRequired,
    });
    expectFieldErrors(await post(tok.adv1, htmlBody({ html_tag: 'x'.repeat(65_537) })), {
      html_tag: CREATIVE_MESSAGES.htmlTooLong,
    });
  });
});

describe('read and list', () => {
  it('lists only what the caller may see: advertiser its own, agency its advertisers’, admin and co-admin all', async () => {
    const own = await createCreativeOk(t, tok.advertiser, htmlBody({ name: 'Direct Tag' }));
    const adv1 = await createCreativeOk(t, tok.adv1, htmlBody({ name: 'Adv1 Tag' }));
    const adv2 = await createCreativeOk(t, tok.adv2, htmlBody({ name: 'Adv2 Tag' }));
    const idsOf = async (token: string) => (await list(token)).items.map((item) => item.creative_primary_id);
    const mine = await idsOf(tok.advertiser);
    expect(mine).toContain(own.creative_primary_id);
    expect(mine).not.toContain(adv1.creative_primary_id);
    const agency = await idsOf(tok.agency);
    expect(agency).toEqual(expect.arrayContaining([adv1.creative_primary_id, adv2.creative_primary_id]));
    expect(agency).not.toContain(own.creative_primary_id);
    for (const staff of [tok.admin, tok.coadmin])
      expect(await idsOf(staff)).toEqual(
        expect.arrayContaining([own.creative_primary_id, adv1.creative_primary_id]),
      );
    const adv1Only = await idsOf(tok.adv1);
    expect(adv1Only).not.toContain(adv2.creative_primary_id);
  });

  it("searches the name as it is now, in any case, in the caller's scope only", async () => {
    const word = `Axolotl${Date.now()}`;
    const made = await createCreativeOk(t, tok.adv1, htmlBody({ name: `${word} First` }));
    const id = made.creative_primary_id;
    const found = async (token: string, q: string) =>
      (await list(token, { q })).items.map((item) => item.creative_primary_id);
    for (const token of [tok.admin, tok.agency, tok.adv1])
      expect(await found(token, `${word} FIRST`)).toEqual([id]);
    expect(await found(tok.adv2, word)).toEqual([]);
    expect(await found(tok.advertiser, word)).toEqual([]);
    // Renamed: found by its new name only (the lowered copy follows the name); deleted: not found.
    await t.deps.db.execute(sql`update creatives set name = ${`${word} Second`} where id = ${id}`);
    for (const token of [tok.admin, tok.agency, tok.adv1]) {
      expect(await found(token, `${word} second`)).toEqual([id]);
      expect(await found(token, `${word} first`)).toEqual([]);
    }
    await t.deps.db.execute(sql`delete from creatives where id = ${id}`);
    for (const token of [tok.admin, tok.agency, tok.adv1]) expect(await found(token, word)).toEqual([]);
  });

  it('filters by type, status, advertiser, exchange state and searches by name or id; pages and sorts', async () => {
    const tagged = await createCreativeOk(t, tok.adv2, htmlBody({ name: 'Zebra Findable 50% off' }));
    const byType = await list(tok.admin, { creative_type: 'native' });
    expect(byType.items.every((item) => item.creative_type === 'native')).toBe(true);
    expect(byType.total).toBeGreaterThan(0);
    const search = await list(tok.admin, { q: 'findable 50%' });
    expect(search.items.map((item) => item.creative_primary_id)).toEqual([tagged.creative_primary_id]);
    const byId = await list(tok.admin, { q: String(tagged.creative_primary_id) });
    expect(byId.items.map((item) => item.creative_primary_id)).toContain(tagged.creative_primary_id);
    const byAdvertiser = await list(tok.agency, { advertiser_id: DEMO.adv2.id });
    expect(byAdvertiser.items.every((item) => item.advertiser.user_primary_id === DEMO.adv2.id)).toBe(true);
    const pending = await list(tok.admin, {
      status: 'PENDING',
      exchange_id: ex[0]!.id,
      exchange_state: 'PENDING',
    });
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((item) => item.status === 'PENDING' && item.exchange_counts.pending > 0)).toBe(
      true,
    );
    expect((await list(tok.admin, { exchange_state: 'APPROVED' })).total).toBe(0);

    const sorted = await list(tok.admin, { sort: 'name', order: 'asc' });
    const names = sorted.items.map((item) => item.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // A later page is the same order's next rows, in order, for every sort and direction.
    for (const sort of ['name', 'creative_type', 'created_at'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const firstFour = (await list(tok.admin, { sort, order, limit: 4 })).items.map(
          (item) => item.creative_primary_id,
        );
        const second = (await list(tok.admin, { sort, order, limit: 2, page: 2 })).items.map(
          (item) => item.creative_primary_id,
        );
        expect(second, `${sort} ${order}`).toEqual(firstFour.slice(2, 4));
      }
    }
    const page = await t.call('GET', '/api/creatives', { token: tok.admin, query: { page: 2, limit: 2 } });
    expect(dataOf<{ items: unknown[]; page: number; limit: number }>(page)).toMatchObject({
      page: 2,
      limit: 2,
    });
    expect(dataOf<{ items: unknown[] }>(page).items).toHaveLength(2);
  });

  it('an agency filtering by an advertiser it does not manage gets 404; bad query values 400', async () => {
    const result = await t.call('GET', '/api/creatives', {
      token: tok.agency,
      query: { advertiser_id: DEMO.advertiser.id },
    });
    expectError(result, 404, 'Advertiser not found.');
    expectFieldErrors(
      await t.call('GET', '/api/creatives', { token: tok.admin, query: { status: 'LIVE' } }),
      {
        status: true,
      },
    );
    expectFieldErrors(await t.call('GET', '/api/creatives', { token: tok.admin, query: { sort: 'bogus' } }), {
      sort: true,
    });
  });
});

describe('edit', () => {
  it('a content change sends every exchange back to PENDING; a name change keeps the approvals', async () => {
    const media = await uploadPng(t, tok.adv1, 300, 250);
    const creative = await createCreativeOk(
      t,
      tok.adv1,
      imageBody(media.url, { name: 'Edit Me', exchange_ids: ex.map((e) => e.id) }),
    );
    const id = creative.creative_primary_id;
    const decided = await t.call('POST', '/api/admin/creatives/approval/decide', {
      token: tok.admin,
      body: { items: ex.map((e) => ({ creative_id: id, exchange_id: e.id })), decision: 'APPROVED' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const renamed = creativeOf(await put(tok.adv1, id, imageBody(media.url, { name: 'Edited Name' })));
    expect(renamed.status).toBe('APPROVED');
    expect(renamed.exchanges.every((e) => e.state === 'APPROVED')).toBe(true);

    const retargeted = creativeOf(
      await put(
        tok.adv1,
        id,
        imageBody(media.url, { name: 'Edited Name', click_url: 'https://shop.example.com/autumn' }),
      ),
    );
    expect(retargeted.status).toBe('PENDING');
    expect(retargeted.click_url).toBe('https://shop.example.com/autumn');
    expect(retargeted.exchanges.every((e) => e.state === 'PENDING' && e.decided_by === null)).toBe(true);

    const [latest] = await changeLog(tok.adv1, id);
    expect(latest?.action).toBe('update');
    expect(latest?.changes).toEqual(
      expect.arrayContaining([
        {
          field: 'click_url',
          from: 'https://shop.example.com/summer',
          to: 'https://shop.example.com/autumn',
        },
        { field: `exchange:${ex[0]!.name}`, from: 'APPROVED', to: 'PENDING' },
        { field: 'status', from: 'APPROVED', to: 'PENDING' },
      ]),
    );
  });

  it('a new file changes size; exchanges can be added and removed; the type cannot change', async () => {
    const first = await uploadPng(t, tok.agency, 300, 250);
    const creative = await createCreativeOk(
      t,
      tok.agency,
      imageBody(first.url, { advertiser_id: DEMO.adv1.id, exchange_ids: [ex[0]!.id] }),
    );
    const id = creative.creative_primary_id;
    const second = await uploadPng(t, tok.agency, 320, 50);
    const edited = creativeOf(
      await put(tok.agency, id, imageBody(second.url, { exchange_ids: [ex[1]!.id, ex[2]!.id] })),
    );
    expect(edited.size).toBe('320x50');
    expect(edited.exchanges.map((e) => e.exchange_id).sort()).toEqual([ex[1]!.id, ex[2]!.id].sort());
    const [latest] = await changeLog(tok.agency, id);
    expect(latest?.changes).toEqual(
      expect.arrayContaining([
        { field: 'size', from: '300x250', to: '320x50' },
        { field: 'media', from: first.url, to: second.url },
        {
          field: 'exchanges',
          from: [ex[0]!.name],
          to: [ex[1]!.name, ex[2]!.name].sort((a, b) => a.localeCompare(b)),
        },
      ]),
    );
    expectFieldErrors(await put(tok.agency, id, htmlBody()), { creative_type: CREATIVE_MESSAGES.typeFixed });
  });

  it('the advertiser may keep a file its agency uploaded when it edits the creative', async () => {
    const agencyFile = await uploadPng(t, tok.agency, 300, 250);
    const creative = await createCreativeOk(
      t,
      tok.agency,
      imageBody(agencyFile.url, { advertiser_id: DEMO.adv1.id }),
    );
    const edited = creativeOf(
      await put(tok.adv1, creative.creative_primary_id, imageBody(agencyFile.url, { name: 'Kept File' })),
    );
    expect(edited.name).toBe('Kept File');
  });

  it('the change log records create field by field, newest first, with who acted for whom', async () => {
    const media = await uploadPng(t, tok.agency, 300, 250);
    const creative = await createCreativeOk(
      t,
      tok.agency,
      imageBody(media.url, { advertiser_id: DEMO.adv2.id, name: 'Logged' }),
    );
    const id = creative.creative_primary_id;
    creativeOf(await put(tok.agency, id, imageBody(media.url, { name: 'Logged Again' })));
    const entries = await changeLog(tok.adv2, id);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0]?.changes).toEqual([{ field: 'name', from: 'Logged', to: 'Logged Again' }]);
    expect(entries[0]?.actor?.user_primary_id).toBe(DEMO.agency.id);
    expect(entries[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: null, to: 'Logged' },
        { field: 'creative_type', from: null, to: 'image' },
        { field: 'click_url', from: null, to: 'https://shop.example.com/summer' },
        { field: 'size', from: null, to: '300x250' },
        { field: 'status', from: null, to: 'PENDING' },
      ]),
    );
    expect(Date.parse(entries[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.createdAt));
  });
});

describe('permissions', () => {
  it('every creative endpoint needs a token (401)', async () => {
    await expectAllNeedToken(t, [
      { method: 'GET', path: '/api/creatives' },
      { method: 'POST', path: '/api/creatives', body: htmlBody() },
      { method: 'GET', path: '/api/creatives/1' },
      { method: 'PUT', path: '/api/creatives/1', body: htmlBody() },
      { method: 'GET', path: '/api/creatives/1/change-log' },
      { method: 'GET', path: '/api/creatives/campaign/1' },
      { method: 'POST', path: '/api/creatives/bulk/update', body: { ids: [1], name_prefix: 'X' } },
      { method: 'GET', path: '/api/admin/creatives/approval' },
      { method: 'POST', path: '/api/admin/creatives/approval/decide', body: {} },
      { method: 'PUT', path: '/api/admin/creatives/1/assoc-map', body: { creative_assoc_map: [] } },
    ]);
  });

  it('another tenant’s creative is "not found" for read, edit and change log (404), like an unknown id', async () => {
    const direct = await createCreativeOk(t, tok.advertiser, htmlBody({ name: 'Private' }));
    const id = direct.creative_primary_id;
    const endpoints = [
      { method: 'GET', path: `/api/creatives/${id}` },
      { method: 'PUT', path: `/api/creatives/${id}`, body: htmlBody() },
      { method: 'GET', path: `/api/creatives/${id}/change-log` },
    ];
    await expectAllNotFound(t, tok.adv1, endpoints, 'Creative not found.');
    await expectAllNotFound(t, tok.agency, endpoints, 'Creative not found.');
    const other = await secondAgency(t, tok.admin);
    await expectAllNotFound(t, other.agencyToken, endpoints, 'Creative not found.');
    await expectAllNotFound(
      t,
      tok.adv1,
      [{ method: 'GET', path: '/api/creatives/99999999' }],
      'Creative not found.',
    );
    // Those above it see it.
    for (const token of [tok.advertiser, tok.admin, tok.coadmin])
      expect((await get(token, id)).status).toBe(200);
    const adv1Creative = await createCreativeOk(t, tok.adv1, htmlBody());
    expect((await get(tok.agency, adv1Creative.creative_primary_id)).status).toBe(200);
    expect((await get(other.agencyToken, adv1Creative.creative_primary_id)).status).toBe(404);
  });

  it('bad ids are 400', async () => {
    expectFieldErrors(await t.call('GET', '/api/creatives/abc', { token: tok.adv1 }), { id: true });
    expectFieldErrors(await t.call('GET', '/api/creatives/0', { token: tok.adv1 }), { id: true });
  });
});

describe('list totals', () => {
  it('counts exactly up to 1,000 and then says "at least", filtered or searched', async () => {
    const other = await secondAgency(t, tok.admin);
    const token = await t.loginAs(other.advertiser.email, other.advertiser.password);
    await t.deps.db.execute(sql`
      insert into creatives (advertiser_id, name, creative_type, click_url, html_tag)
      select ${other.advertiser.user_primary_id}, 'Bulk ' || g, 'html', 'https://example.com', '<b>ad</b>'
      from generate_series(1, ${LIST_COUNT_CAP + 5}) g`);
    const page = await list(token, { limit: 10 });
    expect(page).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false, limit: 10 });
    // Newest first; made in one statement, they share a time and fall back to the id.
    expect(page.items.map((item) => item.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Bulk ${LIST_COUNT_CAP + 5 - i}`),
    );
    const byName = await list(token, { sort: 'name', order: 'asc', limit: 3, page: 2 });
    expect(byName.items.map((item) => item.name)).toEqual(['Bulk 1000', 'Bulk 1001', 'Bulk 1002']);
    expect(await list(token, { q: 'bulk 100', limit: 10 })).toMatchObject({ total: 7, total_exact: true });
    expect(await list(token, { q: 'bulk' })).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(await list(token, { status: 'APPROVED' })).toMatchObject({
      total: 0,
      total_exact: true,
      items: [],
    });
    // Another tenant's list does not count them.
    expect((await list(tok.adv1, { q: 'bulk' })).total).toBe(0);
  });

  it('estimates an admin search over many creatives from the newest ("about N"), the advertiser’s counted', async () => {
    const other = await secondAgency(t, tok.admin);
    const token = await t.loginAs(other.advertiser.email, other.advertiser.password);
    // 2,000 creatives newer than all others, every fourth 'Estimable Banner': 500 matches.
    await t.deps.db.execute(sql`
      insert into creatives (advertiser_id, name, creative_type, click_url, html_tag, created_at)
      select ${other.advertiser.user_primary_id},
             case when g % 4 = 0 then 'Estimable Banner ' || g else 'Estimable Tag ' || g end,
             'html', 'https://example.com', '<b>ad</b>', now() + interval '1 day' + g * interval '1 second'
      from generate_series(1, 2000) g`);
    await t.deps.db.execute(sql`analyze creatives`);
    const counted = (await t.deps.db.execute(sql`select count(*)::int as n from creatives`)) as unknown as {
      rows: { n: number }[];
    };
    const everyCreative = Number(counted.rows[0]!.n);
    const found = await list(tok.admin, { q: 'estimable banner', limit: 20 });
    // A quarter of the newest matched: about a quarter of every creative, not the 500 there are.
    expect(found).toMatchObject({ total_exact: false, total_is_estimate: true });
    expect(Math.abs(found.total - everyCreative / 4)).toBeLessThan(everyCreative / 20);
    expect(found.items.map((item) => item.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Estimable Banner ${2000 - 4 * i}`),
    );
    expect(await list(token, { q: 'estimable banner', limit: 20 })).toMatchObject({
      total: 500,
      total_exact: true,
      total_is_estimate: false,
    });
    // None among the newest ('Estimable Tag 2', 'Estimable Tag 21', ..., 'Estimable Tag 299'): the
    // matches are collected, counted exactly and paged in the list's order.
    const tags = Array.from({ length: 2000 }, (_, i) => i + 1)
      .filter((g) => g % 4 !== 0 && String(g).startsWith('2'))
      .map((g) => `Estimable Tag ${g}`);
    const newestTags = [...tags].reverse();
    const rare = await list(tok.admin, { q: 'estimable tag 2', limit: 20, page: 2 });
    expect(rare).toMatchObject({ total: tags.length, total_exact: true, total_is_estimate: false });
    expect(rare.items.map((item) => item.name)).toEqual(newestTags.slice(20, 40));
    // Known rare now: its other pages are collected without the walk, alike.
    const again = await list(tok.admin, { q: 'estimable tag 2', limit: 20, page: 3 });
    expect(again).toMatchObject({ total: tags.length, total_exact: true, total_is_estimate: false });
    expect(again.items.map((item) => item.name)).toEqual(newestTags.slice(40, 60));
    const byName = await list(tok.admin, { q: 'estimable tag 2', limit: 20, sort: 'name', order: 'asc' });
    expect(byName.items.map((item) => item.name)).toEqual(
      [...tags].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)).slice(0, 20),
    );

    // The names' suffixes follow each write: a new name, a new status ('ble renamed': within the
    // suffixes' 12 characters, so they decide it alone where the sort and filters allow).
    await t.deps.db.execute(sql`update creatives set name = 'Estimable Renamed 2'
      where name = 'Estimable Tag 2' and advertiser_id = ${other.advertiser.user_primary_id}`);
    expect(await list(tok.admin, { q: 'estimable tag 2', limit: 20 })).toMatchObject({
      total: tags.length - 1,
    });
    const renamed = async (query: Record<string, string>) =>
      (await list(tok.admin, { q: 'ble renamed', limit: 20, ...query })).items.map((item) => item.name);
    expect(await renamed({})).toEqual(['Estimable Renamed 2']);
    expect(await renamed({ status: 'PENDING' })).toEqual(['Estimable Renamed 2']);
    await t.deps.db.execute(sql`update creatives set status = 'APPROVED' where name = 'Estimable Renamed 2'`);
    expect(await renamed({ status: 'PENDING' })).toEqual([]);
    expect(await renamed({ status: 'APPROVED' })).toEqual(['Estimable Renamed 2']);
    expect(await renamed({ status: 'APPROVED', creative_type: 'html' })).toEqual(['Estimable Renamed 2']);
    expect(await renamed({ status: 'APPROVED', sort: 'status' })).toEqual(['Estimable Renamed 2']);
  });
});

describe('creatives of one campaign', () => {
  it('lists the creatives attached to a campaign the caller may see; 404 for another tenant’s campaign', async () => {
    const a = await createCreativeOk(t, tok.adv1, htmlBody({ name: 'In Campaign A' }));
    const b = await createCreativeOk(t, tok.adv1, htmlBody({ name: 'In Campaign B' }));
    await createCreativeOk(t, tok.adv1, htmlBody({ name: 'Not In Campaign' }));
    const [campaign] = await t.deps.db
      .insert(campaigns)
      .values({
        advertiserId: DEMO.adv1.id,
        name: 'Creative List Campaign',
        startAt: new Date(Date.now() + 86_400_000),
        endAt: new Date(Date.now() + 30 * 86_400_000),
        totalBudgetMicros: 1_000_000_000,
        bidMicros: 2_000_000,
        minBidMicros: 1_000_000,
        maxBidMicros: 3_000_000,
        targeting: {} as never,
      })
      .returning({ id: campaigns.id });
    await t.deps.db.insert(campaignCreatives).values([
      { campaignId: campaign!.id, creativeId: a.creative_primary_id },
      { campaignId: campaign!.id, creativeId: b.creative_primary_id },
    ]);
    for (const token of [tok.adv1, tok.agency, tok.admin]) {
      const result = await t.call('GET', `/api/creatives/campaign/${campaign!.id}`, {
        token,
        query: { sort: 'name', order: 'asc' },
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(dataOf<{ items: CreativeListItem[] }>(result).items.map((item) => item.name)).toEqual([
        'In Campaign A',
        'In Campaign B',
      ]);
    }
    expectError(
      await t.call('GET', `/api/creatives/campaign/${campaign!.id}`, { token: tok.advertiser }),
      404,
    );
    expectError(await t.call('GET', '/api/creatives/campaign/99999999', { token: tok.admin }), 404);
  });
});

describe('media of the JPEG kind as a banner', () => {
  it('an image creative takes a JPEG upload and keeps its size', async () => {
    const media = await uploadOk(t, tok.adv2, {
      bytes: jpegBytes(336, 280),
      type: 'image/jpeg',
      name: 'large rectangle.jpg',
    });
    const creative = await createCreativeOk(t, tok.adv2, imageBody(media.url));
    expect(creative.size).toBe('336x280');
    expect(creative.media?.mime).toBe('image/jpeg');
  });
});
