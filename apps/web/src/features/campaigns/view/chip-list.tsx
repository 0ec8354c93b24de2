// A chip list of targeting values on the campaign view ("Any" when empty; the first ones, then
// "+N more").
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

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
