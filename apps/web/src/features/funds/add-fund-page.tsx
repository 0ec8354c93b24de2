// /admin/addfund and /co-admin/addfund: credit or debit an agency's or advertiser's account (wire,
// cheque, promotion, adjustment, refund) with a reference and a note. Checked with the request's own
// schema, confirmed, then sent once (Idempotency-Key); the history of that account opens after.
import '@mantine/core/styles/SegmentedControl.css';
import {
  MOVEMENT_METHODS,
  type MovementBody,
  movementBody,
  NOTE_MAX,
  REFERENCE_MAX,
} from '@console/core/api/funds';
import { formatMicros } from '@console/core/format/money';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { localeOf } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { useFundsSummary } from './api/get-funds-summary.ts';
import { useFundsAccounts } from './api/list-funds-accounts.ts';
import { useCreateMovement } from './api/move-funds.ts';
import { positiveMicrosOf } from './components/money-field.ts';
import { isStaffRole, parseRouteId, paymentListPath } from './funds-paths.ts';

const AddFundPage = () => {
  const { t, i18n } = useTranslation(['funds', 'components']);
  const locale = localeOf(i18n.language);
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const { auth } = useSession();
  const [search] = useSearchParams();
  const [userId, setUserId] = useState<string | null>(() => {
    const id = parseRouteId(search.get('user'));
    return id > 0 ? String(id) : null;
  });
  const [searchText, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(searchText, 250);
  const accounts = useFundsAccounts({
    q: debounced || undefined,
    limit: 50,
    sort: 'companyName',
    order: 'asc',
  });
  const preset = useFundsSummary(userId ? Number(userId) : undefined, userId !== null);
  const [direction, setDirection] = useState<MovementBody['direction']>('CREDIT');
  const [method, setMethod] = useState<MovementBody['method']>('WIRE');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<MovementBody | null>(null);
  const fields = useFieldErrors();
  const mutation = useCreateMovement();

  const options = (accounts.data?.items ?? []).map((account) => ({
    value: String(account.user_primary_id),
    label: `${account.companyName || account.email} · ${account.email} · ${formatMicros(account.balance_micros, locale)}`,
  }));
  const chosen = preset.data?.account;
  if (chosen && !options.some((option) => option.value === String(chosen.user_primary_id))) {
    options.unshift({
      value: String(chosen.user_primary_id),
      label: `${chosen.companyName || chosen.email} · ${chosen.email} · ${formatMicros(chosen.balance_micros, locale)}`,
    });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const micros = positiveMicrosOf(amount);
    const checked = fields.check(movementBody, {
      user_primary_id: userId ? Number(userId) : undefined,
      direction,
      method,
      amount_micros: micros ?? 0,
      reference,
      note,
    });
    if (!checked) return;
    setPending(checked);
  };

  const confirm = () =>
    new Promise<void>((resolve, reject) => {
      if (!pending) return resolve();
      mutation.mutate(pending, {
        onSuccess: (result) => {
          showToast(
            'success',
            t(pending.direction === 'CREDIT' ? 'add.doneCredit' : 'add.doneDebit', {
              amount: formatMicros(pending.amount_micros, locale),
              balance: formatMicros(result.balance_micros, locale),
            }),
          );
          resolve();
          const next = paymentListPath(auth?.role, pending.user_primary_id);
          if (next) navigate(next);
        },
        onError: (error) => {
          fields.takeServerErrors(error);
          setFailure(failureMessage(error, t('add.failed')));
          setPending(null);
          reject(error);
        },
      });
    });

  if (!route || !isStaffRole(auth?.role)) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <form onSubmit={submit} noValidate aria-label={t('add.formLabel')}>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" role="alert" data-testid="add-fund-error">
                {failure}
              </Alert>
            ) : null}
            <Select
              label={t('add.account')}
              placeholder={t('add.accountPlaceholder')}
              required
              searchable
              data={options}
              value={userId}
              onChange={(value) => {
                setUserId(value);
                fields.clear('user_primary_id');
              }}
              searchValue={searchText}
              onSearchChange={setSearchText}
              filter={({ options: all }) => all}
              nothingFoundMessage={t('add.noAccounts')}
              error={fields.errorOf('user_primary_id')}
              data-testid="add-fund-account"
            />
            <SegmentedControl
              value={direction}
              onChange={(value) => setDirection(value as MovementBody['direction'])}
              data={[
                { value: 'CREDIT', label: t('add.credit') },
                { value: 'DEBIT', label: t('add.debit') },
              ]}
              aria-label={t('add.direction')}
              data-testid="add-fund-direction"
            />
            <Group grow align="flex-start">
              <NativeSelect
                label={t('history.method')}
                required
                value={method}
                onChange={(event) => setMethod(event.currentTarget.value as MovementBody['method'])}
                data={MOVEMENT_METHODS.map((value) => ({ value, label: t(`methods.${value}`) }))}
                error={fields.errorOf('method')}
                data-testid="add-fund-method"
              />
              <TextInput
                label={t('allocate.amount')}
                required
                inputMode="decimal"
                leftSection="$"
                placeholder="5,000.00"
                value={amount}
                onChange={(event) => {
                  setAmount(event.currentTarget.value);
                  fields.clear('amount_micros');
                }}
                error={fields.errorOf('amount_micros') ? t('form.amountInvalid') : undefined}
                data-testid="add-fund-amount"
              />
            </Group>
            <TextInput
              label={t('history.reference')}
              description={t('add.referenceHint')}
              maxLength={REFERENCE_MAX}
              value={reference}
              onChange={(event) => setReference(event.currentTarget.value)}
              error={fields.errorOf('reference')}
              data-testid="add-fund-reference"
            />
            <Textarea
              label={t('form.note')}
              description={t('add.noteHint')}
              autosize
              minRows={2}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={fields.errorOf('note')}
              data-testid="add-fund-note"
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                component={Link}
                to={auth?.role === 'ADMIN' ? '/admin/funds' : '/co-admin/funds'}
              >
                {t('components:confirm.cancel')}
              </Button>
              <Button type="submit" data-testid="add-fund-submit">
                {direction === 'CREDIT' ? t('add.credit') : t('add.debit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmAction
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        danger={pending?.direction === 'DEBIT'}
        title={t('add.confirmTitle')}
        message={
          pending
            ? t(pending.direction === 'CREDIT' ? 'add.confirmCredit' : 'add.confirmDebit', {
                amount: formatMicros(pending.amount_micros, locale),
                account:
                  options
                    .find((option) => option.value === String(pending.user_primary_id))
                    ?.label.split(' · ')[0] ?? '',
                method: t(`methods.${pending.method}`),
              })
            : ''
        }
        testId="add-fund-confirm"
      />
    </PageFrame>
  );
};

export default AddFundPage;
