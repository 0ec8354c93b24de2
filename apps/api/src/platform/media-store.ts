// Uploaded files: the content is sniffed (a file that is not what it claims is refused), stored under
// DATA_DIR/media with a random name and served read-only at /media/.
// Images: dimensions by image-size. Video: MP4 by mp4box (BSD-3-Clause), WebM by music-metadata (MIT),
// both pure JavaScript: duration and the video track's dimensions, without ffmpeg.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { createFile, type Movie, MP4BoxBuffer } from 'mp4box';
import { parseBuffer } from 'music-metadata';
import { badRequest } from './errors.ts';
import { NAME_EXTENSIONS, storedExtensionOf } from './media-types.ts';

export type StoredMedia = {
  url: string;
  mime: string;
  bytes: number;
  width?: number;
  height?: number;
  /** Seconds, for video. */
  durationS?: number;
};

export const BRAND_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/x-icon',
] as const;

/** Spellings browsers and tools use for the same type. */
const MIME_ALIASES: Record<string, string> = {
  'image/vnd.microsoft.icon': 'image/x-icon',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
};

/** A client that does not know the type sends this; the file name's extension is checked instead. */
const UNKNOWN_MIME = 'application/octet-stream';

const tooLarge = (maxBytes: number) =>
  badRequest(
    maxBytes >= 1024 * 1024
      ? `The file is too large: at most ${maxBytes / (1024 * 1024)} MB.`
      : `The file is too large: at most ${Math.round(maxBytes / 1024)} KB.`,
  );

/** The message for a file over `maxBytes` (also for the multipart stream limit). */
export const fileTooLargeMessage = (maxBytes: number) => tooLarge(maxBytes).message;

const sniffAllowed = async (content: Buffer, allowed: readonly string[]) => {
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !allowed.includes(sniffed.mime)) {
    throw badRequest(
      `This file type is not accepted. Use ${allowed.map((m) => storedExtensionOf(m) ?? m).join(', ')}.`,
    );
  }
  return sniffed.mime as string;
};

const readImageSize = (content: Buffer) => {
  try {
    const size = imageSize(content);
    return { width: size.width, height: size.height };
  } catch {
    throw badRequest('The image could not be read.');
  }
};

/** Duration and dimensions of an MP4's first video track, or undefined when it has none. */
const probeMp4 = (
  content: Buffer,
): Promise<{ durationS: number; width: number; height: number } | undefined> =>
  new Promise((resolve) => {
    const file = createFile();
    let info: Movie | undefined;
    file.onReady = (movie) => {
      info = movie;
    };
    file.onError = () => resolve(undefined);
    try {
      const copy = content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength);
      file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, 0));
      file.flush();
    } catch {
      resolve(undefined);
      return;
    }
    const track = info?.videoTracks[0];
    const width = track?.video?.width ?? track?.track_width;
    const height = track?.video?.height ?? track?.track_height;
    if (!info || !track || !width || !height || !info.timescale) return resolve(undefined);
    const duration = info.duration || track.duration;
    resolve({ durationS: duration / info.timescale, width, height });
  });

const probeWebm = async (content: Buffer) => {
  try {
    const metadata = await parseBuffer(content, { mimeType: 'video/webm' }, { duration: true });
    const video = metadata.format.trackInfo.find((track) => track.video)?.video;
    const width = video?.pixelWidth ?? video?.displayWidth;
    const height = video?.pixelHeight ?? video?.displayHeight;
    if (!width || !height || metadata.format.duration === undefined) return undefined;
    return { durationS: metadata.format.duration, width, height };
  } catch {
    return undefined;
  }
};

/** Rounded to milliseconds. */
const roundSeconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

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
        `This file type is not accepted. Use ${options.allowed.map((m) => storedExtensionOf(m) ?? m).join(', ')}.`,
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
    const name = `${randomUUID()}.${storedExtensionOf(sniffed.mime) ?? sniffed.ext}`;
    await writeFile(join(mediaDir, name), content);
    return { url: `/media/${name}`, mime: sniffed.mime, bytes: content.length, ...dimensions };
  },

  /**
   * Stores an image or a video (MP4, WebM) when its sniffed type is one of `allowed` and both the
   * declared type and the file name's extension agree with the content (a declared
   * application/octet-stream is no claim; the extension still is). Answers its dimensions and, for
   * video, its duration.
   */
  async saveMedia(
    content: Buffer,
    declared: { mime: string; fileName: string },
    options: {
      allowed: readonly string[];
      maxBytes: number;
      /** Further checks on what was read (dimensions, duration); throw to refuse before anything is stored. */
      inspect?: (media: Omit<StoredMedia, 'url'>) => void;
    },
  ): Promise<StoredMedia> {
    if (content.length === 0) throw badRequest('The file is empty.');
    if (content.length > options.maxBytes) throw tooLarge(options.maxBytes);
    const mime = await sniffAllowed(content, options.allowed);
    const declaredMime = MIME_ALIASES[declared.mime.toLowerCase()] ?? declared.mime.toLowerCase();
    if (declaredMime !== UNKNOWN_MIME && declaredMime !== mime) {
      throw badRequest(`The file claims to be ${declared.mime} but its content is ${mime}.`);
    }
    const extension = extname(declared.fileName).slice(1).toLowerCase();
    if (!(NAME_EXTENSIONS[mime] ?? []).includes(extension)) {
      throw badRequest(`The file name ends in .${extension} but its content is ${mime}.`);
    }
    let details: { width?: number; height?: number; durationS?: number };
    if (mime.startsWith('video/')) {
      const probed = mime === 'video/mp4' ? await probeMp4(content) : await probeWebm(content);
      if (!probed)
        throw badRequest('The video could not be read: upload an MP4 or WebM file with a video track.');
      details = { ...probed, durationS: roundSeconds(probed.durationS) };
    } else {
      details = readImageSize(content);
    }
    options.inspect?.({ mime, bytes: content.length, ...details });
    await mkdir(mediaDir, { recursive: true });
    const name = `${randomUUID()}.${storedExtensionOf(mime)}`;
    await writeFile(join(mediaDir, name), content);
    return { url: `/media/${name}`, mime, bytes: content.length, ...details };
  },
});

export type MediaStore = ReturnType<typeof createMediaStore>;
