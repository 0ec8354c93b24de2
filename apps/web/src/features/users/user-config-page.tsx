// /admin/user-config/{id}: an agency's or advertiser's config (spec section 3): the Insight360
// switch, postback, API access, the margin on media cost (percent here, basis points stored) and
// optimisation settings (target CPA in dollars here, micro-units stored).
import '../../components/data-table/data-table-styles.ts';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import { type UserConfig, userConfigSchema } from '@console/core/api/users';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useUserConfig } from './api/get-user-config.ts';
import { useUpdateUserConfig } from './api/update-user-config.ts';
import { UserSummary } from './components/user-summary.tsx';
import { type ConfigForm, fromConfigForm, toConfigForm } from './config-form.ts';
import { hasUserConfig, parseId } from './user-rules.ts';

const ConfigEditor = ({ userId, config }: { userId: number; config: UserConfig }) => {
  const { t } = useTranslation(['users', 'components']);
  const [form, setForm] = useState<ConfigForm>(() => toConfigForm(config));
  const fields = useFieldErrors();
  const mutation = useUpdateUserConfig(userId);

  const set = <K extends keyof ConfigForm>(key: K, value: ConfigForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    fields.clear(
      key === 'marginPercent'
        ? 'margin_bps'
        : key === 'targetCpaDollars'
          ? 'optimisation.target_cpa_micros'
          : key,
    );
  };

  const setBound = (end: 'min' | 'max', value: number | string) => {
    setForm((current) =>
      current.bounds ? { ...current, bounds: { ...current.bounds, [`${end}Percent`]: value } } : current,
    );
    fields.clear(`advertiser_margin_bounds.${end}_bps`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = fields.check(userConfigSchema, fromConfigForm(form));
    if (!checked) return;
    mutation.mutate(checked, {
      onSuccess: (saved) => {
        setForm(toConfigForm(saved));
        showToast('success', t('config.saved'));
      },
      onError: (error) => fields.refused(error, t('config.failed')),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={820}>
      <form onSubmit={submit} noValidate aria-label={t('config.formLabel')}>
        <Stack gap="lg">
          <Fieldset legend={t('config.access')} radius="md">
            <Stack gap="md">
              <Switch
                label={t('config.insightDashboard')}
                description={t('config.insightDashboardHint')}
                checked={form.insight_dashboard}
                onChange={(event) => set('insight_dashboard', event.currentTarget.checked)}
                data-testid="config-insight-dashboard"
              />
              <Switch
                label={t('config.postback')}
                description={t('config.postbackHint')}
                checked={form.postback_enabled}
                onChange={(event) => set('postback_enabled', event.currentTarget.checked)}
                data-testid="config-postback"
              />
              <Switch
                label={t('config.apiAccess')}
                description={t('config.apiAccessHint')}
                checked={form.api_access}
                onChange={(event) => set('api_access', event.currentTarget.checked)}
                data-testid="config-api-access"
              />
            </Stack>
          </Fieldset>
          <Fieldset legend={t('config.pricing')} radius="md">
            <NumberInput
              label={t('config.margin')}
              description={t('config.marginHint')}
              min={0}
              max={100}
              step={0.5}
              decimalScale={2}
              suffix=" %"
              value={form.marginPercent}
              onChange={(value) => set('marginPercent', value)}
              error={fields.errorOf('margin_bps')}
              maw={240}
              data-testid="config-margin"
            />
            {form.bounds ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md" maw={520}>
                {(['min', 'max'] as const).map((end) => (
                  <NumberInput
                    key={end}
                    label={t(`config.advertiserMargin.${end}`)}
                    description={end === 'min' ? t('config.advertiserMargin.hint') : undefined}
                    min={0}
                    max={100}
                    step={0.5}
                    decimalScale={2}
                    suffix=" %"
                    value={form.bounds?.[`${end}Percent`] ?? ''}
                    onChange={(value) => setBound(end, value)}
                    error={fields.errorOf(`advertiser_margin_bounds.${end}_bps`)}
                    data-testid={`config-advertiser-margin-${end}`}
                  />
                ))}
              </SimpleGrid>
            ) : null}
          </Fieldset>
          <Fieldset legend={t('config.optimisation')} radius="md">
            <Stack gap="md">
              <Switch
                label={t('config.autoBid')}
                description={t('config.autoBidHint')}
                checked={form.auto_bid}
                onChange={(event) => set('auto_bid', event.currentTarget.checked)}
                data-testid="config-auto-bid"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('config.targetCpa')}
                  description={t('config.targetCpaHint')}
                  min={0}
                  step={0.1}
                  decimalScale={2}
                  prefix="$"
                  thousandSeparator=","
                  value={form.targetCpaDollars}
                  onChange={(value) => set('targetCpaDollars', value)}
                  error={fields.errorOf('optimisation.target_cpa_micros')}
                  data-testid="config-target-cpa"
                />
              </SimpleGrid>
              <Switch
                label={t('config.blockLowCtr')}
                description={t('config.blockLowCtrHint')}
                checked={form.block_low_ctr_placements}
                onChange={(event) => set('block_low_ctr_placements', event.currentTarget.checked)}
                data-testid="config-block-low-ctr"
              />
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} data-testid="config-submit">
              {t('config.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const ConfigLoader = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('users');
  const query = useUserConfig(userId);
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('config.loading')}>
        <Skeleton height={120} radius="md" />
        <Skeleton height={80} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('config.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failureMessage(query.error, t('user.loadFailedBody'))}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('user.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <ConfigEditor userId={userId} config={query.data} />;
};

const UserConfigPage = () => {
  const { t } = useTranslation('users');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <UserSummary id={id} omitActions={['config']}>
        {(user) =>
          hasUserConfig(user.role) ? (
            <ConfigLoader userId={user.user_primary_id} />
          ) : (
            <Alert color="blue" variant="light" data-testid="config-none">
              {t('config.none')}
            </Alert>
          )
        }
      </UserSummary>
    </PageFrame>
  );
};

export default UserConfigPage;
