// The user a page is about: name, e-mail, role and status, with its actions; loading and error
// states of the user's own call. Renders `children(user)` once the user is known.
import type { UserListItem } from '@console/core/api/users';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RowActionsMenu } from '../../../components/data-table/row-actions.tsx';
import { failureMessage } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useUser } from '../api/get-user.ts';
import { displayName } from '../user-rules.ts';
import { useUserActions } from './use-user-actions.tsx';
import { RoleBadge, StatusBadge } from './user-badges.tsx';

export const UserSummary = ({
  id,
  omitActions = [],
  children,
}: {
  id: number;
  /** Keys of actions not offered here (the page's own, e.g. 'edit' on editUser). */
  omitActions?: readonly string[];
  children: (user: UserListItem) => ReactNode;
}) => {
  const { t } = useTranslation('users');
  const query = useUser(id);
  const { actionsFor, dialogs } = useUserActions();

  if (id <= 0) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('user.notFound')}>
        {t('user.badId')}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Paper withBorder radius="md" p="md" aria-busy="true" aria-label={t('user.loading')}>
        <Stack gap={8}>
          <Skeleton height={20} width="40%" />
          <Skeleton height={14} width="25%" />
        </Stack>
      </Paper>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('user.loadFailed')} data-testid="user-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(query.error, t('user.loadFailedBody'))}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => void query.refetch()}
          >
            {t('user.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const user = query.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" data-testid="user-summary">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4}>
            <Text fw={600} size="lg">
              {displayName(user)}
            </Text>
            <Text size="sm" c="dimmed">
              {user.email} · {user.companyName} · {t('user.id', { id: user.user_primary_id })}
              {user.agency ? ` · ${t('user.agencyOf', { agency: user.agency.companyName })}` : ''}
            </Text>
            <Group gap={6}>
              <RoleBadge role={user.role} />
              <StatusBadge status={user.status} />
            </Group>
          </Stack>
          <RowActionsMenu
            actions={actionsFor(user, { omit: omitActions })}
            label={t('list.rowActions', { email: user.email })}
            testId="user-actions"
          />
        </Group>
      </Paper>
      {children(user)}
      {dialogs}
    </Stack>
  );
};
