// Status moves of one campaign shared by the list and the view page: every move asks first (a red
// dialog for archive, complete and reject; reject takes a reason, shown to the advertiser), then
// posts it and reports the outcome as a toast. The server's 400 (an illegal move) is shown as it is.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { REASON_MAX } from '@console/core/api/campaigns-constants';
import type { CampaignStatus } from '@console/core/campaign-status';
import { Stack, Text, Textarea } from '@mantine/core';
import {
  IconArchive,
  IconArrowBackUp,
  IconCheck,
  IconFlagCheck,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSetCampaignStatus } from '../api/set-campaign-status.ts';
import type { CampaignMove } from './campaign-moves.ts';

export type StatusTarget = { campaign_id: number; name: string; status: CampaignStatus };

const ICONS = {
  submit: IconSend,
  approve: IconCheck,
  reject: IconX,
  pause: IconPlayerPause,
  resume: IconPlayerPlay,
  complete: IconFlagCheck,
  revise: IconArrowBackUp,
  archive: IconArchive,
} as const;

/** The icon of a move, for buttons and menu items. */
export const MoveIcon = ({ move, size = 16 }: { move: CampaignMove; size?: number }): ReactNode => {
  const Icon = ICONS[move.action];
  return <Icon size={size} aria-hidden="true" />;
};

export const useCampaignStatusActions = () => {
  const { t } = useTranslation('campaigns');
  const [pending, setPending] = useState<{ campaign: StatusTarget; move: CampaignMove } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const setStatus = useSetCampaignStatus();

  const ask = (campaign: StatusTarget, move: CampaignMove) => {
    setReason('');
    setReasonError(null);
    setPending({ campaign, move });
  };

  const confirm = async () => {
    if (!pending) return;
    const { campaign, move } = pending;
    if (move.needsReason && !reason.trim()) {
      setReasonError(t('moves.reasonRequired'));
      throw new Error('reason required');
    }
    try {
      const updated = await setStatus.mutateAsync({
        id: campaign.campaign_id,
        to: move.to,
        reason: move.needsReason ? reason.trim() : undefined,
      });
      showToast('success', t('moves.done', { name: updated.name, status: t(`status.${updated.status}`) }));
    } catch (error) {
      showToast('error', failureMessage(error, t('errors.statusFailed')));
      throw error;
    }
  };

  const move = pending?.move;
  const name = pending?.campaign.name ?? '';
  const dialog = (
    <ConfirmAction
      opened={pending !== null}
      onClose={() => setPending(null)}
      onConfirm={confirm}
      danger={move?.danger ?? false}
      title={move ? t(`moves.${move.action}.title`) : ''}
      message={
        <Stack gap="sm">
          <Text>{move ? t(`moves.${move.action}.message`, { name }) : ''}</Text>
          {move?.needsReason ? (
            <Textarea
              label={t('moves.reasonLabel')}
              description={t('moves.reasonHint')}
              required
              autosize
              minRows={3}
              maxLength={REASON_MAX}
              value={reason}
              error={reasonError}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
              data-testid="campaign-status-reason"
            />
          ) : null}
        </Stack>
      }
      confirmLabel={move ? t(`moves.${move.action}.label`) : undefined}
      testId="campaign-status-confirm"
    />
  );

  return {
    /** Opens the confirmation of `move` for `campaign`. */
    ask,
    dialog,
    /** The id of the campaign whose move is running. */
    busyId: setStatus.isPending ? setStatus.variables?.id : undefined,
  };
};
