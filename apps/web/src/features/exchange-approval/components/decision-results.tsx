// The per-item answer of a decision: each campaign x exchange with its outcome (decided, or why it
// failed and stayed unchanged) and the campaign's status afterwards.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { ItemTable } from '../../../components/item-table.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import type { DecisionOutcome } from '../approval-model.ts';
import { ApprovalStateBadge } from './approval-state-badge.tsx';

type DecisionResultsProps = {
  outcome: DecisionOutcome;
  /** Only the failed items (the queue, where decided rows update in place). */
  failuresOnly?: boolean;
  onClose?: () => void;
  testId?: string;
};

export const DecisionResults = ({
  outcome,
  failuresOnly = false,
  onClose,
  testId = 'decision-results',
}: DecisionResultsProps) => {
  const { t } = useTranslation('exchange-approval');
  const items = failuresOnly ? outcome.failures : outcome.items;
  if (items.length === 0) return null;
  const hasFailures = outcome.failed > 0;
  return (
    <Alert
      color={hasFailures ? 'orange' : 'green'}
      variant="light"
      icon={
        hasFailures ? (
          <IconAlertTriangle size={18} aria-hidden="true" />
        ) : (
          <IconCircleCheck size={18} aria-hidden="true" />
        )
      }
      title={t(`results.title.${outcome.decision}`, {
        succeeded: outcome.succeeded,
        failed: outcome.failed,
        total: outcome.items.length,
      })}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel={t('results.close')}
      role={hasFailures ? 'alert' : 'status'}
      data-testid={testId}
    >
      <ItemTable
        plain
        minWidth={520}
        items={items}
        getKey={(item) => item.key}
        caption={failuresOnly ? t('results.failuresCaption') : t('results.caption')}
        rowTestId={(item) => `${testId}-row-${item.key}`}
        isOk={(item) => item.ok}
        columns={[
          {
            id: 'campaign',
            header: t('columns.campaign'),
            isRowHeader: true,
            cell: (item) => item.campaign_name,
          },
          { id: 'exchange', header: t('columns.exchange'), cell: (item) => item.exchange_name },
          {
            id: 'outcome',
            header: t('results.outcome'),
            cell: (item) =>
              item.ok ? (
                <ApprovalStateBadge state={outcome.decision} />
              ) : (
                <Text size="sm" c="red.9" data-testid="decision-failure">
                  {t('results.failed', { message: item.message ?? t('errors.decideFailed') })}
                </Text>
              ),
          },
          {
            id: 'status',
            header: t('results.campaignStatus'),
            cell: (item) =>
              item.campaign_status ? (
                t(`campaignStatus.${item.campaign_status}`)
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('results.unchanged')}
                </Text>
              ),
          },
        ]}
      />
    </Alert>
  );
};
