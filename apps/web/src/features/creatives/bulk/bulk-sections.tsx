// The frame of the bulk creative pages (edit and status): a titled section, and the section of a
// bulk call's answer, whose heading takes the focus when an answer comes, with its summary in the
// colour of the outcome (all done, some, none).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Alert, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { outcomeOf } from './bulk-edit-model.ts';

const OUTCOME_COLORS = { all: 'green', some: 'yellow', none: 'red' } as const;

export const BulkSection = ({
  title,
  id,
  children,
  headingRef,
}: {
  title: string;
  /** The heading's id, which names the section. */
  id: string;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) => (
  <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
    <Stack gap="md">
      <Title order={2} size="h4" id={id} tabIndex={-1} ref={headingRef}>
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);

/** The answer of a bulk call: "results" heading (focused on each new answer), summary, details. */
export const BulkResultsSection = ({
  id,
  result,
  summaryKey,
  summaryTestId,
  children,
}: {
  id: string;
  result: { succeeded: number; failed: number; results: readonly unknown[] };
  /** A `creative-bulk` key taking `succeeded`, `total` and `failed`. */
  summaryKey: string;
  summaryTestId: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation('creative-bulk');
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (result) heading.current?.focus();
  }, [result]);
  return (
    <BulkSection title={t('results.title')} id={id} headingRef={heading}>
      <Alert color={OUTCOME_COLORS[outcomeOf(result)]} variant="light" data-testid={summaryTestId}>
        {t(summaryKey, { succeeded: result.succeeded, total: result.results.length, failed: result.failed })}
      </Alert>
      {children}
    </BulkSection>
  );
};
