// Toasts of spec sections 8 and 9: success and error close after 10 s, info stays until closed.
// Framework-free data; the console maps it to its notification library (autoClose: number | false
// is the shape Mantine's notifications take).
import { TOAST_AUTO_CLOSE_MS } from './constants.ts';

export const TOAST_KINDS = ['success', 'error', 'info'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

/** Milliseconds until the toast closes itself, or false: stays until the user closes it. */
export type ToastAutoClose = number | false;

export const TOAST_AUTO_CLOSE = {
  success: TOAST_AUTO_CLOSE_MS,
  error: TOAST_AUTO_CLOSE_MS,
  info: false,
} as const satisfies Record<ToastKind, ToastAutoClose>;

export type ToastOptions = { kind: ToastKind; autoClose: ToastAutoClose };
export type Toast = ToastOptions & { message: string };

export function toastOptions(kind: ToastKind): ToastOptions {
  return { kind, autoClose: TOAST_AUTO_CLOSE[kind] };
}

export function createToast(kind: ToastKind, message: string): Toast {
  return { ...toastOptions(kind), message };
}

// The CSV download texts (section 8), as text and as ready toasts.
export const CSV_TOAST_TEXTS = {
  starting: (fileName: string) => `Starting download: ${fileName}`,
  successful: (fileName: string) => `Download successful: ${fileName}`,
  failed: (fileName: string) => `Download failed: ${fileName}`,
  error: (message: string) => `Download error: ${message}`,
} as const;

export function createDownloadStartingToast(fileName: string): Toast {
  return createToast('info', CSV_TOAST_TEXTS.starting(fileName));
}

export function createDownloadSuccessfulToast(fileName: string): Toast {
  return createToast('success', CSV_TOAST_TEXTS.successful(fileName));
}

/** The response lacked success or the download URL. */
export function createDownloadFailedToast(fileName: string): Toast {
  return createToast('error', CSV_TOAST_TEXTS.failed(fileName));
}

/** Something threw (network, the download itself). */
export function createDownloadErrorToast(message: string): Toast {
  return createToast('error', CSV_TOAST_TEXTS.error(message));
}
