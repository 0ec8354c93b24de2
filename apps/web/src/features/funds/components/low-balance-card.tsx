// The owner's low-balance alert: a mail when a debit takes the balance below the amount set here.
import type { FundsSummary } from '@console/core/api/funds';
import { formatMicros } from '@console/core/format/money';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { moneyInputError, moneyInputMicros, moneyInputText } from '../../../lib/format/money-input.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSetLowBalanceAlert } from '../api/set-low-balance-alert.ts';

export const LowBalanceCard = ({ summary }: { summary: FundsSummary | undefined }) => {
  const { t, i18n } = useTranslation('funds');
  const locale = localeOf(i18n.language);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetLowBalanceAlert();
  const current = summary?.low_balance_threshold_micros;
  // The amount set, as the console's language types it (German "1500,00"); again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes how it is written
  useEffect(() => setText(moneyInputText(current)), [current, locale]);

  const save = (threshold: number | null) =>
    mutation.mutate(threshold, {
      onSuccess: () => showToast('success', threshold === null ? t('alert.off') : t('alert.saved')),
      onError: (failure) => setError(failureMessage(failure, t('alert.failed'))),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (moneyInputError(text) || moneyInputMicros(text) < 0) {
      setError(t('alert.invalid'));
      return;
    }
    setError(null);
    save(moneyInputMicros(text));
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="funds-low-balance">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('alert.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {current == null ? t('alert.none') : t('alert.current', { amount: formatMicros(current, locale) })}
        </Text>
        <form onSubmit={submit} noValidate aria-label={t('alert.title')}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('alert.threshold')}
              inputMode="decimal"
              leftSection="$"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={error}
              data-testid="funds-low-balance-threshold"
            />
            <Button type="submit" loading={mutation.isPending} data-testid="funds-low-balance-save">
              {t('alert.save')}
            </Button>
            {current != null ? (
              <Button variant="default" onClick={() => save(null)} data-testid="funds-low-balance-off">
                {t('alert.turnOff')}
              </Button>
            ) : null}
          </Group>
        </form>
      </Stack>
    </Paper>
  );
};
