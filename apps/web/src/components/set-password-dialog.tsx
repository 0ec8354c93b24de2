// The set-password modal itself (set-password-modal.tsx loads it the first time it opens): the new
// password twice, checked with core's password rule (the request bodies' schema) and for equality,
// both problems shown at once; the server's field errors land on the field.
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
import { validateWith } from '../lib/forms/schema-errors.ts';
import { useTranslation } from '../lib/i18n/locale-store.ts';
import { PasswordField } from './password-field.tsx';
import type { PasswordTarget, SetPasswordModalProps } from './set-password-modal.tsx';
import { showToast } from './toast.ts';
import { useFieldErrors } from './use-field-errors.ts';

/**
 * The new password as both requests carry it: the schema (and zod with it) loads on the first
 * submit, not with the user lists that offer the action.
 */
const loadNewPasswordForm = () =>
  import('@console/core/api/auth').then(({ userChangePasswordBody }) =>
    userChangePasswordBody.pick({ new_password: true }),
  );

const SetPasswordDialog = <T extends PasswordTarget>({ target, save, onClose }: SetPasswordModalProps<T>) => {
  const { t } = useTranslation('components');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [pending, setPending] = useState(false);
  const fields = useFieldErrors();

  const close = () => {
    setPassword('');
    setConfirmation('');
    setMismatch(false);
    fields.clear();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || pending) return;
    const checked = validateWith(await loadNewPasswordForm(), { new_password: password });
    const isMismatch = password !== confirmation;
    setMismatch(isMismatch);
    if (!checked.success) {
      fields.setErrors(checked.errors);
      return;
    }
    fields.clear();
    if (isMismatch) return;
    setPending(true);
    try {
      await save(target, checked.data.new_password);
      showToast('success', t('setPassword.done', { email: target.email }));
      close();
    } catch (error) {
      fields.refused(error, t('setPassword.failed'), 'unlessFields');
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t('setPassword.title')}
      centered
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
      data-testid="set-password-modal"
    >
      <form onSubmit={submit} noValidate aria-label={t('setPassword.title')}>
        <Stack gap="md">
          <Text size="sm">{t('setPassword.lead', { email: target?.email ?? '' })}</Text>
          <PasswordField
            label={t('setPassword.new')}
            description={t('validation.password')}
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fields.errorOf('new_password')}
            data-autofocus
            data-testid="set-password-new"
          />
          <PasswordField
            label={t('setPassword.confirm')}
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={mismatch ? t('validation.passwordMismatch') : undefined}
            data-testid="set-password-confirm"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="set-password-submit">
              {t('setPassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

export default SetPasswordDialog;
