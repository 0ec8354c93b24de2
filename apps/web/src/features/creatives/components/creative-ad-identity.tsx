// What exchanges are told of a creative's advertiser with each bid: its domain (bid.adomain; none
// given: the click URL's) and its IAB categories (bid.cat; none: its campaign's ad categories).
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { iabCategoryLabel } from '@console/core/api/iab-category-list';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

type Identity = { adomain: string | null; iab_categories: readonly string[] };

export const AdvertiserDomainText = ({ creative, testId }: { creative: Identity; testId?: string }) => {
  const { t } = useTranslation('creatives');
  return creative.adomain ? (
    <Text size="sm" data-testid={testId}>
      {creative.adomain}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {t('identity.adomainFromClick')}
    </Text>
  );
};

export const IabCategoriesText = ({
  creative,
  size = 'sm',
  testId,
}: {
  creative: Identity;
  size?: 'sm' | 'xs';
  testId?: string;
}) => {
  const { t } = useTranslation('creatives');
  return creative.iab_categories.length > 0 ? (
    <Text size={size} data-testid={testId}>
      {creative.iab_categories.map(iabCategoryLabel).join(', ')}
    </Text>
  ) : (
    <Text size={size} c="dimmed" data-testid={testId}>
      {t('identity.campaignCategories')}
    </Text>
  );
};

/** Both, stacked: the list's cell. */
export const CreativeAdIdentity = ({ creative, testId }: { creative: Identity; testId: string }) => (
  <Stack gap={0}>
    <AdvertiserDomainText creative={creative} testId={`${testId}-adomain`} />
    <IabCategoriesText creative={creative} size="xs" testId={`${testId}-categories`} />
  </Stack>
);
