// /admin/agencies and /co-admin/agencies: agencies with their advertiser counts and custom domains,
// paged, sorted and searched on the server; each row edits the brand, lists the agency's
// advertisers or signs in as the agency.
import '../../components/data-table/data-table-styles.ts';
import { Anchor, Button, Text } from '@mantine/core';
import { IconArrowsExchange, IconLogin2, IconPalette, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable, type RowAction } from '../../components/data-table/data-table.tsx';
import type { ListParamsOptions } from '../../components/data-table/list-params.ts';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { formatDate } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { actAs, useSession } from '../../lib/session/session-store.ts';
import { agencyPaths, canSignInAsAgency } from './agency-rules.ts';
import { type AgencyListItem, useAgencies } from './api/list-agencies.ts';

const LIST_OPTIONS: ListParamsOptions = { sort: 'companyName', order: 'asc' };
const ICON = { size: 16, 'aria-hidden': true } as const;

const AgenciesListPage = () => {
  const { t, i18n } = useTranslation('agencies');
  const route = useCurrentRoute();
  const { auth } = useSession();
  const role = auth?.role;
  const paths = useMemo(() => agencyPaths(role), [role]);
  const list = useListParams('agencies', LIST_OPTIONS);
  const query = useAgencies(list.query);

  const columns = useMemo<DataColumn<AgencyListItem>[]>(
    () => [
      {
        id: 'company',
        header: t('columns.company'),
        sortKey: 'companyName',
        hideable: false,
        isRowHeader: true,
        cell: (agency) => (
          <Anchor component={Link} to={paths.edit(agency.user_primary_id)} fw={500} size="sm">
            {agency.companyName || agency.email}
          </Anchor>
        ),
      },
      { id: 'email', header: t('columns.email'), sortKey: 'email', cell: (agency) => agency.email },
      {
        id: 'contact',
        header: t('columns.contact'),
        hiddenByDefault: true,
        cell: (agency) => [agency.firstName, agency.lastName].filter(Boolean).join(' ') || '—',
      },
      {
        id: 'advertisers',
        header: t('columns.advertisers'),
        sortKey: 'advertisers',
        descFirst: true,
        align: 'right',
        cell: (agency) => (
          <Anchor
            component={Link}
            to={paths.advertisers(agency.user_primary_id)}
            size="sm"
            aria-label={t('list.advertisersOf', { count: agency.advertisers, agency: agency.companyName })}
          >
            {agency.advertisers}
          </Anchor>
        ),
      },
      {
        id: 'domain',
        header: t('columns.domain'),
        cell: (agency) =>
          agency.custom_domain ?? (
            <Text span c="dimmed" size="sm">
              {t('list.noDomain')}
            </Text>
          ),
      },
      { id: 'status', header: t('columns.status'), cell: (agency) => <StatusBadge status={agency.status} /> },
      {
        id: 'created',
        header: t('columns.created'),
        sortKey: 'createdAt',
        descFirst: true,
        hiddenByDefault: true,
        cell: (agency) => (
          <time dateTime={agency.createdAt}>{formatDate(agency.createdAt, i18n.language)}</time>
        ),
      },
    ],
    [t, i18n.language, paths],
  );

  const signInAs = async (agency: AgencyListItem) => {
    try {
      await actAs(agency.user_primary_id);
    } catch (error) {
      showToast('error', failureMessage(error, t('list.signInAsFailed')));
    }
  };

  const rowActions = (agency: AgencyListItem): RowAction[] => {
    const actions: RowAction[] = [
      {
        key: 'edit-brand',
        label: t('list.editBrand'),
        icon: <IconPalette {...ICON} />,
        href: paths.edit(agency.user_primary_id),
      },
      {
        key: 'advertisers',
        label: t('list.viewAdvertisers'),
        icon: <IconUsers {...ICON} />,
        href: paths.advertisers(agency.user_primary_id),
      },
    ];
    if (canSignInAsAgency(role, agency.status)) {
      actions.push({
        key: 'sign-in-as',
        label: t('list.signInAs'),
        icon: <IconLogin2 {...ICON} />,
        onClick: () => void signInAs(agency),
      });
    }
    return actions;
  };

  if (!route) return null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        <Button
          component={Link}
          to={paths.assign}
          variant="light"
          leftSection={<IconArrowsExchange {...ICON} />}
          data-testid="assign-advertiser-link"
        >
          {t('list.assignAdvertiser')}
        </Button>
      }
    >
      <DataTable
        list={list}
        columns={columns}
        query={query}
        getRowId={(agency) => agency.user_primary_id}
        label={t('list.label')}
        searchLabel={t('list.search')}
        rowActions={rowActions}
        rowActionsLabel={(agency) => t('list.rowActions', { agency: agency.companyName || agency.email })}
        emptyTitle={t('list.emptyTitle')}
        emptyDescription={t('list.emptyBody')}
      />
    </PageFrame>
  );
};

export default AgenciesListPage;
