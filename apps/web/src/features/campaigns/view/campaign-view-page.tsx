// The campaign at a glance (/campaign/:id, /agency/campaign/viewCampaign/:id, admin and co-admin
// /campaign/viewCampaign/:id): header with name, status, advertiser and actions (edit, clone, change
// log, creatives, the status moves the API offers in `next_statuses`), then every setting: flight,
// budget, bidding, frequency cap, day-parting, targeting, inventory and audiences, creatives, the
// approval of each exchange and the DSP association ids. Another tenant's campaign reads "not found".
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import type { CampaignDetail } from '@console/core/api/campaigns';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconEdit, IconHistory, IconPhoto } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DetailList, DetailSection } from '../../../components/detail-list.tsx';
import { ItemTable } from '../../../components/item-table.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { formatDateTime, userTimeZone } from '../../../lib/format/date-time.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useCampaignForecast } from '../api/campaign-forecast.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { DeliveryFigures } from '../components/campaign-delivery.tsx';
import { ForecastPanel } from '../components/campaign-forecast.tsx';
import { formatBid, formatBidRange, formatBudget, formatFlight } from '../components/campaign-format.ts';
import { CampaignLoadState } from '../components/campaign-load-state.tsx';
import { movesOf } from '../components/campaign-moves.ts';
import { CampaignStatusBadge } from '../components/campaign-status-badge.tsx';
import { useCampaignLinks } from '../components/use-campaign-links.ts';
import { MoveIcon, useCampaignStatusActions } from '../components/use-campaign-status-actions.tsx';
import { CampaignCreatives, CreativeReadinessAlert } from './campaign-creatives.tsx';
import { ChipList } from './chip-list.tsx';
import { DayPartingGrid } from './day-parting-grid.tsx';
import { ExchangeApprovals } from './exchange-approvals.tsx';
import { TargetingSection } from './targeting-section.tsx';
import { assocRows, flightDays } from './view-model.ts';

const CampaignHeader = ({ campaign }: { campaign: CampaignDetail }) => {
  const { t, i18n } = useTranslation('campaigns');
  const links = useCampaignLinks();
  const status = useCampaignStatusActions();
  const id = campaign.campaign_id;
  const owner = links.byOwner(campaign.advertiser.user_primary_id);
  const ownerName = campaign.advertiser.companyName || campaign.advertiser.email;
  const edit = links.edit(id, campaign.status);
  const clone = links.clone(id);
  const changelog = links.changelog(id);
  const moves = movesOf(campaign.status, campaign.next_statuses);

  return (
    <Paper withBorder radius="md" p="lg" data-testid="campaign-header">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={2} fz="h3" data-testid="campaign-name" style={{ wordBreak: 'break-word' }}>
                {campaign.name}
              </Title>
              <CampaignStatusBadge status={campaign.status} size="md" />
            </Group>
            <Text size="sm" c="dimmed">
              {t('view.advertiser')}{' '}
              {owner ? (
                <Anchor component={Link} to={owner} size="sm" underline="always">
                  {ownerName}
                </Anchor>
              ) : (
                <Text span size="sm" c="var(--mantine-color-text)">
                  {ownerName}
                </Text>
              )}{' '}
              · {t('list.id', { id })}
            </Text>
            <Text size="xs" c="dimmed">
              {campaign.created_by
                ? t('view.createdBy', {
                    when: formatDateTime(campaign.created_at, i18n.language),
                    who: campaign.created_by.email,
                  })
                : t('view.created', { when: formatDateTime(campaign.created_at, i18n.language) })}{' '}
              · {t('view.updated', { when: formatDateTime(campaign.updated_at, i18n.language) })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {edit ? (
              <Button
                component={Link}
                to={edit}
                leftSection={<IconEdit size={16} aria-hidden="true" />}
                data-testid="campaign-view-edit"
              >
                {t('actions.edit')}
              </Button>
            ) : null}
            {clone ? (
              <Button
                component={Link}
                to={clone}
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden="true" />}
                data-testid="campaign-view-clone"
              >
                {t('actions.clone')}
              </Button>
            ) : null}
            {changelog ? (
              <Button
                component={Link}
                to={changelog}
                variant="default"
                leftSection={<IconHistory size={16} aria-hidden="true" />}
                data-testid="campaign-view-changelog"
              >
                {t('actions.changeLog')}
              </Button>
            ) : null}
          </Group>
        </Group>

        {campaign.status === 'REJECTED' && campaign.rejection_reason ? (
          <Alert color="red" variant="light" title={t('view.rejectedTitle')} data-testid="campaign-rejection">
            {campaign.rejection_reason}
          </Alert>
        ) : null}

        <CreativeReadinessAlert campaign={campaign} />

        {moves.length > 0 ? (
          <Group gap="xs" wrap="wrap" role="group" aria-label={t('view.statusMoves')}>
            <Text size="sm" c="dimmed" aria-hidden="true">
              {t('view.statusMoves')}:
            </Text>
            {moves.map((move) => (
              <Button
                key={move.to}
                size="xs"
                variant={move.danger ? 'outline' : 'light'}
                color={move.danger ? 'red.9' : undefined}
                leftSection={<MoveIcon move={move} size={14} />}
                loading={status.busyId === id}
                onClick={() => status.ask(campaign, move)}
                data-testid={`campaign-move-${move.action}`}
              >
                {t(`moves.${move.action}.label`)}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
      {status.dialog}
    </Paper>
  );
};

const CampaignDetails = ({ campaign }: { campaign: CampaignDetail }) => {
  const { t, i18n } = useTranslation('campaigns');
  const links = useCampaignLinks();
  const language = i18n.language;
  const zone = campaign.time_zone;
  const creatives = links.creatives(campaign.campaign_id);
  const assoc = assocRows(campaign);
  const cap = campaign.frequency_cap;
  const days = flightDays(campaign.start_at, campaign.end_at);
  const forecast = useCampaignForecast(campaign.campaign_id);

  return (
    <Stack gap="lg">
      <DetailSection title={t('view.sections.delivery')} testId="campaign-delivery">
        <DeliveryFigures delivery={campaign.delivery} lateBilled={campaign.late_billed} />
      </DetailSection>
      <DetailSection
        title={t('view.sections.forecast')}
        description={t('forecast.lead')}
        testId="campaign-forecast"
      >
        <ForecastPanel query={forecast} />
      </DetailSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailSection title={t('view.sections.flight')} testId="campaign-flight">
          <DetailList
            rows={[
              {
                label: t('fields.flight'),
                value: formatFlight(campaign.start_at, campaign.end_at, zone, language, { withTime: true }),
                testId: 'campaign-flight-range',
              },
              { label: t('fields.timeZone'), value: zone, testId: 'campaign-time-zone' },
              { label: t('fields.duration'), value: t('view.days', { count: days }) },
              zone !== userTimeZone() && {
                label: t('fields.yourTime', { zone: userTimeZone() }),
                value: formatFlight(campaign.start_at, campaign.end_at, userTimeZone(), language, {
                  withTime: true,
                }),
              },
            ]}
          />
        </DetailSection>
        <DetailSection title={t('view.sections.budget')} testId="campaign-budget">
          <DetailList
            rows={[
              {
                label: t('fields.totalBudget'),
                value: formatBudget(campaign.total_budget_micros, i18n.language),
                testId: 'campaign-total-budget',
              },
              {
                label: t('fields.dailyBudget'),
                value: formatBudget(campaign.daily_budget_micros, i18n.language) ?? t('list.noDailyLimit'),
              },
              { label: t('fields.pacing'), value: t(`pacing.${campaign.pacing}`) },
            ]}
          />
        </DetailSection>
        <DetailSection title={t('view.sections.bidding')} testId="campaign-bidding">
          <DetailList
            rows={[
              { label: t('fields.priceModel'), value: t(`priceModel.${campaign.price_model}`) },
              {
                label: t('fields.bid'),
                value: formatBid(campaign.price_model, campaign.bid_micros, i18n.language),
                testId: 'campaign-bid',
              },
              {
                label: t('fields.bidRange'),
                value: formatBidRange(campaign.min_bid_micros, campaign.max_bid_micros, i18n.language),
              },
            ]}
          />
        </DetailSection>
        <DetailSection title={t('view.sections.frequency')} testId="campaign-frequency">
          <Text size="sm" data-testid="campaign-frequency-cap">
            {cap
              ? t('view.frequencyCap', { count: cap.count, period: t(`period.${cap.period}`) })
              : t('view.noFrequencyCap')}
          </Text>
        </DetailSection>
      </SimpleGrid>

      <DetailSection title={t('view.sections.dayParting')} testId="campaign-day-parting">
        <DayPartingGrid grid={campaign.day_parting} timeZone={zone} />
      </DetailSection>

      <TargetingSection targeting={campaign.targeting} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailSection title={t('view.sections.lists')} testId="campaign-lists">
          <DetailList
            rows={[
              {
                label: t('fields.inventory'),
                value: (
                  <ChipList
                    emptyText={t('view.noInventory')}
                    items={campaign.inventory.map((item) => ({
                      key: String(item.applist_id),
                      label: `${item.name} · ${t(`inventoryMode.${item.mode}`)}`,
                    }))}
                  />
                ),
              },
              {
                label: t('fields.audiences'),
                value: (
                  <ChipList
                    emptyText={t('view.noAudiences')}
                    items={campaign.audiences.map((item) => ({
                      key: String(item.audience_id),
                      label: `${item.name} · ${t(`audienceMode.${item.mode}`)}`,
                    }))}
                  />
                ),
              },
            ]}
          />
        </DetailSection>
        <DetailSection title={t('view.sections.creatives')} testId="campaign-creatives">
          <Stack gap="xs" align="flex-start">
            <CampaignCreatives creatives={campaign.creatives} />
            {creatives ? (
              <Button
                component={Link}
                to={creatives}
                variant="light"
                size="xs"
                leftSection={<IconPhoto size={14} aria-hidden="true" />}
                data-testid="campaign-view-creatives"
              >
                {t('actions.creatives')}
              </Button>
            ) : null}
          </Stack>
        </DetailSection>
      </SimpleGrid>

      <ExchangeApprovals campaign={campaign} />

      <DetailSection
        title={t('view.sections.assoc')}
        description={t('view.assocLead')}
        testId="campaign-assoc"
      >
        {assoc.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('view.noAssoc')}
          </Text>
        ) : (
          <ItemTable
            items={assoc}
            getKey={(row) => `${row.source}-${row.dsp_name}`}
            caption={t('view.sections.assoc')}
            captionHidden
            minWidth={420}
            columns={[
              { id: 'dsp', header: t('assoc.dsp'), isRowHeader: true, cell: (row) => row.dsp_name },
              {
                id: 'id',
                header: t('assoc.id'),
                cell: (row) => (
                  <Text span size="sm" ff="monospace">
                    {row.campaign_associate_id}
                  </Text>
                ),
              },
              { id: 'source', header: t('assoc.source'), cell: (row) => t(`assoc.sources.${row.source}`) },
            ]}
          />
        )}
      </DetailSection>
    </Stack>
  );
};

const CampaignViewPage = () => {
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  const campaign = useCampaign(id);
  if (!route) return null;
  const data = campaign.data;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {data ? (
        <Stack gap="lg">
          <CampaignHeader campaign={data} />
          <CampaignDetails campaign={data} />
        </Stack>
      ) : (
        <CampaignLoadState id={id} query={campaign} />
      )}
    </PageFrame>
  );
};

export default CampaignViewPage;
