// A report's generation status as a coloured badge, with the progress while it runs.
import '@mantine/core/styles/Badge.css';
import type { ReportStatus } from '@console/core/api/reports';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

const COLORS = {
  DRAFT: 'gray',
  QUEUED: 'blue',
  RUNNING: 'blue',
  READY: 'green',
  FAILED: 'red',
} as const satisfies Record<ReportStatus, string>;

export const ReportStatusBadge = ({ status, progress }: { status: ReportStatus; progress?: number }) => {
  const { t } = useTranslation('reports');
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="report-status">
      {status === 'RUNNING' && progress !== undefined
        ? `${t(`status.${status}`)} ${progress}%`
        : t(`status.${status}`)}
    </Badge>
  );
};
