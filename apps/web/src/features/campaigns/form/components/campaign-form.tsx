// The guided campaign form shared by create, edit and clone: five steps (basics, budget and bidding,
// targeting, creatives, review) under a stepper whose headers show which steps have errors. A step
// is checked with core's schemas before the next one opens; the review saves a draft or submits for
// approval; a server 400 puts its messages back on the fields and opens the first step with one.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import type { CampaignStatus } from '@console/core/campaign-status';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  IconSend,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmAction } from '../../../../components/confirm-action.tsx';
import { failureMessage, showToast } from '../../../../components/toast.ts';
import { ApiError } from '../../../../lib/http/api-client.ts';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import { useSession } from '../../../../lib/session/session-store.ts';
import {
  type CampaignFormValues,
  checkEdit,
  checkSubmit,
  checkValues,
  errorFieldsOfChange,
  errorsOfStep,
  FORM_STEPS,
  type FormErrors,
  type FormStep,
  fingerprintOf,
  normaliseErrors,
  stepOfField,
  stepsWithErrors,
} from '../campaign-form-model.ts';
import { BasicsStep } from './basics-step.tsx';
import { BudgetStep } from './budget-step.tsx';
import { CreativesStep } from './creatives-step.tsx';
import { ReviewStep } from './review-step.tsx';
import type { FormMode, KnownNames, StepProps } from './step-props.ts';
import { TargetingStep } from './targeting-step.tsx';
import { useErrorOf } from './use-form-text.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

export type SaveIntent = { submit: boolean };

export type CampaignFormProps = {
  mode: FormMode;
  initial: CampaignFormValues;
  known?: KnownNames;
  /** The saved campaign's status (edit). */
  status?: CampaignStatus | null;
  /** The saved campaign's id (edit). */
  campaignId?: number;
  /** Where "Cancel" goes (the list, or the campaign's view). */
  cancelHref: string | null;
  /** Saves (POST or PUT); rejects with ApiError on failure. Navigation after success is the page's. */
  onSave: (values: CampaignFormValues, intent: SaveIntent) => Promise<void>;
};

const STEP_VIEWS: Record<Exclude<FormStep, 'review'>, (props: StepProps) => ReactNode> = {
  basics: BasicsStep,
  budget: BudgetStep,
  targeting: TargetingStep,
  creatives: CreativesStep,
};

export const CampaignForm = ({
  mode,
  initial,
  known = {},
  status = null,
  campaignId,
  cancelHref,
  onSave,
}: CampaignFormProps) => {
  const { t } = useTranslation('campaign-form');
  const role = useSession().auth?.role;
  const choosesAdvertiser = role !== undefined && role !== 'ADVERTISER';
  const needsAdvertiser = choosesAdvertiser && mode !== 'edit';
  const [values, setValues] = useState(initial);
  const latest = useRef(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [active, setActive] = useState(0);
  // A new campaign opens its steps one by one; a saved one (edit, clone) may jump anywhere.
  const [reached, setReached] = useState(mode === 'create' ? 0 : FORM_STEPS.length - 1);
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const [isSaved, setSaved] = useState(false);
  const [advertiserName, setAdvertiserName] = useState(known.advertiser);
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const errorOf = useErrorOf(errors);
  const initialPrint = useMemo(() => fingerprintOf(initial), [initial]);
  const isDirty = !isSaved && fingerprintOf(values) !== initialPrint;
  const guard = useLeaveGuard(isDirty);

  const step = FORM_STEPS[active] ?? 'basics';
  const badSteps = new Set(stepsWithErrors(errors));

  const change = useCallback((patch: Partial<CampaignFormValues>) => {
    const previous = latest.current;
    const next = { ...previous, ...patch };
    latest.current = next;
    setValues(next);
    const stale = errorFieldsOfChange(previous, patch);
    setErrors((current) => {
      if (!stale.some((field) => field in current)) return current;
      return Object.fromEntries(Object.entries(current).filter(([field]) => !stale.includes(field)));
    });
  }, []);

  const validateField = useCallback(
    (field: string) => {
      const message = checkValues(latest.current, { needsAdvertiser })[field];
      setErrors((current) => {
        if (current[field] === message) return current;
        const { [field]: _old, ...rest } = current;
        return message ? { ...rest, [field]: message } : rest;
      });
    },
    [needsAdvertiser],
  );

  const focusLater = (target: 'heading' | 'invalid') =>
    requestAnimationFrame(() => {
      const invalid = panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (target === 'invalid' && invalid) invalid.focus();
      else heading.current?.focus();
    });

  const open = (index: number, focus: 'heading' | 'invalid' = 'heading') => {
    const bounded = Math.max(0, Math.min(index, FORM_STEPS.length - 1));
    setActive(bounded);
    setReached((current) => Math.max(current, bounded));
    focusLater(focus);
  };

  /** The errors of the steps before `index` (and of it), or the first step that has some. */
  const checkUpTo = (index: number) => {
    const all = checkValues(latest.current, { needsAdvertiser });
    const shown: FormErrors = {};
    for (const checked of FORM_STEPS.slice(0, index + 1)) Object.assign(shown, errorsOfStep(all, checked));
    const first = FORM_STEPS.findIndex((candidate) => Object.keys(errorsOfStep(shown, candidate)).length > 0);
    return { shown, first };
  };

  const goTo = (index: number) => {
    if (index <= active) {
      open(index);
      return;
    }
    // Forward: every step on the way must pass.
    const { shown, first } = checkUpTo(index - 1);
    setErrors((current) => ({ ...errorsOfOtherSteps(current, index - 1), ...shown }));
    if (first >= 0) {
      open(first, 'invalid');
      return;
    }
    open(index);
  };

  const save = async (submit: boolean) => {
    const all = {
      ...(submit ? checkSubmit(latest.current) : {}),
      ...(mode === 'edit' ? checkEdit(latest.current, status) : {}),
      ...checkValues(latest.current, { needsAdvertiser }),
    };
    if (Object.keys(all).length > 0) {
      setErrors(all);
      const first = FORM_STEPS.indexOf(stepsWithErrors(all)[0] ?? 'review');
      showToast('error', t('toasts.fixErrors'));
      open(first, 'invalid');
      return;
    }
    setSaving(submit ? 'submit' : 'draft');
    try {
      await onSave(latest.current, { submit });
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) {
        const fromServer = normaliseErrors(error.errors);
        setErrors(fromServer);
        const firstField = Object.keys(fromServer)[0] ?? '';
        const first = FORM_STEPS.indexOf(stepsWithErrors(fromServer)[0] ?? stepOfField(firstField));
        open(first, 'invalid');
      }
      showToast('error', failureMessage(error, t('toasts.saveFailed')));
    } finally {
      setSaving(null);
    }
  };

  const stepProps: StepProps = {
    values,
    errorOf,
    change,
    validateField,
    advertiserId: choosesAdvertiser ? values.advertiser_id : null,
    hasAdvertiser: !choosesAdvertiser || values.advertiser_id !== null,
    mode,
    campaignId,
    status,
    known: { ...known, advertiser: advertiserName },
    rememberAdvertiser: setAdvertiserName,
  };
  const StepView = step === 'review' ? null : STEP_VIEWS[step];
  const formErrors = errorsOfStep(errors, 'review');
  const canSubmit = mode !== 'edit' || status === 'DRAFT' || status === 'REJECTED';
  const isLast = step === 'review';

  const saveButtons = (
    <Group gap="sm">
      <Button
        variant={canSubmit && isLast ? 'default' : 'filled'}
        leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
        onClick={() => void save(false)}
        loading={saving === 'draft'}
        disabled={saving !== null}
        data-testid="campaign-save"
      >
        {mode === 'edit' && status !== 'DRAFT' && status !== 'REJECTED'
          ? t('actions.saveChanges')
          : t('actions.saveDraft')}
      </Button>
      {canSubmit && isLast ? (
        <Button
          leftSection={<IconSend size={16} aria-hidden="true" />}
          onClick={() => void save(true)}
          loading={saving === 'submit'}
          disabled={saving !== null}
          data-testid="campaign-submit"
        >
          {t('actions.submit')}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={goTo}
        size="sm"
        wrap
        aria-label={t('steps.label')}
        data-testid="campaign-stepper"
      >
        {FORM_STEPS.map((name, index) => {
          const isBad = badSteps.has(name);
          const alert = <IconAlertTriangle size={18} aria-hidden="true" />;
          return (
            <Stepper.Step
              key={name}
              label={t(`steps.${name}.title`)}
              description={isBad ? t('steps.hasErrors') : t(`steps.${name}.short`)}
              color={isBad ? 'red' : undefined}
              icon={isBad ? alert : undefined}
              completedIcon={isBad ? alert : undefined}
              allowStepSelect={index <= reached && saving === null}
              aria-current={index === active ? 'step' : undefined}
              data-testid={`campaign-step-${name}`}
              data-has-errors={isBad ? 'true' : undefined}
            />
          );
        })}
      </Stepper>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="campaign-step-heading">
        <Stack gap="md" ref={panel}>
          <Stack gap={4}>
            <Title order={2} fz="h4" id="campaign-step-heading" ref={heading} tabIndex={-1}>
              {t('steps.stepOf', { step: active + 1, count: FORM_STEPS.length })} · {t(`steps.${step}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`steps.${step}.lead`)}
            </Text>
          </Stack>

          {mode === 'edit' && status === 'REJECTED' ? (
            <Alert color="yellow" variant="light" data-testid="campaign-rejected-note">
              {t('notes.rejectedBecomesDraft')}
            </Alert>
          ) : null}
          {mode === 'clone' ? (
            <Alert color="blue" variant="light" data-testid="campaign-clone-note">
              {t('notes.clone')}
            </Alert>
          ) : null}
          {Object.keys(errorsOfStep(errors, step)).length > 0 && step !== 'review' ? (
            <Alert color="red" variant="light" role="alert" data-testid="campaign-step-errors">
              {t('notes.stepHasErrors')}
            </Alert>
          ) : null}

          {StepView ? (
            <StepView {...stepProps} />
          ) : (
            <ReviewStep {...stepProps} onEdit={(to) => open(FORM_STEPS.indexOf(to))} />
          )}

          {Object.keys(formErrors).length > 0 ? (
            <Alert color="red" variant="light" role="alert" data-testid="campaign-form-errors">
              <Stack gap={4}>
                {Object.keys(formErrors).map((field) => (
                  <Text key={field} size="sm">
                    {errorOf(field)}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}

          <Group justify="space-between" mt="sm">
            {active > 0 ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
                onClick={() => open(active - 1)}
                data-testid="campaign-step-back"
              >
                {t('actions.back')}
              </Button>
            ) : cancelHref ? (
              <Button variant="default" component={Link} to={cancelHref} data-testid="campaign-cancel">
                {t('actions.cancel')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              {mode === 'edit' && !isLast ? saveButtons : null}
              {isLast ? (
                saveButtons
              ) : (
                <Button
                  rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                  onClick={() => goTo(active + 1)}
                  variant={mode === 'edit' ? 'default' : 'filled'}
                  data-testid="campaign-step-next"
                >
                  {t('actions.next')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </Paper>
      <ConfirmAction
        opened={guard.pendingHref !== null}
        onClose={guard.stay}
        onConfirm={guard.proceed}
        title={t('leave.title')}
        message={t('leave.message')}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('leave.cancel')}
        testId="campaign-leave"
      />
    </Stack>
  );
};

/** The errors of steps after `index` (kept while earlier steps are checked again). */
const errorsOfOtherSteps = (errors: FormErrors, index: number): FormErrors =>
  Object.fromEntries(
    Object.entries(errors).filter(([field]) => FORM_STEPS.indexOf(stepOfField(field)) > index),
  );
