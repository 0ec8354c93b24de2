// /register: an advertiser or agency account, then the mailed one-time code; a verified code signs
// the new user in and opens the role's home. The code is sent with the registration's password (kept
// in memory from the form; asked again when the page was reloaded on the code step).
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Anchor, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ApiResult } from '../../lib/http/api-result.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { AppLink } from '../../lib/navigation/app-link.tsx';
import { isSessionData } from '../../lib/session/auth-record.ts';
import { signIn } from '../../lib/session/session-store.ts';
import {
  type RegisterBody,
  type RegisterRole,
  requestRegistration,
  resendRegistrationOtp,
  verifyRegistrationOtp,
} from './api/auth-api.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FailureAlert } from './components/failure-alert.tsx';
import { OtpStep } from './components/otp-step.tsx';
import { PasswordField } from './components/password-field.tsx';
import { checkConfirmation, checkEmail, checkRequired, collectErrors } from './form-rules.ts';
import { checkNewPassword } from './password-rule.ts';
import { readPendingRegistration, writePendingRegistration } from './pending-registration.ts';

type Fields = 'firstName' | 'lastName' | 'companyName' | 'email' | 'password' | 'confirmation';

const EMPTY = { firstName: '', lastName: '', companyName: '', email: '', password: '', confirmation: '' };

const RegisterPage = () => {
  const { t } = useTranslation('auth');
  const [role, setRole] = useState<RegisterRole>('ADVERTISER');
  const [values, setValues] = useState<Record<Fields, string>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<ApiResult<unknown> | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [pendingEmail, setPendingEmailState] = useState<string | null>(readPendingRegistration);
  // The password typed again on the code step; null while the form's own password is at hand.
  const [passwordAgain, setPasswordAgain] = useState<string | null>(() => (pendingEmail ? '' : null));
  const [passwordAgainError, setPasswordAgainError] = useState<string | null>(null);

  const setPendingEmail = (email: string | null) => {
    writePendingRegistration(email);
    setPendingEmailState(email);
    if (email === null) setPasswordAgain(null);
  };

  const bind = (field: Fields) => ({
    name: field,
    'data-testid': `register-${field}`,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: errors[field] ? t(errors[field]) : undefined,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Fields>({
      firstName: checkRequired(values.firstName, 'errors.firstNameRequired'),
      lastName: checkRequired(values.lastName, 'errors.lastNameRequired'),
      companyName: checkRequired(values.companyName, 'errors.companyNameRequired'),
      email: checkEmail(values.email),
      password: checkNewPassword(values.password),
      confirmation: checkConfirmation(values.password, values.confirmation),
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const body: RegisterBody = {
      role,
      email: values.email.trim(),
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      companyName: values.companyName.trim(),
    };
    setSubmitting(true);
    const result = await requestRegistration(body);
    setSubmitting(false);
    if (result.success) setPendingEmail(result.data?.email ?? body.email);
    else setFailure(result);
  };

  const backToLogin = (
    <Text size="sm" ta="center">
      {t('register.haveAccount')}{' '}
      <Anchor component={AppLink} to="/login" fw={600}>
        {t('register.loginLink')}
      </Anchor>
    </Text>
  );

  if (pendingEmail) {
    return (
      <AuthCard title={t('otp.title')} lead={t('otp.lead', { email: pendingEmail })} footer={backToLogin}>
        <OtpStep
          submitLabel={t('otp.submit')}
          failureTitle={t('otp.failed')}
          onResend={() => resendRegistrationOtp({ email: pendingEmail })}
          validateExtra={() => {
            const error =
              passwordAgain === null ? null : checkRequired(passwordAgain, 'errors.passwordRequired');
            setPasswordAgainError(error);
            return error === null;
          }}
          onVerify={async (otp) => {
            const password = passwordAgain ?? values.password;
            const result = await verifyRegistrationOtp({ email: pendingEmail, otp, password });
            if (result.success && isSessionData(result.data)) {
              writePendingRegistration(null);
              await signIn(result.data);
            }
            return result;
          }}
        >
          {passwordAgain === null ? null : (
            <PasswordField
              label={t('otp.password')}
              description={t('otp.passwordAgain')}
              name="password"
              data-testid="register-verify-password"
              autoComplete="current-password"
              required
              value={passwordAgain}
              onChange={(event) => setPasswordAgain(event.currentTarget.value)}
              error={passwordAgainError ? t(passwordAgainError) : undefined}
            />
          )}
        </OtpStep>
        <Group justify="center">
          <Button variant="subtle" size="compact-sm" onClick={() => setPendingEmail(null)}>
            {t('otp.changeEmail')}
          </Button>
        </Group>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} lead={t('register.lead')} footer={backToLogin}>
      <form onSubmit={submit} noValidate aria-label={t('register.title')}>
        <Stack gap="md">
          <FailureAlert result={failure} title={t('register.failed')} />
          <Radio.Group
            label={t('register.accountType')}
            value={role}
            onChange={(value) => setRole(value as RegisterRole)}
            name="role"
            required
          >
            <Group mt={6} gap="lg">
              <Radio
                value="ADVERTISER"
                label={t('register.roleAdvertiser')}
                data-testid="register-role-advertiser"
              />
              <Radio value="AGENCY" label={t('register.roleAgency')} data-testid="register-role-agency" />
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              {...bind('firstName')}
            />
            <TextInput
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
              {...bind('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.companyName')}
            autoComplete="organization"
            required
            {...bind('companyName')}
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...bind('email')}
          />
          <PasswordField
            label={t('fields.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            {...bind('password')}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...bind('confirmation')}
          />
          <Button type="submit" fullWidth loading={isSubmitting} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};

export default RegisterPage;
