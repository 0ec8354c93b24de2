// The monthly statement of an account as a PDF, for the month chosen (this month by default).
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFundsFile } from '../api/download-funds-file.ts';

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const StatementCard = ({ userId }: { userId: number | undefined }) => {
  const { t } = useTranslation('funds');
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const isValid = MONTH_PATTERN.test(month);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('statement.title')}
        </Title>
        <Group align="flex-end" gap="sm">
          <TextInput
            type="month"
            label={t('statement.month')}
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
            error={isValid ? undefined : t('statement.monthInvalid')}
            data-testid="funds-statement-month"
          />
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
            disabled={!isValid}
            onClick={() =>
              void downloadFundsFile(
                '/api/funds/statement',
                { month, user_primary_id: userId },
                `statement-${userId ?? 'account'}-${month}.pdf`,
              )
            }
            data-testid="funds-statement-download"
          >
            {t('statement.download')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
