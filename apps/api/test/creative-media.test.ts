// The one creative media upload: real PNG, JPEG, GIF, MP4 and WebM files built by
// the tests; dimensions into `size`, video duration and formattedSize into `video_section`; the
// creative file-name rule; files that are not what they claim, oversized files and native asset
// shapes refused; the stored file served at /media/.
import { CREATIVE_MEDIA_MESSAGES } from '@console/core/api/creatives';
import { CREATIVE_FILE_NAME_MESSAGE } from '@console/core/validation/creative';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creativeMedia } from '../src/db/schema/creatives.ts';
import { gifBytes, jpegBytes, uploadCreativeFile, uploadOk, webmBytes } from './creative-fixtures.ts';
import { expectError, expectUnauthorized } from './support/accounts.ts';
import { DEMO } from './support/admin-fixtures.ts';
import { mp4Bytes, pngBytes } from './support/media-bytes.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
});
afterAll(() => t.close());

describe('images', () => {
  it('stores a PNG and answers its size, type and bytes; the file is served at /media/', async () => {
    const bytes = pngBytes(300, 250);
    const media = await uploadOk(t, tok.adv1, {
      bytes,
      type: 'image/png',
      name: 'summer banner_300-250.png',
    });
    expect(media).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      bytes: bytes.length,
      width: 300,
      height: 250,
      size: '300x250',
    });
    expect(media.url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    expect(media.video_section).toBeUndefined();
    const served = await fetch(new URL(media.url, t.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const [row] = await t.deps.db.select().from(creativeMedia).where(eq(creativeMedia.url, media.url));
    expect(row).toMatchObject({
      uploadedBy: DEMO.adv1.id,
      originalName: 'summer banner_300-250.png',
      kind: 'image',
    });
  });

  it('stores a JPEG (declared image/jpeg or image/jpg, named .jpg or .jpeg) with its dimensions', async () => {
    const bytes = jpegBytes(728, 90);
    const media = await uploadOk(t, tok.agency, { bytes, type: 'image/jpeg', name: 'leaderboard.jpg' });
    expect(media).toMatchObject({ mime: 'image/jpeg', width: 728, height: 90, size: '728x90' });
    expect(media.url).toMatch(/\.jpg$/);
    const alias = await uploadOk(t, tok.agency, { bytes, type: 'image/jpg', name: 'leaderboard.jpeg' });
    expect(alias.size).toBe('728x90');
  });

  it('stores a GIF with its dimensions', async () => {
    const media = await uploadOk(t, tok.advertiser, {
      bytes: gifBytes(320, 50),
      type: 'image/gif',
      name: 'mobile-banner.gif',
    });
    expect(media).toMatchObject({ mime: 'image/gif', width: 320, height: 50, size: '320x50' });
  });

  it('takes a file sent as application/octet-stream when its name and content agree', async () => {
    const media = await uploadOk(t, tok.adv1, {
      bytes: pngBytes(160, 600),
      type: 'application/octet-stream',
      name: 'skyscraper.png',
    });
    expect(media.size).toBe('160x600');
  });
});

describe('video', () => {
  it('reads an MP4’s duration and dimensions into size and video_section (1024-based formattedSize)', async () => {
    const bytes = mp4Bytes({ width: 640, height: 360, durationS: 15, padding: 1536 });
    const media = await uploadOk(t, tok.adv1, {
      bytes,
      type: 'video/mp4',
      name: 'preroll 15s.mp4',
      kind: 'video',
    });
    expect(media).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      bytes: bytes.length,
      width: 640,
      height: 360,
      duration_s: 15,
      size: '640x360',
    });
    expect(media.video_section).toEqual({
      formattedSize: `${Math.round((bytes.length / 1024) * 100) / 100} KB`,
      duration: 15,
    });
  });

  it('reads a WebM’s duration and dimensions', async () => {
    const bytes = webmBytes({ width: 1280, height: 720, durationS: 30.5 });
    const media = await uploadOk(t, tok.agency, {
      bytes,
      type: 'video/webm',
      name: 'brand-story.webm',
      kind: 'video',
    });
    expect(media).toMatchObject({ mime: 'video/webm', size: '1280x720', duration_s: 30.5 });
    expect(media.video_section?.duration).toBe(30.5);
    expect(media.video_section?.formattedSize).toMatch(/^\d+(\.\d+)? (Bytes|KB)$/);
  });

  it('takes ?kind=video in the query as well as the form field', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([mp4Bytes({ width: 320, height: 240, durationS: 6 })], { type: 'video/mp4' }),
      'bumper.mp4',
    );
    const response = await fetch(new URL('/api/creatives/media?kind=video', t.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${tok.adv2}` },
      body: form,
    });
    const body = (await response.json()) as { data: { size: string; duration_s: number } };
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({ size: '320x240', duration_s: 6 });
  });

  it('refuses a video container without a readable video track', async () => {
    const broken = mp4Bytes({ width: 640, height: 360, durationS: 5 }).subarray(0, 40);
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: broken,
      type: 'video/mp4',
      name: 'broken.mp4',
      kind: 'video',
    });
    expectError(result, 400, CREATIVE_MEDIA_MESSAGES.videoUnreadable);
  });

  it('refuses an image sent as a video and a video sent as an image', async () => {
    const png = await uploadCreativeFile(t, tok.adv1, {
      bytes: pngBytes(10, 10),
      type: 'image/png',
      name: 'a.png',
      kind: 'video',
    });
    expectError(png, 400, 'This file type is not accepted. Use mp4, webm.');
    const mp4 = await uploadCreativeFile(t, tok.adv1, {
      bytes: mp4Bytes({ width: 640, height: 360, durationS: 5 }),
      type: 'video/mp4',
      name: 'clip.mp4',
    });
    expectError(mp4, 400, 'This file type is not accepted. Use png, jpg, gif, webp.');
  });
});

describe('files that are not what they claim', () => {
  it('refuses a PNG declared as image/jpeg', async () => {
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: pngBytes(300, 250),
      type: 'image/jpeg',
      name: 'banner.jpg',
    });
    expectError(result, 400, 'The file claims to be image/jpeg but its content is image/png.');
  });

  it('refuses a PNG named .jpg even when the declared type is right', async () => {
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: pngBytes(300, 250),
      type: 'image/png',
      name: 'banner.jpg',
    });
    expectError(result, 400, 'The file name ends in .jpg but its content is image/png.');
  });

  it('refuses a JPEG named .mp4 and declared video/mp4', async () => {
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: jpegBytes(64, 64),
      type: 'video/mp4',
      name: 'clip.mp4',
      kind: 'video',
    });
    expectError(result, 400, 'This file type is not accepted. Use mp4, webm.');
  });

  it('refuses HTML or text dressed as an image', async () => {
    const bytes = Buffer.from('<html><script>alert(1)</script></html>');
    const result = await uploadCreativeFile(t, tok.adv1, { bytes, type: 'image/png', name: 'banner.png' });
    expectError(result, 400, 'This file type is not accepted. Use png, jpg, gif, webp.');
  });

  it('refuses an empty file', async () => {
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: Buffer.alloc(0),
      type: 'image/png',
      name: 'empty.png',
    });
    expectError(result, 400, 'The file is empty.');
  });
});

describe('limits and rules', () => {
  it('refuses an image over 2 MB (a real PNG padded past the limit) and stores nothing', async () => {
    const before = (await t.deps.db.select().from(creativeMedia)).length;
    const bytes = pngBytes(300, 250, 2 * 1024 * 1024);
    const result = await uploadCreativeFile(t, tok.adv1, { bytes, type: 'image/png', name: 'huge.png' });
    expectError(result, 400, 'The file is too large: at most 2 MB.');
    expect((await t.deps.db.select().from(creativeMedia)).length).toBe(before);
  });

  it('refuses an icon over 512 KB', async () => {
    const bytes = pngBytes(64, 64, 600 * 1024);
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes,
      type: 'image/png',
      name: 'icon.png',
      kind: 'icon',
    });
    expectError(result, 400, 'The file is too large: at most 512 KB.');
  });

  it.each([
    ['banner X.png', 'an upper-case X'],
    ['my  banner.png', 'a double space'],
    ['banner', 'no extension'],
    ['banner.final.png', 'two dots'],
    ['bänner.png', 'a non-ASCII letter'],
    [' banner.png', 'a leading space'],
  ])('refuses the file name %j (%s) with the rule’s message', async (name) => {
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: pngBytes(300, 250),
      type: 'image/png',
      name,
    });
    expectError(result, 400, CREATIVE_FILE_NAME_MESSAGE);
    expect(result.body.errors).toEqual({ file: CREATIVE_FILE_NAME_MESSAGE });
  });

  it('takes lower-case x, digits, hyphens, underscores and single spaces', async () => {
    const media = await uploadOk(t, tok.adv1, {
      bytes: pngBytes(300, 250),
      type: 'image/png',
      name: 'box 300x250_v2-final.png',
    });
    expect(media.size).toBe('300x250');
  });

  it('takes a square icon of at least 50x50 and refuses others', async () => {
    const icon = await uploadOk(t, tok.adv1, {
      bytes: pngBytes(80, 80),
      type: 'image/png',
      name: 'icon.png',
      kind: 'icon',
    });
    expect(icon).toMatchObject({ kind: 'icon', size: '80x80' });
    for (const [width, height] of [
      [80, 60],
      [40, 40],
    ] as const) {
      const result = await uploadCreativeFile(t, tok.adv1, {
        bytes: pngBytes(width, height),
        type: 'image/png',
        name: 'icon.png',
        kind: 'icon',
      });
      expectError(result, 400, CREATIVE_MEDIA_MESSAGES.iconShape);
    }
  });

  it('takes a native main image of at least 300x250 and refuses a smaller one', async () => {
    const main = await uploadOk(t, tok.adv1, {
      bytes: jpegBytes(1200, 627),
      type: 'image/jpeg',
      name: 'hero.jpg',
      kind: 'main',
    });
    expect(main.size).toBe('1200x627');
    const small = await uploadCreativeFile(t, tok.adv1, {
      bytes: pngBytes(300, 200),
      type: 'image/png',
      name: 'hero.png',
      kind: 'main',
    });
    expectError(small, 400, CREATIVE_MEDIA_MESSAGES.mainTooSmall);
  });

  it('refuses an unknown kind', async () => {
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: pngBytes(10, 10),
      type: 'image/png',
      name: 'a.png',
      kind: 'poster',
    });
    expectError(result, 400, 'Choose the kind of file: image, video, icon, main.');
  });

  it('answers 400 to a request that is not multipart and 401 without a token', async () => {
    const json = await t.call('POST', '/api/creatives/media', { token: tok.adv1, body: { file: 'x' } });
    expectError(json, 400, 'Send the file as multipart/form-data in the field "file".');
    const anonymous = await uploadCreativeFile(t, undefined, {
      bytes: pngBytes(10, 10),
      type: 'image/png',
      name: 'a.png',
    });
    expectUnauthorized(anonymous, 'Please sign in to continue.');
  });
});
