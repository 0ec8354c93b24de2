// /admin/users and /co-admin/users: every user, paged, sorted, filtered (role, status, agency) and
// searched on the server; each row's menu holds the user's pages and actions. "Add user" is the
// admin's only (spec section 6).
import '../../components/data-table/data-table-styles.ts';
import type { UserListItem } from '@console/core/api/users';
import { ROLES } from '@console/core/roles';
import { Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { CreateLinkButton } from '../../components/create-link-button.tsx';
import { type DataColumn, DataTable } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Select } from '../../components/filter-select.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { formatDate } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { useAgencyOptions } from './api/list-agency-options.ts';
import { useUsers } from './api/list-users.ts';
import { useUserActions } from './components/use-user-actions.tsx';
import { RoleBadge, StatusBadge } from './components/user-badges.tsx';
import { canAddUser, displayName, userPaths } from './user-rules.ts';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'createdAt',
  order: 'desc',
  filterKeys: ['role', 'status', 'agency'],
};
const STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING'] as const;
/** The agency filter's value for advertisers without an agency (the API's agency=0). */
const DIRECT = '0';

const UsersListPage = () => {
  const { t, i18n } = useTranslation('users');
  const route = useCurrentRoute();
  const { auth } = useSession();
  const paths = useMemo(() => userPaths(auth?.role), [auth?.role]);
  const list = useListParams('users', LIST_OPTIONS);
  const query = useUsers(list.query);
  const agencies = useAgencyOptions();
  const { actionsFor, dialogs } = useUserActions();

  const columns = useMemo<DataColumn<UserListItem>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        sortKey: 'firstName',
        hideable: false,
        isRowHeader: true,
        cell: (user) => (
          <Anchor component={Link} to={paths.edit(user.user_primary_id)} fw={500} size="sm">
            {displayName(user)}
          </Anchor>
        ),
      },
      { id: 'email', header: t('columns.email'), sortKey: 'email', cell: (user) => user.email },
      {
        id: 'company',
        header: t('columns.company'),
        sortKey: 'companyName',
        cell: (user) => user.companyName,
      },
      {
        id: 'role',
        header: t('columns.role'),
        sortKey: 'role',
        cell: (user) => <RoleBadge role={user.role} />,
      },
      {
        id: 'agency',
        header: t('columns.agency'),
        cell: (user) =>
          user.role !== 'ADVERTISER' ? (
            <Text span c="dimmed" size="sm">
              —
            </Text>
          ) : (
            (user.agency?.companyName ?? (
              <Text span c="dimmed" size="sm">
                {t('filters.direct')}
              </Text>
            ))
          ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        sortKey: 'status',
        cell: (user) => <StatusBadge status={user.status} />,
      },
      {
        id: 'id',
        header: t('columns.id'),
        hiddenByDefault: true,
        cell: (user) => user.user_primary_id,
      },
      {
        id: 'created',
        header: t('columns.created'),
        sortKey: 'createdAt',
        descFirst: true,
        cell: (user) => <time dateTime={user.createdAt}>{formatDate(user.createdAt, i18n.language)}</time>,
      },
    ],
    [t, i18n.language, paths],
  );

  const agencyData = [
    { value: DIRECT, label: t('filters.direct') },
    ...(agencies.data?.items ?? []).map((agency) => ({
      value: String(agency.user_primary_id),
      label: agency.companyName || agency.email,
    })),
  ];

  if (!route) return null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        canAddUser(auth?.role) ? (
          <CreateLinkButton to={paths.add} testId="add-user">
            {t('list.addUser')}
          </CreateLinkButton>
        ) : null
      }
    >
      <Stack gap="md">
        <DataTable
          list={list}
          columns={columns}
          query={query}
          getRowId={(user) => user.user_primary_id}
          label={t('list.label')}
          searchLabel={t('list.search')}
          rowActions={(user) => actionsFor(user)}
          rowActionsLabel={(user) => t('list.rowActions', { email: user.email })}
          emptyTitle={t('list.emptyTitle')}
          emptyDescription={t('list.emptyBody')}
          filters={
            <>
              <NativeSelect
                label={t('filters.role')}
                value={list.params.filters.role ?? ''}
                onChange={(event) => list.setFilter('role', event.currentTarget.value || null)}
                data={[
                  { value: '', label: t('filters.allRoles') },
                  ...ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
                ]}
                data-testid="users-filter-role"
              />
              <NativeSelect
                label={t('filters.status')}
                value={list.params.filters.status ?? ''}
                onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
                data={[
                  { value: '', label: t('filters.allStatuses') },
                  ...STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
                ]}
                data-testid="users-filter-status"
              />
              <Select
                label={t('filters.agency')}
                placeholder={t('filters.allAgencies')}
                value={list.params.filters.agency ?? null}
                onChange={(value) => list.setFilter('agency', value)}
                data={agencyData}
                searchable
                clearable
                nothingFoundMessage={t('filters.noAgency')}
                comboboxProps={{ withinPortal: true }}
                clearButtonProps={{ 'aria-label': t('filters.clearAgency') }}
                w={220}
                data-testid="users-filter-agency"
              />
            </>
          }
        />
      </Stack>
      {dialogs}
    </PageFrame>
  );
};

export default UsersListPage;
