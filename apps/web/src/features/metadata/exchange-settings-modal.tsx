// An exchange's notice settings in a dialog: its notice window (seconds, shown as a duration too)
// and how its winning prices come (plain, or encrypted with Google's e_key and i_key). The keys are
// password fields that start empty: the server never answers them, only whether they are set and
// their fingerprint; left empty, the keys set stay. Clearing them (the "Clear keys" button, or saving
// plain prices while keys are set) asks first, in the dialog. Checked with core's request schema;
// the server's field messages show on their fields.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import {
  type ExchangeSettings,
  exchangeSettingsBody,
  NOTICE_WINDOW_DEFAULT_SECONDS,
  NOTICE_WINDOW_MAX_SECONDS,
  NOTICE_WINDOW_MIN_SECONDS,
  PRICE_ENCRYPTIONS,
  type PriceEncryption,
} from '@console/core/api/exchange-settings';
import type { Exchange } from '@console/core/api/reference';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Stack,
  Text,
} from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useExchangeSettings, useSaveExchangeSettings } from './api/exchange-settings.ts';
import { useMetadataMessage } from './message-text.ts';
import { formatNoticeWindow } from './metadata-model.ts';

type Form = {
  window: number | string;
  encryption: PriceEncryption;
  encryptionKey: string;
  integrityKey: string;
};

const formOf = (settings: ExchangeSettings): Form => ({
  window: settings.notice_window_seconds,
  encryption: settings.price_encryption,
  encryptionKey: '',
  integrityKey: '',
});

/** `exchange` null: closed. The dialog's content mounts on each opening: the settings are read afresh. */
export const ExchangeSettingsModal = ({
  exchange,
  onClose,
}: {
  exchange: Exchange | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('metadata');
  const mutation = useSaveExchangeSettings();
  return (
    <Modal
      opened={exchange !== null}
      onClose={mutation.isPending ? () => undefined : onClose}
      title={t('settings.title', { name: exchange?.name ?? '' })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
      data-testid="exchange-settings"
    >
      {exchange ? <SettingsLoader exchange={exchange} onClose={onClose} mutation={mutation} /> : null}
    </Modal>
  );
};

type Mutation = ReturnType<typeof useSaveExchangeSettings>;

const SettingsLoader = ({
  exchange,
  onClose,
  mutation,
}: {
  exchange: Exchange;
  onClose: () => void;
  mutation: Mutation;
}) => {
  const { t } = useTranslation('metadata');
  const query = useExchangeSettings(exchange.id);
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('settings.loadFailed')}
      </Alert>
    );
  if (!query.isFetchedAfterMount || !query.data)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('settings.loading')} />
      </Group>
    );
  return <SettingsForm exchange={exchange} settings={query.data} onClose={onClose} mutation={mutation} />;
};

const SettingsForm = ({
  exchange,
  settings,
  onClose,
  mutation,
}: {
  exchange: Exchange;
  settings: ExchangeSettings;
  onClose: () => void;
  mutation: Mutation;
}) => {
  const { t, i18n } = useTranslation('metadata');
  const messageOf = useMetadataMessage();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const { clear, check, errorOf, refused } = useFieldErrors({ field: messageOf, toast: messageOf });
  /** Saving would drop the keys set: asked in the dialog first. */
  const [confirmingClear, setConfirmingClear] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const windowRef = useRef<HTMLInputElement>(null);

  // The form comes after the dialog opened (the settings are read first): focus its first field.
  useEffect(() => windowRef.current?.focus(), []);
  // Asked to clear the keys: the safe answer has the focus, so Enter never clears by accident.
  useEffect(() => {
    if (confirmingClear) keepRef.current?.focus();
  }, [confirmingClear]);

  const set = <K extends keyof Form>(key: K, value: Form[K], field: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    clear(field);
  };

  const send = (body: Record<string, unknown>, done: string) => {
    const checked = check(exchangeSettingsBody, body);
    if (!checked) {
      setConfirmingClear(false);
      return;
    }
    mutation.mutate(
      { id: exchange.id, body: checked },
      {
        onSuccess: () => {
          showToast('success', t(done, { name: exchange.name }));
          onClose();
        },
        onError: (error) => {
          setConfirmingClear(false);
          refused(error, t('settings.saveFailed'));
        },
      },
    );
  };

  const bodyOf = (current: Form, encryption: PriceEncryption) => ({
    notice_window_seconds: typeof current.window === 'number' ? current.window : undefined,
    price_encryption: encryption,
    ...(encryption === 'GOOGLE'
      ? { encryption_key: current.encryptionKey, integrity_key: current.integrityKey }
      : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.encryption === 'NONE' && settings.price_keys_set) {
      setConfirmingClear(true);
      return;
    }
    send(bodyOf(form, form.encryption), 'settings.saved');
  };

  const clearKeys = () => send(bodyOf(form, 'NONE'), 'settings.cleared');

  const windowSeconds = typeof form.window === 'number' ? form.window : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('settings.intro')}
        </Text>
        <NumberInput
          label={t('settings.noticeWindow')}
          description={t('settings.noticeWindowHint', {
            min: NOTICE_WINDOW_MIN_SECONDS,
            max: NOTICE_WINDOW_MAX_SECONDS,
            default: NOTICE_WINDOW_DEFAULT_SECONDS,
          })}
          required
          min={NOTICE_WINDOW_MIN_SECONDS}
          max={NOTICE_WINDOW_MAX_SECONDS}
          step={60}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={form.window}
          onChange={(value) => set('window', value, 'notice_window_seconds')}
          error={errorOf('notice_window_seconds')}
          maw={280}
          data-autofocus
          data-testid="exchange-settings-window"
        />
        {windowSeconds !== null ? (
          <Text size="xs" c="dimmed" mt={-8} aria-live="polite" data-testid="exchange-settings-window-as">
            {t('settings.windowAs', { duration: formatNoticeWindow(windowSeconds, i18n.language) })}
          </Text>
        ) : null}
        <NativeSelect
          label={t('settings.prices')}
          value={form.encryption}
          onChange={(event) =>
            set('encryption', event.currentTarget.value as PriceEncryption, 'price_encryption')
          }
          data={PRICE_ENCRYPTIONS.map((value) => ({ value, label: t(`settings.encryption.${value}`) }))}
          error={errorOf('price_encryption')}
          data-testid="exchange-settings-encryption"
        />
        <Text size="sm" data-testid="exchange-settings-keys-state">
          {settings.price_keys_set
            ? settings.price_keys_fingerprint
              ? t('settings.keysSet', { fingerprint: settings.price_keys_fingerprint })
              : t('settings.keysUnreadable')
            : t('settings.noKeys')}
        </Text>
        {form.encryption === 'GOOGLE' ? (
          <>
            <PasswordInput
              label={t('settings.encryptionKey')}
              description={t('settings.keyHint')}
              value={form.encryptionKey}
              onChange={(event) => set('encryptionKey', event.currentTarget.value, 'encryption_key')}
              error={errorOf('encryption_key')}
              autoComplete="off"
              spellCheck={false}
              ff="monospace"
              visibilityToggleButtonProps={{ 'aria-label': t('settings.showKey') }}
              data-testid="exchange-settings-e-key"
            />
            <PasswordInput
              label={t('settings.integrityKey')}
              description={settings.price_keys_set ? t('settings.keepKeysHint') : t('settings.keyHint')}
              value={form.integrityKey}
              onChange={(event) => set('integrityKey', event.currentTarget.value, 'integrity_key')}
              error={errorOf('integrity_key')}
              autoComplete="off"
              spellCheck={false}
              ff="monospace"
              visibilityToggleButtonProps={{ 'aria-label': t('settings.showKey') }}
              data-testid="exchange-settings-i-key"
            />
          </>
        ) : null}
        {confirmingClear ? (
          <Alert
            color="red"
            variant="light"
            role="alertdialog"
            aria-labelledby="exchange-settings-clear-title"
            title={<span id="exchange-settings-clear-title">{t('settings.clearTitle')}</span>}
            data-testid="exchange-settings-clear-confirm"
          >
            <Stack gap="sm">
              <Text size="sm">{t('settings.clearBody')}</Text>
              <Group justify="flex-end" gap="sm">
                <Button
                  ref={keepRef}
                  variant="default"
                  onClick={() => setConfirmingClear(false)}
                  disabled={mutation.isPending}
                  data-testid="exchange-settings-clear-cancel"
                >
                  {t('settings.keepKeys')}
                </Button>
                <Button
                  color="red"
                  onClick={clearKeys}
                  loading={mutation.isPending}
                  data-testid="exchange-settings-clear-yes"
                >
                  {t('settings.clearKeys')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group justify="space-between" gap="sm">
            {settings.price_keys_set ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() => setConfirmingClear(true)}
                disabled={mutation.isPending}
                data-testid="exchange-settings-clear"
              >
                {t('settings.clearKeys')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="exchange-settings-save">
                {t('save')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
};
