// The agency sets one of its advertisers' passwords (its sessions end): the new password twice,
// checked with the request body's schema (core's password rule).
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { validateWith } from '../../../lib/forms/schema-errors.ts';
import type { Advertiser } from '../api/list-advertisers.ts';
import { advertiserPasswordBody, useSetAdvertiserPassword } from '../api/set-advertiser-password.ts';

export const SetPasswordModal = ({
  advertiser,
  onClose,
}: {
  advertiser: Advertiser | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('advertisers');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const fields = useFieldErrors();
  const mutation = useSetAdvertiserPassword();

  const close = () => {
    setPassword('');
    setConfirmation('');
    setMismatch(false);
    fields.clear();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!advertiser) return;
    const checked = validateWith(advertiserPasswordBody, { new_password: password });
    const isMismatch = password !== confirmation;
    setMismatch(isMismatch);
    if (!checked.success) {
      fields.setErrors(checked.errors);
      return;
    }
    fields.clear();
    if (isMismatch) return;
    mutation.mutate(
      { id: advertiser.user_primary_id, new_password: checked.data.new_password },
      {
        onSuccess: () => {
          showToast('success', t('password.done', { email: advertiser.email }));
          close();
        },
        onError: (error) => {
          if (!fields.takeServerErrors(error)) showToast('error', failureMessage(error, t('errors.generic')));
        },
      },
    );
  };

  return (
    <Modal
      opened={advertiser !== null}
      onClose={close}
      title={t('password.title')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid="advertiser-password-modal"
    >
      <form onSubmit={submit} noValidate aria-label={t('password.title')}>
        <Stack gap="md">
          <Text size="sm">{t('password.lead', { email: advertiser?.email ?? '' })}</Text>
          <PasswordField
            label={t('fields.newPassword')}
            description={t('fields.passwordRule')}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fields.errorOf('new_password')}
            data-autofocus
            data-testid="advertiser-new-password"
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={mismatch ? t('errors.passwordMismatch') : undefined}
            data-testid="advertiser-new-password-confirm"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="advertiser-password-save">
              {t('password.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
