// The monthly statement of an account as a PDF, for the month chosen (this month by default), with
// the month's spend as the dashboards count it (delivered in the month), and, when spend of a closed
// month was booked after it closed (a late notice), when and by how much that revised it.
import { formatMicros, formatMicrosExact } from '@console/core/format/money';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, localeOf, userTimeZone } from '../../../lib/format/date-time.ts';
import { resolveLanguage } from '../../../lib/i18n/languages.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { downloadFundsFile } from '../api/download-funds-file.ts';
import { useStatementSummary } from '../api/get-statement-summary.ts';
import { monthIn, StatementMonthSelect } from './statement-month-select.tsx';

export const StatementCard = ({ userId }: { userId: number | undefined }) => {
  const { t, i18n } = useTranslation('funds');
  const locale = localeOf(i18n.language);
  // The month in the reader's zone, as the dashboards count it.
  const timeZone = userTimeZone();
  const [month, setMonth] = useState(() => monthIn(timeZone));
  const summary = useStatementSummary(userId, month, timeZone).data;
  const revision = summary?.revision;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('statement.title')}
        </Title>
        <Group align="flex-end" gap="sm">
          <StatementMonthSelect
            label={t('statement.month')}
            locale={locale}
            timeZone={timeZone}
            value={month}
            onChange={setMonth}
          />
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
            onClick={() =>
              void downloadFundsFile(
                '/api/funds/statement',
                // The statement's words, days and money in the reader's language.
                { month, tz: timeZone, user_primary_id: userId, lang: resolveLanguage(i18n.language) },
                `statement-${userId ?? 'account'}-${month}.pdf`,
              )
            }
            data-testid="funds-statement-download"
          >
            {t('statement.download')}
          </Button>
        </Group>
        {summary && (summary.spend_micros !== 0 || summary.margin_income_micros === 0) ? (
          <Text size="sm" data-testid="funds-statement-spend">
            {t('statement.spend', { amount: formatMicros(summary.spend_micros, locale) })}
          </Text>
        ) : null}
        {summary && summary.margin_income_micros !== 0 ? (
          <Text size="sm" data-testid="funds-statement-margin-income">
            {t('statement.marginIncome', { amount: formatMicrosExact(summary.margin_income_micros, locale) })}
          </Text>
        ) : null}
        {revision ? (
          <Alert color="orange" variant="light" data-testid="funds-statement-revision">
            {t('statement.revised', {
              // A day of the reader's zone (the statement's), shown as that day.
              date: formatDate(`${revision.revised_on}T12:00:00Z`, i18n.language, 'UTC'),
              amount: `${revision.late_spend_micros > 0 ? '+' : ''}${formatMicros(revision.late_spend_micros, locale)}`,
            })}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
};
