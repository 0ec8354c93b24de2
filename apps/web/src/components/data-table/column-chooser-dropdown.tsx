// The column chooser's list (column-chooser.tsx draws its button): loaded with its first opening, and
// mounted open.
import { Checkbox, Popover, Stack, Text } from '@mantine/core';
import { type ReactElement, useId } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import type { ColumnChoice } from './column-chooser.tsx';

const ColumnChooserDropdown = ({
  columns,
  onToggle,
  testId,
  target,
}: {
  columns: readonly ColumnChoice[];
  onToggle: (id: string) => void;
  testId: string;
  target: ReactElement;
}) => {
  const { t } = useTranslation('components');
  const titleId = useId();
  const visibleCount = columns.filter((column) => column.isVisible).length;
  return (
    <Popover defaultOpened position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <fieldset aria-labelledby={titleId} style={{ border: 0, margin: 0, padding: 0 }}>
          <Text id={titleId} fw={600} size="sm" mb="xs">
            {t('table.columnsTitle')}
          </Text>
          <Stack gap={8}>
            {columns
              .filter((column) => column.canHide)
              .map((column) => (
                <Checkbox
                  key={column.id}
                  label={column.label}
                  checked={column.isVisible}
                  // The last visible column stays.
                  disabled={column.isVisible && visibleCount <= 1}
                  onChange={() => onToggle(column.id)}
                  data-testid={`${testId}-column-${column.id}`}
                />
              ))}
          </Stack>
        </fieldset>
      </Popover.Dropdown>
    </Popover>
  );
};

export default ColumnChooserDropdown;
