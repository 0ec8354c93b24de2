// POST /api/admin/uploads/brand-image (multipart, field "file"): a logo or favicon; answers its URL.
import { useMutation } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export type UploadedImage = { url: string; width?: number; height?: number };

export const uploadBrandImage = async (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return unwrapResult(await apiPost<UploadedImage>('/api/admin/uploads/brand-image', form));
};

export const useUploadBrandImage = () => useMutation({ mutationFn: uploadBrandImage });
