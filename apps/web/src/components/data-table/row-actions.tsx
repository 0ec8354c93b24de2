import { ActionIcon } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { lazy, type ReactNode } from 'react';
import { type OnDemandTargetProps, OpenOnDemand } from '../on-demand.tsx';

export type RowAction = {
  /** Stable key; the menu item's data-testid is `row-action-<key>`. */
  key: string;
  label: string;
  icon?: ReactNode;
  /** A link (opens the page) ... */
  href?: string;
  /** ... or a handler. */
  onClick?: () => void;
  color?: string;
  disabled?: boolean;
  /** Draws a divider above the item. */
  dividerBefore?: boolean;
};

const loadRowActionsDropdown = () => import('./row-actions-dropdown.tsx');
const RowActionsDropdown = lazy(loadRowActionsDropdown);

/**
 * The "⋮" menu of one row; keyboard: Enter/Space opens, arrows move, Escape closes. The button is
 * drawn with the row; the menu (Mantine's Menu) loads when a row's button is first hovered, focused
 * or pressed (../on-demand.tsx).
 */
export const RowActionsMenu = ({
  actions,
  label,
  testId,
}: {
  actions: readonly RowAction[];
  /** Accessible name of the button, e.g. "Actions for ada@example.com". */
  label: string;
  testId: string;
}) => {
  if (actions.length === 0) return null;
  const target = (props: OnDemandTargetProps) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-haspopup="menu"
      data-testid={testId}
      {...props}
    >
      <IconDotsVertical size={18} aria-hidden="true" />
    </ActionIcon>
  );
  return (
    <OpenOnDemand load={loadRowActionsDropdown} target={target}>
      <RowActionsDropdown actions={actions} target={target({})} />
    </OpenOnDemand>
  );
};
