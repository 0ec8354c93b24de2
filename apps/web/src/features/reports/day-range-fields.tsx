// The first and last day of a report or an export (inclusive YYYY-MM-DD), side by side, each with its
// field error, written in the console's language (DateField); test ids `<testId>-from` and `<testId>-to`. `utc`: the days are UTC days (the
// running-apps export), and the labels say so; a report's days are in its own time zone.
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import { Group } from '@mantine/core';
import { DateField } from '../../components/date-field.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

export type DayRangeKey = 'date_from' | 'date_to';

export const DayRangeFields = ({
  from,
  to,
  onChange,
  errorOf,
  testId,
  utc = false,
}: {
  from: string;
  to: string;
  onChange: (key: DayRangeKey, day: string) => void;
  errorOf: (key: DayRangeKey) => string | undefined;
  testId: string;
  utc?: boolean;
}) => {
  const { t } = useTranslation('reports');
  const field = (key: DayRangeKey, label: string, value: string, suffix: string) => (
    <DateField
      label={label}
      required
      value={value}
      onChange={(day) => onChange(key, day ?? '')}
      error={errorOf(key)}
      data-testid={`${testId}-${suffix}`}
    />
  );
  return (
    <Group grow align="flex-start">
      {field('date_from', t(utc ? 'form.fromUtc' : 'form.from'), from, 'from')}
      {field('date_to', t(utc ? 'form.toUtc' : 'form.to'), to, 'to')}
    </Group>
  );
};
