// The confirmation of an approval decision on one or many rows (campaign or creative exchanges):
// what will be decided, and for a rejection the reason, checked before anything is sent (an empty
// one changes nothing). A server's word about the reason goes under the field; any other failure
// is a toast, and the dialog stays open for another try.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { failureMessage, showToast } from '../toast.ts';
import type { Decision } from './decision-reason.ts';
import { DecisionReasonField, useDecisionReason } from './decision-reason-field.tsx';

/** Rows named in the dialog before "and N more". */
const SHOWN = 6;

export type DecisionDialogTestIds = {
  dialog: string;
  items: string;
  reason: string;
  confirm: string;
  cancel: string;
};

const DEFAULT_TEST_IDS: DecisionDialogTestIds = {
  dialog: 'decision-dialog',
  items: 'decision-items',
  reason: 'decision-reason',
  confirm: 'decision-confirm',
  cancel: 'decision-cancel',
};

export type DecisionDialogProps = {
  opened: boolean;
  decision: Decision;
  title: string;
  message: ReactNode;
  /** What will be decided, listed under the message (the first few, then "and N more"). */
  items?: readonly string[];
  confirmLabel: string;
  onClose: () => void;
  /**
   * Sends the decision with its reason ('' for an approval; checked, not trimmed). Resolves: the
   * dialog closes. Rejects: it stays open and tells the error (an Error's message, or `failedText`).
   */
  onConfirm: (reason: string) => Promise<unknown>;
  /** The toast of a failure that says nothing specific; default "The decision could not be saved." */
  failedText?: string;
  testIds?: Partial<DecisionDialogTestIds>;
};

const DecisionDialogBody = ({
  decision,
  title,
  message,
  items,
  confirmLabel,
  onClose,
  onConfirm,
  failedText,
  testIds,
}: Omit<DecisionDialogProps, 'opened'>) => {
  const { t } = useTranslation('components');
  const reason = useDecisionReason();
  const [isBusy, setIsBusy] = useState(false);
  const ids = { ...DEFAULT_TEST_IDS, ...testIds };
  const isReject = decision === 'REJECTED';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.check(decision)) return; // nothing is sent
    setIsBusy(true);
    try {
      await onConfirm(isReject ? reason.reason : '');
      onClose();
    } catch (error) {
      if (!reason.takeServerError(error))
        showToast('error', failureMessage(error, failedText ?? t('decision.failed')));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={isBusy ? () => undefined : onClose}
      title={title}
      centered
      size={items ? 'lg' : 'md'}
      data-testid={ids.dialog}
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
          {items ? (
            <List size="sm" spacing={2} data-testid={ids.items}>
              {items.slice(0, SHOWN).map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; the order is fixed
                <List.Item key={index}>{item}</List.Item>
              ))}
              {items.length > SHOWN ? (
                <List.Item>
                  <Text span size="sm" c="dimmed">
                    {t('decision.more', { count: items.length - SHOWN })}
                  </Text>
                </List.Item>
              ) : null}
            </List>
          ) : null}
          {isReject ? <DecisionReasonField state={reason} testId={ids.reason} autoFocus /> : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={onClose}
              disabled={isBusy}
              data-autofocus={isReject ? undefined : true}
              data-testid={ids.cancel}
            >
              {t('confirm.cancel')}
            </Button>
            <Button
              type="submit"
              color={isReject ? 'red.9' : 'green.9'}
              loading={isBusy}
              data-testid={ids.confirm}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** Mounted while open, so every opening starts with an empty reason. */
export const DecisionDialog = ({ opened, ...props }: DecisionDialogProps) =>
  opened ? <DecisionDialogBody {...props} /> : null;
