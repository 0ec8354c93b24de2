// Agencies and advertisers with their balances (an agency sees its advertisers), each linked to its
// payment list; admins and co-admins also see the margin and can add funds from a row.
import '../../../components/data-table/data-table-styles.ts';
import { formatMicros } from '@console/core/format/money';
import type { Role } from '@console/core/roles';
import { Anchor, NativeSelect, Text } from '@mantine/core';
import { IconCash, IconListDetails } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../../components/data-table/list-params.ts';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { type FundsAccount, useFundsAccounts } from '../api/list-funds-accounts.ts';
import { addFundPath, isStaffRole, paymentListPath } from '../funds-paths.ts';

const LIST_OPTIONS: ListParamsOptions = {
  sort: 'companyName',
  order: 'asc',
  filterKeys: ['role'],
  prefix: 'acc_',
};

export const AccountsTable = ({ viewerRole: role }: { viewerRole: Role | undefined }) => {
  const { t, i18n } = useTranslation('funds');
  const locale = localeOf(i18n.language);
  const list = useListParams('funds-accounts', LIST_OPTIONS);
  const accounts = useFundsAccounts(list.query);
  const isStaff = isStaffRole(role);

  const columns = useMemo<DataColumn<FundsAccount>[]>(() => {
    const all: DataColumn<FundsAccount>[] = [
      {
        id: 'company',
        header: t('accounts.company'),
        sortKey: 'companyName',
        hideable: false,
        isRowHeader: true,
        cell: (account) => {
          const path = paymentListPath(role, account.user_primary_id);
          const name = account.companyName || account.email;
          return path ? (
            <Anchor component={Link} to={path} size="sm">
              {name}
            </Anchor>
          ) : (
            name
          );
        },
      },
      { id: 'email', header: t('accounts.email'), sortKey: 'email', cell: (account) => account.email },
      {
        id: 'balance',
        header: t('accounts.balance'),
        sortKey: 'balance',
        descFirst: true,
        align: 'right',
        hideable: false,
        cell: (account) => (
          <Text span size="sm" fw={600} c={account.balance_micros <= 0 ? 'red.9' : undefined}>
            {formatMicros(account.balance_micros, locale)}
          </Text>
        ),
      },
    ];
    if (isStaff) {
      all.splice(2, 0, {
        id: 'role',
        header: t('accounts.role'),
        cell: (account) => t(`accounts.roles.${account.role}`),
      });
      all.push(
        {
          id: 'agency',
          header: t('accounts.agency'),
          cell: (account) => account.agency?.companyName ?? '—',
        },
        {
          id: 'margin',
          header: t('accounts.margin'),
          align: 'right',
          cell: (account) => `${((account.margin_bps ?? 0) / 100).toFixed(2)}%`,
        },
      );
    }
    return all;
  }, [t, role, isStaff, locale]);

  return (
    <DataTable
      list={list}
      columns={columns}
      query={accounts}
      getRowId={(account) => account.user_primary_id}
      label={t('accounts.label')}
      searchLabel={t('accounts.search')}
      emptyTitle={t('accounts.emptyTitle')}
      emptyDescription={t('accounts.emptyBody')}
      rowActions={(account) => {
        const history = paymentListPath(role, account.user_primary_id);
        const add = addFundPath(role, account.user_primary_id);
        return [
          ...(history
            ? [
                {
                  key: 'history',
                  label: t('accounts.history'),
                  href: history,
                  icon: <IconListDetails size={16} aria-hidden="true" />,
                },
              ]
            : []),
          ...(add
            ? [
                {
                  key: 'add-funds',
                  label: t('accounts.addFunds'),
                  href: add,
                  icon: <IconCash size={16} aria-hidden="true" />,
                },
              ]
            : []),
        ];
      }}
      rowActionsLabel={(account) => t('accounts.actionsFor', { name: account.companyName || account.email })}
      filters={
        isStaff ? (
          <NativeSelect
            label={t('accounts.role')}
            value={list.params.filters.role ?? ''}
            onChange={(event) => list.setFilter('role', event.currentTarget.value || null)}
            data={[
              { value: '', label: t('accounts.allRoles') },
              { value: 'AGENCY', label: t('accounts.roles.AGENCY') },
              { value: 'ADVERTISER', label: t('accounts.roles.ADVERTISER') },
            ]}
            data-testid="funds-accounts-role"
          />
        ) : undefined
      }
    />
  );
};
