// A time field in the console's language: 24-hour in German, Spanish, Italian and Russian, 12-hour
// with AM/PM in English (lib/format/time-text.ts), where the browser's own time input would follow
// the browser's language whatever the console's. The value stays HH:MM (24-hour).
import { TextInput, type TextInputProps } from '@mantine/core';
import { useCallback } from 'react';
import { localeOf } from '../lib/format/date-time.ts';
import { formatTimeText, parseTimeText, timePlaceholder } from '../lib/format/time-text.ts';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { useWrittenValue } from './use-written-value.ts';

type TimeFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** The time, HH:MM; '' for none. */
  value: string;
  /** A whole time typed (HH:MM), or null when the field was emptied. */
  onChange: (time: string | null) => void;
  'data-testid'?: string;
};

export const TimeField = ({ value, onChange, error, ...props }: TimeFieldProps) => {
  const { t, i18n } = useTranslation('components');
  const locale = localeOf(i18n.language);
  const format = useCallback((time: string) => formatTimeText(time, locale), [locale]);
  const field = useWrittenValue({ value, onChange, format, parse: parseTimeText });
  return (
    <TextInput
      {...props}
      value={field.text}
      placeholder={timePlaceholder(locale, { hour: t('timeField.hour'), minute: t('timeField.minute') })}
      autoComplete="off"
      onChange={(event) => field.type(event.currentTarget.value)}
      onBlur={field.blur}
      error={
        error ??
        (field.invalid ? t('timeField.invalid', { example: formatTimeText('14:30', locale) }) : undefined)
      }
    />
  );
};
