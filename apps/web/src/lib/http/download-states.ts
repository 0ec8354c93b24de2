// The states of a download (spec section 4: pending, then completed or failed) and the toasts of
// section 8 that go with them, without the DOM: the console's download flow
// (components/download-flow.ts) gives it the real fetch, save and toast functions.
import {
  createDownloadErrorToast,
  createDownloadFailedToast,
  createDownloadStartingToast,
  createDownloadSuccessfulToast,
  type Toast,
} from '@console/core/toast';
import type { ApiResult } from './api-result.ts';

export type DownloadState = 'pending' | 'completed' | 'failed';
export type DownloadedFile = { blob: Blob; fileName?: string | undefined };
export type CsvLinkAnswer = { csv_download_url?: string; file_name?: string };

export type DownloadSteps = {
  notify: (toast: Toast) => void;
  save: (blob: Blob, fileName: string) => void;
  onState?: ((state: DownloadState) => void) | undefined;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A file the API streams: pending, then saved (completed) or, when anything throws, failed. */
export const runFileDownload = async (
  fileName: string,
  fetchFile: () => Promise<DownloadedFile>,
  steps: DownloadSteps,
): Promise<DownloadState> => {
  steps.onState?.('pending');
  steps.notify(createDownloadStartingToast(fileName));
  try {
    const file = await fetchFile();
    const name = file.fileName ?? fileName;
    steps.save(file.blob, name);
    steps.notify(createDownloadSuccessfulToast(name));
    steps.onState?.('completed');
    return 'completed';
  } catch (error) {
    steps.notify(createDownloadErrorToast(messageOf(error)));
    steps.onState?.('failed');
    return 'failed';
  }
};

/**
 * A CSV the API prepares: `request` answers `{success, data: {csv_download_url}}`; an answer without
 * success or without the URL fails with 'Download failed: {file}'; then the URL is downloaded.
 */
export const runCsvLinkDownload = async (
  fileName: string,
  request: () => Promise<ApiResult<CsvLinkAnswer>>,
  fetchUrl: (url: string) => Promise<DownloadedFile>,
  steps: DownloadSteps,
): Promise<DownloadState> => {
  steps.onState?.('pending');
  steps.notify(createDownloadStartingToast(fileName));
  try {
    const answer = await request();
    const url = answer.data?.csv_download_url;
    if (!answer.success || !url) {
      steps.notify(createDownloadFailedToast(fileName));
      steps.onState?.('failed');
      return 'failed';
    }
    const file = await fetchUrl(url);
    const name = answer.data?.file_name ?? fileName;
    steps.save(file.blob, name);
    steps.notify(createDownloadSuccessfulToast(name));
    steps.onState?.('completed');
    return 'completed';
  } catch (error) {
    steps.notify(createDownloadErrorToast(messageOf(error)));
    steps.onState?.('failed');
    return 'failed';
  }
};
