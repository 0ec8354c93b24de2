// Entering the mailed one-time code, with a resend button that cools down between sends.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { ApiResult } from '../../../lib/http/api-result.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { checkOtp } from '../form-rules.ts';
import { FailureAlert } from './failure-alert.tsx';
import { OtpField } from './otp-field.tsx';

const RESEND_COOLDOWN_S = 30;

type OtpStepProps = {
  /** Submits the code (plus whatever else the step holds); resolves with the server's answer. */
  onVerify: (otp: string) => Promise<ApiResult<unknown>>;
  onResend: () => Promise<ApiResult<unknown>>;
  submitLabel: string;
  failureTitle: string;
  /** Extra fields (the new password of the reset flow), checked by `validateExtra`. */
  children?: ReactNode;
  validateExtra?: () => boolean;
};

export const OtpStep = ({
  onVerify,
  onResend,
  submitLabel,
  failureTitle,
  children,
  validateExtra,
}: OtpStepProps) => {
  const { t } = useTranslation('auth');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiResult<unknown> | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  const [resent, setResent] = useState(false);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const otpError = checkOtp(otp);
    const extraOk = validateExtra ? validateExtra() : true;
    setError(otpError);
    setFailure(null);
    if (otpError || !extraOk) return;
    setSubmitting(true);
    const result = await onVerify(otp.trim());
    setSubmitting(false);
    if (!result.success) setFailure(result);
  };

  const resend = async () => {
    setResent(false);
    setFailure(null);
    const result = await onResend();
    if (result.success) {
      setResent(true);
      setCooldown(RESEND_COOLDOWN_S);
    } else {
      setFailure(result);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <FailureAlert result={failure} title={failureTitle} />
        {resent ? (
          <Alert color="green" variant="light" role="status">
            {t('otp.resent')}
          </Alert>
        ) : null}
        <OtpField
          label={t('fields.otp')}
          description={t('otp.hint')}
          name="otp"
          required
          value={otp}
          onChange={(event) => setOtp(event.currentTarget.value.replace(/\D/g, ''))}
          error={error ? t(error) : undefined}
          data-testid="otp-input"
          data-autofocus
        />
        {children}
        <Button type="submit" fullWidth loading={isSubmitting} data-testid="otp-submit">
          {submitLabel}
        </Button>
        <Group justify="center">
          <Button variant="subtle" size="compact-sm" onClick={resend} disabled={cooldown > 0}>
            {cooldown > 0 ? t('otp.resendIn', { seconds: cooldown }) : t('otp.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
