// /admin/newdsp: connecting a DSP step by step. 1 the type (cards with descriptions), 2 name,
// endpoint and credentials, 3 the connection test (ok or failed with the DSP's answer and the
// latency; go back to fix), 4 exchanges and QPS, 5 review and create. Creating needs a passing test
// of exactly the connection under review, or an explicit, confirmed override.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPlugConnected } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useCreateDsp } from './api/create-dsp.ts';
import { useTestDspConnection } from './api/test-dsp-connection.ts';
import { CredentialFields } from './components/credential-fields.tsx';
import { EndpointField, NameField, ReachFields } from './components/dsp-fields.tsx';
import { ToneBadge } from './components/dsp-status-badge.tsx';
import { typeLabel } from './components/dsp-type-text.ts';
import { TestResult } from './components/test-result.tsx';
import { TypeCards } from './components/type-picker.tsx';
import { announceCreatedDsp } from './created-toast.ts';
import {
  connectionFingerprint,
  credentialFieldsOf,
  type DspErrors,
  type DspFormValues,
  emptyDspValues,
  maskSecret,
  toCreateBody,
  toTestBody,
} from './dsp-form-model.ts';
import { DSP_PATHS } from './dsp-paths.ts';
import {
  checkStep,
  firstIncompleteStep,
  hasPassingTest,
  ONBOARDING_STEPS,
  type TestRecord,
} from './onboarding-model.ts';

const OnboardingPage = () => {
  const { t } = useTranslation('dsp');
  const route = useCurrentRoute();
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<DspFormValues>(() => emptyDspValues());
  const [errors, setErrors] = useState<DspErrors>({});
  const [test, setTest] = useState<TestRecord | null>(null);
  const [isOverrideOpen, setOverrideOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const testCall = useTestDspConnection();
  const create = useCreateDsp();

  if (!route) return null;
  const step = ONBOARDING_STEPS[active] ?? 'type';
  const isPassing = hasPassingTest(test, values);
  const isStale = test !== null && !isPassing && test.fingerprint !== connectionFingerprint(values);

  const change = (patch: Partial<DspFormValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const changeCredential = (name: string, value: string) =>
    change({ credentials: { ...values.credentials, [name]: value } });

  const goTo = (index: number) => {
    setErrors({});
    setActive(Math.max(0, Math.min(index, ONBOARDING_STEPS.length - 1)));
    // Each step starts at its heading, for keyboard and screen-reader users.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const next = () => {
    const found = checkStep(step, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    goTo(active + 1);
  };

  const runTest = () => {
    const fingerprint = connectionFingerprint(values);
    testCall.mutate(toTestBody(values), {
      onSuccess: (result) => setTest({ ok: result.ok, fingerprint }),
      onError: (error) => showToast('error', failureMessage(error, t('errors.generic'))),
    });
  };

  const submit = async () => {
    const incomplete = firstIncompleteStep(values);
    if (incomplete >= 0) {
      goTo(incomplete);
      setErrors(checkStep(ONBOARDING_STEPS[incomplete] ?? 'type', values));
      return;
    }
    try {
      const dsp = await create.mutateAsync(toCreateBody(values));
      announceCreatedDsp(t, dsp);
      navigate(DSP_PATHS.view(dsp.id));
    } catch (error) {
      showToast('error', failureMessage(error, t('errors.generic')));
      throw error;
    }
  };

  const stepTitle = (index: number) => t(`onboarding.steps.${ONBOARDING_STEPS[index]}.title`);
  const credentialRows = credentialFieldsOf(values.type).map((field) => ({
    label: t(`credentialFields.${field.name}`, { defaultValue: field.label }),
    value: field.secret
      ? maskSecret(values.credentials[field.name] ?? '')
      : (values.credentials[field.name] ?? ''),
  }));
  const lastResult = testCall.data && test ? testCall.data : null;

  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" maw={760}>
        {t('onboarding.lead')}
      </Text>
      <Stepper
        active={active}
        onStepClick={(index) => index < active && goTo(index)}
        allowNextStepsSelect={false}
        size="sm"
        wrap
        data-testid="dsp-onboarding"
      >
        {ONBOARDING_STEPS.map((name, index) => (
          <Stepper.Step
            key={name}
            label={stepTitle(index)}
            description={t(`onboarding.steps.${name}.short`)}
            data-testid={`dsp-step-${name}`}
          />
        ))}
      </Stepper>
      <Paper withBorder radius="md" p="lg" maw={900} component="section" aria-labelledby="dsp-step-heading">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h4" id="dsp-step-heading" ref={heading} tabIndex={-1}>
              {t('onboarding.stepOf', { step: active + 1, count: ONBOARDING_STEPS.length })} ·{' '}
              {stepTitle(active)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`onboarding.steps.${step}.lead`)}
            </Text>
          </Stack>

          {step === 'type' ? (
            <TypeCards
              value={values.type}
              onChange={(type) => change({ type, credentials: {} })}
              error={errors.type ? t('errors.typeRequired') : undefined}
            />
          ) : null}

          {step === 'connection' ? (
            <>
              <NameField values={values} errors={errors} onChange={change} />
              <EndpointField values={values} errors={errors} onChange={change} />
              <CredentialFields
                type={values.type}
                values={values.credentials}
                onChange={changeCredential}
                errors={errors}
              />
            </>
          ) : null}

          {step === 'test' ? (
            <>
              <DetailList
                rows={[
                  { label: t('fields.type'), value: typeLabel(t, values.type) },
                  { label: t('fields.endpoint'), value: values.endpoint_url },
                  ...credentialRows,
                ]}
              />
              <Group>
                <Button
                  leftSection={<IconPlugConnected size={16} aria-hidden="true" />}
                  onClick={runTest}
                  loading={testCall.isPending}
                  data-testid="dsp-run-test"
                >
                  {test ? t('actions.retest') : t('actions.runTest')}
                </Button>
              </Group>
              <div aria-live="polite">
                {lastResult && !isStale ? <TestResult result={lastResult} /> : null}
              </div>
              {lastResult && !lastResult.ok && !isStale ? (
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                    onClick={() => goTo(1)}
                    data-testid="dsp-fix-connection"
                  >
                    {t('onboarding.fixConnection')}
                  </Button>
                </Group>
              ) : null}
            </>
          ) : null}

          {step === 'reach' ? <ReachFields values={values} errors={errors} onChange={change} /> : null}

          {step === 'review' ? (
            <>
              <DetailList
                rows={[
                  { label: t('fields.name'), value: values.name },
                  { label: t('fields.type'), value: typeLabel(t, values.type) },
                  { label: t('fields.endpoint'), value: values.endpoint_url },
                  ...credentialRows,
                  {
                    label: t('fields.exchanges'),
                    value: values.exchanges.length > 0 ? values.exchanges.join(', ') : t('view.noExchanges'),
                  },
                  { label: t('fields.qps'), value: String(values.qps_limit) },
                  {
                    label: t('onboarding.testStatus'),
                    testId: 'dsp-review-test',
                    value: (
                      <ToneBadge tone={isPassing ? 'ok' : 'bad'}>
                        {isPassing ? t('test.ok') : test ? t('test.failedOrChanged') : t('test.notRun')}
                      </ToneBadge>
                    ),
                  },
                ]}
              />
              {!isPassing ? (
                <Alert color="yellow" variant="light" data-testid="dsp-review-untested">
                  {t('onboarding.needsTest')}
                </Alert>
              ) : null}
            </>
          ) : null}

          <Group justify="space-between" mt="sm">
            <Group gap="sm">
              {active > 0 ? (
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                  onClick={() => goTo(active - 1)}
                  data-testid="dsp-step-back"
                >
                  {t('actions.back')}
                </Button>
              ) : (
                <Button variant="default" onClick={() => navigate(DSP_PATHS.list)}>
                  {t('actions.cancel')}
                </Button>
              )}
            </Group>
            {step === 'review' ? (
              <Group gap="sm">
                {!isPassing ? (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => setOverrideOpen(true)}
                    data-testid="dsp-create-override"
                  >
                    {t('onboarding.createWithoutTest')}
                  </Button>
                ) : null}
                <Button
                  onClick={() => void submit().catch(() => undefined)}
                  disabled={!isPassing}
                  loading={create.isPending && !isOverrideOpen}
                  data-testid="dsp-create"
                >
                  {t('actions.create')}
                </Button>
              </Group>
            ) : (
              <Button
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                onClick={next}
                data-testid="dsp-step-next"
              >
                {t('actions.next')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <ConfirmAction
        opened={isOverrideOpen}
        onClose={() => setOverrideOpen(false)}
        onConfirm={submit}
        title={t('onboarding.overrideTitle')}
        message={t('onboarding.overrideMessage')}
        confirmLabel={t('onboarding.createWithoutTest')}
        testId="dsp-override-confirm"
      />
    </PageFrame>
  );
};

export default OnboardingPage;
