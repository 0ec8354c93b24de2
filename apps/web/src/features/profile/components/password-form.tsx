// Password change: the current password, the new one (the policy of core validation/password.ts)
// and its confirmation. The server ends every other session; this tab adopts its new token.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import { changePasswordBody } from '@console/core/api/auth';
import { Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/password-field.tsx';
import { showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { type FieldErrors, hasErrors, readSchemaErrors } from '../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useChangePassword } from '../api/change-password.ts';
import { checkPasswordConfirmation, useProfileMessage } from '../form-messages.ts';
import { SectionCard } from './section-card.tsx';

type Field = 'current_password' | 'new_password' | 'confirmation';

export const PasswordForm = () => {
  const { t } = useTranslation('profile');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const fields = useFieldErrors({ field: useProfileMessage() });
  const change = useChangePassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { current_password: current, new_password: next };
    const found: FieldErrors<Field> = readSchemaErrors<Field>(changePasswordBody, body);
    const mismatch = checkPasswordConfirmation(next, confirmation);
    if (mismatch && !found.new_password) found.confirmation = mismatch;
    fields.setErrors(found);
    if (hasErrors(found)) return;
    change.mutate(body, {
      onSuccess: () => {
        setCurrent('');
        setNext('');
        setConfirmation('');
        showToast('success', t('password.changed'));
      },
      onError: (error) => fields.refused(error, t('errors.generic')),
    });
  };

  return (
    <SectionCard id="profile-password" title={t('password.title')} lead={t('password.lead')}>
      <form onSubmit={submit} noValidate aria-labelledby="profile-password">
        <Stack gap="md">
          <PasswordField
            label={t('fields.currentPassword')}
            name="current_password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={fields.errorOf('current_password')}
            data-testid="profile-current-password"
          />
          <PasswordField
            label={t('fields.newPassword')}
            description={t('password.rule')}
            name="new_password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
            error={fields.errorOf('new_password')}
            data-testid="profile-new-password"
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            name="confirmation"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={fields.errorOf('confirmation')}
            data-testid="profile-confirm-password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} data-testid="profile-password-save">
              {t('password.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
};
