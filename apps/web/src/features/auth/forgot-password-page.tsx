// /forgot-password: the e-mail address, then the mailed code with a new password; back to /login.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import type { ApiResult } from '../../lib/http/api-result.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { AppLink } from '../../lib/navigation/app-link.tsx';
import { navigateTo } from '../../lib/navigation/app-navigator.ts';
import { requestPasswordReset, resetPassword } from './api/auth-api.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FailureAlert } from './components/failure-alert.tsx';
import { OtpStep } from './components/otp-step.tsx';
import { PasswordField } from './components/password-field.tsx';
import { checkConfirmation, checkEmail } from './form-rules.ts';
import type { LoginNotice } from './login-page.tsx';
import { checkNewPassword } from './password-rule.ts';

const ForgotPasswordPage = () => {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiResult<unknown> | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmationError, setConfirmationError] = useState<string | null>(null);
  // The OTP step validates the password fields through this ref (it reads the latest values).
  const latest = useRef({ password, confirmation });
  latest.current = { password, confirmation };

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = checkEmail(email);
    setEmailError(error);
    setFailure(null);
    if (error) return;
    setSubmitting(true);
    const result = await requestPasswordReset({ email: email.trim() });
    setSubmitting(false);
    if (result.success) setCodeSent(true);
    else setFailure(result);
  };

  const validatePasswords = () => {
    const { password: next, confirmation: again } = latest.current;
    const nextError = checkNewPassword(next);
    const againError = nextError ? null : checkConfirmation(next, again);
    setPasswordError(nextError);
    setConfirmationError(againError);
    return !nextError && !againError;
  };

  const footer = (
    <Text size="sm" ta="center">
      <Anchor component={AppLink} to="/login" fw={600}>
        {t('forgot.backToLogin')}
      </Anchor>
    </Text>
  );

  if (codeSent) {
    return (
      <AuthCard
        title={t('forgot.resetTitle')}
        lead={t('forgot.resetLead', { email: email.trim() })}
        footer={footer}
      >
        <OtpStep
          submitLabel={t('forgot.resetSubmit')}
          failureTitle={t('forgot.failed')}
          validateExtra={validatePasswords}
          onResend={() => requestPasswordReset({ email: email.trim() })}
          onVerify={async (otp) => {
            const result = await resetPassword({
              email: email.trim(),
              otp,
              password: latest.current.password,
            });
            if (result.success)
              navigateTo('/login', {
                replace: true,
                state: { notice: 'passwordReset' } satisfies LoginNotice,
              });
            return result;
          }}
        >
          <PasswordField
            label={t('fields.newPassword')}
            description={t('register.passwordHint')}
            name="password"
            data-testid="reset-password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={passwordError ? t(passwordError) : undefined}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            name="confirmation"
            data-testid="reset-confirmation"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={confirmationError ? t(confirmationError) : undefined}
          />
        </OtpStep>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} lead={t('forgot.lead')} footer={footer}>
      <form onSubmit={sendCode} noValidate aria-label={t('forgot.title')}>
        <Stack gap="md">
          <FailureAlert result={failure} title={t('forgot.failed')} />
          <TextInput
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            data-testid="forgot-email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailError ? t(emailError) : undefined}
          />
          <Button type="submit" fullWidth loading={isSubmitting} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};

export default ForgotPasswordPage;
