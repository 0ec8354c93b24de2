// The one download flow of the console (spec sections 4, 8 and 9): every CSV (and file) download
// goes pending -> completed (the file is saved) or failed, with the toasts word for word: 'Starting
// download: {file}' (info, stays), 'Download successful: {file}' (success), 'Download failed: {file}'
// when the answer lacks success or its download URL, 'Download error: {message}' when something throws.
import {
  createDownloadErrorToast,
  createDownloadFailedToast,
  createDownloadStartingToast,
  createDownloadSuccessfulToast,
  type Toast,
} from '@console/core/toast';
import { type ApiResult, apiDownload } from '../lib/http/api-client.ts';
import { showToast } from './toast.ts';

export type DownloadState = 'pending' | 'completed' | 'failed';

const notify = (toast: Toast) => showToast(toast.kind, toast.message);

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

/** Downloads a file the API streams at `path` (with the session's token), saved as `fileName`. */
export const downloadFile = async (
  fileName: string,
  fetchFile: () => Promise<{ blob: Blob; fileName?: string | undefined }>,
  onState?: (state: DownloadState) => void,
): Promise<DownloadState> => {
  onState?.('pending');
  notify(createDownloadStartingToast(fileName));
  try {
    const file = await fetchFile();
    const name = file.fileName ?? fileName;
    saveBlob(file.blob, name);
    notify(createDownloadSuccessfulToast(name));
    onState?.('completed');
    return 'completed';
  } catch (error) {
    notify(createDownloadErrorToast(error instanceof Error ? error.message : String(error)));
    onState?.('failed');
    return 'failed';
  }
};

export type CsvLinkAnswer = { csv_download_url?: string; file_name?: string };

/**
 * A CSV the API prepares: `request` answers `{success, data: {csv_download_url}}` (the running-apps
 * export, report CSVs); the client then downloads that URL.
 */
export const downloadCsvLink = async (
  fileName: string,
  request: () => Promise<ApiResult<CsvLinkAnswer>>,
  onState?: (state: DownloadState) => void,
): Promise<DownloadState> => {
  onState?.('pending');
  notify(createDownloadStartingToast(fileName));
  let answer: ApiResult<CsvLinkAnswer>;
  try {
    answer = await request();
  } catch (error) {
    notify(createDownloadErrorToast(error instanceof Error ? error.message : String(error)));
    onState?.('failed');
    return 'failed';
  }
  const url = answer.data?.csv_download_url;
  if (!answer.success || !url) {
    notify(createDownloadFailedToast(fileName));
    onState?.('failed');
    return 'failed';
  }
  try {
    const file = await apiDownload(url);
    saveBlob(file.blob, answer.data?.file_name ?? fileName);
    notify(createDownloadSuccessfulToast(answer.data?.file_name ?? fileName));
    onState?.('completed');
    return 'completed';
  } catch (error) {
    notify(createDownloadErrorToast(error instanceof Error ? error.message : String(error)));
    onState?.('failed');
    return 'failed';
  }
};
