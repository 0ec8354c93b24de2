// Real media files for the creative screens' stories, built in the test (no binary fixtures) by the
// API tests' builders (apps/api/test/support/media-bytes.ts): a PNG of any size, a horizontal
// gradient or one colour, and a tiny MP4 of the given size and duration (the container the API's
// probe reads; its one coded frame is a placeholder).
import { pngBytes, type Rgb } from '../../apps/api/test/support/media-bytes.ts';

export { mp4Bytes as makeMp4 } from '../../apps/api/test/support/media-bytes.ts';

/** A valid truecolour PNG of `width` x `height`: a horizontal gradient from `from` to `to`. */
export const makePng = (
  width: number,
  height: number,
  from: Rgb = [34, 139, 230],
  to: Rgb = [250, 82, 82],
): Buffer =>
  pngBytes(width, height, 0, (x) => {
    const share = width > 1 ? x / (width - 1) : 0;
    const mix = (c: 0 | 1 | 2) => Math.round(from[c] + (to[c] - from[c]) * share);
    return [mix(0), mix(1), mix(2)];
  });

/** A valid PNG of `width` x `height` in one colour. */
export const makeSolidPng = (width: number, height: number, rgb: Rgb): Buffer =>
  pngBytes(width, height, 0, () => rgb);
