// The shape every bulk page shares: 1. the campaigns, 2. the change, then "Review" opens a
// confirmation that says what will happen to how many campaigns; confirming sends the one bulk call
// and the page shows the result per campaign. A 400 on the whole request (a rule of the body) puts
// the server's messages on the form's fields.
import './bulk-styles.ts';
import type { BulkResult } from '@console/core/api/campaigns';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChecklist } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import type { FieldErrorsControl } from '../../../components/use-field-errors.ts';
import { localeOf } from '../../../lib/format/date-time.ts';
import { hasErrors } from '../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { BulkCampaignPicker } from './bulk-campaign-picker.tsx';
import { messageKeyOf } from './bulk-model.ts';
import { BulkResults } from './bulk-results.tsx';
import type { BulkCampaigns } from './use-bulk-campaigns.ts';

/** What the confirmation says and what confirming runs. */
export type BulkPlan = {
  title: string;
  /** One line per change ("Bid range: $1.00 – $5.00"). */
  changes: ReactNode[];
  /** Known reasons why some campaigns will be refused, and other things to know first. */
  notes?: string[];
  confirmLabel: string;
  /** A red confirm button (archive, complete, reject, removing lists). */
  danger?: boolean;
  run: () => Promise<BulkResult>;
};

/** Names shown in the confirmation before "and N more". */
const SHOWN_NAMES = 10;

/** A form message in the user's language (known core messages are translated, others shown as sent). */
export const useBulkMessage = () => {
  const { t } = useTranslation('campaign-bulk');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const key = messageKeyOf(message);
      return key ? t(key) : message;
    },
    [t],
  );
};

export type BulkStepsProps = {
  campaigns: BulkCampaigns;
  fields: FieldErrorsControl;
  withExchanges?: boolean;
  changeTitle: string;
  /** Checks the form; returns the plan to confirm, or null (the form shows its errors). */
  plan: () => BulkPlan | null;
  children: ReactNode;
};

export const BulkSteps = ({
  campaigns,
  fields,
  withExchanges,
  changeTitle,
  plan: makePlan,
  children,
}: BulkStepsProps) => {
  const { t, i18n } = useTranslation('campaign-bulk');
  const translate = useBulkMessage();
  const [plan, setPlan] = useState<BulkPlan | null>(null);
  const [opened, setOpened] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { ids, known } = campaigns;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next = makePlan();
    if (!next) {
      setFormError(t('review.fixErrors'));
      return;
    }
    setPlan(next);
    setOpened(true);
  };

  const confirm = async () => {
    if (!plan) return;
    try {
      const answer = await plan.run();
      setResult(answer);
      const total = answer.results.length;
      if (answer.succeeded === 0) showToast('error', t('results.toastNone', { count: total }));
      else showToast('success', t('results.summary', { count: total, succeeded: answer.succeeded }));
    } catch (error) {
      fields.takeServerErrors(error);
      showToast('error', translate(failureMessage(error, t('review.failed'))) ?? t('review.failed'));
    }
  };

  if (result) {
    return (
      <BulkResults
        result={result}
        known={known}
        onAgain={() => setResult(null)}
        onRetryFailed={(failed) => {
          campaigns.setIds(failed);
          setResult(null);
        }}
      />
    );
  }

  const names = ids.slice(0, SHOWN_NAMES).map((id) => known.get(id)?.name ?? t('picker.unknownName', { id }));
  const canReview = ids.length > 0 && !campaigns.isOverLimit;
  const idsError = translate(fields.errorOf('ids'));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bulk-step-campaigns">
        <Stack gap="md">
          <Title order={2} fz="h4" id="bulk-step-campaigns">
            {t('steps.campaigns')}
          </Title>
          <BulkCampaignPicker campaigns={campaigns} withExchanges={withExchanges} error={idsError} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bulk-step-change">
        <form onSubmit={review} noValidate aria-labelledby="bulk-step-change">
          <Stack gap="md">
            <Title order={2} fz="h4" id="bulk-step-change">
              {changeTitle}
            </Title>
            {children}
            {formError && hasErrors(fields.errors) ? (
              <Text size="sm" c="red.8" role="alert" data-testid="bulk-form-error">
                {formError}
              </Text>
            ) : null}
            <Group gap="sm" align="center">
              <Button
                type="submit"
                disabled={!canReview}
                leftSection={<IconChecklist size={16} aria-hidden="true" />}
                data-testid="bulk-review"
              >
                {t('review.button')}
              </Button>
              {ids.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('review.chooseFirst')}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmAction
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={confirm}
        title={plan?.title ?? ''}
        confirmLabel={plan?.confirmLabel}
        danger={plan?.danger ?? false}
        testId="bulk-confirm"
        message={
          plan ? (
            <Stack gap="sm" data-testid="bulk-confirm-summary">
              <Text size="sm" fw={500}>
                {t('review.lead', {
                  count: ids.length,
                  shown: ids.length.toLocaleString(localeOf(i18n.language)),
                })}
              </Text>
              <List size="sm" spacing={4}>
                {plan.changes.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of one plan
                  <List.Item key={index}>{line}</List.Item>
                ))}
              </List>
              <Text size="sm" c="dimmed">
                {names.join(', ')}
                {ids.length > names.length
                  ? ` ${t('picker.more', { count: ids.length - names.length })}`
                  : ''}
              </Text>
              {plan.notes && plan.notes.length > 0 ? (
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconAlertTriangle size={18} aria-hidden="true" />}
                  data-testid="bulk-confirm-notes"
                >
                  <Stack gap={4}>
                    {plan.notes.map((note) => (
                      <Text size="sm" key={note}>
                        {note}
                      </Text>
                    ))}
                  </Stack>
                </Alert>
              ) : null}
            </Stack>
          ) : (
            ''
          )
        }
      />
    </Stack>
  );
};
