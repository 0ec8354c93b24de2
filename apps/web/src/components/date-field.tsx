// A day field in the console's language: text written as the reader writes dates (German
// 28.11.2026, placeholder TT.MM.JJJJ; lib/format/date-text.ts), where the browser's own date input
// would write the browser's format (Chromium: mm/dd/yyyy) whatever the console's language. The value
// stays YYYY-MM-DD. Typing is plain text (every key as in any field); the calendar button opens the
// browser's date picker for those who would rather choose.
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useCallback, useRef } from 'react';
import { dayPlaceholder, formatDayText, parseDayText } from '../lib/format/date-text.ts';
import { localeOf } from '../lib/format/date-time.ts';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { useWrittenValue } from './use-written-value.ts';

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  /** The day, YYYY-MM-DD; '' for none. */
  value: string;
  /** A whole day typed or chosen (YYYY-MM-DD), or null when the field was emptied. */
  onChange: (day: string | null) => void;
  min?: string | undefined;
  max?: string | undefined;
  'data-testid'?: string;
};

export const DateField = ({ value, onChange, min, max, error, ...props }: DateFieldProps) => {
  const { t, i18n } = useTranslation('components');
  const locale = localeOf(i18n.language);
  const format = useCallback((day: string) => formatDayText(day, locale), [locale]);
  const parse = useCallback((text: string) => parseDayText(text, locale), [locale]);
  const field = useWrittenValue({ value, onChange, format, parse });
  const picker = useRef<HTMLInputElement>(null);

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        {...props}
        value={field.text}
        placeholder={dayPlaceholder(locale, {
          day: t('dateField.day'),
          month: t('dateField.month'),
          year: t('dateField.year'),
        })}
        inputMode="numeric"
        autoComplete="off"
        onChange={(event) => field.type(event.currentTarget.value)}
        onBlur={field.blur}
        error={
          error ??
          (field.invalid
            ? t('dateField.invalid', { example: formatDayText('2026-11-28', locale) })
            : undefined)
        }
        rightSection={
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('dateField.pick')}
            onClick={() => picker.current?.showPicker?.()}
          >
            <IconCalendar size={16} aria-hidden="true" />
          </ActionIcon>
        }
      />
      {/* The browser's picker, opened by the button: not a field of its own. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        onChange={(event) => field.choose(event.currentTarget.value)}
        style={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: 1,
          height: 1,
          opacity: 0,
          pointerEvents: 'none',
        }}
      />
    </div>
  );
};
