import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

/** The "⋮" menu of one row; keyboard: Enter/Space opens, arrows move, Escape closes. */
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
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid={testId}>
          <IconDotsVertical size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => [
          action.dividerBefore ? <Menu.Divider key={`${action.key}-divider`} /> : null,
          action.href ? (
            <Menu.Item
              key={action.key}
              component={Link}
              to={action.href}
              leftSection={action.icon}
              color={action.color}
              disabled={action.disabled}
              data-testid={`row-action-${action.key}`}
            >
              {action.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={action.key}
              onClick={action.onClick}
              leftSection={action.icon}
              color={action.color}
              disabled={action.disabled}
              data-testid={`row-action-${action.key}`}
            >
              {action.label}
            </Menu.Item>
          ),
        ])}
      </Menu.Dropdown>
    </Menu>
  );
};
