// The file-name extensions of the media types uploads take: a stored file is named with its type's
// first one (media-store.ts), and a name ending otherwise is a false claim. Pure, so the bidder can
// read a stored image's type from its URL without loading the upload code.

/** File-name extensions that may carry each type, the one stored files are named with first. */
export const NAME_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/x-icon': ['ico'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
};

/** The extension a stored file of this type is named with (undefined: not a type uploads take). */
export const storedExtensionOf = (mime: string): string | undefined => NAME_EXTENSIONS[mime]?.[0];

const MIME_OF_EXTENSION = new Map(
  Object.entries(NAME_EXTENSIONS).flatMap(([mime, extensions]) =>
    extensions.map((extension) => [extension, mime] as const),
  ),
);

/** The type a file name or URL says by its extension (a query or fragment aside), or null. */
export const mimeOfFileName = (name: string): string | null => {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(name)?.[1]?.toLowerCase();
  return extension ? (MIME_OF_EXTENSION.get(extension) ?? null) : null;
};
