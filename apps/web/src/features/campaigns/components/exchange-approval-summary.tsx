// The per-exchange approval counts of a campaign at a glance: "2 approved · 1 pending · 1 rejected"
// out of the total, coloured like the exchange-state badges; "No exchanges" when it has none.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Badge, Group, Text } from '@mantine/core';
import { IconCheck, IconClock, IconPencil, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { type ExchangeCounts, exchangeSummaryParts } from './campaign-format.ts';
import { EXCHANGE_STATE_COLORS } from './campaign-status-badge.tsx';

const ICONS = { APPROVED: IconCheck, PENDING: IconClock, REJECTED: IconX, UNSUBMITTED: IconPencil } as const;

export const ExchangeApprovalSummary = ({
  counts,
  campaignStatus,
  testId = 'exchange-summary',
}: {
  counts: ExchangeCounts;
  /** A draft's pending exchanges read "not submitted". */
  campaignStatus: string;
  testId?: string;
}) => {
  const { t } = useTranslation('campaigns');
  if (counts.total === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('exchangeSummary.none')}
      </Text>
    );
  }
  const parts = exchangeSummaryParts(counts, campaignStatus);
  const text = t(campaignStatus === 'DRAFT' ? 'exchangeSummary.labelDraft' : 'exchangeSummary.label', {
    approved: counts.approved,
    pending: counts.pending,
    rejected: counts.rejected,
    total: counts.total,
  });
  return (
    <Group gap={4} wrap="nowrap" aria-label={text} role="group" data-testid={testId}>
      {parts.map((part) => {
        const Icon = ICONS[part.state];
        return (
          <Badge
            key={part.state}
            variant="filled"
            color={EXCHANGE_STATE_COLORS[part.state]}
            autoContrast
            radius="sm"
            size="sm"
            miw="max-content"
            aria-hidden="true"
            title={t(`exchangeSummary.${part.state}`, { count: part.count })}
            leftSection={<Icon size={12} aria-hidden="true" />}
            data-state={part.state}
          >
            {part.count}
          </Badge>
        );
      })}
      <Text size="xs" c="dimmed" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
        {t('exchangeSummary.ofTotal', { total: counts.total })}
      </Text>
    </Group>
  );
};
