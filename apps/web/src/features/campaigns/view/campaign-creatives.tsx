// The campaign's creatives by name with their approval state, and a plain warning when the campaign is
// meant to deliver but none of them is approved yet (the bidder buys only with approved creatives).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import type { CampaignDetail } from '@console/core/api/campaigns';
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { creativeReadiness } from './view-model.ts';

const STATUS_COLOR = { APPROVED: 'green', PENDING: 'yellow', REJECTED: 'red' } as const;

/** Shown above the details when the campaign cannot deliver for want of an approved creative. */
export const CreativeReadinessAlert = ({ campaign }: { campaign: CampaignDetail }) => {
  const { t } = useTranslation('campaigns');
  const readiness = creativeReadiness(campaign);
  if (!readiness.cannotDeliver) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      title={t('view.cannotDeliverTitle')}
      data-testid="campaign-cannot-deliver"
    >
      {campaign.creatives.length === 0
        ? t('view.cannotDeliverNoCreative')
        : t('view.cannotDeliverPending', { pending: readiness.pending, rejected: readiness.rejected })}
    </Alert>
  );
};

export const CampaignCreatives = ({ creatives }: { creatives: CampaignDetail['creatives'] }) => {
  const { t } = useTranslation('campaigns');
  const href = useFeatureHref();
  return (
    <Stack gap={6} data-testid="campaign-creative-list">
      <Text size="sm" data-testid="campaign-creative-count">
        {t('view.creativeCount', { count: creatives.length })}
      </Text>
      {creatives.map((creative) => {
        const to = href('creative.view', { id: creative.creative_id });
        return (
          <Group
            key={creative.creative_id}
            gap="xs"
            wrap="nowrap"
            data-testid={`campaign-creative-${creative.creative_id}`}
          >
            {to ? (
              <Anchor component={Link} to={to} size="sm" style={{ wordBreak: 'break-word' }}>
                {creative.name}
              </Anchor>
            ) : (
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {creative.name}
              </Text>
            )}
            <Badge size="sm" variant="light" color={STATUS_COLOR[creative.status]} style={{ flexShrink: 0 }}>
              {t(`view.creativeStatus.${creative.status}`)}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
};
