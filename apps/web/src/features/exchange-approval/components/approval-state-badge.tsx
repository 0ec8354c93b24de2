// The approval state of one campaign x exchange as a badge: light tints with dark text
// (autoContrast), which keep WCAG AA contrast at badge size.
import '@mantine/core/styles/Badge.css';
import type { ExchangeApprovalState } from '@console/core/campaign-status';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

const COLORS = {
  PENDING: 'yellow.2',
  APPROVED: 'green.2',
  REJECTED: 'red.2',
} as const satisfies Record<ExchangeApprovalState, string>;

export const ApprovalStateBadge = ({ state }: { state: ExchangeApprovalState }) => {
  const { t } = useTranslation('exchange-approval');
  return (
    <Badge
      variant="filled"
      color={COLORS[state]}
      autoContrast
      radius="sm"
      tt="none"
      // Never cut to "App…" in a narrow table column.
      style={{ minWidth: 'max-content' }}
      data-testid="approval-state"
      data-state={state}
    >
      {t(`state.${state}`)}
    </Badge>
  );
};
