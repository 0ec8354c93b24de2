// /login: email and password; the server's refusals (wrong password, locked account) are shown as
// they come. On success the session starts and the role's home opens (spec section 2).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ApiResult } from '../../lib/http/api-result.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { AppLink } from '../../lib/navigation/app-link.tsx';
import { useAppLocation } from '../../lib/navigation/app-navigator.ts';
import { isSessionData } from '../../lib/session/auth-record.ts';
import { signIn } from '../../lib/session/session-store.ts';
import { requestLogin } from './api/auth-api.ts';
import { AuthCard } from './components/auth-card.tsx';
import { FailureAlert } from './components/failure-alert.tsx';
import { PasswordField } from './components/password-field.tsx';
import { checkEmail, checkRequired, collectErrors } from './form-rules.ts';

type Fields = 'email' | 'password';

/** Set by the forgot-password flow when the new password is saved. */
export type LoginNotice = { notice?: 'passwordReset' };

const LoginPage = () => {
  const { t } = useTranslation('auth');
  const location = useAppLocation();
  const notice = (location.state as LoginNotice | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<ApiResult<unknown> | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = collectErrors<Fields>({
      email: checkEmail(email),
      password: checkRequired(password, 'errors.passwordRequired'),
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    const result = await requestLogin({ email: email.trim(), password });
    if (result.success && isSessionData(result.data)) {
      await signIn(result.data);
      return;
    }
    setSubmitting(false);
    setFailure(result.success ? { success: false, http_status: 200 } : result);
  };

  return (
    <AuthCard
      title={t('login.title')}
      lead={t('login.lead')}
      footer={
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={AppLink} to="/register" fw={600}>
            {t('login.registerLink')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t('login.title')}>
        <Stack gap="md">
          {notice === 'passwordReset' && !failure ? (
            <Alert color="green" variant="light" role="status">
              {t('forgot.done')}
            </Alert>
          ) : null}
          <FailureAlert result={failure} title={t('login.failed')} />
          <TextInput
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email ? t(errors.email) : undefined}
            data-testid="login-email"
          />
          <PasswordField
            label={t('fields.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password ? t(errors.password) : undefined}
            data-testid="login-password"
          />
          <Group justify="flex-end">
            <Anchor component={AppLink} to="/forgot-password" size="sm">
              {t('login.forgotLink')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={isSubmitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
};

export default LoginPage;
