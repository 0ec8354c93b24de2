// The first and last day of a report or an export (inclusive YYYY-MM-DD), side by side, each with its
// field error; test ids `<testId>-from` and `<testId>-to`.
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import { Group, TextInput } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

export type DayRangeKey = 'date_from' | 'date_to';

export const DayRangeFields = ({
  from,
  to,
  onChange,
  errorOf,
  testId,
}: {
  from: string;
  to: string;
  onChange: (key: DayRangeKey, day: string) => void;
  errorOf: (key: DayRangeKey) => string | undefined;
  testId: string;
}) => {
  const { t } = useTranslation('reports');
  const field = (key: DayRangeKey, label: string, value: string, suffix: string) => (
    <TextInput
      type="date"
      label={label}
      required
      value={value}
      onChange={(event) => onChange(key, event.currentTarget.value)}
      error={errorOf(key)}
      data-testid={`${testId}-${suffix}`}
    />
  );
  return (
    <Group grow align="flex-start">
      {field('date_from', t('form.from'), from, 'from')}
      {field('date_to', t('form.to'), to, 'to')}
    </Group>
  );
};
