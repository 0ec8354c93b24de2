// /bulk-edit-exchanges (advertiser): add, remove or replace the exchanges of many campaigns. An
// exchange a campaign did not have starts pending approval for that campaign (the admin approves each
// campaign x exchange); those it keeps keep their approval. A submitted campaign must keep one.
import './bulk-styles.ts';
import { BULK_MAX_IDS } from '@console/core/api/campaigns-constants';
import { Alert, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useSupportedExchanges } from '../../../lib/reference/supported-exchanges.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useBulkExchanges } from '../api/bulk-exchanges.ts';
import { type BulkPlan, BulkSteps, useBulkMessage } from './bulk-flow.tsx';
import { ListOpChooser, SearchedMultiSelect } from './bulk-inputs.tsx';
import { countNotEditable, EMPTY_EXCHANGES, type ExchangesForm, toExchangesBody } from './bulk-model.ts';
import { useBulkCampaigns } from './use-bulk-campaigns.ts';

const BulkExchangesPage = () => {
  const { t } = useTranslation('campaign-bulk');
  const route = useCurrentRoute();
  const campaigns = useBulkCampaigns('bulk-campaigns');
  const fields = useFieldErrors();
  const translate = useBulkMessage();
  const [form, setForm] = useState<ExchangesForm>(EMPTY_EXCHANGES);
  const supported = useSupportedExchanges(null);
  const exchanges = supported.data?.exchanges;
  const call = useBulkExchanges();
  const { ids, known } = campaigns;

  const exchangeName = (id: number) => exchanges?.find((exchange) => exchange.id === id)?.name ?? `#${id}`;

  const plan = (): BulkPlan | null => {
    fields.clear();
    const check = toExchangesBody(ids, form);
    if (!check.success) {
      fields.setErrors(check.errors);
      return null;
    }
    const { body } = check;
    const notEditable = countNotEditable(ids.map((id) => known.get(id)?.status));
    const notes = [
      ...(notEditable > 0 ? [t('notes.notEditable', { count: notEditable })] : []),
      ...(body.op === 'remove' || body.op === 'replace' ? [t('exchanges.keepOne')] : []),
    ];
    return {
      title: t('plan.exchanges.title'),
      changes: [
        t(`plan.exchanges.${body.op}`, { names: body.exchange_ids.map(exchangeName).join(', ') }),
        ...(body.op === 'remove' ? [] : [t('plan.exchanges.pending')]),
      ],
      notes,
      confirmLabel: t('plan.apply'),
      danger: body.op !== 'add',
      run: () => call.mutateAsync(body),
    };
  };

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Text c="dimmed" size="sm" maw={820}>
        {t('exchanges.intro', { max: BULK_MAX_IDS })}
      </Text>
      <BulkSteps
        campaigns={campaigns}
        fields={fields}
        withExchanges
        changeTitle={t('steps.exchanges')}
        plan={plan}
      >
        <Stack gap="md" maw={720}>
          <ListOpChooser
            label={t('exchanges.op')}
            value={form.op}
            onChange={(op) => {
              setForm((current) => ({ ...current, op }));
              fields.clear('exchange_ids');
            }}
            testId="bulk-exchanges-op"
          />
          <SearchedMultiSelect
            label={t('exchanges.exchanges')}
            description={t('exchanges.exchangesHelp')}
            options={(exchanges ?? []).map((exchange) => ({ value: exchange.id, label: exchange.name }))}
            value={form.ids}
            onChange={(next) => {
              setForm((current) => ({ ...current, ids: next }));
              fields.clear('exchange_ids');
            }}
            isLoading={supported.isPending}
            loadError={supported.isError ? t('choice.loadFailed') : null}
            error={translate(fields.errorOf('exchange_ids'))}
            testId="bulk-exchanges-list"
          />
          {form.op === 'remove' ? (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
              {t('exchanges.keepOne')}
            </Alert>
          ) : (
            <Alert
              color="blue"
              variant="light"
              icon={<IconClockHour4 size={18} aria-hidden="true" />}
              data-testid="bulk-exchanges-pending-note"
            >
              {t('exchanges.pendingNote')}
            </Alert>
          )}
        </Stack>
      </BulkSteps>
    </PageFrame>
  );
};

export default BulkExchangesPage;
