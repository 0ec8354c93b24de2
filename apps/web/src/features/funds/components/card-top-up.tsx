// Top up by card (Stripe Checkout) when the console has Stripe keys; otherwise says why it is not
// offered. The console's bank-transfer instructions (BANK_TRANSFER_INSTRUCTIONS), when set, show
// either way, so there is always a way to pay. The balance moves when Stripe confirms the payment, so
// the page says so on the way back (?checkout=success).
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { failureMessage } from '../../../components/toast.ts';
import { moneyInputError, moneyInputMicros } from '../../../lib/format/money-input.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useStartCardTopUp, useStripeConfig } from '../api/card-top-up.ts';

export const CardTopUp = () => {
  const { t } = useTranslation('funds');
  const config = useStripeConfig();
  const start = useStartCardTopUp();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [search] = useSearchParams();
  const checkout = search.get('checkout');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = moneyInputError(amount);
    if (invalid) {
      setError(t('topUp.amountInvalid'));
      return;
    }
    setError(null);
    start.mutate(moneyInputMicros(amount), {
      onSuccess: (session) => window.location.assign(session.url),
      onError: (failure) => setError(failureMessage(failure, t('topUp.failed'))),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="funds-card-top-up">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('topUp.title')}
        </Title>
        {checkout === 'success' ? (
          <Alert color="green" variant="light" role="status">
            {t('topUp.returned')}
          </Alert>
        ) : checkout === 'cancelled' ? (
          <Alert color="gray" variant="light" role="status">
            {t('topUp.cancelled')}
          </Alert>
        ) : null}
        {config.isPending ? (
          <Skeleton height={36} />
        ) : config.data?.enabled ? (
          <form onSubmit={submit} noValidate aria-label={t('topUp.title')}>
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('topUp.amount')}
                description={t('topUp.amountHint')}
                placeholder="250.00"
                inputMode="decimal"
                leftSection="$"
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
                error={error}
                data-testid="funds-top-up-amount"
              />
              <Button
                type="submit"
                leftSection={<IconCreditCard size={16} aria-hidden="true" />}
                loading={start.isPending}
                data-testid="funds-top-up-submit"
              >
                {t('topUp.pay')}
              </Button>
            </Group>
          </form>
        ) : (
          <Alert color="gray" variant="light" data-testid="funds-card-unavailable">
            <Text size="sm" fw={600}>
              {t('topUp.unavailableTitle')}
            </Text>
            <Text size="sm">{t('topUp.unavailableBody')}</Text>
          </Alert>
        )}
        {config.data?.bank_transfer_instructions ? (
          <Stack gap={4} data-testid="funds-bank-transfer">
            <Text size="sm" fw={600}>
              {t('topUp.bankTitle')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="funds-bank-transfer-text">
              {config.data.bank_transfer_instructions}
            </Text>
            <Text size="xs" c="dimmed">
              {t('topUp.bankHint')}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
};
