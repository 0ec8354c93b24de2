// Uploaded files: the content is sniffed (a file that is not what it claims is refused), stored under
// DATA_DIR/media with a random name and served read-only at /media/.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { badRequest } from './errors.ts';

export type StoredMedia = { url: string; mime: string; bytes: number; width?: number; height?: number };

export const BRAND_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/x-icon',
] as const;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/x-icon': 'ico',
};

export const createMediaStore = (mediaDir: string) => ({
  mediaDir,
  /** Stores the file when its sniffed type is one of `allowed`; the declared type must agree. */
  async saveImage(
    content: Buffer,
    declaredMime: string,
    options: { allowed: readonly string[]; maxBytes: number },
  ): Promise<StoredMedia> {
    if (content.length === 0) throw badRequest('The file is empty.');
    if (content.length > options.maxBytes) {
      throw badRequest(`The file is too large: at most ${Math.round(options.maxBytes / 1024)} KB.`);
    }
    const sniffed = await fileTypeFromBuffer(content);
    if (!sniffed || !options.allowed.includes(sniffed.mime)) {
      throw badRequest(
        `This file type is not accepted. Use ${options.allowed.map((m) => EXTENSIONS[m] ?? m).join(', ')}.`,
      );
    }
    const declared = declaredMime === 'image/vnd.microsoft.icon' ? 'image/x-icon' : declaredMime;
    if (declared !== sniffed.mime) {
      throw badRequest(`The file claims to be ${declaredMime} but its content is ${sniffed.mime}.`);
    }
    let dimensions: { width?: number; height?: number } = {};
    try {
      const size = imageSize(content);
      dimensions = { width: size.width, height: size.height };
    } catch {
      throw badRequest('The image could not be read.');
    }
    await mkdir(mediaDir, { recursive: true });
    const name = `${randomUUID()}.${EXTENSIONS[sniffed.mime] ?? sniffed.ext}`;
    await writeFile(join(mediaDir, name), content);
    return { url: `/media/${name}`, mime: sniffed.mime, bytes: content.length, ...dimensions };
  },
});

export type MediaStore = ReturnType<typeof createMediaStore>;
