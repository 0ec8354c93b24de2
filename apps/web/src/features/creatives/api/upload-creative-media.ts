// POST /api/creatives/media (multipart: field "kind", then field "file"): one creative file, checked
// by the server (file-name rule, type and size limits of its kind, content sniffed, dimensions and
// video duration read). Sent with upload progress (lib/http/upload-with-progress.ts) so the form can
// show it.

import type { CreativeMedia, CreativeMediaKind } from '@console/core/api/creatives';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/http/upload-with-progress.ts';

const PATH = '/api/creatives/media';

export type UploadMediaInput = {
  file: File;
  kind: CreativeMediaKind;
  /** 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

const formOf = (file: File, kind: CreativeMediaKind) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return form;
};

export const uploadCreativeMedia = ({
  file,
  kind,
  onProgress,
  signal,
}: UploadMediaInput): Promise<CreativeMedia> =>
  uploadWithProgress<CreativeMedia>(PATH, () => formOf(file, kind), {
    onProgress,
    signal,
    query: { kind },
  });

export const useUploadCreativeMedia = () => useMutation({ mutationFn: uploadCreativeMedia });
