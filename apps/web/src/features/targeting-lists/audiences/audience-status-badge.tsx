// An audience's status as a coloured badge (lifecycle in packages/core/src/audience-status.ts).
import '@mantine/core/styles/Badge.css';
import type { AudienceStatus } from '@console/core/audience-status';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

const COLORS = {
  PROCESSING: 'blue',
  READY: 'green',
  FAILED: 'red',
  ARCHIVED: 'gray',
} as const satisfies Record<AudienceStatus, string>;

export const AudienceStatusBadge = ({ status }: { status: AudienceStatus }) => {
  const { t } = useTranslation('lists');
  return (
    <Badge variant="light" color={COLORS[status]} data-testid="audience-status">
      {t(`audienceStatus.${status}`)}
    </Badge>
  );
};
