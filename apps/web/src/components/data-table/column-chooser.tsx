import { Button } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { type OnDemandTargetProps, OpenOnDemand } from '../on-demand.tsx';

export type ColumnChoice = { id: string; label: string; isVisible: boolean; canHide: boolean };

const loadColumnChooserDropdown = () => import('./column-chooser-dropdown.tsx');
const ColumnChooserDropdown = lazy(loadColumnChooserDropdown);

/**
 * A "Columns" button opening a list of checkboxes, one per column that may be hidden. The list
 * (Mantine's Popover) loads when the button is first hovered, focused or pressed (../on-demand.tsx).
 */
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
  const target = (props: OnDemandTargetProps) => (
    <Button
      variant="default"
      leftSection={<IconColumns3 size={16} aria-hidden="true" />}
      aria-haspopup="dialog"
      data-testid={`${testId}-columns`}
      {...props}
    >
      {t('table.columns')}
    </Button>
  );
  return (
    <OpenOnDemand load={loadColumnChooserDropdown} target={target}>
      <ColumnChooserDropdown columns={columns} onToggle={onToggle} testId={testId} target={target({})} />
    </OpenOnDemand>
  );
};
