// The actions on one user, for the list's row menu and the user pages: edit, config, change log,
// ledger, set password, activate/deactivate (confirmed), and "sign in as" when the caller may.
import type { UserListItem } from '@console/core/api/users';
import {
  IconHistory,
  IconKey,
  IconLogin2,
  IconPencil,
  IconReceipt,
  IconSettings,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import type { RowAction } from '../../../components/data-table/data-table.tsx';
import { SetPasswordModal } from '../../../components/set-password-modal.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { actAs, useSession } from '../../../lib/session/session-store.ts';
import { useSetUserPassword } from '../api/set-user-password.ts';
import { useSetUserStatus } from '../api/set-user-status.ts';
import {
  canSignInAs,
  displayName,
  hasPayments,
  hasUserConfig,
  nextStatus,
  userPaths,
} from '../user-rules.ts';

type ActionUser = Pick<
  UserListItem,
  'user_primary_id' | 'email' | 'firstName' | 'lastName' | 'role' | 'status'
>;

export type UserActions = {
  actionsFor: (user: ActionUser, options?: { omit?: readonly string[] }) => RowAction[];
  /** The dialogs (confirmation, password); render once. */
  dialogs: ReactNode;
};

const ICON = { size: 16, 'aria-hidden': true } as const;

export const useUserActions = (): UserActions => {
  const { t } = useTranslation('users');
  const { auth } = useSession();
  const role = auth?.role;
  const paths = userPaths(role);
  const [statusTarget, setStatusTarget] = useState<ActionUser | null>(null);
  const [passwordTarget, setPasswordTarget] = useState<ActionUser | null>(null);
  const statusMutation = useSetUserStatus();
  const passwordMutation = useSetUserPassword();

  const signInAs = async (user: ActionUser) => {
    try {
      await actAs(user.user_primary_id);
    } catch (error) {
      showToast('error', failureMessage(error, t('actions.signInAsFailed')));
    }
  };

  const changeStatus = async () => {
    if (!statusTarget) return;
    const status = nextStatus(statusTarget.status);
    try {
      await statusMutation.mutateAsync({ id: statusTarget.user_primary_id, status });
      showToast(
        'success',
        t(status === 'ACTIVE' ? 'actions.activated' : 'actions.deactivated', { email: statusTarget.email }),
      );
    } catch (error) {
      showToast('error', failureMessage(error, t('actions.statusFailed')));
      throw error;
    }
  };

  const actionsFor: UserActions['actionsFor'] = (user, options = {}) => {
    const id = user.user_primary_id;
    const isActive = user.status === 'ACTIVE';
    const actions: (RowAction | false)[] = [
      { key: 'edit', label: t('actions.edit'), icon: <IconPencil {...ICON} />, href: paths.edit(id) },
      hasUserConfig(user.role) && {
        key: 'config',
        label: t('actions.config'),
        icon: <IconSettings {...ICON} />,
        href: paths.config(id),
      },
      {
        key: 'change-log',
        label: t('actions.changeLog'),
        icon: <IconHistory {...ICON} />,
        href: paths.changeLog(id),
      },
      hasPayments(user.role) && {
        key: 'payments',
        label: t('actions.payments'),
        icon: <IconReceipt {...ICON} />,
        href: paths.payments(id),
      },
      {
        key: 'set-password',
        label: t('actions.setPassword'),
        icon: <IconKey {...ICON} />,
        onClick: () => setPasswordTarget(user),
      },
      canSignInAs(role, user) && {
        key: 'sign-in-as',
        label: t('actions.signInAs'),
        icon: <IconLogin2 {...ICON} />,
        onClick: () => void signInAs(user),
      },
      {
        key: 'toggle-status',
        label: isActive ? t('actions.deactivate') : t('actions.activate'),
        icon: isActive ? <IconUserOff {...ICON} /> : <IconUserCheck {...ICON} />,
        color: isActive ? 'red' : undefined,
        onClick: () => setStatusTarget(user),
        dividerBefore: true,
      },
    ];
    return actions.filter(
      (action): action is RowAction => action !== false && !(options.omit ?? []).includes(action.key),
    );
  };

  const isDeactivating = statusTarget?.status === 'ACTIVE';
  const dialogs = (
    <>
      <ConfirmAction
        opened={statusTarget !== null}
        onClose={() => setStatusTarget(null)}
        onConfirm={changeStatus}
        title={isDeactivating ? t('actions.deactivateTitle') : t('actions.activateTitle')}
        message={
          statusTarget
            ? t(isDeactivating ? 'actions.deactivateBody' : 'actions.activateBody', {
                name: displayName(statusTarget),
                email: statusTarget.email,
              })
            : ''
        }
        confirmLabel={isDeactivating ? t('actions.deactivate') : t('actions.activate')}
        danger={isDeactivating}
        testId="confirm-status"
      />
      <SetPasswordModal
        target={passwordTarget}
        save={(user, newPassword) =>
          passwordMutation.mutateAsync({ user_primary_id: user.user_primary_id, new_password: newPassword })
        }
        onClose={() => setPasswordTarget(null)}
      />
    </>
  );

  return { actionsFor, dialogs };
};
