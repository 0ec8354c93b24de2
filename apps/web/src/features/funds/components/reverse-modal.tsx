// Reversing a movement: says what will be undone and asks why (the note is required and shows in
// every history beside the reversal).
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Modal.css';
import type { FundsEntry } from '@console/core/api/funds';
import { formatMicros } from '@console/core/format/money';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useReverseTransfer } from '../api/move-funds.ts';

export const ReverseModal = ({ entry, onClose }: { entry: FundsEntry | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation(['funds', 'components']);
  const locale = localeOf(i18n.language);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useReverseTransfer();
  useEffect(() => {
    if (entry) {
      setNote('');
      setFailure(null);
    }
  }, [entry]);

  const confirm = () => {
    if (!entry) return;
    if (!note.trim()) {
      setFailure(t('reverse.noteRequired'));
      return;
    }
    mutation.mutate(
      { transferId: entry.transfer_id, note: note.trim() },
      {
        onSuccess: () => {
          showToast('success', t('reverse.done', { id: entry.transfer_id }));
          onClose();
        },
        onError: (error) => setFailure(failureMessage(error, t('reverse.failed'))),
      },
    );
  };

  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={t('reverse.title')}
      data-testid="funds-reverse-modal"
    >
      {entry ? (
        <Stack gap="md">
          <Text size="sm">
            {t('reverse.body', {
              id: entry.transfer_id,
              kind: t(`kinds.${entry.kind}`),
              amount: formatMicros(entry.amount_micros, locale),
            })}
          </Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Textarea
            label={t('reverse.note')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-testid="funds-reverse-note"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('components:confirm.cancel')}
            </Button>
            <Button
              color="red"
              onClick={confirm}
              loading={mutation.isPending}
              data-testid="funds-reverse-confirm"
            >
              {t('reverse.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
};
