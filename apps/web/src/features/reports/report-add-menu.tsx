// The report list's "New report" menu (report-list-page.tsx draws its button): loaded with its first
// opening, and mounted open.
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';

const ReportAddMenu = ({
  items,
  target,
}: {
  items: readonly { type: string; href: string; label: string }[];
  target: ReactElement;
}) => (
  <Menu defaultOpened position="bottom-end">
    <Menu.Target>{target}</Menu.Target>
    <Menu.Dropdown>
      {items.map((item) => (
        <Menu.Item key={item.type} component={Link} to={item.href} data-testid={`report-add-${item.type}`}>
          {item.label}
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  </Menu>
);

export default ReportAddMenu;
