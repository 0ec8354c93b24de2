// The history as CSV and the monthly statement as PDF: fetched with the session's token and saved
// under the server's file name, with the download toasts of spec section 8.
import {
  createDownloadErrorToast,
  createDownloadStartingToast,
  createDownloadSuccessfulToast,
} from '@console/core/toast';
import { showToast } from '../../../components/toast.ts';
import { apiDownload, type Query } from '../../../lib/http/api-client.ts';

const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

export const downloadFundsFile = async (path: string, query: Query, fallbackName: string) => {
  const starting = createDownloadStartingToast(fallbackName);
  showToast(starting.kind, starting.message);
  try {
    const { blob, fileName } = await apiDownload(path, query);
    const name = fileName ?? fallbackName;
    saveBlob(blob, name);
    const done = createDownloadSuccessfulToast(name);
    showToast(done.kind, done.message);
  } catch (error) {
    const failed = createDownloadErrorToast(error instanceof Error ? error.message : String(error));
    showToast(failed.kind, failed.message);
  }
};
