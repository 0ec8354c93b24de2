// One titled section of the profile page.
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = { id: string; title: string; lead?: string; children: ReactNode };

export const SectionCard = ({ id, title, lead, children }: SectionCardProps) => (
  <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {lead ? (
          <Text size="sm" c="dimmed">
            {lead}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  </Paper>
);
