// An account's balance, the spend the bidder has committed but not booked yet, and what is
// available after it. Pending is 0 until the bidder reports it. The label says whose money it is: an
// agency's own balance is what it has not allocated to its advertisers.
import '@mantine/core/styles/SimpleGrid.css';
import type { FundsSummary } from '@console/core/api/funds';
import { formatMicros } from '@console/core/format/money';
import { Alert, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

const Figure = ({ label, value, testId }: { label: string; value: string | null; testId: string }) => (
  <Paper withBorder radius="md" p="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    {value === null ? (
      <Skeleton height={32} width={160} mt={4} />
    ) : (
      <Text fz={26} fw={700} data-testid={testId} aria-live="polite">
        {value}
      </Text>
    )}
  </Paper>
);

export const BalanceCards = ({
  summary,
  owner,
}: {
  summary: UseQueryResult<FundsSummary>;
  owner: 'ADVERTISER' | 'AGENCY';
}) => {
  const { t, i18n } = useTranslation('funds');
  const locale = localeOf(i18n.language);
  if (summary.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {summary.error.message || t('summary.failed')}
      </Alert>
    );
  }
  const data = summary.data;
  const show = (micros: number | undefined) => (micros === undefined ? null : formatMicros(micros, locale));
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Figure
        label={owner === 'AGENCY' ? t('summary.agencyBalance') : t('summary.balance')}
        value={show(data?.balance_micros)}
        testId="funds-balance"
      />
      <Figure label={t('summary.pending')} value={show(data?.pending_spend_micros)} testId="funds-pending" />
      <Figure label={t('summary.available')} value={show(data?.available_micros)} testId="funds-available" />
    </SimpleGrid>
  );
};
