// Admin and co-admin: the platform's accounts (money received, media cost, margin) and the
// whole-ledger check on demand: every balance equals its entries, every transfer sums to zero.
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/List.css';
import { formatMicros } from '@console/core/format/money';
import { Alert, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCheckLedger, useFundsOverview } from '../api/platform-funds.ts';

export const PlatformPanel = () => {
  const { t, i18n } = useTranslation('funds');
  const locale = localeOf(i18n.language);
  const overview = useFundsOverview(true);
  const check = useCheckLedger();
  const figures = overview.data
    ? [
        [t('platform.accounts'), overview.data.accounts_micros],
        [t('platform.received'), -overview.data.funding_micros],
        [t('platform.media'), overview.data.media_micros],
        [t('platform.margin'), overview.data.margin_micros],
      ]
    : [];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {overview.isPending
          ? [0, 1, 2, 3].map((key) => <Skeleton key={key} height={76} />)
          : figures.map(([label, micros]) => (
              <Paper key={String(label)} withBorder radius="md" p="md">
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text fz={22} fw={700}>
                  {formatMicros(Number(micros), locale)}
                </Text>
              </Paper>
            ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('platform.checkTitle')}
            </Title>
            <Button
              variant="default"
              leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
              loading={check.isPending}
              onClick={() => check.mutate()}
              data-testid="funds-check-ledger"
            >
              {t('platform.check')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('platform.checkHint')}
          </Text>
          {check.data ? (
            <Alert
              color={check.data.ok ? 'green' : 'red'}
              variant="light"
              role="status"
              data-testid="funds-check-result"
              title={check.data.ok ? t('platform.checkOk') : t('platform.checkFailed')}
            >
              <Text size="sm">
                {t('platform.checkCounts', {
                  accounts: check.data.accounts,
                  transfers: check.data.transfers,
                  entries: check.data.entries,
                })}
              </Text>
              {check.data.problems.length > 0 ? (
                <List size="sm">
                  {check.data.problems.map((problem) => (
                    <List.Item key={problem}>{problem}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ) : check.isError ? (
            <Alert color="red" variant="light" role="alert">
              {check.error.message}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
};
