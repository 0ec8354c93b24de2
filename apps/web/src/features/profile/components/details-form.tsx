// Names and company of the signed-in user (PUT /api/auth/profile), checked by the API's schema.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/SimpleGrid.css';
import { profileUpdateBody, type User } from '@console/core/api/auth';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { type ProfileUpdate, useUpdateProfile } from '../api/update-profile.ts';
import { useProfileMessage } from '../form-messages.ts';
import { SectionCard } from './section-card.tsx';

type Field = keyof ProfileUpdate;

export const DetailsForm = ({ user }: { user: User }) => {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<ProfileUpdate>({
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
  });
  const fields = useFieldErrors({ field: useProfileMessage() });
  const update = useUpdateProfile();

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    fields.clear();
    if (!fields.check(profileUpdateBody, values)) return;
    update.mutate(values, {
      onSuccess: () => showToast('success', t('details.saved')),
      onError: (error) => fields.refused(error, t('errors.generic')),
    });
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
              error={fields.errorOf('firstName')}
              data-testid="profile-first-name"
            />
            <TextInput
              label={t('fields.lastName')}
              name="lastName"
              autoComplete="family-name"
              required
              value={values.lastName}
              onChange={change('lastName')}
              error={fields.errorOf('lastName')}
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
            error={fields.errorOf('companyName')}
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
