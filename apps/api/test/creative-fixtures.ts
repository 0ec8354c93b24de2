// Real media files built by the creative tests: JPEG (jpeg-js encoder), GIF (a hand-written LZW
// stream) and WebM (EBML header, Segment with Info and a video TrackEntry, one Cluster); PNG and MP4
// come from support/media-bytes.ts (shared with the e2e tests). The containers are complete and
// valid (probes read duration and dimensions from them); the one coded frame each carries is a
// placeholder, since encoding VP8 needs an encoder (ffmpeg).
import type { CreativeDetail } from '@console/core/api/creatives';
import { encode as encodeJpeg } from 'jpeg-js';
import { expect } from 'vitest';
import { exchanges } from '../src/db/schema/reference.ts';
import { dataOf } from './support/accounts.ts';
import { uploadFile } from './support/admin-fixtures.ts';
import { pngBytes } from './support/media-bytes.ts';
import type { CallResult, TestApp } from './support/test-app.ts';

/** A baseline JPEG of the given size (a colour gradient). */
export const jpegBytes = (width: number, height: number): Buffer => {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at] = Math.round((255 * x) / Math.max(1, width - 1));
      data[at + 1] = 128;
      data[at + 2] = Math.round((255 * y) / Math.max(1, height - 1));
      data[at + 3] = 255;
    }
  }
  return Buffer.from(encodeJpeg({ data, width, height }, 80).data);
};

/**
 * A GIF89a of the given size with a 256-colour palette. The LZW stream sends every pixel as a
 * literal 9-bit code and a clear code before the table would need 10 bits, which every decoder reads.
 */
export const gifBytes = (width: number, height: number): Buffer => {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'ascii');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  header[10] = 0xf7; // global colour table, 8 bits, 256 entries
  const palette = Buffer.alloc(256 * 3);
  for (let i = 0; i < 256; i++) palette.set([i, 255 - i, (i * 7) & 0xff], i * 3);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  const clear = 256;
  const end = 257;
  const codes: number[] = [clear];
  let sinceClear = 0;
  for (let i = 0; i < width * height; i++) {
    if (sinceClear === 250) {
      codes.push(clear);
      sinceClear = 0;
    }
    codes.push((i * 3) & 0xff);
    sinceClear++;
  }
  codes.push(end);
  const packed: number[] = [];
  let bits = 0;
  let bitCount = 0;
  for (const code of codes) {
    bits |= code << bitCount;
    bitCount += 9;
    while (bitCount >= 8) {
      packed.push(bits & 0xff);
      bits >>>= 8;
      bitCount -= 8;
    }
  }
  if (bitCount > 0) packed.push(bits & 0xff);
  const blocks: Buffer[] = [Buffer.from([8])]; // LZW minimum code size
  for (let at = 0; at < packed.length; at += 255) {
    const part = packed.slice(at, at + 255);
    blocks.push(Buffer.from([part.length, ...part]));
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat([header, palette, descriptor, ...blocks, Buffer.from([0x3b])]);
};

// ---- WebM ---------------------------------------------------------------------------------------

const ebmlSize = (size: number) => {
  // 8-byte size field: 0x01 then 7 bytes.
  const b = Buffer.alloc(8);
  b[0] = 0x01;
  b.writeUIntBE(size, 2, 6);
  return b;
};
const element = (id: number[], ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from(id), ebmlSize(body.length), body]);
};
const uint = (id: number[], value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return element(id, b);
};
const float = (id: number[], value: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
};
const str = (id: number[], value: string) => element(id, Buffer.from(value, 'ascii'));

/** A WebM (one VP8 video track) of the given size and duration. */
export const webmBytes = (options: { width: number; height: number; durationS: number }) => {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    uint([0x42, 0x86], 1),
    uint([0x42, 0xf7], 1),
    uint([0x42, 0xf2], 4),
    uint([0x42, 0xf3], 8),
    str([0x42, 0x82], 'webm'),
    uint([0x42, 0x87], 4),
    uint([0x42, 0x85], 2),
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    uint([0x2a, 0xd7, 0xb1], 1_000_000), // TimecodeScale: 1 ms
    float([0x44, 0x89], options.durationS * 1000),
    str([0x4d, 0x80], 'creative-tests'),
    str([0x57, 0x41], 'creative-tests'),
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element(
      [0xae],
      uint([0xd7], 1),
      uint([0x73, 0xc5], 1),
      uint([0x83], 1), // video
      str([0x86], 'V_VP8'),
      element([0xe0], uint([0xb0], options.width), uint([0xba], options.height)),
    ),
  );
  const cluster = element(
    [0x1f, 0x43, 0xb6, 0x75],
    uint([0xe7], 0),
    element([0xa3], Buffer.from([0x81, 0x00, 0x00, 0x80, 0x00])), // SimpleBlock, track 1, keyframe
  );
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], info, tracks, cluster)]);
};

/** The media descriptor of a successful upload. */
export type UploadedMedia = {
  url: string;
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
  duration_s?: number;
  size?: string;
  video_section?: { formattedSize: string; duration: number };
};

export const mediaOf = (result: CallResult): UploadedMedia => {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<UploadedMedia>(result);
};

export type UploadFile = { bytes: Uint8Array; type: string; name: string; kind?: string };

/** POSTs one file to /api/creatives/media as multipart/form-data: the field "kind" (if any), then "file". */
export const uploadCreativeFile = (
  t: TestApp,
  token: string | undefined,
  file: UploadFile,
): Promise<CallResult> =>
  uploadFile(t, '/api/creatives/media', token, {
    ...file,
    fields: file.kind === undefined ? {} : { kind: file.kind },
  });

/** Uploads and answers the stored media; fails the test when refused. */
export const uploadOk = async (t: TestApp, token: string, file: UploadFile) =>
  mediaOf(await uploadCreativeFile(t, token, file));

export const uploadPng = (t: TestApp, token: string, width: number, height: number, kind = 'image') =>
  uploadOk(t, token, {
    bytes: pngBytes(width, height),
    type: 'image/png',
    name: `banner ${width}-${height}.png`,
    kind,
  });

let serial = 0;
/** Active exchanges made for one test file. */
export const insertExchanges = async (
  t: TestApp,
  count: number,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
) => {
  const tag = `${process.pid}_${Date.now().toString(36)}_${++serial}`;
  return t.deps.db
    .insert(exchanges)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Creative Exchange ${tag} ${i}`,
        key: `cx_${tag}_${i}`,
        status,
      })),
    )
    .returning({ id: exchanges.id, name: exchanges.name });
};

export const creativeOf = (result: CallResult): CreativeDetail => {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.success).toBe(true);
  return dataOf<CreativeDetail>(result);
};

export const imageBody = (mediaUrl: string, overrides: Record<string, unknown> = {}) => ({
  creative_type: 'image',
  name: 'Summer Banner',
  media_url: mediaUrl,
  click_url: 'https://shop.example.com/summer',
  pixel_url: ['https://pixel.example.com/p?id=1', 'tracker.example.net/t'],
  ...overrides,
});

export const htmlBody = (overrides: Record<string, unknown> = {}) => ({
  creative_type: 'html',
  name: 'Rich Media Tag',
  html_tag:
    '<div id="ad"><a href="https://example.com" target="_blank">Shop now</a><script>document.title="x"</script></div>',
  ...overrides,
});

export const vastBody = (overrides: Record<string, unknown> = {}) => ({
  creative_type: 'video',
  name: 'Preroll VAST',
  vast_url: 'https://ads.example.com/vast/preroll.xml',
  click_url: 'https://example.com/watch',
  impression_url: ['https://imp.example.com/i1'],
  ...overrides,
});

/** Creates a creative through the API and answers it; fails the test when refused. */
export const createCreativeOk = async (t: TestApp, token: string, body: unknown) =>
  creativeOf(await t.call('POST', '/api/creatives', { token, body }));
