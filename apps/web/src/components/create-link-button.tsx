// The toolbar's "add" action of a list page: a button that opens the create page, one look everywhere.
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const CreateLinkButton = ({
  to,
  testId,
  children,
}: {
  to: string;
  testId: string;
  children: ReactNode;
}) => (
  <Button
    component={Link}
    to={to}
    leftSection={<IconPlus size={16} aria-hidden="true" />}
    data-testid={testId}
  >
    {children}
  </Button>
);
