// Success / error / info toasts (spec sections 8 and 9) through Mantine's notifications, with the
// durations of packages/core/src/toast.ts. The host (app/notifications-host.tsx) is mounted with
// the signed-in app.
import { type ToastKind, toastOptions } from '@console/core/toast';
import { notifications } from '@mantine/notifications';
import { GENERIC_ERROR_MESSAGE } from '../lib/http/api-result.ts';
import { i18n } from '../lib/i18n/i18n.ts';

const COLORS = { success: 'green', error: 'red', info: 'blue' } as const satisfies Record<ToastKind, string>;

export const showToast = (kind: ToastKind, message: string, title?: string): void => {
  const { autoClose } = toastOptions(kind);
  notifications.show({
    color: COLORS[kind],
    message,
    title,
    autoClose,
    withBorder: true,
    // The close button's accessible name (axe: button-name).
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    // Errors interrupt (role=alert); the others are announced politely.
    role: kind === 'error' ? 'alert' : 'status',
    'data-testid': `toast-${kind}`,
  } as Parameters<typeof notifications.show>[0]);
};

/**
 * The words of a failure for a toast or an alert: the server's message when it said something
 * specific, otherwise `fallback` (a translated "something went wrong").
 */
export const failureMessage = (error: unknown, fallback: string): string => {
  const message = error instanceof Error ? error.message : '';
  return message && message !== GENERIC_ERROR_MESSAGE ? message : fallback;
};
