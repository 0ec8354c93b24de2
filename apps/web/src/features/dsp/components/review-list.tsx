// A definition list of label/value rows (the onboarding review and the view page).
import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './review-list.module.css';

export type ReviewRow = { label: string; value: ReactNode; testId?: string };

export const ReviewList = ({ rows }: { rows: readonly ReviewRow[] }) => (
  <dl className={classes.list}>
    {rows.map((row) => (
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
