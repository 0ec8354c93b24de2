// Real media bytes built by hand (no binary fixtures, no image library), shared by the API tests
// and the browser tests (e2e/support/media-fixtures.ts): a PNG of any size (zlib-compressed RGB rows)
// and an MP4 (ISO BMFF boxes: ftyp, moov with mvhd/tkhd/mdhd/hdlr/stsd(avc1)/stts/stsc/stsz/stco,
// mdat). The MP4 container is complete and valid (probes read duration and dimensions from it); its
// one coded frame is a placeholder, since encoding H.264 needs an encoder. Node built-ins only.
import { deflateSync } from 'node:zlib';

// ---- PNG bytes -------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

export type Rgb = readonly [number, number, number];

/** The default colour of a pixel: red grows to the right, blue downwards. */
const gradient = (x: number, y: number, width: number, height: number): Rgb => [
  Math.round((255 * x) / Math.max(1, width - 1)),
  0,
  Math.round((255 * y) / Math.max(1, height - 1)),
];

/**
 * A valid RGB PNG of the given size, each pixel coloured by `pixel` (default: a red-to-blue
 * gradient). `padding` adds a tEXt chunk of that many bytes, to make a real PNG as large as a test
 * needs.
 */
export const pngBytes = (
  width: number,
  height: number,
  padding = 0,
  pixel: (x: number, y: number, width: number, height: number) => Rgb = gradient,
) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(pixel(x, y, width, height), 1 + x * 3);
    rows.push(row);
  }
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(padding > 0
      ? [chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(padding, 0x61)]))]
      : []),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ];
  return Buffer.concat(parts);
};

// ---- MP4 ----------------------------------------------------------------------------------------

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

/** An MP4 (isom, one H.264 video track) of the given size and duration. `padding` grows mdat. */
export const mp4Bytes = (options: { width: number; height: number; durationS: number; padding?: number }) => {
  const timescale = 1000;
  const duration = Math.round(options.durationS * timescale);
  const sample = Buffer.concat([
    u32(2 + (options.padding ?? 0)),
    Buffer.from([0x65, 0x88]),
    Buffer.alloc(options.padding ?? 0),
  ]);
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
  const avcC = box(
    'avcC',
    Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff, 0xe0, 0x00]), // baseline 3.0, 4-byte lengths, no SPS/PPS
  );
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
  // The chunk offset is known once moov's size is: stco holds a placeholder, patched below.
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
