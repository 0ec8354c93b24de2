// Real media files for the creative screens' story, built in the test (no binary fixtures): a PNG
// of any size (hand-written chunks, zlib-compressed RGB rows) and a tiny MP4 (ISO BMFF boxes: ftyp,
// moov with one avc1 video track of the given size and duration, mdat). The MP4 is the container the
// API's probe reads (the approach of apps/api/test/creative-fixtures.ts); its one coded frame is a
// placeholder, since encoding H.264 needs an encoder.
import { crc32, deflateSync } from 'node:zlib';

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/** A valid truecolour PNG of `width` x `height`: a horizontal gradient from `from` to `to`. */
export const makePng = (
  width: number,
  height: number,
  from: [number, number, number] = [34, 139, 230],
  to: [number, number, number] = [250, 82, 82],
): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) {
    const share = width > 1 ? x / (width - 1) : 0;
    for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * share);
  }
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

const u8 = (value: number) => Buffer.from([value & 0xff]);
const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'ascii'), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...parts);
const IDENTITY_MATRIX = Buffer.concat(
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map((value) => u32(value)),
);

/** An MP4 (isom, one H.264 video track) of the given size and duration in seconds. */
export const makeMp4 = (options: { width: number; height: number; durationS: number }): Buffer => {
  const timescale = 1000;
  const duration = Math.round(options.durationS * timescale);
  const sample = Buffer.concat([u32(2), Buffer.from([0x65, 0x88])]);
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'));
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    u32(0x00010000),
    u16(0x0100),
    Buffer.alloc(10),
    IDENTITY_MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    IDENTITY_MATRIX,
    u32(options.width * 0x10000),
    u32(options.height * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0));
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    u32(0),
    Buffer.from('vide'),
    Buffer.alloc(12),
    Buffer.from('VideoHandler\0'),
  );
  const avcC = box('avcC', Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff, 0xe0, 0x00]));
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1),
    Buffer.alloc(16),
    u16(options.width),
    u16(options.height),
    u32(0x00480000),
    u32(0x00480000),
    u32(0),
    u16(1),
    Buffer.alloc(32),
    u16(0x18),
    u16(0xffff),
    avcC,
  );
  const stsd = fullBox('stsd', 0, 0, u32(1), avc1);
  const stts = fullBox('stts', 0, 0, u32(1), u32(1), u32(duration));
  const stsc = fullBox('stsc', 0, 0, u32(1), u32(1), u32(1), u32(1));
  const stsz = fullBox('stsz', 0, 0, u32(0), u32(1), u32(sample.length));
  const buildMoov = (offset: number) => {
    const stco = fullBox('stco', 0, 0, u32(1), u32(offset));
    const stbl = box('stbl', stsd, stts, stsc, stsz, stco);
    const dinf = box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1)));
    const minf = box('minf', fullBox('vmhd', 0, 1, Buffer.alloc(8)), dinf, stbl);
    return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
  };
  const moovSize = buildMoov(0).length;
  const moov = buildMoov(ftyp.length + moovSize + 8);
  return Buffer.concat([ftyp, moov, box('mdat', sample)]);
};
