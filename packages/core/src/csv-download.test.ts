import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CSV_FILE_NAME } from './constants.ts';
import {
  CSV_DOWNLOAD_TRANSITIONS,
  type CsvDownloadDependencies,
  type CsvDownloadState,
  canTransitionCsvDownload,
  csvDownloadResponseSchema,
  startCsvDownload,
} from './csv-download.ts';
import type { Toast } from './toast.ts';

const URL = 'https://files.example.com/exports/abc.csv';

function setUp(overrides: Partial<CsvDownloadDependencies> = {}) {
  const toasts: Toast[] = [];
  const states: CsvDownloadState[] = [];
  const dependencies = {
    request: vi.fn(async () => ({ success: true, data: { csv_download_url: URL } })),
    download: vi.fn(async (_url: string, _fileName: string) => {}),
    notify: (toast: Toast) => {
      toasts.push(toast);
    },
    onStateChange: (state: CsvDownloadState) => {
      states.push(state);
    },
    ...overrides,
  };
  return { dependencies, toasts, states };
}

describe('CSV download state machine', () => {
  it('goes from pending to completed or failed, and no further', () => {
    expect(CSV_DOWNLOAD_TRANSITIONS).toEqual({ pending: ['completed', 'failed'], completed: [], failed: [] });
    expect(canTransitionCsvDownload('pending', 'completed')).toBe(true);
    expect(canTransitionCsvDownload('pending', 'failed')).toBe(true);
    expect(canTransitionCsvDownload('completed', 'failed')).toBe(false);
    expect(canTransitionCsvDownload('failed', 'pending')).toBe(false);
    expect(canTransitionCsvDownload('pending', 'pending')).toBe(false);
  });
});

describe('csvDownloadResponseSchema', () => {
  it('needs success true and a non-empty data.csv_download_url', () => {
    expect(
      csvDownloadResponseSchema.safeParse({ success: true, data: { csv_download_url: URL } }).success,
    ).toBe(true);
    expect(
      csvDownloadResponseSchema.safeParse({ success: false, data: { csv_download_url: URL } }).success,
    ).toBe(false);
    expect(
      csvDownloadResponseSchema.safeParse({ success: true, data: { csv_download_url: ' ' } }).success,
    ).toBe(false);
  });
});

describe('startCsvDownload', () => {
  it('downloads and reports success', async () => {
    const { dependencies, toasts, states } = setUp();
    await expect(startCsvDownload(dependencies)).resolves.toBe('completed');
    expect(dependencies.request).toHaveBeenCalledTimes(1);
    expect(dependencies.download).toHaveBeenCalledWith(URL, DEFAULT_CSV_FILE_NAME);
    expect(toasts).toEqual([
      { kind: 'info', autoClose: false, message: 'Starting download: RunningApps.csv' },
      { kind: 'success', autoClose: 10_000, message: 'Download successful: RunningApps.csv' },
    ]);
    expect(states).toEqual(['pending', 'completed']);
  });

  it('uses the given file name throughout', async () => {
    const { dependencies, toasts } = setUp({ fileName: 'Apps-2024.csv' });
    await expect(startCsvDownload(dependencies)).resolves.toBe('completed');
    expect(dependencies.download).toHaveBeenCalledWith(URL, 'Apps-2024.csv');
    expect(toasts.map((toast) => toast.message)).toEqual([
      'Starting download: Apps-2024.csv',
      'Download successful: Apps-2024.csv',
    ]);
  });

  it('announces the start before the request answers', async () => {
    let answer: (value: unknown) => void = () => {};
    const { dependencies, toasts, states } = setUp({
      request: () => new Promise((resolve) => (answer = resolve)),
    });
    const result = startCsvDownload(dependencies);
    expect(toasts.map((toast) => toast.message)).toEqual(['Starting download: RunningApps.csv']);
    expect(states).toEqual(['pending']);
    answer({ success: true, data: { csv_download_url: URL } });
    await expect(result).resolves.toBe('completed');
  });

  it.each([
    ['success false', { success: false, message: 'Forbidden', error_code: 403 }],
    ['success missing', { data: { csv_download_url: URL } }],
    ['no data', { success: true }],
    ['no URL', { success: true, data: {} }],
    ['an empty URL', { success: true, data: { csv_download_url: '' } }],
    ['a URL that is not text', { success: true, data: { csv_download_url: 42 } }],
    ['no answer at all', undefined],
    ['a bare string', 'ok'],
  ])('fails with "Download failed" on %s', async (_, response) => {
    const { dependencies, toasts, states } = setUp({ request: async () => response });
    await expect(startCsvDownload(dependencies)).resolves.toBe('failed');
    expect(dependencies.download).not.toHaveBeenCalled();
    expect(toasts.at(-1)).toEqual({
      kind: 'error',
      autoClose: 10_000,
      message: 'Download failed: RunningApps.csv',
    });
    expect(toasts).toHaveLength(2);
    expect(states).toEqual(['pending', 'failed']);
  });

  it('fails with "Download error" when the request throws', async () => {
    const { dependencies, toasts, states } = setUp({
      request: async () => {
        throw new Error('timeout of 60000ms exceeded');
      },
    });
    await expect(startCsvDownload(dependencies)).resolves.toBe('failed');
    expect(dependencies.download).not.toHaveBeenCalled();
    expect(toasts.at(-1)).toEqual({
      kind: 'error',
      autoClose: 10_000,
      message: 'Download error: timeout of 60000ms exceeded',
    });
    expect(states).toEqual(['pending', 'failed']);
  });

  it('fails with "Download error" when the download throws', async () => {
    const { dependencies, toasts, states } = setUp({
      download: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(startCsvDownload(dependencies)).resolves.toBe('failed');
    expect(dependencies.download).toHaveBeenCalledTimes(1);
    expect(toasts.map((toast) => toast.message)).toEqual([
      'Starting download: RunningApps.csv',
      'Download error: Failed to fetch',
    ]);
    expect(states).toEqual(['pending', 'failed']);
  });

  it.each([
    ['a thrown string', 'disk full', 'Download error: disk full'],
    ['an error without a message', new Error(''), 'Download error: Unknown error'],
    ['undefined', undefined, 'Download error: Unknown error'],
  ])('describes %s', async (_, thrown, message) => {
    const { dependencies, toasts } = setUp({
      request: async () => {
        throw thrown;
      },
    });
    await expect(startCsvDownload(dependencies)).resolves.toBe('failed');
    expect(toasts.at(-1)?.message).toBe(message);
  });

  it('works without onStateChange', async () => {
    const notify = vi.fn();
    const result = await startCsvDownload({
      request: async () => ({ success: true, data: { csv_download_url: URL } }),
      download: async () => {},
      notify,
    });
    expect(result).toBe('completed');
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
