// The new API key, shown once: a copy button and a clear warning that it will not be shown again.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import type { CreatedApiKey } from '../api/create-api-key.ts';

/** Copies with the Clipboard API, or by selecting the field where that API is unavailable (plain http). */
const copyText = async (text: string, field: HTMLInputElement | null): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
};

type CreatedKeyModalProps = { created: CreatedApiKey | null; onClose: () => void };

export const CreatedKeyModal = ({ created, onClose }: CreatedKeyModalProps) => {
  const { t } = useTranslation('settings');
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!created) return;
    const ok = await copyText(created.key, field.current);
    setCopied(ok);
    if (!ok) field.current?.select();
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Modal
      opened={created !== null}
      onClose={close}
      title={t('apiKeys.createdTitle', { name: created?.name ?? '' })}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('apiKeys.close') }}
      data-testid="api-key-created"
    >
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title={t('apiKeys.onceTitle')}
        >
          {t('apiKeys.onceBody')}
        </Alert>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            ref={field}
            label={t('apiKeys.keyLabel')}
            value={created?.key ?? ''}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="api-key-value"
          />
          <Button
            variant={copied ? 'light' : 'filled'}
            color={copied ? 'green' : undefined}
            leftSection={
              copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />
            }
            onClick={() => void copy()}
            data-testid="api-key-copy"
          >
            {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" role="status">
          {copied ? t('apiKeys.copiedHint') : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-testid="api-key-done">
            {t('apiKeys.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
