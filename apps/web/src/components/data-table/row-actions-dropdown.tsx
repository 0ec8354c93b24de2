// The list of a row's "⋮" menu (row-actions.tsx draws its button): loaded with the first opening of
// one, and mounted open.
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import type { RowAction } from './row-actions.tsx';

const RowActionsDropdown = ({ actions, target }: { actions: readonly RowAction[]; target: ReactElement }) => (
  <Menu defaultOpened position="bottom-end" withinPortal shadow="md" width={220}>
    <Menu.Target>{target}</Menu.Target>
    <Menu.Dropdown>
      {actions.map((action) => {
        // What a link item and a button item share; only their target differs.
        const item = {
          leftSection: action.icon,
          color: action.color,
          disabled: action.disabled,
          'data-testid': `row-action-${action.key}`,
          children: action.label,
        };
        return [
          action.dividerBefore ? <Menu.Divider key={`${action.key}-divider`} /> : null,
          action.href ? (
            <Menu.Item key={action.key} component={Link} to={action.href} {...item} />
          ) : (
            <Menu.Item key={action.key} onClick={action.onClick} {...item} />
          ),
        ];
      })}
    </Menu.Dropdown>
  </Menu>
);

export default RowActionsDropdown;
