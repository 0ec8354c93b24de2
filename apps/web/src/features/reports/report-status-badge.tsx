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

/**
 * Never cut: a badge's label clips with an ellipsis by default, so a table laying out its columns
 * squeezed the status column to "NOT GENERA…" (1440 px, the list's seven columns); a label that
 * shows whole keeps the column as wide as the words.
 */
const WHOLE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

export const ReportStatusBadge = ({ status, progress }: { status: ReportStatus; progress?: number }) => {
  const { t } = useTranslation('reports');
  return (
    <Badge color={COLORS[status]} variant="light" styles={WHOLE} data-testid="report-status">
      {status === 'RUNNING' && progress !== undefined
        ? `${t(`status.${status}`)} ${progress}%`
        : t(`status.${status}`)}
    </Badge>
  );
};
