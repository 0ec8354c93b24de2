// The CSV download flow of spec sections 4, 7 and 8, framework-free: the caller injects the API
// request, the file download and the toast display, so the flow is tested without a browser.
import { z } from 'zod';
import { DEFAULT_CSV_FILE_NAME } from './constants.ts';
import {
  createDownloadErrorToast,
  createDownloadFailedToast,
  createDownloadStartingToast,
  createDownloadSuccessfulToast,
  type Toast,
} from './toast.ts';

export type CsvDownloadState = 'pending' | 'completed' | 'failed';
export type CsvDownloadFinalState = Exclude<CsvDownloadState, 'pending'>;

/** pending -> completed | failed; both ends are final. */
export const CSV_DOWNLOAD_TRANSITIONS = {
  pending: ['completed', 'failed'],
  completed: [],
  failed: [],
} as const satisfies Record<CsvDownloadState, readonly CsvDownloadState[]>;

export function canTransitionCsvDownload(from: CsvDownloadState, to: CsvDownloadState): boolean {
  return (CSV_DOWNLOAD_TRANSITIONS[from] as readonly CsvDownloadState[]).includes(to);
}

/** The export answer (spec section 3, running-apps export): success and data.csv_download_url. */
export const csvDownloadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ csv_download_url: z.string().trim().min(1) }),
});

export type CsvDownloadDependencies = {
  /** The export call; its answer is checked against csvDownloadResponseSchema. */
  request: () => Promise<unknown>;
  /** Fetches the file at url and saves it as fileName. */
  download: (url: string, fileName: string) => Promise<void>;
  notify: (toast: Toast) => void;
  fileName?: string;
  /** Called with each state entered: 'pending' first, then the final one (for a spinner). */
  onStateChange?: (state: CsvDownloadState) => void;
};

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return message.trim() === '' ? 'Unknown error' : message;
}

/**
 * Runs the flow and resolves with the final state; it never rejects for a failed request or
 * download (the user is told by a toast), only if notify or onStateChange themselves throw.
 */
export async function startCsvDownload({
  request,
  download,
  notify,
  fileName = DEFAULT_CSV_FILE_NAME,
  onStateChange,
}: CsvDownloadDependencies): Promise<CsvDownloadFinalState> {
  onStateChange?.('pending');
  notify(createDownloadStartingToast(fileName));
  const finish = (state: CsvDownloadFinalState, toast: Toast): CsvDownloadFinalState => {
    onStateChange?.(state);
    notify(toast);
    return state;
  };
  let url: string;
  try {
    const parsed = csvDownloadResponseSchema.safeParse(await request());
    if (!parsed.success) return finish('failed', createDownloadFailedToast(fileName));
    url = parsed.data.data.csv_download_url;
    await download(url, fileName);
  } catch (error) {
    return finish('failed', createDownloadErrorToast(describeError(error)));
  }
  return finish('completed', createDownloadSuccessfulToast(fileName));
}
