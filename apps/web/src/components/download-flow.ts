// The one download flow of the console (spec sections 4, 8 and 9): every CSV (and file) download
// goes pending -> completed (the file is saved) or failed, with the toasts word for word: 'Starting
// download: {file}' (info, stays), 'Download successful: {file}' (success), 'Download failed: {file}'
// when the answer lacks success or its download URL, 'Download error: {message}' when something
// throws. The states live in lib/http/download-states.ts; this wires them to the page.
import type { Toast } from '@console/core/toast';
import { type ApiResult, apiDownload } from '../lib/http/api-client.ts';
import {
  type CsvLinkAnswer,
  type DownloadedFile,
  type DownloadState,
  runCsvLinkDownload,
  runFileDownload,
} from '../lib/http/download-states.ts';
import { showToast } from './toast.ts';

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

/** Downloads a file the API streams (fetched with the session's token), saved as `fileName`. */
export const downloadFile = (
  fileName: string,
  fetchFile: () => Promise<DownloadedFile>,
  onState?: (state: DownloadState) => void,
) => runFileDownload(fileName, fetchFile, { notify, save: saveBlob, onState });

/** A CSV the API prepares (`{success, data: {csv_download_url}}`); the client then downloads it. */
export const downloadCsvLink = (
  fileName: string,
  request: () => Promise<ApiResult<CsvLinkAnswer>>,
  onState?: (state: DownloadState) => void,
) => runCsvLinkDownload(fileName, request, (url) => apiDownload(url), { notify, save: saveBlob, onState });
