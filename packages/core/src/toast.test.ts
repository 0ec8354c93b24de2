import { describe, expect, it } from 'vitest';
import { TOAST_AUTO_CLOSE_MS } from './constants.ts';
import {
  CSV_TOAST_TEXTS,
  createDownloadErrorToast,
  createDownloadFailedToast,
  createDownloadStartingToast,
  createDownloadSuccessfulToast,
  createToast,
  TOAST_AUTO_CLOSE,
  TOAST_KINDS,
  toastOptions,
} from './toast.ts';

describe('toast kinds', () => {
  it('close success and error after 10 s and keep info open', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(10_000);
    expect(TOAST_KINDS).toEqual(['success', 'error', 'info']);
    expect(TOAST_AUTO_CLOSE).toEqual({ success: 10_000, error: 10_000, info: false });
    expect(toastOptions('success')).toEqual({ kind: 'success', autoClose: 10_000 });
    expect(toastOptions('error')).toEqual({ kind: 'error', autoClose: 10_000 });
    expect(toastOptions('info')).toEqual({ kind: 'info', autoClose: false });
  });

  it('builds a toast from a kind and a message', () => {
    expect(createToast('success', 'Saved')).toEqual({ kind: 'success', autoClose: 10_000, message: 'Saved' });
  });
});

describe('CSV toasts', () => {
  it('have the texts of spec section 8', () => {
    expect(CSV_TOAST_TEXTS.starting('RunningApps.csv')).toBe('Starting download: RunningApps.csv');
    expect(CSV_TOAST_TEXTS.successful('RunningApps.csv')).toBe('Download successful: RunningApps.csv');
    expect(CSV_TOAST_TEXTS.failed('RunningApps.csv')).toBe('Download failed: RunningApps.csv');
    expect(CSV_TOAST_TEXTS.error('Network Error')).toBe('Download error: Network Error');
  });

  it('have the right kinds: starting stays, the rest close', () => {
    expect(createDownloadStartingToast('a.csv')).toEqual({
      kind: 'info',
      autoClose: false,
      message: 'Starting download: a.csv',
    });
    expect(createDownloadSuccessfulToast('a.csv')).toEqual({
      kind: 'success',
      autoClose: 10_000,
      message: 'Download successful: a.csv',
    });
    expect(createDownloadFailedToast('a.csv')).toEqual({
      kind: 'error',
      autoClose: 10_000,
      message: 'Download failed: a.csv',
    });
    expect(createDownloadErrorToast('boom')).toEqual({
      kind: 'error',
      autoClose: 10_000,
      message: 'Download error: boom',
    });
  });
});
