// Names and company of the signed-in user (PUT /api/auth/profile), checked by the API's schema.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SimpleGrid.css';
import { profileUpdateBody, type User } from '@console/core/api/auth';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { readServerFieldErrors } from '../../../lib/forms/failure-message.ts';
import { type FieldErrors, hasErrors, readSchemaErrors } from '../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { type ProfileUpdate, useUpdateProfile } from '../api/update-profile.ts';
import { profileMessageKey } from '../form-messages.ts';
import { SectionCard } from './section-card.tsx';

type Field = keyof ProfileUpdate;

export const DetailsForm = ({ user }: { user: User }) => {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<ProfileUpdate>({
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = useUpdateProfile();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = readSchemaErrors<Field>(profileUpdateBody, values);
    setErrors(found);
    if (hasErrors(found)) return;
    update.mutate(values, {
      onSuccess: () => showToast('success', t('details.saved')),
      onError: (error) => {
        setErrors(readServerFieldErrors(error));
        showToast('error', failureMessage(error, t('errors.generic')));
      },
    });
  };

  const errorOf = (field: Field) => {
    const key = profileMessageKey(errors[field]);
    return key ? t(key) : undefined;
  };

  return (
    <SectionCard id="profile-details" title={t('details.title')} lead={t('details.lead')}>
      <form onSubmit={submit} noValidate aria-labelledby="profile-details">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.firstName')}
              name="firstName"
              autoComplete="given-name"
              required
              value={values.firstName}
              onChange={change('firstName')}
              error={errorOf('firstName')}
              data-testid="profile-first-name"
            />
            <TextInput
              label={t('fields.lastName')}
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={change('lastName')}
              error={errorOf('lastName')}
              data-testid="profile-last-name"
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.companyName')}
            name="companyName"
            autoComplete="organization"
            required
            value={values.companyName}
            onChange={change('companyName')}
            error={errorOf('companyName')}
            data-testid="profile-company"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="profile-save">
              {t('details.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
};
