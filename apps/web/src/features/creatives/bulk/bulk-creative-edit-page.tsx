// /creative/bulk-creative-edit (advertiser; the co-admin's shared path): the same change on many
// creatives. The selection comes from the list page (`?ids=`) and can be adjusted in the table; the
// user ticks the fields to change (only those are sent), the form checks them with core's schema
// (spec messages), warns about creatives whose type does not take a field (html has no click URL)
// and offers to leave them out; after a confirmation the server answers per creative, shown with a
// link to each creative.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { CreativeBulkResult, CreativeBulkUpdateBody } from '@console/core/api/creatives';
import { Alert, Button, Checkbox, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconChecks, IconFilter } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../../components/toast.ts';
import type { FieldErrors } from '../../../lib/forms/schema-errors.ts';
import { ApiError } from '../../../lib/http/api-client.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useBulkUpdateCreatives } from '../api/bulk-update-creatives.ts';
import { UrlListField } from '../upload/url-list-field.tsx';
import {
  BULK_FIELDS,
  type BulkEditForm,
  type BulkField,
  type BulkUrlField,
  emptyBulkEditForm,
  findMismatches,
  outcomeOf,
  translateFormMessage,
  translateResultMessage,
  validateBulkEdit,
} from './bulk-edit-model.ts';
import { type BulkResultRow, BulkResultsTable } from './bulk-results-table.tsx';
import { BulkResultsSection, BulkSection } from './bulk-sections.tsx';
import { CreativeSelectionTable } from './creative-selection-table.tsx';
import { useMessageText } from './message-text.tsx';
import { useCreativeSelection } from './use-creative-selection.ts';

/** The URL-list fields and their inputs' test ids. */
const URL_LIST_FIELDS = [
  ['pixel_url', 'bulk-pixel-url'],
  ['impression_url', 'bulk-impression-url'],
] as const satisfies readonly (readonly [BulkUrlField, string])[];

type Finished = { result: CreativeBulkResult; names: Map<number, string | undefined> };

/** A field the user ticks to change it on every selected creative, and its input below. */
const TickedField = ({
  label,
  hint,
  checked,
  onTick,
  testId,
  maw = 560,
  children,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onTick: (checked: boolean) => void;
  testId: string;
  maw?: number;
  children: ReactNode;
}) => (
  <Stack gap="xs">
    <Checkbox
      label={label}
      description={hint}
      checked={checked}
      onChange={(event) => onTick(event.currentTarget.checked)}
      data-testid={testId}
    />
    <Stack ml={32} maw={maw}>
      {children}
    </Stack>
  </Stack>
);

const BulkCreativeEditPage = () => {
  const { t } = useTranslation('creative-bulk');
  const route = useCurrentRoute();
  const selection = useCreativeSelection();
  const messageText = useMessageText();
  const mutation = useBulkUpdateCreatives();
  const [form, setForm] = useState<BulkEditForm>(emptyBulkEditForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<CreativeBulkUpdateBody | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);

  const errorOf = (field: string) => {
    const message = errors[field];
    return message ? messageText(translateFormMessage(message)) : undefined;
  };
  const clearErrors = (prefix: string) =>
    setErrors((current) => {
      const next = Object.fromEntries(
        Object.entries(current).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`)),
      );
      return Object.keys(next).length === Object.keys(current).length ? current : next;
    });

  const tick = (field: BulkField, checked: boolean) => {
    setForm((current) => ({ ...current, ticked: { ...current.ticked, [field]: checked } }));
    clearErrors(field);
    clearErrors('ids');
  };
  const setValue = <K extends 'click_url' | 'name_prefix' | 'pixel_url' | 'impression_url'>(
    key: K,
    value: BulkEditForm[K],
  ) => {
    setForm((current) => ({ ...current, [key]: value }));
    clearErrors(key);
  };

  const mismatches = findMismatches(selection.ids, selection.typeOf, form);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateBulkEdit(selection.ids, form);
    if (!checked.success) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setPending(checked.data);
  };

  const apply = async () => {
    if (!pending) return;
    try {
      const result = await mutation.mutateAsync(pending);
      const names = new Map(
        result.results.map((item) => [item.creative_id, selection.nameOf(item.creative_id)]),
      );
      setFinished({ result, names });
      const outcome = outcomeOf(result);
      showToast(
        outcome === 'all' ? 'success' : outcome === 'some' ? 'info' : 'error',
        t(`results.toast.${outcome}`, { succeeded: result.succeeded, failed: result.failed }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      showToast('error', failureMessage(error, t('results.toast.failed')));
      throw error;
    }
  };

  const leaveOut = (ids: readonly number[]) => {
    const drop = new Set(ids);
    selection.setSelected(selection.ids.filter((id) => !drop.has(id)));
  };

  const resultRows: BulkResultRow[] =
    finished?.result.results.map((item) => ({
      key: String(item.creative_id),
      creativeId: item.creative_id,
      creativeName: finished.names.get(item.creative_id),
      ok: item.ok,
      message: item.ok ? t('results.updated') : messageText(translateResultMessage(item.message)),
    })) ?? [];
  const failedIds = finished?.result.results.filter((item) => !item.ok).map((item) => item.creative_id) ?? [];

  const fieldLabel = (field: BulkField) => t(`fields.${field}.label`);
  const tickedProps = (field: BulkField) => ({
    label: fieldLabel(field),
    hint: t(`fields.${field}.hint`),
    checked: form.ticked[field],
    onTick: (checked: boolean) => tick(field, checked),
    testId: `bulk-field-${field}`,
  });
  const summary = pending
    ? BULK_FIELDS.filter((field) => pending[field] !== undefined).map((field) => {
        const value = pending[field];
        const shown = Array.isArray(value)
          ? value.length > 0
            ? value.join(', ')
            : t('confirm.emptyList')
          : String(value);
        return { field, shown };
      })
    : [];

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" maw={760}>
        {t('edit.intro')}
      </Text>

      <BulkSection title={t('edit.selectionTitle', { count: selection.ids.length })} id="bulk-edit-selection">
        <CreativeSelectionTable
          tableId="bulk-creatives"
          selected={selection.selected}
          onChange={selection.setSelected}
          onRows={selection.remember}
        />
      </BulkSection>

      <BulkSection title={t('edit.changesTitle')} id="bulk-edit-changes">
        <form onSubmit={review} noValidate aria-label={t('edit.formLabel')}>
          <Stack gap="lg">
            <Text size="sm" c="dimmed">
              {t('edit.changesHint')}
            </Text>

            <TickedField {...tickedProps('click_url')}>
              <TextInput
                aria-label={fieldLabel('click_url')}
                placeholder="https://"
                inputMode="url"
                value={form.click_url}
                onChange={(event) => setValue('click_url', event.currentTarget.value)}
                disabled={!form.ticked.click_url}
                error={errorOf('click_url')}
                data-testid="bulk-click-url"
              />
            </TickedField>

            {URL_LIST_FIELDS.map(([field, testId]) => (
              <TickedField key={field} {...tickedProps(field)}>
                <UrlListField
                  label={t(`fields.${field}.list`)}
                  rows={form[field]}
                  onChange={(values) => setValue(field, values)}
                  errorOf={(index) => errorOf(`${field}.${index}`)}
                  disabled={!form.ticked[field]}
                  testId={testId}
                />
              </TickedField>
            ))}

            <TickedField {...tickedProps('name_prefix')} maw={360}>
              <TextInput
                aria-label={fieldLabel('name_prefix')}
                placeholder={t('fields.name_prefix.placeholder')}
                value={form.name_prefix}
                onChange={(event) => setValue('name_prefix', event.currentTarget.value)}
                disabled={!form.ticked.name_prefix}
                error={errorOf('name_prefix')}
                maxLength={50}
                data-testid="bulk-name-prefix"
              />
            </TickedField>

            {mismatches.map((mismatch) => (
              <Alert
                key={mismatch.field}
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle size={18} aria-hidden="true" />}
                title={t('mismatch.title', { field: fieldLabel(mismatch.field) })}
                data-testid={`bulk-mismatch-${mismatch.field}`}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    {t('mismatch.body', {
                      count: mismatch.ids.length,
                      types: mismatch.types.map((type) => t(`types.${type}`)).join(', '),
                      field: fieldLabel(mismatch.field),
                    })}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="yellow"
                    leftSection={<IconFilter size={14} aria-hidden="true" />}
                    onClick={() => leaveOut(mismatch.ids)}
                    data-testid={`bulk-mismatch-${mismatch.field}-leave-out`}
                  >
                    {t('mismatch.leaveOut', { count: mismatch.ids.length })}
                  </Button>
                </Stack>
              </Alert>
            ))}

            {errors.ids ? (
              <Alert color="red" variant="light" role="alert" data-testid="bulk-edit-error">
                {errorOf('ids')}
              </Alert>
            ) : null}

            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="bulk-edit-count">
                {t('edit.selectedCount', { count: selection.ids.length })}
              </Text>
              <Button
                type="submit"
                leftSection={<IconChecks size={16} aria-hidden="true" />}
                data-testid="bulk-edit-submit"
              >
                {t('edit.review')}
              </Button>
            </Group>
          </Stack>
        </form>
      </BulkSection>

      {finished ? (
        <BulkResultsSection
          id="bulk-edit-results"
          result={finished.result}
          summaryKey="results.summary"
          summaryTestId="bulk-edit-summary"
        >
          <BulkResultsTable rows={resultRows} label={t('results.tableLabel')} testId="bulk-edit-results" />
          {failedIds.length > 0 ? (
            <Group>
              <Button
                variant="light"
                onClick={() => {
                  selection.setSelected(failedIds);
                  setFinished(null);
                }}
                data-testid="bulk-edit-select-failed"
              >
                {t('results.selectFailed', { count: failedIds.length })}
              </Button>
            </Group>
          ) : null}
        </BulkResultsSection>
      ) : null}

      <ConfirmAction
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={apply}
        danger={false}
        title={t('confirm.title', { count: pending?.ids.length ?? 0 })}
        confirmLabel={t('confirm.apply')}
        testId="bulk-edit-confirm"
        message={
          <Stack gap="sm">
            <Text size="sm">{t('confirm.body', { count: pending?.ids.length ?? 0 })}</Text>
            <List size="sm" spacing={4}>
              {summary.map((item) => (
                <List.Item key={item.field}>
                  <Text span fw={500} size="sm">
                    {fieldLabel(item.field)}:
                  </Text>{' '}
                  <Text span size="sm" style={{ wordBreak: 'break-all' }}>
                    {item.shown}
                  </Text>
                </List.Item>
              ))}
            </List>
            {pending && (pending.click_url !== undefined || pending.pixel_url || pending.impression_url) ? (
              <Text size="sm" c="dimmed">
                {t('confirm.reapproval')}
              </Text>
            ) : null}
          </Stack>
        }
      />
    </PageFrame>
  );
};

export default BulkCreativeEditPage;
