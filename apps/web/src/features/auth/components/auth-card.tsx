// The card every public auth screen sits in: one h1, an optional lead, the form, and links below.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthCardProps = { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode };

export const AuthCard = ({ title, lead, children, footer }: AuthCardProps) => (
  <Paper
    component="main"
    withBorder
    shadow="sm"
    radius="md"
    p={{ base: 'lg', sm: 'xl' }}
    w="100%"
    maw={440}
    mx="auto"
    aria-labelledby="auth-title"
  >
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} id="auth-title" fz={26}>
          {title}
        </Title>
        {lead ? (
          <Text c="dimmed" size="sm">
            {lead}
          </Text>
        ) : null}
      </Stack>
      {children}
      {footer ? <Stack gap={6}>{footer}</Stack> : null}
    </Stack>
  </Paper>
);
