import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

export type ColumnChoice = { id: string; label: string; isVisible: boolean; canHide: boolean };

/** A "Columns" button opening a list of checkboxes, one per column that may be hidden. */
export const ColumnChooser = ({
  columns,
  onToggle,
  testId,
}: {
  columns: readonly ColumnChoice[];
  onToggle: (id: string) => void;
  testId: string;
}) => {
  const { t } = useTranslation('components');
  const titleId = useId();
  const visibleCount = columns.filter((column) => column.isVisible).length;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconColumns3 size={16} aria-hidden="true" />}
          data-testid={`${testId}-columns`}
        >
          {t('table.columns')}
        </Button>
      </Popover.Target>
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
