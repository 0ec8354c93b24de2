// A confirmation dialog for destructive or far-reaching actions (deactivate, revoke, move...). Its
// module (confirm-action-dialog.tsx, with Mantine's Modal, scroll lock and focus trap: about 8 kB
// gzip) loads the first time the dialog opens, not with every list page that may never open it.
import { lazy, type ReactNode, Suspense } from 'react';
import { useOpenedOnce } from './opened-once.ts';

const ConfirmActionDialog = lazy(() => import('./confirm-action-dialog.tsx'));

export type ConfirmActionProps = {
  opened: boolean;
  onClose: () => void;
  /**
   * Runs on confirm. When it returns a promise the button shows a spinner and the dialog closes once
   * it resolves; when it rejects the dialog stays open (the caller shows the error).
   */
  onConfirm: () => unknown;
  title: string;
  message: ReactNode;
  /** Default: "Confirm" (components namespace). */
  confirmLabel?: string;
  /** Default: "Cancel". */
  cancelLabel?: string;
  /** Red confirm button (default true); false for a neutral action. */
  danger?: boolean;
  /** Shows the spinner while something outside runs the action. */
  isPending?: boolean;
  /** data-testid of the dialog; the buttons get `<testId>-confirm` and `<testId>-cancel`. */
  testId?: string;
};

export const ConfirmAction = (props: ConfirmActionProps) =>
  useOpenedOnce(props.opened) ? (
    <Suspense fallback={null}>
      <ConfirmActionDialog {...props} />
    </Suspense>
  ) : null;
