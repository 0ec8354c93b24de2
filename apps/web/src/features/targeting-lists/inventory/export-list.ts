// Downloads a list's entries as CSV (GET /api/applists/:id/export, streamed by the server), through
// the console's one download flow (spec section 8's toasts).
import { downloadFile } from '../../../components/download-flow.ts';
import { apiDownload } from '../../../lib/http/api-client.ts';

export const exportFileNameOf = (name: string) => `${name.replace(/[^\p{L}\p{N}-]+/gu, '_') || 'list'}.csv`;

export const downloadExport = async (id: number, name: string) => {
  const fileName = exportFileNameOf(name);
  // The list's own name, not the server's file name: what the toasts announce is what is saved.
  await downloadFile(fileName, async () => ({
    blob: (await apiDownload(`/api/applists/${id}/export`)).blob,
  }));
};
