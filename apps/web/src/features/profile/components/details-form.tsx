// Names and company of the signed-in user (PUT /api/auth/profile), checked by the API's schema.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import { profileUpdateBody, type User } from '@console/core/api/auth';
import { Button, Group, Stack } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { NameFields } from '../../../components/name-fields.tsx';
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
          <NameFields
            t={t}
            values={values}
            change={change}
            errorOf={fields.errorOf}
            testId="profile"
            autoComplete
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
