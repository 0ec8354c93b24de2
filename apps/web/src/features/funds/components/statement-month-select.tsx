// The statement's month, named in the console's language ("March 2026", "März 2026" in German,
// "март 2026 г." in Russian), newest first: the browser's own month input wrote the browser's
// language and format whatever the console's. A native select (typing a name's first letters jumps
// to it): the combobox of Mantine's Select took /funds over its 250 kB budget. The value stays YYYY-MM.
import '@mantine/core/styles/Input.css';
import { NativeSelect } from '@mantine/core';
import { useMemo } from 'react';

/** How many months back a statement can be asked for: five years of books. */
const MONTHS_BACK = 60;

/** The month `now` is in, in `timeZone` (the statement counts in the reader's zone), as YYYY-MM. */
export const monthIn = (timeZone: string, now = new Date()) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: 'year' | 'month') => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}`;
};

/**
 * The reader's month (monthIn) and the MONTHS_BACK before it, as YYYY-MM with their names in
 * `locale`: east of UTC the new month starts hours before it does in UTC, and is offered then.
 */
export const statementMonthOptions = (locale: string, timeZone: string, now = new Date()) => {
  const name = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const [year, month] = monthIn(timeZone, now).split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS_BACK + 1 }, (_, back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    return { value: first.toISOString().slice(0, 7), label: name.format(first) };
  });
};

export const StatementMonthSelect = ({
  label,
  locale,
  timeZone,
  value,
  onChange,
}: {
  label: string;
  locale: string;
  timeZone: string;
  value: string;
  onChange: (month: string) => void;
}) => {
  const options = useMemo(() => statementMonthOptions(locale, timeZone), [locale, timeZone]);
  return (
    <NativeSelect
      label={label}
      data={options}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid="funds-statement-month"
    />
  );
};
