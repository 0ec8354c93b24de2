// The outcome of one item of a bulk call: done (green) or failed (red), with an icon so that the
// colour is not the only sign.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

export const OutcomeBadge = ({
  ok,
  okLabel,
  failedLabel,
  testId,
}: {
  ok: boolean;
  okLabel: string;
  failedLabel: string;
  testId?: string;
}) => (
  <Badge
    variant="filled"
    color={ok ? 'green.2' : 'red.2'}
    autoContrast
    radius="sm"
    leftSection={ok ? <IconCheck size={12} aria-hidden="true" /> : <IconX size={12} aria-hidden="true" />}
    data-testid={testId}
  >
    {ok ? okLabel : failedLabel}
  </Badge>
);
