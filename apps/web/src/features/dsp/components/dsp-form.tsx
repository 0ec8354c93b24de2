// The DSP connection form of /admin/createdsp and /admin/editdsp/{id}: name, type (with its
// description), endpoint, the type's credentials, exchanges and QPS limit. On an edit the
// credentials are optional: they are replaced only when the admin types new ones.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { failureMessage, showToast } from '../../../components/toast.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useTestDspConnection } from '../api/test-dsp-connection.ts';
import {
  checkConnection,
  type DspErrors,
  type DspFormValues,
  isEndpointChanged,
  type SavedConnection,
  toTestBody,
} from '../dsp-form-model.ts';
import { CredentialFields } from './credential-fields.tsx';
import { EndpointField, NameField, ReachFields } from './dsp-fields.tsx';
import { TestResult } from './test-result.tsx';
import { TypeSelect } from './type-picker.tsx';

type DspFormProps = {
  initial: DspFormValues;
  /** Field errors of the values (the caller's checks for create or edit). */
  check: (values: DspFormValues) => DspErrors;
  onSubmit: (values: DspFormValues) => Promise<void>;
  submitLabel: string;
  onCancel: () => void;
  /** Edit: the stored credential hints, type and endpoint (changing either needs new credentials). */
  saved?: SavedConnection & { hints: Record<string, string> };
};

export const DspForm = ({ initial, check, onSubmit, submitLabel, onCancel, saved }: DspFormProps) => {
  const { t } = useTranslation('dsp');
  const [values, setValues] = useState<DspFormValues>(initial);
  const [errors, setErrors] = useState<DspErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const test = useTestDspConnection();

  const change = (patch: Partial<DspFormValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    test.reset();
  };
  const changeCredential = (name: string, value: string) =>
    change({ credentials: { ...values.credentials, [name]: value } });

  const typeChanged = saved !== undefined && values.type !== saved.type;
  const endpointChanged = saved !== undefined && !typeChanged && isEndpointChanged(values, saved);
  // On an edit with the type and endpoint unchanged the stored hints apply; otherwise none do.
  const hints = saved && !typeChanged && !endpointChanged ? saved.hints : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast('error', t('errors.checkForm'));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      showToast('error', failureMessage(error, t('errors.generic')));
    } finally {
      setSubmitting(false);
    }
  };

  const runTest = () => {
    const found = checkConnection(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    test.mutate(toTestBody(values), {
      onError: (error) => showToast('error', failureMessage(error, t('errors.generic'))),
    });
  };

  const fieldProps = { values, errors, onChange: change };
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="lg" maw={760}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('form.connection')}
            </Title>
            <NameField {...fieldProps} />
            <TypeSelect
              value={values.type}
              onChange={(type) => change({ type, credentials: {} })}
              error={errors.type ? t('errors.typeRequired') : undefined}
            />
            {typeChanged ? (
              <Alert color="yellow" variant="light" data-testid="dsp-type-changed">
                {t('form.typeChanged')}
              </Alert>
            ) : null}
            <EndpointField {...fieldProps} />
            {endpointChanged ? (
              <Alert color="yellow" variant="light" data-testid="dsp-endpoint-changed">
                {t('form.endpointChanged')}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} fz="h4">
                {t('form.credentials')}
              </Title>
              <Text size="sm" c="dimmed">
                {hints ? t('form.credentialsEditLead') : t('form.credentialsLead')}
              </Text>
            </Stack>
            <CredentialFields
              type={values.type}
              values={values.credentials}
              onChange={changeCredential}
              errors={errors}
              hints={hints}
            />
            {!hints ? (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlugConnected size={16} aria-hidden="true" />}
                  onClick={runTest}
                  loading={test.isPending}
                  data-testid="dsp-form-test"
                >
                  {t('actions.test')}
                </Button>
              </Group>
            ) : null}
            {test.data ? <TestResult result={test.data} /> : null}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Title order={2} fz="h4">
              {t('form.reach')}
            </Title>
            <ReachFields {...fieldProps} />
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid="dsp-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
