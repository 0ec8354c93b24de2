// Uploads of inventory lists and audiences (multipart with upload progress), and the import they
// answer, polled while the server stores the entries (GET /api/list-imports/:id).
import type { ListImport } from '@console/core/api/inventory-lists';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';
import { uploadWithProgress } from '../../../lib/http/upload-with-progress.ts';

export type UploadInput = {
  /** The fields sent before the file (applist_id / audience_id, name, kind, mode, column...). */
  fields: Record<string, string | number | undefined>;
  file: Blob;
  fileName: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export const uploadList = (target: 'applists' | 'audiences', input: UploadInput): Promise<ListImport> =>
  uploadWithProgress<ListImport>(
    `/api/${target}/uploads`,
    () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(input.fields))
        if (value !== undefined && value !== '') form.append(name, String(value));
      form.append('file', input.file, input.fileName);
      return form;
    },
    { onProgress: input.onProgress, signal: input.signal },
  );

const POLL_MS = 500;

/** The import, polled every half second until it is DONE or FAILED. */
export const useListImport = (id: number | null) =>
  useQuery({
    queryKey: ['list-imports', id],
    queryFn: () => fetchData<ListImport>(`/api/list-imports/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : POLL_MS;
    },
  });
