// Badges in light tints with dark text (autoContrast), which keep WCAG AA contrast at badge size.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

const TONES = { ok: 'green.2', bad: 'red.2', neutral: 'gray.2' } as const;

export const ToneBadge = ({
  tone,
  children,
  testId,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  testId?: string;
}) => (
  <Badge variant="filled" color={TONES[tone]} autoContrast radius="sm" data-testid={testId}>
    {children}
  </Badge>
);

export const DspStatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation('dsp');
  return (
    <ToneBadge tone={status === 'ACTIVE' ? 'ok' : 'neutral'} testId="dsp-status">
      {t(`status.${status}`, { defaultValue: status })}
    </ToneBadge>
  );
};
