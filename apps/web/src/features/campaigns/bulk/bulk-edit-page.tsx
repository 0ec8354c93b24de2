// /bulk-campaign-edit (advertiser): one change to many campaigns at once. The campaigns come from
// `?ids=1,2,3` (the list page) or are ticked here; the change is one of bid range, fields (budgets,
// pacing, frequency cap, end date, minimum viewability: only the ticked ones are sent), inventory lists, audiences or a
// status move. A review says what will change for how many; the answer lists each campaign.
import './bulk-styles.ts';
import { BULK_MAX_IDS, FREQUENCY_PERIODS } from '@console/core/api/campaigns-constants';
import { sideOfRole } from '@console/core/campaign-status';
import { formatMicros } from '@console/core/format/money';
import {
  Alert,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { formatDateTime, localeOf, userTimeZone } from '../../../lib/format/date-time.ts';
import type { FieldErrors } from '../../../lib/forms/schema-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useBulkAudience } from '../api/bulk-audience.ts';
import { useBulkBidRange } from '../api/bulk-bid-range.ts';
import { useBulkInventory } from '../api/bulk-inventory.ts';
import { useBulkStatus } from '../api/bulk-status.ts';
import { useBulkUpdate } from '../api/bulk-update.ts';
import { useRelationOptions } from '../api/relation-options.ts';
import { type BulkPlan, BulkSteps, useBulkMessage } from './bulk-flow.tsx';
import { ListOpChooser, MoneyInput, SearchedMultiSelect, StatusChooser } from './bulk-inputs.tsx';
import {
  type AudienceMode,
  type BidRangeForm,
  countNotEditable,
  EMPTY_AUDIENCE,
  EMPTY_BID_RANGE,
  EMPTY_FIELDS,
  EMPTY_INVENTORY,
  EMPTY_STATUS,
  type FieldsForm,
  type InventoryMode,
  type ListForm,
  type StatusForm,
  tickedFields,
  toAudienceBody,
  toBidRangeBody,
  toFieldsBody,
  toInventoryBody,
  toStatusBody,
} from './bulk-model.ts';
import { useBulkCampaigns } from './use-bulk-campaigns.ts';

const OPS = ['bidRange', 'fields', 'inventory', 'audience', 'status'] as const;
type Op = (typeof OPS)[number];
const isOp = (value: string | null): value is Op => OPS.includes(value as Op);

const BulkEditPage = () => {
  const { t, i18n } = useTranslation('campaign-bulk');
  const locale = localeOf(i18n.language);
  const route = useCurrentRoute();
  const auth = useSession().auth;
  const [search] = useSearchParams();
  const campaigns = useBulkCampaigns('bulk-campaigns');
  const fields = useFieldErrors();
  const translate = useBulkMessage();
  const errorOf = (field: string) => translate(fields.errorOf(field));

  const [op, setOp] = useState<Op>(() => {
    const initial = search.get('op');
    return isOp(initial) ? initial : 'bidRange';
  });
  const [bidRange, setBidRange] = useState<BidRangeForm>(EMPTY_BID_RANGE);
  const [fieldsForm, setFieldsForm] = useState<FieldsForm>(EMPTY_FIELDS);
  const [inventory, setInventory] = useState<ListForm<InventoryMode>>(EMPTY_INVENTORY);
  const [audience, setAudience] = useState<ListForm<AudienceMode>>(EMPTY_AUDIENCE);
  const [status, setStatus] = useState<StatusForm>(EMPTY_STATUS);
  const [relationQuery, setRelationQuery] = useState({ applists: '', audiences: '' });
  const [choiceNames, setChoiceNames] = useState<ReadonlyMap<number, string>>(() => new Map());
  const rememberNames = (names: ReadonlyMap<number, string>) =>
    setChoiceNames((current) => new Map([...current, ...names]));
  const namesOf = (chosen: readonly number[]) =>
    chosen.map((id) => choiceNames.get(id) ?? `#${id}`).join(', ');

  const bidRangeCall = useBulkBidRange();
  const updateCall = useBulkUpdate();
  const inventoryCall = useBulkInventory();
  const audienceCall = useBulkAudience();
  const statusCall = useBulkStatus();

  // The lists and audiences are the advertiser's own (this page is the advertiser's).
  const advertiserId =
    auth?.role === 'ADVERTISER'
      ? auth.user.user_primary_id
      : campaigns.ids.map((id) => campaigns.known.get(id)?.advertiser.user_primary_id).find(Boolean);
  const applistOptions = useRelationOptions(advertiserId, relationQuery.applists, op === 'inventory');
  const audienceOptions = useRelationOptions(advertiserId, relationQuery.audiences, op === 'audience');
  const onApplistSearch = useCallback((q: string) => setRelationQuery((c) => ({ ...c, applists: q })), []);
  const onAudienceSearch = useCallback((q: string) => setRelationQuery((c) => ({ ...c, audiences: q })), []);

  const { ids, known } = campaigns;
  const statuses = ids.map((id) => known.get(id)?.status);
  const notEditable = countNotEditable(statuses);
  const notEditableNote = notEditable > 0 ? [t('notes.notEditable', { count: notEditable })] : [];

  const fail = (errors: FieldErrors) => {
    fields.setErrors(errors);
    return null;
  };

  const plan = (): BulkPlan | null => {
    fields.clear();
    if (op === 'bidRange') {
      const check = toBidRangeBody(ids, bidRange);
      if (!check.success) return fail(check.errors);
      const { body } = check;
      const outside =
        body.bid_micros === undefined
          ? ids.filter((id) => {
              const campaign = known.get(id);
              return (
                campaign &&
                (campaign.bid_micros < body.min_bid_micros || campaign.bid_micros > body.max_bid_micros)
              );
            }).length
          : 0;
      return {
        title: t('plan.bidRange.title'),
        changes: [
          t('plan.bidRange.range', {
            min: formatMicros(body.min_bid_micros, locale),
            max: formatMicros(body.max_bid_micros, locale),
          }),
          body.bid_micros === undefined
            ? t('plan.bidRange.bidKept')
            : t('plan.bidRange.bid', { bid: formatMicros(body.bid_micros, locale) }),
        ],
        notes: [...notEditableNote, ...(outside > 0 ? [t('notes.bidOutside', { count: outside })] : [])],
        confirmLabel: t('plan.apply'),
        run: () => bidRangeCall.mutateAsync(body),
      };
    }
    if (op === 'fields') {
      const check = toFieldsBody(ids, fieldsForm);
      if (!check.success) return fail(check.errors);
      const { fields: values } = check.body;
      const changes: ReactNode[] = [];
      for (const key of tickedFields(fieldsForm)) {
        if (key === 'total' && values.total_budget_micros !== undefined)
          changes.push(t('plan.fields.total', { amount: formatMicros(values.total_budget_micros, locale) }));
        if (key === 'daily')
          changes.push(
            typeof values.daily_budget_micros === 'number'
              ? t('plan.fields.daily', { amount: formatMicros(values.daily_budget_micros, locale) })
              : t('plan.fields.dailyNone'),
          );
        if (key === 'pacing' && values.pacing)
          changes.push(t('plan.fields.pacing', { pacing: t(`pacing.${values.pacing}`) }));
        if (key === 'frequency')
          changes.push(
            values.frequency_cap
              ? t('plan.fields.frequency', {
                  count: values.frequency_cap.count,
                  period: t(`period.${values.frequency_cap.period}`),
                })
              : t('plan.fields.frequencyNone'),
          );
        if (key === 'viewability')
          changes.push(
            typeof values.min_viewability_pct === 'number'
              ? t('plan.fields.viewability', { percent: values.min_viewability_pct })
              : t('plan.fields.viewabilityNone'),
          );
        if (key === 'endAt' && values.end_at)
          changes.push(t('plan.fields.endAt', { date: formatDateTime(values.end_at, i18n.language) }));
      }
      return {
        title: t('plan.fields.title'),
        changes,
        notes: [...notEditableNote, t('notes.fieldsPerCampaign')],
        confirmLabel: t('plan.apply'),
        run: () => updateCall.mutateAsync(check.body),
      };
    }
    if (op === 'inventory') {
      const check = toInventoryBody(ids, inventory);
      if (!check.success) return fail(check.errors);
      const { body } = check;
      const names = namesOf(body.applist_ids);
      return {
        title: t('plan.inventory.title'),
        changes: [
          body.op === 'replace' && body.applist_ids.length === 0
            ? t('plan.inventory.clear')
            : t(`plan.inventory.${body.op}`, { names, mode: t(`inventoryMode.${body.mode}`) }),
        ],
        notes: notEditableNote,
        confirmLabel: t('plan.apply'),
        danger: body.op !== 'add',
        run: () => inventoryCall.mutateAsync(body),
      };
    }
    if (op === 'audience') {
      const check = toAudienceBody(ids, audience);
      if (!check.success) return fail(check.errors);
      const { body } = check;
      const names = namesOf(body.audience_ids);
      return {
        title: t('plan.audience.title'),
        changes: [
          body.op === 'replace' && body.audience_ids.length === 0
            ? t('plan.audience.clear')
            : t(`plan.audience.${body.op}`, { names, mode: t(`audienceMode.${body.mode}`) }),
        ],
        notes: notEditableNote,
        confirmLabel: t('plan.apply'),
        danger: body.op !== 'add',
        run: () => audienceCall.mutateAsync(body),
      };
    }
    const check = toStatusBody(ids, status);
    if (!check.success) return fail(check.errors);
    const { body } = check;
    return {
      title: t('plan.status.title'),
      changes: [t('plan.status.to', { status: t(`status.${body.to}`) })],
      notes: [t('notes.statusPerCampaign')],
      confirmLabel: t('plan.status.confirm', { status: t(`status.${body.to}`) }),
      danger: body.to === 'ARCHIVED' || body.to === 'COMPLETED',
      run: () => statusCall.mutateAsync(body),
    };
  };

  const setBid = (patch: Partial<BidRangeForm>, field: string) => {
    setBidRange((current) => ({ ...current, ...patch }));
    fields.clear(field);
  };
  const setField = <K extends keyof FieldsForm>(key: K, patch: Partial<FieldsForm[K]>, field: string) => {
    setFieldsForm((current) => ({ ...current, [key]: { ...current[key], ...patch } }));
    fields.clear(field);
    fields.clear('fields');
  };

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" size="sm" maw={820}>
        {t('edit.intro', { max: BULK_MAX_IDS })}
      </Text>
      <BulkSteps campaigns={campaigns} fields={fields} changeTitle={t('steps.change')} plan={plan}>
        <Tabs
          value={op}
          onChange={(next) => {
            if (isOp(next)) setOp(next);
            fields.clear();
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('edit.opsLabel')}>
            {OPS.map((item) => (
              <Tabs.Tab key={item} value={item} data-testid={`bulk-op-${item}`}>
                {t(`edit.ops.${item}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="bidRange" pt="md">
            <Stack gap="md" maw={640}>
              <Text size="sm" c="dimmed">
                {t('bidRange.help')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <MoneyInput
                  label={t('bidRange.min')}
                  required
                  value={bidRange.min}
                  onChange={(event) => setBid({ min: event.currentTarget.value }, 'min_bid_micros')}
                  error={errorOf('min_bid_micros')}
                  data-testid="bulk-min-bid"
                />
                <MoneyInput
                  label={t('bidRange.max')}
                  required
                  value={bidRange.max}
                  onChange={(event) => setBid({ max: event.currentTarget.value }, 'max_bid_micros')}
                  error={errorOf('max_bid_micros')}
                  data-testid="bulk-max-bid"
                />
              </SimpleGrid>
              <Checkbox
                label={t('bidRange.withBid')}
                description={t('bidRange.withBidHelp')}
                checked={bidRange.withBid}
                onChange={(event) => setBid({ withBid: event.currentTarget.checked }, 'bid_micros')}
                data-testid="bulk-with-bid"
              />
              {bidRange.withBid ? (
                <MoneyInput
                  label={t('bidRange.bid')}
                  required
                  value={bidRange.bid}
                  onChange={(event) => setBid({ bid: event.currentTarget.value }, 'bid_micros')}
                  error={errorOf('bid_micros')}
                  maw={310}
                  data-testid="bulk-bid"
                />
              ) : null}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="fields" pt="md">
            <Stack gap="md" maw={720}>
              <Text size="sm" c="dimmed">
                {t('fields.help')}
              </Text>
              <FieldRow
                label={t('fields.total')}
                on={fieldsForm.total.on}
                onToggle={(on) => setField('total', { on }, 'fields.total_budget_micros')}
                testId="bulk-field-total"
              >
                <MoneyInput
                  aria-label={t('fields.newTotal')}
                  disabled={!fieldsForm.total.on}
                  value={fieldsForm.total.value}
                  onChange={(event) =>
                    setField('total', { value: event.currentTarget.value }, 'fields.total_budget_micros')
                  }
                  error={errorOf('fields.total_budget_micros')}
                  maw={310}
                  data-testid="bulk-total"
                />
              </FieldRow>
              <FieldRow
                label={t('fields.daily')}
                on={fieldsForm.daily.on}
                onToggle={(on) => setField('daily', { on }, 'fields.daily_budget_micros')}
                testId="bulk-field-daily"
              >
                <Group align="flex-start" gap="md" wrap="wrap">
                  <MoneyInput
                    aria-label={t('fields.newDaily')}
                    disabled={!fieldsForm.daily.on || fieldsForm.daily.noLimit}
                    value={fieldsForm.daily.value}
                    onChange={(event) =>
                      setField('daily', { value: event.currentTarget.value }, 'fields.daily_budget_micros')
                    }
                    error={errorOf('fields.daily_budget_micros')}
                    w={310}
                    data-testid="bulk-daily"
                  />
                  <Checkbox
                    label={t('fields.noDailyLimit')}
                    disabled={!fieldsForm.daily.on}
                    checked={fieldsForm.daily.noLimit}
                    onChange={(event) =>
                      setField(
                        'daily',
                        { noLimit: event.currentTarget.checked },
                        'fields.daily_budget_micros',
                      )
                    }
                    mt={8}
                  />
                </Group>
              </FieldRow>
              <FieldRow
                label={t('fields.pacing')}
                on={fieldsForm.pacing.on}
                onToggle={(on) => setField('pacing', { on }, 'fields.pacing')}
                testId="bulk-field-pacing"
              >
                <SegmentedControl
                  aria-label={t('fields.newPacing')}
                  disabled={!fieldsForm.pacing.on}
                  value={fieldsForm.pacing.value}
                  onChange={(value) =>
                    setField('pacing', { value: value as FieldsForm['pacing']['value'] }, 'fields.pacing')
                  }
                  data={[
                    { value: 'EVEN', label: t('pacing.EVEN') },
                    { value: 'ASAP', label: t('pacing.ASAP') },
                  ]}
                />
              </FieldRow>
              <FieldRow
                label={t('fields.frequency')}
                on={fieldsForm.frequency.on}
                onToggle={(on) => setField('frequency', { on }, 'fields.frequency_cap')}
                testId="bulk-field-frequency"
              >
                <Group align="flex-start" gap="md" wrap="wrap">
                  <TextInput
                    label={t('fields.frequencyCount')}
                    inputMode="numeric"
                    disabled={!fieldsForm.frequency.on || fieldsForm.frequency.noCap}
                    value={fieldsForm.frequency.count}
                    onChange={(event) =>
                      setField(
                        'frequency',
                        { count: event.currentTarget.value },
                        'fields.frequency_cap.count',
                      )
                    }
                    error={errorOf('fields.frequency_cap.count') ?? errorOf('fields.frequency_cap')}
                    w={160}
                    data-testid="bulk-frequency-count"
                  />
                  <NativeSelect
                    label={t('fields.frequencyPeriod')}
                    disabled={!fieldsForm.frequency.on || fieldsForm.frequency.noCap}
                    value={fieldsForm.frequency.period}
                    onChange={(event) =>
                      setField(
                        'frequency',
                        { period: event.currentTarget.value as FieldsForm['frequency']['period'] },
                        'fields.frequency_cap.period',
                      )
                    }
                    data={FREQUENCY_PERIODS.map((period) => ({
                      value: period,
                      label: t(`period.${period}`),
                    }))}
                  />
                  <Checkbox
                    label={t('fields.noCap')}
                    disabled={!fieldsForm.frequency.on}
                    checked={fieldsForm.frequency.noCap}
                    onChange={(event) =>
                      setField('frequency', { noCap: event.currentTarget.checked }, 'fields.frequency_cap')
                    }
                    mt={30}
                  />
                </Group>
              </FieldRow>
              <FieldRow
                label={t('fields.endAt')}
                on={fieldsForm.endAt.on}
                onToggle={(on) => setField('endAt', { on }, 'fields.end_at')}
                testId="bulk-field-end"
              >
                <TextInput
                  type="datetime-local"
                  aria-label={t('fields.newEndAt')}
                  description={t('fields.endAtHelp', { zone: userTimeZone() })}
                  disabled={!fieldsForm.endAt.on}
                  value={fieldsForm.endAt.value}
                  onChange={(event) =>
                    setField('endAt', { value: event.currentTarget.value }, 'fields.end_at')
                  }
                  error={errorOf('fields.end_at')}
                  maw={310}
                  data-testid="bulk-end-at"
                />
              </FieldRow>
              <FieldRow
                label={t('fields.viewability')}
                on={fieldsForm.viewability.on}
                onToggle={(on) => setField('viewability', { on }, 'fields.min_viewability_pct')}
                testId="bulk-field-viewability"
              >
                <Group align="flex-start" gap="md" wrap="wrap">
                  <TextInput
                    label={t('fields.viewabilityPercent')}
                    description={t('fields.viewabilityHelp')}
                    inputMode="numeric"
                    disabled={!fieldsForm.viewability.on || fieldsForm.viewability.none}
                    value={fieldsForm.viewability.value}
                    onChange={(event) =>
                      setField(
                        'viewability',
                        { value: event.currentTarget.value },
                        'fields.min_viewability_pct',
                      )
                    }
                    error={errorOf('fields.min_viewability_pct')}
                    w={220}
                    data-testid="bulk-viewability"
                  />
                  <Checkbox
                    label={t('fields.noViewability')}
                    disabled={!fieldsForm.viewability.on}
                    checked={fieldsForm.viewability.none}
                    onChange={(event) =>
                      setField(
                        'viewability',
                        { none: event.currentTarget.checked },
                        'fields.min_viewability_pct',
                      )
                    }
                    mt={30}
                  />
                </Group>
              </FieldRow>
              {errorOf('fields') ? (
                <Text size="sm" c="red.8" role="alert" data-testid="bulk-fields-error">
                  {errorOf('fields')}
                </Text>
              ) : null}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="inventory" pt="md">
            <Stack gap="md" maw={720}>
              <ListOpChooser
                label={t('inventory.op')}
                value={inventory.op}
                onChange={(next) => {
                  setInventory((current) => ({ ...current, op: next }));
                  fields.clear('applist_ids');
                }}
                testId="bulk-inventory-op"
              />
              {inventory.op !== 'remove' ? (
                <Radio.Group
                  label={t('inventory.mode')}
                  value={inventory.mode}
                  onChange={(mode) =>
                    setInventory((current) => ({ ...current, mode: mode as InventoryMode }))
                  }
                >
                  <Group gap="lg" mt="xs">
                    <Radio
                      value="ALLOW"
                      label={t('inventoryMode.ALLOW')}
                      description={t('inventory.allowHelp')}
                    />
                    <Radio
                      value="BLOCK"
                      label={t('inventoryMode.BLOCK')}
                      description={t('inventory.blockHelp')}
                    />
                  </Group>
                </Radio.Group>
              ) : null}
              <SearchedMultiSelect
                label={t('inventory.lists')}
                options={(applistOptions.data?.applists ?? []).map((item) => ({
                  value: item.applist_id,
                  label: item.name,
                }))}
                value={inventory.ids}
                onChange={(next, names) => {
                  rememberNames(names);
                  setInventory((current) => ({ ...current, ids: next }));
                  fields.clear('applist_ids');
                }}
                onSearch={onApplistSearch}
                isLoading={applistOptions.isPending || applistOptions.isFetching}
                loadError={applistOptions.isError ? t('choice.loadFailed') : null}
                error={errorOf('applist_ids')}
                testId="bulk-inventory-lists"
              />
              {inventory.op === 'replace' && inventory.ids.length === 0 ? (
                <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
                  {t('inventory.clearWarning')}
                </Alert>
              ) : null}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="audience" pt="md">
            <Stack gap="md" maw={720}>
              <ListOpChooser
                label={t('audience.op')}
                value={audience.op}
                onChange={(next) => {
                  setAudience((current) => ({ ...current, op: next }));
                  fields.clear('audience_ids');
                }}
                testId="bulk-audience-op"
              />
              {audience.op !== 'remove' ? (
                <Radio.Group
                  label={t('audience.mode')}
                  value={audience.mode}
                  onChange={(mode) => setAudience((current) => ({ ...current, mode: mode as AudienceMode }))}
                >
                  <Group gap="lg" mt="xs">
                    <Radio
                      value="INCLUDE"
                      label={t('audienceMode.INCLUDE')}
                      description={t('audience.includeHelp')}
                    />
                    <Radio
                      value="EXCLUDE"
                      label={t('audienceMode.EXCLUDE')}
                      description={t('audience.excludeHelp')}
                    />
                  </Group>
                </Radio.Group>
              ) : null}
              <SearchedMultiSelect
                label={t('audience.audiences')}
                options={(audienceOptions.data?.audiences ?? []).map((item) => ({
                  value: item.audience_id,
                  label: item.name,
                }))}
                value={audience.ids}
                onChange={(next, names) => {
                  rememberNames(names);
                  setAudience((current) => ({ ...current, ids: next }));
                  fields.clear('audience_ids');
                }}
                onSearch={onAudienceSearch}
                isLoading={audienceOptions.isPending || audienceOptions.isFetching}
                loadError={audienceOptions.isError ? t('choice.loadFailed') : null}
                error={errorOf('audience_ids')}
                testId="bulk-audience-list"
              />
              {audience.op === 'replace' && audience.ids.length === 0 ? (
                <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
                  {t('audience.clearWarning')}
                </Alert>
              ) : null}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="status" pt="md">
            <Stack gap="md" maw={720}>
              {auth ? (
                <StatusChooser
                  side={sideOfRole(auth.role)}
                  role={auth.role}
                  statuses={statuses}
                  form={status}
                  onChange={(next) => {
                    setStatus(next);
                    fields.clear('to');
                    fields.clear('reason');
                  }}
                  errorOf={errorOf}
                />
              ) : null}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </BulkSteps>
    </PageFrame>
  );
};

/** One field of the fields edit: a tick that says "change this", and the input it enables. */
const FieldRow = ({
  label,
  on,
  onToggle,
  testId,
  children,
}: {
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  testId: string;
  children: ReactNode;
}) => (
  <Stack gap={6} data-testid={`${testId}-row`}>
    <Checkbox
      label={label}
      checked={on}
      onChange={(event) => onToggle(event.currentTarget.checked)}
      fw={500}
      data-testid={testId}
    />
    <div style={{ paddingLeft: 32 }}>{children}</div>
  </Stack>
);

export default BulkEditPage;
