// Add or edit an exchange in a dialog: name, key (letters, digits, underscores, hyphens) and status,
// checked with core's request schema; the server's field messages (a taken name or key) show on
// their fields.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import {
  EXCHANGE_STATUSES,
  type Exchange,
  exchangeCreateBody,
  exchangeUpdateBody,
} from '@console/core/api/reference';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useSaveExchange } from './api/save-exchange.ts';
import { useMetadataMessage } from './message-text.ts';

type Form = { name: string; key: string; status: (typeof EXCHANGE_STATUSES)[number] };

/** `exchange` null: a new one; undefined: closed. */
export const ExchangeFormModal = ({
  exchange,
  onClose,
}: {
  exchange: Exchange | null | undefined;
  onClose: () => void;
}) => {
  const { t } = useTranslation('metadata');
  const messageOf = useMetadataMessage();
  const mutation = useSaveExchange();
  const [form, setForm] = useState<Form>({ name: '', key: '', status: 'ACTIVE' });
  const { setErrors, clear, check, errorOf, refused } = useFieldErrors({
    field: messageOf,
    toast: messageOf,
  });
  const isNew = exchange === null;

  useEffect(() => {
    if (exchange === undefined) return;
    setForm(
      exchange
        ? { name: exchange.name, key: exchange.key, status: exchange.status }
        : { name: '', key: '', status: 'ACTIVE' },
    );
    setErrors({});
  }, [exchange, setErrors]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    clear(key);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(isNew ? exchangeCreateBody : exchangeUpdateBody, form);
    if (!body) return;
    mutation.mutate(
      { id: exchange?.id ?? null, body },
      {
        onSuccess: (saved) => {
          showToast('success', t(isNew ? 'exchanges.created' : 'exchanges.updated', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          refused(error, t('exchanges.saveFailed'));
        },
      },
    );
  };

  return (
    <Modal
      opened={exchange !== undefined}
      onClose={mutation.isPending ? () => undefined : onClose}
      title={isNew ? t('exchanges.addTitle') : t('exchanges.editTitle', { name: exchange?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="exchange-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('exchanges.name')}
            required
            value={form.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errorOf('name')}
            maxLength={60}
            data-autofocus
            data-testid="exchange-form-name"
          />
          <TextInput
            label={t('exchanges.key')}
            description={t('exchanges.keyHint')}
            required
            value={form.key}
            onChange={(event) => set('key', event.currentTarget.value)}
            error={errorOf('key')}
            maxLength={40}
            ff="monospace"
            data-testid="exchange-form-key"
          />
          <NativeSelect
            label={t('exchanges.status')}
            description={t('exchanges.statusHint')}
            value={form.status}
            onChange={(event) => set('status', event.currentTarget.value as Form['status'])}
            data={EXCHANGE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            data-testid="exchange-form-status"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="exchange-form-save">
              {isNew ? t('exchanges.add') : t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
