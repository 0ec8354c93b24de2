// Building blocks of the campaign view: a titled section card, a definition list of label/value
// rows, and a chip list of targeting values ("Any" when empty; the first ones, then "+N more").
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './detail-list.module.css';

export const Section = ({
  title,
  description,
  children,
  testId,
  actions,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
  actions?: ReactNode;
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

export type DetailRow = { label: string; value: ReactNode; testId?: string } | null | false;

export const DetailList = ({ rows }: { rows: readonly DetailRow[] }) => (
  <dl className={classes.list}>
    {rows
      .filter((row): row is Exclude<DetailRow, null | false> => Boolean(row))
      .map((row) => (
        <div key={row.label} className={classes.row}>
          <Text component="dt" size="sm" c="dimmed" fw={500}>
            {row.label}
          </Text>
          <Text component="dd" size="sm" data-testid={row.testId} style={{ wordBreak: 'break-word' }}>
            {row.value}
          </Text>
        </div>
      ))}
  </dl>
);

/** How many chips show before "+N more". */
const FIRST = 24;

export const ChipList = ({
  items,
  emptyText,
  testId,
}: {
  items: readonly { key: string; label: string; title?: string }[];
  /** Shown when there is none; default "Any". */
  emptyText?: string;
  testId?: string;
}) => {
  const { t } = useTranslation('campaigns');
  const [isOpen, setIsOpen] = useState(false);
  if (items.length === 0) {
    return (
      <Text span size="sm" c="dimmed" data-testid={testId}>
        {emptyText ?? t('view.any')}
      </Text>
    );
  }
  const shown = isOpen ? items : items.slice(0, FIRST);
  return (
    <Group gap={4} data-testid={testId}>
      {shown.map((item) => (
        <Badge key={item.key} variant="default" radius="sm" tt="none" fw={500} title={item.title}>
          {item.label}
        </Badge>
      ))}
      {items.length > FIRST ? (
        <Button variant="subtle" size="compact-xs" onClick={() => setIsOpen((open) => !open)}>
          {isOpen ? t('view.showFewer') : t('view.showMore', { count: items.length - FIRST })}
        </Button>
      ) : null}
    </Group>
  );
};

/** A table caption read by screen readers only (a <div> may not sit in a <table>). */
export const HIDDEN_CAPTION = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
