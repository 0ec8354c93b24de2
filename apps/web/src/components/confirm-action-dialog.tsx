// The dialog of ConfirmAction (confirm-action.tsx), loaded the first time one opens. The cancel
// button has the focus first, so Enter never confirms by accident.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import type { ConfirmActionProps } from './confirm-action.tsx';

const ConfirmActionDialog = ({
  opened,
  onClose,
  onConfirm,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = true,
  isPending = false,
  testId = 'confirm-action',
}: ConfirmActionProps) => {
  const { t } = useTranslation('components');
  const [isRunning, setIsRunning] = useState(false);
  const isBusy = isPending || isRunning;

  const confirm = async () => {
    const outcome = onConfirm();
    if (!(outcome instanceof Promise)) {
      onClose();
      return;
    }
    setIsRunning(true);
    try {
      await outcome;
      onClose();
    } catch {
      // The caller reports the failure; the dialog stays open for another try or a cancel.
    } finally {
      setIsRunning(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={isBusy ? () => undefined : onClose}
      title={title}
      centered
      data-testid={testId}
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onClose}
            disabled={isBusy}
            data-autofocus
            data-testid={`${testId}-cancel`}
          >
            {cancelLabel ?? t('confirm.cancel')}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            onClick={() => void confirm()}
            loading={isBusy}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel ?? t('confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

export default ConfirmActionDialog;
