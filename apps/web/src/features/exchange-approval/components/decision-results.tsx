// The per-item answer of a decision: each campaign x exchange with its outcome (decided, or why it
// failed and stayed unchanged) and the campaign's status afterwards.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import { Alert, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
      <Table.ScrollContainer minWidth={520} type="native">
        <Table verticalSpacing={4} fz="sm">
          <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 4 }}>
            <Text span size="sm">
              {failuresOnly ? t('results.failuresCaption') : t('results.caption')}
            </Text>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columns.campaign')}</Table.Th>
              <Table.Th scope="col">{t('columns.exchange')}</Table.Th>
              <Table.Th scope="col">{t('results.outcome')}</Table.Th>
              <Table.Th scope="col">{t('results.campaignStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.key} data-testid={`${testId}-row-${item.key}`} data-ok={item.ok}>
                <Table.Th scope="row" fw={500}>
                  {item.campaign_name}
                </Table.Th>
                <Table.Td>{item.exchange_name}</Table.Td>
                <Table.Td>
                  {item.ok ? (
                    <ApprovalStateBadge state={outcome.decision} />
                  ) : (
                    <Text size="sm" c="red.9" data-testid="decision-failure">
                      {t('results.failed', { message: item.message ?? t('errors.decideFailed') })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {item.campaign_status ? (
                    t(`campaignStatus.${item.campaign_status}`)
                  ) : (
                    <Text span size="sm" c="dimmed">
                      {t('results.unchanged')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
};
