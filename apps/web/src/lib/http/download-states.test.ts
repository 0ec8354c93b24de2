// The download states and toasts of spec sections 4, 8 and 9, word for word, for every outcome.
import type { Toast } from '@console/core/toast';
import { describe, expect, it } from 'vitest';
import { type DownloadState, runCsvLinkDownload, runFileDownload } from './download-states.ts';

const record = () => {
  const toasts: Toast[] = [];
  const states: DownloadState[] = [];
  const saved: string[] = [];
  return {
    toasts,
    states,
    saved,
    steps: {
      notify: (toast: Toast) => toasts.push(toast),
      save: (_blob: Blob, name: string) => saved.push(name),
      onState: (state: DownloadState) => states.push(state),
    },
  };
};

const file = async () => ({ blob: new Blob(['a,b\n']) });

describe('the CSV download flow', () => {
  it('pending, then completed: starting (info, stays) and successful (success, 10 s)', async () => {
    const r = record();
    const result = await runCsvLinkDownload(
      'RunningApps.csv',
      async () => ({ success: true, data: { csv_download_url: '/api/report/download/x' } }),
      file,
      r.steps,
    );
    expect(result).toBe('completed');
    expect(r.states).toEqual(['pending', 'completed']);
    expect(r.saved).toEqual(['RunningApps.csv']);
    expect(r.toasts).toEqual([
      { kind: 'info', autoClose: false, message: 'Starting download: RunningApps.csv' },
      { kind: 'success', autoClose: 10_000, message: 'Download successful: RunningApps.csv' },
    ]);
  });

  it("fails with 'Download failed: {file}' when the answer lacks success or the URL", async () => {
    for (const answer of [{ success: false }, { success: true, data: {} }]) {
      const r = record();
      expect(await runCsvLinkDownload('RunningApps.csv', async () => answer, file, r.steps)).toBe('failed');
      expect(r.states).toEqual(['pending', 'failed']);
      expect(r.saved).toEqual([]);
      expect(r.toasts.at(-1)).toEqual({
        kind: 'error',
        autoClose: 10_000,
        message: 'Download failed: RunningApps.csv',
      });
    }
  });

  it("fails with 'Download error: {message}' when the request or the download throws", async () => {
    const r = record();
    const thrown = await runCsvLinkDownload(
      'r.csv',
      async () => ({ success: true, data: { csv_download_url: '/x' } }),
      async () => {
        throw new Error('Network down');
      },
      r.steps,
    );
    expect(thrown).toBe('failed');
    expect(r.toasts.at(-1)?.message).toBe('Download error: Network down');
    const s = record();
    await runFileDownload(
      'list.csv',
      async () => {
        throw new Error('Report not found.');
      },
      s.steps,
    );
    expect(s.states).toEqual(['pending', 'failed']);
    expect(s.toasts.map((toast) => toast.message)).toEqual([
      'Starting download: list.csv',
      'Download error: Report not found.',
    ]);
  });
});
