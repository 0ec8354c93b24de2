// Setting another user's password, for whoever manages the user: admin and co-admin on the users
// list (POST /api/auth/userChangePassword), an agency on its advertisers list (POST
// /api/agency/advertisers/:id/password). One modal for both, so the two behave alike; the user's other
// sessions end, as the lead says. The caller supplies only the request. The modal's module
// (set-password-dialog.tsx, with Mantine's Modal, scroll lock, focus trap and the password fields)
// loads the first time it opens, not with every list that offers the action.
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from './opened-once.ts';

export type PasswordTarget = { email: string };

export type SetPasswordModalProps<T extends PasswordTarget> = {
  /** Whose password is set; null keeps the modal closed. */
  target: T | null;
  /** Sends the request; rejects with the API's error (field errors, message). */
  save: (target: T, newPassword: string) => Promise<unknown>;
  onClose: () => void;
};

// Typed as the dialog itself: a lazy component's type drops the dialog's type parameter.
const SetPasswordDialog = lazy(
  () => import('./set-password-dialog.tsx'),
) as unknown as typeof import('./set-password-dialog.tsx')['default'];

export const SetPasswordModal = <T extends PasswordTarget>(props: SetPasswordModalProps<T>) => {
  return useOpenedOnce(props.target !== null) ? (
    <Suspense fallback={null}>
      <SetPasswordDialog {...props} />
    </Suspense>
  ) : null;
};
