// /agency/advertiser: the agency's own advertisers, paged, sorted, searched and filtered by status
// on the server. Each row: a one-click "Sign in as" (then Back To Agency returns here), and a menu
// with edit, change log, payments, set password and activate / deactivate (confirmed).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import type { UserListItem } from '@console/core/api/users';
import { bpsToPercent } from '@console/core/format/bps';
import { Anchor, Button, NativeSelect, Stack, Text } from '@mantine/core';
import {
  IconEdit,
  IconHistory,
  IconKey,
  IconLogin2,
  IconPlayerPause,
  IconPlayerPlay,
  IconReceipt,
} from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { CreateLinkButton } from '../../components/create-link-button.tsx';
import { type DataColumn, DataTable, type RowAction } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { SetPasswordModal } from '../../components/set-password-modal.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { formatDate } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { actAs } from '../../lib/session/session-store.ts';
import { ADVERTISER_PATHS } from './advertiser-paths.ts';
import { type Advertiser, useAdvertisers } from './api/list-advertisers.ts';
import { useSetAdvertiserPassword } from './api/set-advertiser-password.ts';
import { useSetAdvertiserStatus } from './api/set-advertiser-status.ts';

const LIST_OPTIONS: ListParamsOptions = { sort: 'createdAt', order: 'desc', filterKeys: ['status'] };
const STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING'] as const;

const AdvertisersListPage = () => {
  const { t, i18n } = useTranslation('advertisers');
  const route = useCurrentRoute();
  const list = useListParams('advertisers', LIST_OPTIONS);
  const query = useAdvertisers(list.query);
  const setStatus = useSetAdvertiserStatus();
  const [statusTarget, setStatusTarget] = useState<Advertiser | null>(null);
  const [passwordTarget, setPasswordTarget] = useState<Advertiser | null>(null);
  const passwordMutation = useSetAdvertiserPassword();
  const [signingInAs, setSigningInAs] = useState<number | null>(null);

  const signInAs = useCallback(
    async (advertiser: Advertiser) => {
      setSigningInAs(advertiser.user_primary_id);
      try {
        await actAs(advertiser.user_primary_id); // lands on the advertiser's /dashboard
      } catch (error) {
        showToast('error', failureMessage(error, t('errors.signInAs', { email: advertiser.email })));
        setSigningInAs(null);
      }
    },
    [t],
  );

  const columns = useMemo<DataColumn<UserListItem>[]>(
    () => [
      {
        id: 'companyName',
        header: t('columns.company'),
        sortKey: 'companyName',
        hideable: false,
        isRowHeader: true,
        cell: (advertiser) => (
          <Anchor component={Link} to={ADVERTISER_PATHS.edit(advertiser.user_primary_id)} fw={500}>
            {advertiser.companyName}
          </Anchor>
        ),
      },
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'lastName',
        cell: (advertiser) => `${advertiser.firstName} ${advertiser.lastName}`.trim(),
      },
      {
        id: 'email',
        header: t('columns.email'),
        sortKey: 'email',
        cell: (advertiser) => <span data-testid="advertiser-row-email">{advertiser.email}</span>,
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (advertiser) => <StatusBadge status={advertiser.status} />,
      },
      {
        id: 'margin',
        header: t('columns.margin'),
        cell: (advertiser) => (
          <span data-testid="advertiser-row-margin">{`${bpsToPercent(advertiser.margin_bps ?? 0)}%`}</span>
        ),
      },
      {
        id: 'createdAt',
        header: t('columns.created'),
        sortKey: 'createdAt',
        descFirst: true,
        cell: (advertiser) => formatDate(advertiser.createdAt, i18n.language),
      },
      {
        id: 'signInAs',
        header: t('columns.signInAs'),
        hideable: false,
        cell: (advertiser) => (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconLogin2 size={14} aria-hidden="true" />}
            disabled={
              advertiser.status !== 'ACTIVE' ||
              (signingInAs !== null && signingInAs !== advertiser.user_primary_id)
            }
            loading={signingInAs === advertiser.user_primary_id}
            onClick={() => void signInAs(advertiser)}
            aria-label={t('actions.signInAsNamed', { email: advertiser.email })}
            data-testid="advertiser-sign-in-as"
          >
            {t('actions.signInAs')}
          </Button>
        ),
      },
    ],
    [t, i18n.language, signingInAs, signInAs],
  );

  const rowActions = (advertiser: Advertiser): RowAction[] => {
    const id = advertiser.user_primary_id;
    const isActive = advertiser.status === 'ACTIVE';
    return [
      {
        key: 'edit',
        label: t('actions.edit'),
        icon: <IconEdit size={16} aria-hidden="true" />,
        href: ADVERTISER_PATHS.edit(id),
      },
      {
        key: 'changelog',
        label: t('actions.changeLog'),
        icon: <IconHistory size={16} aria-hidden="true" />,
        href: ADVERTISER_PATHS.changeLog(id),
      },
      {
        key: 'payments',
        label: t('actions.payments'),
        icon: <IconReceipt size={16} aria-hidden="true" />,
        href: ADVERTISER_PATHS.payments(id),
      },
      {
        key: 'password',
        label: t('actions.setPassword'),
        icon: <IconKey size={16} aria-hidden="true" />,
        onClick: () => setPasswordTarget(advertiser),
      },
      isActive
        ? {
            key: 'deactivate',
            label: t('actions.deactivate'),
            icon: <IconPlayerPause size={16} aria-hidden="true" />,
            color: 'red',
            dividerBefore: true,
            onClick: () => setStatusTarget(advertiser),
          }
        : {
            key: 'activate',
            label: t('actions.activate'),
            icon: <IconPlayerPlay size={16} aria-hidden="true" />,
            dividerBefore: true,
            onClick: () => setStatusTarget(advertiser),
          },
    ];
  };

  const isDeactivating = statusTarget?.status === 'ACTIVE';
  const confirmStatus = async () => {
    if (!statusTarget) return;
    const status = isDeactivating ? 'INACTIVE' : 'ACTIVE';
    try {
      const updated = await setStatus.mutateAsync({ id: statusTarget.user_primary_id, status });
      showToast(
        'success',
        t(status === 'ACTIVE' ? 'toasts.activated' : 'toasts.deactivated', { email: updated.email }),
      );
    } catch (error) {
      showToast('error', failureMessage(error, t('errors.generic')));
      throw error;
    }
  };

  if (!route) return null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        <CreateLinkButton to={ADVERTISER_PATHS.create} testId="advertiser-add">
          {t('actions.add')}
        </CreateLinkButton>
      }
    >
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(advertiser) => advertiser.user_primary_id}
        label={t('list.label')}
        searchLabel={t('list.search')}
        emptyTitle={t('list.emptyTitle')}
        emptyDescription={t('list.emptyBody')}
        rowActions={rowActions}
        rowActionsLabel={(advertiser) => t('list.rowActions', { email: advertiser.email })}
        filters={
          <NativeSelect
            label={t('columns.status')}
            value={list.params.filters.status ?? ''}
            onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
            data={[
              { value: '', label: t('list.allStatuses') },
              ...STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
            ]}
            data-testid="advertisers-status-filter"
          />
        }
      />
      <ConfirmAction
        opened={statusTarget !== null}
        onClose={() => setStatusTarget(null)}
        onConfirm={confirmStatus}
        danger={isDeactivating}
        title={isDeactivating ? t('confirm.deactivateTitle') : t('confirm.activateTitle')}
        message={
          <Stack gap="xs">
            <Text>
              {t(isDeactivating ? 'confirm.deactivateMessage' : 'confirm.activateMessage', {
                email: statusTarget?.email ?? '',
              })}
            </Text>
          </Stack>
        }
        confirmLabel={isDeactivating ? t('actions.deactivate') : t('actions.activate')}
        testId="advertiser-status-confirm"
      />
      <SetPasswordModal
        target={passwordTarget}
        save={(advertiser, newPassword) =>
          passwordMutation.mutateAsync({ id: advertiser.user_primary_id, new_password: newPassword })
        }
        onClose={() => setPasswordTarget(null)}
      />
    </PageFrame>
  );
};

export default AdvertisersListPage;
