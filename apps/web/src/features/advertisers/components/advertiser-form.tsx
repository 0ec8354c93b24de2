// The advertiser form of /agency/addAdvertiser (with the first password) and
// /agency/editAdvertiser/{id}; checked with the request bodies' own schemas.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { NameFields } from '../../../components/name-fields.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { validateWith } from '../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

export type AdvertiserFormValues = {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  /** Only on creation. */
  password?: string;
};

type AdvertiserFormProps<S extends z.ZodType> = {
  initial: AdvertiserFormValues;
  /** The request body's schema (create or edit). */
  schema: S;
  /** Creation asks for the first password (with a confirmation). */
  withPassword: boolean;
  submitLabel: string;
  onSubmit: (body: z.output<S>) => Promise<void>;
  onCancel: () => void;
};

export const AdvertiserForm = <S extends z.ZodType>({
  initial,
  schema,
  withPassword,
  submitLabel,
  onSubmit,
  onCancel,
}: AdvertiserFormProps<S>) => {
  const { t } = useTranslation('advertisers');
  const [values, setValues] = useState<AdvertiserFormValues>(initial);
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const fields = useFieldErrors();

  const change = (field: keyof AdvertiserFormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateWith(schema, values);
    const isMismatch = withPassword && values.password !== confirmation;
    setMismatch(isMismatch);
    if (!checked.success) {
      fields.setErrors(checked.errors);
      return;
    }
    fields.clear();
    if (isMismatch) return;
    setSubmitting(true);
    try {
      await onSubmit(checked.data);
    } catch (error) {
      fields.refused(error, t('errors.generic'), 'unlessFields');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="off"
            required
            value={values.email}
            onChange={change('email')}
            error={fields.errorOf('email')}
            data-testid="advertiser-email"
          />
          {withPassword ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordField
                label={t('fields.password')}
                description={t('fields.passwordRule')}
                name="password"
                autoComplete="new-password"
                required
                value={values.password ?? ''}
                onChange={change('password')}
                error={fields.errorOf('password')}
                data-testid="advertiser-password"
              />
              <PasswordField
                label={t('fields.confirmPassword')}
                name="confirmation"
                autoComplete="new-password"
                required
                value={confirmation}
                onChange={(event) => setConfirmation(event.currentTarget.value)}
                error={mismatch ? t('errors.passwordMismatch') : undefined}
                data-testid="advertiser-password-confirm"
              />
            </SimpleGrid>
          ) : null}
          <NameFields t={t} values={values} change={change} errorOf={fields.errorOf} testId="advertiser" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="advertiser-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </form>
  );
};
