// Approve and reject for the selected rows of a decision queue (campaign or creative exchanges).
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import type { Decision } from './decision-reason.ts';

export const DecisionButtons = ({
  count,
  onDecide,
  isPending = false,
  testIds,
  testId,
  children,
}: {
  /** How many rows are selected; none disables both. */
  count: number;
  onDecide: (decision: Decision) => void;
  /** A decision is being sent. */
  isPending?: boolean;
  testIds: { approve: string; reject: string };
  /** data-testid of the group. */
  testId?: string;
  /** More buttons after the two (clear the selection...). */
  children?: ReactNode;
}) => {
  const { t } = useTranslation('components');
  return (
    <Group gap="xs" data-testid={testId}>
      <Button
        color="green.9"
        leftSection={<IconCheck size={16} aria-hidden="true" />}
        disabled={count === 0}
        loading={isPending}
        onClick={() => onDecide('APPROVED')}
        data-testid={testIds.approve}
      >
        {t('decision.approveSelected', { count })}
      </Button>
      <Button
        color="red.9"
        leftSection={<IconX size={16} aria-hidden="true" />}
        disabled={count === 0 || isPending}
        onClick={() => onDecide('REJECTED')}
        data-testid={testIds.reject}
      >
        {t('decision.rejectSelected', { count })}
      </Button>
      {children}
    </Group>
  );
};
