// E-mail change in two steps: the new address and the password (a code goes to the new address),
// then the code. On success the header shows the new address.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import { emailChangeBody, otpBody } from '@console/core/api/auth';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/password-field.tsx';
import { showToast } from '../../../components/toast.ts';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';
import { useProfileMessage } from '../form-messages.ts';
import { SectionCard } from './section-card.tsx';

export const EmailForm = ({ email }: { email: string }) => {
  const { t } = useTranslation('profile');
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = useFieldErrors({ field: useProfileMessage() });
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();

  const fail = (error: unknown) => fields.refused(error, t('errors.generic'));

  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { new_email: newEmail, password };
    fields.clear();
    if (!fields.check(emailChangeBody, body)) return;
    request.mutate(body, {
      onSuccess: () => {
        setSentTo(newEmail.trim());
        setPassword('');
        setOtp('');
        showToast('success', t('email.codeSent', { email: newEmail.trim() }));
      },
      onError: fail,
    });
  };

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    fields.clear();
    if (!fields.check(otpBody, { otp })) return;
    confirm.mutate(
      { otp: otp.trim() },
      {
        onSuccess: (user) => {
          showToast('success', t('email.changed', { email: user.email }));
          setSentTo(null);
          setNewEmail('');
          setOtp('');
        },
        onError: fail,
      },
    );
  };

  const restart = () => {
    setSentTo(null);
    fields.clear();
    setOtp('');
  };

  return (
    <SectionCard id="profile-email" title={t('email.title')} lead={t('email.current', { email })}>
      {sentTo === null ? (
        <form onSubmit={sendCode} noValidate aria-labelledby="profile-email">
          <Stack gap="md">
            <TextInput
              label={t('fields.newEmail')}
              name="new_email"
              type="email"
              autoComplete="email"
              required
              value={newEmail}
              onChange={(event) => setNewEmail(event.currentTarget.value)}
              error={fields.errorOf('new_email')}
              data-testid="profile-new-email"
            />
            <PasswordField
              label={t('fields.password')}
              description={t('email.passwordHint')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fields.errorOf('password')}
              data-testid="profile-email-password"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={request.isPending} data-testid="profile-email-send">
                {t('email.sendCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={verify} noValidate aria-labelledby="profile-email">
          <Stack gap="md">
            <Alert color="blue" variant="light" role="status">
              <Text size="sm">{t('email.enterCode', { email: sentTo })}</Text>
            </Alert>
            <TextInput
              label={t('fields.otp')}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              required
              value={otp}
              onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, ''))}
              error={fields.errorOf('otp')}
              styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
              data-testid="profile-email-otp"
              data-autofocus
            />
            <Group justify="space-between">
              <Button variant="subtle" onClick={restart} data-testid="profile-email-restart">
                {t('email.useAnother')}
              </Button>
              <Button type="submit" loading={confirm.isPending} data-testid="profile-email-verify">
                {t('email.verify')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
};
