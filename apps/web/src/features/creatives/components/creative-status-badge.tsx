// A creative's overall status (PENDING / APPROVED / REJECTED), one exchange's approval state, the
// creative type and the per-exchange approval counts, as badges in light tints with dark text
// (autoContrast keeps WCAG AA at badge size). Shared by every creative screen (list, view, bulk).
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import type { CreativeApprovalState, CreativeStatus, CreativeType } from '@console/core/api/creatives';
import { Badge, type BadgeProps, type ElementProps, Group, Text } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

export const CREATIVE_STATUS_COLORS = {
  PENDING: 'yellow.2',
  APPROVED: 'green.2',
  REJECTED: 'red.2',
} as const satisfies Record<CreativeStatus, string>;

export const CREATIVE_TYPE_COLORS = {
  image: 'blue.1',
  native: 'grape.1',
  video: 'cyan.1',
  html: 'orange.1',
} as const satisfies Record<CreativeType, string>;

type BadgeSize = 'xs' | 'sm' | 'md';

/** A badge of this file's one look: a light tint, dark text, never wrapped. */
const TintBadge = (
  props: Omit<BadgeProps, 'variant' | 'autoContrast' | 'radius' | 'miw'> & ElementProps<'div'>,
) => <Badge variant="filled" autoContrast radius="sm" miw="max-content" size="sm" {...props} />;

/** The status of a creative (`creatives:status.<STATUS>`); test id `creative-status` by default. */
export const CreativeStatusBadge = ({
  status,
  testId = 'creative-status',
  size = 'sm',
}: {
  status: CreativeStatus;
  testId?: string;
  size?: BadgeSize;
}) => {
  const { t } = useTranslation('creatives');
  return (
    <TintBadge
      color={CREATIVE_STATUS_COLORS[status] ?? 'gray.2'}
      size={size}
      data-testid={testId}
      data-status={status}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </TintBadge>
  );
};

/** The approval state of one creative x exchange (`creatives:exchangeState.<STATE>`). */
export const CreativeExchangeStateBadge = ({
  state,
  testId = 'creative-exchange-state',
  size = 'sm',
}: {
  state: CreativeApprovalState;
  testId?: string;
  size?: BadgeSize;
}) => {
  const { t } = useTranslation('creatives');
  return (
    <TintBadge
      color={CREATIVE_STATUS_COLORS[state] ?? 'gray.2'}
      size={size}
      data-testid={testId}
      data-state={state}
    >
      {t(`exchangeState.${state}`, { defaultValue: state })}
    </TintBadge>
  );
};

/** The creative type (`creatives:types.<type>`); test id `creative-type` by default. */
export const CreativeTypeBadge = ({
  type,
  testId = 'creative-type',
  size = 'sm',
}: {
  type: CreativeType;
  testId?: string;
  size?: BadgeSize;
}) => {
  const { t } = useTranslation('creatives');
  return (
    <TintBadge
      color={CREATIVE_TYPE_COLORS[type] ?? 'gray.1'}
      size={size}
      tt="none"
      data-testid={testId}
      data-type={type}
    >
      {t(`types.${type}`, { defaultValue: type })}
    </TintBadge>
  );
};

export type CreativeExchangeCounts = { total: number; pending: number; approved: number; rejected: number };

const STATE_ICONS = { APPROVED: IconCheck, PENDING: IconClock, REJECTED: IconX } as const;
const STATE_ORDER = ['APPROVED', 'PENDING', 'REJECTED'] as const;
const countOf = (counts: CreativeExchangeCounts, state: (typeof STATE_ORDER)[number]) =>
  state === 'APPROVED' ? counts.approved : state === 'PENDING' ? counts.pending : counts.rejected;

/** "2 approved · 1 pending · 1 rejected of 4 exchanges" as small badges (non-zero states only). */
export const CreativeExchangeSummary = ({
  counts,
  testId = 'creative-exchange-summary',
}: {
  counts: CreativeExchangeCounts;
  testId?: string;
}) => {
  const { t } = useTranslation('creatives');
  if (counts.total === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('exchangeSummary.none')}
      </Text>
    );
  }
  const text = t('exchangeSummary.label', {
    approved: counts.approved,
    pending: counts.pending,
    rejected: counts.rejected,
    total: counts.total,
  });
  return (
    <Group gap={4} wrap="nowrap" aria-label={text} role="group" data-testid={testId}>
      {STATE_ORDER.filter((state) => countOf(counts, state) > 0).map((state) => {
        const Icon = STATE_ICONS[state];
        return (
          <TintBadge
            key={state}
            color={CREATIVE_STATUS_COLORS[state]}
            aria-hidden="true"
            title={t(`exchangeSummary.${state}`, { count: countOf(counts, state) })}
            leftSection={<Icon size={12} aria-hidden="true" />}
            data-state={state}
          >
            {countOf(counts, state)}
          </TintBadge>
        );
      })}
      <Text size="xs" c="dimmed" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
        {t('exchangeSummary.ofTotal', { total: counts.total })}
      </Text>
    </Group>
  );
};
