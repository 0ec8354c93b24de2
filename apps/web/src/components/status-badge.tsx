// An account's status (ACTIVE, INACTIVE, PENDING) as a coloured badge; unknown values as they are.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useTranslation } from '../lib/i18n/locale-store.ts';

const STATUS_COLORS: Record<string, string> = { ACTIVE: 'green', INACTIVE: 'gray', PENDING: 'yellow' };

export const StatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation('components');
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      radius="sm"
      data-testid="status-badge"
      data-status={status}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
};
