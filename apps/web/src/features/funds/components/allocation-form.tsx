// Agency: move money to one of its advertisers, or pull back what it has not spent. Confirmed
// before it moves; the server refuses anything that would take a balance below zero.
import '@mantine/core/styles/SegmentedControl.css';
import type { AllocationBody } from '@console/core/api/funds';
import { AMOUNT_REQUIRED_MESSAGE, NOTE_MAX } from '@console/core/api/funds-constants';
import { formatMicros } from '@console/core/format/money';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { Select } from '../../../components/filter-select.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFundsAccounts } from '../api/list-funds-accounts.ts';
import { useAllocateFunds } from '../api/move-funds.ts';
import { positiveMicrosOf } from './money-field.ts';

const ADVERTISERS_QUERY = { limit: 100, sort: 'companyName', order: 'asc' };

export const AllocationForm = () => {
  const { t, i18n } = useTranslation('funds');
  const locale = localeOf(i18n.language);
  const advertisers = useFundsAccounts(ADVERTISERS_QUERY);
  const mutation = useAllocateFunds();
  const [advertiserId, setAdvertiserId] = useState<string | null>(null);
  const [direction, setDirection] = useState<AllocationBody['direction']>('ALLOCATE');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<AllocationBody | null>(null);
  const options = (advertisers.data?.items ?? []).map((account) => ({
    value: String(account.user_primary_id),
    label: `${account.companyName || account.email} · ${formatMicros(account.balance_micros, locale)}`,
  }));
  const chosen = advertisers.data?.items.find((account) => String(account.user_primary_id) === advertiserId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const micros = positiveMicrosOf(amount);
    const found: Record<string, string> = {};
    if (!advertiserId) found.advertiser_id = t('allocate.chooseAdvertiser');
    if (micros === null) found.amount_micros = AMOUNT_REQUIRED_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0 || micros === null) return;
    setPending({ advertiser_id: Number(advertiserId), direction, amount_micros: micros, note: note.trim() });
  };

  const confirm = () =>
    new Promise<void>((resolve, reject) => {
      if (!pending) return resolve();
      mutation.mutate(pending, {
        onSuccess: (result) => {
          showToast(
            'success',
            t(pending.direction === 'ALLOCATE' ? 'allocate.doneAllocate' : 'allocate.donePullBack', {
              amount: formatMicros(pending.amount_micros, locale),
              balance: formatMicros(result.balance_micros, locale),
            }),
          );
          setAmount('');
          setNote('');
          resolve();
        },
        onError: (error) => {
          setFailure(failureMessage(error, t('allocate.failed')));
          setPending(null);
          reject(error);
        },
      });
    });

  return (
    <Paper withBorder radius="md" p="md" data-testid="funds-allocation">
      <form onSubmit={submit} noValidate aria-label={t('allocate.title')}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('allocate.title')}
          </Title>
          {failure ? (
            <Alert color="red" variant="light" role="alert" data-testid="funds-allocation-error">
              {failure}
            </Alert>
          ) : null}
          <SegmentedControl
            value={direction}
            onChange={(value) => setDirection(value as AllocationBody['direction'])}
            data={[
              { value: 'ALLOCATE', label: t('allocate.allocate') },
              { value: 'PULL_BACK', label: t('allocate.pullBack') },
            ]}
            aria-label={t('allocate.direction')}
            data-testid="funds-allocation-direction"
          />
          <Select
            label={t('allocate.advertiser')}
            placeholder={t('allocate.chooseAdvertiser')}
            data={options}
            value={advertiserId}
            onChange={setAdvertiserId}
            searchable
            nothingFoundMessage={t('allocate.noAdvertisers')}
            error={errors.advertiser_id}
            data-testid="funds-allocation-advertiser"
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('allocate.amount')}
              inputMode="decimal"
              leftSection="$"
              value={amount}
              onChange={(event) => setAmount(event.currentTarget.value)}
              error={errors.amount_micros ? t('form.amountInvalid') : undefined}
              data-testid="funds-allocation-amount"
            />
            <TextInput
              label={t('form.note')}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              data-testid="funds-allocation-note"
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" data-testid="funds-allocation-submit">
              {direction === 'ALLOCATE' ? t('allocate.allocate') : t('allocate.pullBack')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmAction
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        danger={false}
        title={t('allocate.confirmTitle')}
        message={
          pending
            ? t(pending.direction === 'ALLOCATE' ? 'allocate.confirmAllocate' : 'allocate.confirmPullBack', {
                amount: formatMicros(pending.amount_micros, locale),
                advertiser: chosen?.companyName || chosen?.email || '',
              })
            : ''
        }
        testId="funds-allocation-confirm"
      />
    </Paper>
  );
};
