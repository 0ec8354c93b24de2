// A person's first and last name and company, as the profile and the advertiser forms ask them:
// labels from the form's namespace (`fields.firstName`, …), test ids `<testId>-first-name`,
// `-last-name` and `-company`; `autoComplete` where the person is the one signed in.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';

type NameField = 'firstName' | 'lastName' | 'companyName';

const FIELDS = [
  { field: 'firstName', autoComplete: 'given-name', testId: 'first-name' },
  { field: 'lastName', autoComplete: 'family-name', testId: 'last-name' },
  { field: 'companyName', autoComplete: 'organization', testId: 'company' },
] as const;

export const NameFields = ({
  t,
  values,
  change,
  errorOf,
  testId,
  autoComplete = false,
}: {
  t: (key: string) => string;
  values: Record<NameField, string>;
  change: (field: NameField) => (event: ChangeEvent<HTMLInputElement>) => void;
  errorOf: (field: NameField) => string | undefined;
  testId: string;
  autoComplete?: boolean;
}) => {
  const [first, last, company] = FIELDS.map((spec) => (
    <TextInput
      key={spec.field}
      label={t(`fields.${spec.field}`)}
      name={spec.field}
      autoComplete={autoComplete ? spec.autoComplete : undefined}
      required
      value={values[spec.field]}
      onChange={change(spec.field)}
      error={errorOf(spec.field)}
      data-testid={`${testId}-${spec.testId}`}
    />
  ));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {first}
        {last}
      </SimpleGrid>
      {company}
    </>
  );
};
