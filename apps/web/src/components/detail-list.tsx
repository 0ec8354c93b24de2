// The label/value lists of view pages and form reviews: `DetailList` (a <dl>, one row a label and its
// value; null/false rows are skipped, nothing renders when no row is left) and `DetailSection` (a
// titled card, labelled by its heading, with optional description and actions).
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './detail-list.module.css';

export type DetailRow = { label: string; value: ReactNode; testId?: string };

export const DetailList = ({ rows }: { rows: readonly (DetailRow | null | false | undefined)[] }) => {
  const shown = rows.filter((row): row is DetailRow => Boolean(row));
  if (shown.length === 0) return null;
  return (
    <dl className={classes.list}>
      {shown.map((row) => (
        <div key={row.label} className={classes.row}>
          <Text component="dt" size="sm" c="dimmed" fw={500}>
            {row.label}
          </Text>
          <Text component="dd" size="sm" data-testid={row.testId}>
            {row.value}
          </Text>
        </div>
      ))}
    </dl>
  );
};

export const DetailSection = ({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) => {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id} data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h4" id={id}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
};
