// One agency's or advertiser's funds for the roles above it: /admin/CampaignList/payment-list/{id},
// /co-admin/... and the agency's /agency/advertiser/payment-list/{id}. Balance, statement and the
// history with reversals; admins and co-admins also see the media cost and can add funds.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { useFundsSummary } from './api/get-funds-summary.ts';
import { BalanceCards } from './components/balance-cards.tsx';
import { HistoryTable } from './components/history-table.tsx';
import { StatementCard } from './components/statement-card.tsx';
import { addFundPath, isStaffRole, parseRouteId } from './funds-paths.ts';

const PaymentListPage = () => {
  const { t } = useTranslation('funds');
  const route = useCurrentRoute();
  const { auth } = useSession();
  const id = parseRouteId(useParams().id);
  const summary = useFundsSummary(id, id > 0);
  const addPath = addFundPath(auth?.role, id);
  if (!route) return null;
  const account = summary.data?.account;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        addPath && id > 0 ? (
          <Button
            component={Link}
            to={addPath}
            leftSection={<IconCash size={16} aria-hidden="true" />}
            data-testid="funds-add"
          >
            {t('add.open')}
          </Button>
        ) : undefined
      }
    >
      {id <= 0 ? (
        <Alert color="red" variant="light" role="alert">
          {t('payments.badId')}
        </Alert>
      ) : (
        <Stack gap="lg">
          {account ? (
            <Text size="sm" c="dimmed" data-testid="funds-account-name">
              {[
                account.companyName || account.email,
                account.email,
                t(`accounts.roles.${account.role}`),
              ].join(' · ')}
              {summary.data?.margin_bps != null
                ? ` · ${t('payments.margin', { percent: (summary.data.margin_bps / 100).toFixed(2) })}`
                : ''}
            </Text>
          ) : null}
          <BalanceCards summary={summary} owner={account?.role === 'AGENCY' ? 'AGENCY' : 'ADVERTISER'} />
          <StatementCard userId={id} />
          <HistoryTable userId={id} showMediaCost={isStaffRole(auth?.role)} />
        </Stack>
      )}
    </PageFrame>
  );
};

export default PaymentListPage;
