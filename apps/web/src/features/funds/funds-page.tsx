// /funds, /agency/funds, /admin/funds, /co-admin/funds. An advertiser: its balance, pending and
// available funds, card top-up, low-balance alert, statement and history. An agency: the same for
// its own balance, plus allocating to its advertisers and their balances. Admins and co-admins: the
// platform's accounts, the ledger check, every account's balance and the way to add funds.
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { useFundsSummary } from './api/get-funds-summary.ts';
import { AccountsTable } from './components/accounts-table.tsx';
import { AllocationForm } from './components/allocation-form.tsx';
import { BalanceCards } from './components/balance-cards.tsx';
import { CardTopUp } from './components/card-top-up.tsx';
import { HistoryTable } from './components/history-table.tsx';
import { LowBalanceCard } from './components/low-balance-card.tsx';
import { PlatformPanel } from './components/platform-panel.tsx';
import { StatementCard } from './components/statement-card.tsx';
import { addFundPath, isStaffRole } from './funds-paths.ts';

const OwnFunds = ({ isAgency }: { isAgency: boolean }) => {
  const { t } = useTranslation('funds');
  const summary = useFundsSummary(undefined);
  return (
    <Stack gap="lg">
      <BalanceCards summary={summary} owner={isAgency ? 'AGENCY' : 'ADVERTISER'} />
      <CardTopUp />
      {isAgency ? <AllocationForm /> : null}
      <LowBalanceCard summary={summary.data} />
      <StatementCard userId={undefined} />
      {isAgency ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('accounts.advertisersTitle')}
          </Title>
          <AccountsTable viewerRole="AGENCY" />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('history.title')}
        </Title>
        <HistoryTable userId={undefined} showMediaCost={false} />
      </Stack>
    </Stack>
  );
};

const FundsPage = () => {
  const { t } = useTranslation('funds');
  const route = useCurrentRoute();
  const { auth } = useSession();
  const role = auth?.role;
  if (!route) return null;
  const addPath = addFundPath(role);
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        addPath ? (
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
      {isStaffRole(role) ? (
        <Stack gap="lg">
          <PlatformPanel />
          <Group>
            <Title order={2} size="h4">
              {t('accounts.title')}
            </Title>
          </Group>
          <AccountsTable viewerRole={role} />
        </Stack>
      ) : (
        <OwnFunds isAgency={role === 'AGENCY'} />
      )}
    </PageFrame>
  );
};

export default FundsPage;
