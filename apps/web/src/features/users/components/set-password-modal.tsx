// Sets another user's password (userChangePassword); the rule is core's passwordSchema, through the
// request body's own schema.
import { userChangePasswordBody } from '@console/core/api/auth';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { validateWith } from '../../../lib/forms/schema-errors.ts';
import { useSetUserPassword } from '../api/set-user-password.ts';

const passwordForm = userChangePasswordBody.pick({ new_password: true });

export type PasswordTarget = { user_primary_id: number; email: string };

export const SetPasswordModal = ({ user, onClose }: { user: PasswordTarget | null; onClose: () => void }) => {
  const { t } = useTranslation(['users', 'components']);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [visible, setVisible] = useState(false);
  const fields = useFieldErrors();
  const mutation = useSetUserPassword();

  const close = () => {
    setPassword('');
    setConfirmation('');
    fields.clear();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const checked = validateWith(passwordForm, { new_password: password });
    if (!checked.success) {
      fields.setErrors(checked.errors);
      return;
    }
    if (password !== confirmation) {
      fields.setErrors({ confirmation: 'mismatch' });
      return;
    }
    fields.clear();
    mutation.mutate(
      { user_primary_id: user.user_primary_id, new_password: checked.data.new_password },
      {
        onSuccess: () => {
          showToast('success', t('users:password.done', { email: user.email }));
          close();
        },
        onError: (error) => {
          if (!fields.takeServerErrors(error))
            showToast('error', failureMessage(error, t('users:password.failed')));
        },
      },
    );
  };

  const toggleProps = {
    'aria-label': visible ? t('users:password.hide') : t('users:password.show'),
  };

  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={t('users:password.title')}
      centered
      data-testid="set-password-modal"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('users:password.lead', { email: user?.email ?? '' })}</Text>
          <PasswordInput
            label={t('users:password.new')}
            description={t('components:validation.password')}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fields.errorOf('new_password')}
            visible={visible}
            onVisibilityChange={setVisible}
            visibilityToggleButtonProps={toggleProps}
            data-autofocus
            data-testid="set-password-new"
          />
          <PasswordInput
            label={t('users:password.confirm')}
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={fields.errors.confirmation ? t('components:validation.passwordMismatch') : undefined}
            visible={visible}
            onVisibilityChange={setVisible}
            visibilityToggleButtonProps={toggleProps}
            data-testid="set-password-confirm"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('components:confirm.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="set-password-submit">
              {t('users:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
