// /audience/create (and the other roles' paths): a new audience, either uploaded (mobile advertising
// ids and e-mails, which are hashed before they are stored; pasted or from a CSV/TXT file, with the
// progress bar), or a rule over the console's own delivery data (clicked or converted on chosen
// campaigns within N days). It is processing until the server has matched it, then ready with its size.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import type { CampaignListItem } from '@console/core/api/campaigns';
import { listNameSchema } from '@console/core/api/inventory-lists';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdvertiserPicker } from '../../../components/advertiser-picker.tsx';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useFieldErrors } from '../../../components/use-field-errors.ts';
import { fetchData } from '../../../lib/http/api-client.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCreateRuleAudience } from '../api/audiences.ts';
import { type EntrySource, EntrySourceInput } from '../components/entry-source.tsx';
import { useListLinks } from '../components/list-links.ts';
import { UploadProgress, useListUpload } from '../components/list-upload.tsx';

/** The advertiser's campaigns by name, searched on the server (the rule's campaigns). */
const useCampaignChoices = (advertiserId: number | null, q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['audience-rule-campaigns', advertiserId, q],
    queryFn: () =>
      fetchData<DataPage<CampaignListItem>>('/api/campaigns', {
        advertiser_id: advertiserId ?? undefined,
        q: q || undefined,
        limit: 50,
        sort: 'name',
        order: 'asc',
      }),
    enabled,
  });

const AudienceCreatePage = () => {
  const { t } = useTranslation('lists');
  const route = useCurrentRoute();
  const role = useSession().auth?.role;
  const links = useListLinks();
  const navigate = useNavigate();
  const fields = useFieldErrors();
  const needsAdvertiser = role !== 'ADVERTISER';
  const [kind, setKind] = useState<'UPLOAD' | 'RULE'>('UPLOAD');
  const [advertiserId, setAdvertiserId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [source, setSource] = useState<EntrySource | null>(null);
  const [event, setEvent] = useState<'CLICK' | 'CONVERSION'>('CLICK');
  const [campaignIds, setCampaignIds] = useState<string[]>([]);
  const [days, setDays] = useState<number | string>(30);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const campaigns = useCampaignChoices(
    advertiserId,
    q,
    kind === 'RULE' && (!needsAdvertiser || advertiserId !== null),
  );
  const [campaignNames, setCampaignNames] = useState<Record<string, string>>({});
  const upload = useListUpload('audiences');
  const createRule = useCreateRuleAudience();

  const submit = async () => {
    const errors: Record<string, string> = {};
    const parsedName = listNameSchema.safeParse(name);
    if (!parsedName.success) errors.name = parsedName.error.issues[0]?.message ?? '';
    if (needsAdvertiser && !advertiserId) errors.advertiser_id = t('form.chooseAdvertiser');
    if (kind === 'UPLOAD' && !source) errors.entries = t('audience.needPeople');
    if (kind === 'RULE' && campaignIds.length === 0)
      errors['rule.campaign_ids'] = t('audience.needCampaigns');
    fields.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const owner = needsAdvertiser && advertiserId ? { advertiser_id: advertiserId } : {};
    if (kind === 'RULE') {
      try {
        const created = await createRule.mutateAsync({
          name: name.trim(),
          ...owner,
          rule: { event, campaign_ids: campaignIds.map(Number), days: Number(days) },
        });
        const view = links.audience.view(created.audience_id);
        if (view) void navigate(view);
      } catch (error) {
        fields.takeServerErrors(error);
      }
      return;
    }
    const started = await upload.start({
      fields: { name: name.trim(), ...owner, column: source!.column },
      file: source!.blob,
      fileName: source!.fileName,
    });
    if ('error' in started) fields.takeServerErrors(started.error);
  };

  if (!route) return null;
  const audienceId = upload.job?.audience_id ?? null;
  const view = audienceId !== null && upload.phase === 'done' ? links.audience.view(audienceId) : null;
  const busy = upload.isBusy || createRule.isPending;
  const locked = busy || view !== null;
  const campaignData = [
    ...new Map([
      ...campaignIds.map((id) => [id, campaignNames[id] ?? `#${id}`] as const),
      ...(campaigns.data?.items ?? []).map((item) => [String(item.campaign_id), item.name] as const),
    ]),
  ].map(([value, label]) => ({ value, label }));
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Paper withBorder radius="md" p="lg" maw={760}>
        <Stack gap="md">
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value as 'UPLOAD' | 'RULE')}
            data={[
              { value: 'UPLOAD', label: t('source.UPLOAD') },
              { value: 'RULE', label: t('source.RULE') },
            ]}
            disabled={locked}
            aria-label={t('columns.source')}
            data-testid="audience-kind"
          />
          {needsAdvertiser ? (
            <AdvertiserPicker
              label={t('form.advertiser')}
              required
              value={advertiserId}
              onChange={(choice) => setAdvertiserId(choice?.id ?? null)}
              error={fields.errorOf('advertiser_id')}
              disabled={locked}
              testId="audience-advertiser"
            />
          ) : null}
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            required
            maxLength={25}
            value={name}
            onChange={(change) => setName(change.currentTarget.value)}
            error={fields.errorOf('name')}
            disabled={locked}
            data-testid="audience-name"
          />
          {kind === 'UPLOAD' ? (
            <>
              <Alert variant="light" color="blue">
                {t('audience.uploadHint')}
              </Alert>
              <EntrySourceInput
                onChange={setSource}
                placeholder={'6d92078a-8246-4ba4-ae5b-76104861e7dc\njane@example.com'}
                disabled={locked}
                error={fields.errorOf('entries')}
              />
              <UploadProgress upload={upload} />
            </>
          ) : (
            <>
              <Alert variant="light" color="yellow" data-testid="audience-rule-note">
                {t('audience.ruleNote')}
              </Alert>
              <NativeSelect
                label={t('audience.event')}
                value={event}
                onChange={(change) => setEvent(change.currentTarget.value as 'CLICK' | 'CONVERSION')}
                data={[
                  { value: 'CLICK', label: t('audience.clicked') },
                  { value: 'CONVERSION', label: t('audience.converted') },
                ]}
              />
              <MultiSelect
                label={t('audience.campaigns')}
                data={campaignData}
                value={campaignIds}
                onChange={(ids) => {
                  setCampaignIds(ids);
                  setCampaignNames((current) => ({
                    ...current,
                    ...Object.fromEntries(campaignData.map((item) => [item.value, item.label])),
                  }));
                }}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options }) => options}
                disabled={needsAdvertiser && advertiserId === null}
                error={fields.errorOf('rule.campaign_ids')}
                data-testid="audience-rule-campaigns"
              />
              <NumberInput
                label={t('audience.days')}
                min={1}
                max={540}
                value={days}
                onChange={setDays}
                error={fields.errorOf('rule.days')}
              />
            </>
          )}
          <Group justify="flex-end">
            {view ? (
              <Button
                component={Link}
                to={view}
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                data-testid="audience-open"
              >
                {t('actions.openAudience')}
              </Button>
            ) : (
              <Button onClick={() => void submit()} loading={busy} data-testid="audience-save">
                {t('audience.create')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </PageFrame>
  );
};

export default AudienceCreatePage;
