// Record or edit a private-marketplace deal in a dialog: its exchange, the id the exchange sends,
// a name, the floor we agreed (dollars typed, micro-units sent), the buyer seats it admits and,
// optionally, the one advertiser it is for; checked with core's request schema, the server's field
// messages (a deal id taken on that exchange) on their fields.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { type Deal, dealInputSchema } from '@console/core/api/deals';
import { Button, Group, Modal, NativeSelect, Stack, TagsInput, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { AdvertiserPicker } from '../../components/advertiser-picker.tsx';
import { showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { moneyInputError, moneyInputMicros, moneyInputText } from '../../lib/format/money-input.ts';
import { validateWith } from '../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useSaveDeal } from './api/deals.ts';
import { ALL_EXCHANGES_QUERY, useExchangeList } from './api/list-exchanges.ts';
import { useMetadataMessage } from './message-text.ts';

type Form = {
  exchangeId: string;
  dealId: string;
  name: string;
  floor: string;
  seats: string[];
  advertiser: { id: number; name: string } | null;
};

const EMPTY: Form = { exchangeId: '', dealId: '', name: '', floor: '', seats: [], advertiser: null };

const formOf = (deal: Deal): Form => ({
  exchangeId: String(deal.exchange_id),
  dealId: deal.deal_id,
  name: deal.name,
  // Every micro-unit of the floor: a rounded text would change the floor when the form is saved.
  floor: moneyInputText(deal.floor_micros),
  seats: deal.seats,
  advertiser:
    deal.advertiser_id === null ? null : { id: deal.advertiser_id, name: deal.advertiser_name ?? '' },
});

/** `deal` null: a new one; undefined: closed. */
export const DealFormModal = ({ deal, onClose }: { deal: Deal | null | undefined; onClose: () => void }) => {
  const { t } = useTranslation('metadata');
  const messageOf = useMetadataMessage();
  const mutation = useSaveDeal();
  const exchanges = useExchangeList(ALL_EXCHANGES_QUERY);
  const [form, setForm] = useState<Form>(EMPTY);
  const { errors, setErrors, clear, errorOf, refused } = useFieldErrors({
    field: messageOf,
    toast: messageOf,
  });
  const isNew = deal === null;

  useEffect(() => {
    if (deal === undefined) return;
    setForm(deal ? formOf(deal) : EMPTY);
    setErrors({});
  }, [deal, setErrors]);

  const set = <K extends keyof Form>(key: K, value: Form[K], field: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    clear(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const floorError = form.floor.trim() === '' ? undefined : moneyInputError(form.floor);
    const checked = validateWith(dealInputSchema, {
      exchange_id: form.exchangeId === '' ? undefined : Number(form.exchangeId),
      deal_id: form.dealId,
      name: form.name,
      floor_micros: form.floor.trim() === '' || floorError ? 0 : moneyInputMicros(form.floor),
      seats: form.seats,
      advertiser_id: form.advertiser?.id ?? null,
    });
    if (!checked.success || floorError) {
      setErrors({
        ...(checked.success ? {} : checked.errors),
        ...(floorError ? { floor_micros: floorError } : {}),
      });
      return;
    }
    mutation.mutate(
      { id: deal?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          showToast('success', t('deals.saved', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          refused(error, t('deals.saveFailed'));
        },
      },
    );
  };

  return (
    <Modal
      opened={deal !== undefined}
      onClose={mutation.isPending ? () => undefined : onClose}
      title={isNew ? t('deals.addTitle') : t('deals.editTitle', { name: deal?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="deal-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NativeSelect
            label={t('deals.exchange')}
            required
            value={form.exchangeId}
            onChange={(event) => set('exchangeId', event.currentTarget.value, 'exchange_id')}
            data={[
              { value: '', label: t('deals.chooseExchange') },
              ...(exchanges.data?.items ?? []).map((exchange) => ({
                value: String(exchange.id),
                label: exchange.name,
              })),
            ]}
            error={errorOf('exchange_id')}
            data-testid="deal-form-exchange"
          />
          <TextInput
            label={t('deals.dealId')}
            description={t('deals.dealIdHint')}
            required
            value={form.dealId}
            onChange={(event) => set('dealId', event.currentTarget.value, 'deal_id')}
            error={errorOf('deal_id')}
            maxLength={100}
            ff="monospace"
            data-testid="deal-form-deal-id"
          />
          <TextInput
            label={t('deals.name')}
            required
            value={form.name}
            onChange={(event) => set('name', event.currentTarget.value, 'name')}
            error={errorOf('name')}
            maxLength={100}
            data-testid="deal-form-name"
          />
          <TextInput
            label={t('deals.floor')}
            description={t('deals.floorHint')}
            value={form.floor}
            onChange={(event) => set('floor', event.currentTarget.value, 'floor_micros')}
            error={errorOf('floor_micros')}
            placeholder="0.00"
            inputMode="decimal"
            leftSection={<span aria-hidden="true">$</span>}
            w={{ base: '100%', xs: 220 }}
            data-testid="deal-form-floor"
          />
          <TagsInput
            label={t('deals.seats')}
            description={t('deals.seatsHint')}
            value={form.seats}
            onChange={(seats) => set('seats', seats, 'seats')}
            error={messageOf(
              errors.seats ?? Object.entries(errors).find(([key]) => key.startsWith('seats.'))?.[1],
            )}
            data-testid="deal-form-seats"
          />
          <AdvertiserPicker
            label={t('deals.advertiser')}
            placeholder={t('deals.everyAdvertiser')}
            value={form.advertiser?.id ?? null}
            selectedName={form.advertiser?.name}
            onChange={(choice) =>
              set('advertiser', choice ? { id: choice.id, name: choice.name } : null, 'advertiser_id')
            }
            error={errorOf('advertiser_id')}
            testId="deal-form-advertiser"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="deal-form-save">
              {isNew ? t('deals.add') : t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
