// The confirmation of an approval decision on one or many creative x exchange pairs: what will be
// decided, and for a rejection the reason (required, checked with core's schema before sending).
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import type { CreativeDecisionBody } from '@console/core/api/creatives';
import { CREATIVE_REASON_MAX } from '@console/core/api/creatives';
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Decision, translateDecisionMessage, validateDecision } from './bulk-status-model.ts';
import { useMessageText } from './message-text.tsx';

export type DecisionRequest = {
  decision: Decision;
  /** Pair keys ("12-3"). */
  keys: string[];
  /** What each pair reads as ("Summer banner · PubMatic"), by key. */
  labelOf: (key: string) => string;
};

const SHOWN = 6;

export const DecisionDialog = ({
  request,
  onClose,
  onConfirm,
}: {
  request: DecisionRequest | null;
  onClose: () => void;
  /** Resolves when done (the dialog closes); rejects to keep it open. */
  onConfirm: (body: CreativeDecisionBody) => Promise<unknown>;
}) => {
  const { t } = useTranslation('creative-bulk');
  const messageText = useMessageText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (request) {
      setReason('');
      setError(undefined);
    }
  }, [request]);

  if (!request) return null;
  const isReject = request.decision === 'REJECTED';
  const count = request.keys.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateDecision(request.keys, request.decision, reason);
    if (!checked.success) {
      const message = checked.errors.reason ?? checked.errors.items ?? Object.values(checked.errors)[0];
      setError(message ? messageText(translateDecisionMessage(message)) : undefined);
      return;
    }
    setIsBusy(true);
    try {
      await onConfirm(checked.data);
      onClose();
    } catch {
      // The page reports the failure; the dialog stays open for another try.
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={isBusy ? () => undefined : onClose}
      title={t(isReject ? 'decision.rejectTitle' : 'decision.approveTitle', { count })}
      centered
      size="lg"
      data-testid="decision-dialog"
      closeButtonProps={{ 'aria-label': t('decision.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(isReject ? 'decision.rejectBody' : 'decision.approveBody', { count })}</Text>
          <List size="sm" spacing={2} data-testid="decision-pairs">
            {request.keys.slice(0, SHOWN).map((key) => (
              <List.Item key={key}>{request.labelOf(key)}</List.Item>
            ))}
            {count > SHOWN ? (
              <List.Item>
                <Text span size="sm" c="dimmed">
                  {t('decision.more', { count: count - SHOWN })}
                </Text>
              </List.Item>
            ) : null}
          </List>
          {isReject ? (
            <Textarea
              label={t('decision.reason')}
              description={t('decision.reasonHint')}
              required
              autosize
              minRows={3}
              maxLength={CREATIVE_REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              data-autofocus
              data-testid="decision-reason"
            />
          ) : error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={onClose}
              disabled={isBusy}
              data-autofocus={isReject ? undefined : true}
              data-testid="decision-cancel"
            >
              {t('decision.cancel')}
            </Button>
            <Button
              type="submit"
              color={isReject ? 'red.9' : 'green.9'}
              loading={isBusy}
              data-testid="decision-confirm"
            >
              {t(isReject ? 'decision.reject' : 'decision.approve', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
