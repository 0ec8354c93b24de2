// A campaign's status as a badge in a light tint with dark text (autoContrast keeps WCAG AA at badge
// size). Shared by every campaign screen: list, view, form, bulk pages.
import '@mantine/core/styles/Badge.css';
import type { CampaignStatus } from '@console/core/campaign-status';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import type { ExchangeDisplayState } from './campaign-format.ts';

export const CAMPAIGN_STATUS_COLORS = {
  DRAFT: 'gray.2',
  PENDING_APPROVAL: 'yellow.2',
  ACTIVE: 'green.2',
  PAUSED: 'orange.2',
  COMPLETED: 'blue.2',
  REJECTED: 'red.2',
  ARCHIVED: 'dark.1',
} as const satisfies Record<CampaignStatus, string>;

export const EXCHANGE_STATE_COLORS = {
  PENDING: 'yellow.2',
  APPROVED: 'green.2',
  REJECTED: 'red.2',
  UNSUBMITTED: 'gray.2',
} as const satisfies Record<ExchangeDisplayState, string>;

type BadgeProps = { testId?: string; size?: 'xs' | 'sm' | 'md' };

/** The status of a campaign, translated (`campaigns:status.<STATUS>`); test id `campaign-status` by default. */
export const CampaignStatusBadge = ({
  status,
  testId = 'campaign-status',
  size = 'sm',
}: { status: CampaignStatus } & BadgeProps) => {
  const { t } = useTranslation('campaigns');
  return (
    <Badge
      variant="filled"
      color={CAMPAIGN_STATUS_COLORS[status] ?? 'gray.2'}
      autoContrast
      radius="sm"
      size={size}
      miw="max-content"
      data-testid={testId}
      data-status={status}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
};

/** The approval state of one campaign x exchange (`campaigns:exchangeState.<STATE>`), as displayed. */
export const ExchangeStateBadge = ({
  state,
  testId = 'exchange-state',
  size = 'sm',
}: { state: ExchangeDisplayState } & BadgeProps) => {
  const { t } = useTranslation('campaigns');
  return (
    <Badge
      variant="filled"
      color={EXCHANGE_STATE_COLORS[state]}
      autoContrast
      radius="sm"
      size={size}
      miw="max-content"
      data-testid={testId}
      data-state={state}
    >
      {t(`exchangeState.${state}`, { defaultValue: state })}
    </Badge>
  );
};
