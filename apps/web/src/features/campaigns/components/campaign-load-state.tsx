// What a one-campaign page shows until the campaign is there: a spinner, "not found" for a bad id or
// a campaign outside the user's reach (the API answers 404 for another tenant's campaign), or the
// failure with a retry.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state.tsx';
import { ApiError } from '../../../lib/http/api-client.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCampaignLinks } from './use-campaign-links.ts';

/** A bad id, or the API's 404/403 for what the user may not see (a campaign, an advertiser). */
export const isNotFound = (id: number, error: unknown): boolean =>
  id <= 0 || (error instanceof ApiError && (error.error_code === 404 || error.error_code === 403));

export const CampaignLoadState = ({
  id,
  query,
}: {
  id: number;
  /** The campaign's query (useCampaign). */
  query: { error: unknown; isError: boolean; refetch: () => unknown };
}) => {
  const { t } = useTranslation('campaigns');
  const list = useCampaignLinks().list();
  if (isNotFound(id, query.error)) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('view.notFoundTitle')}
        data-testid="campaign-not-found"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('view.notFoundBody')}</Text>
          {list ? (
            <Anchor component={Link} to={list} size="sm">
              {t('view.backToList')}
            </Anchor>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <LoadState
      isError={query.isError}
      error={query.error}
      onRetry={() => void query.refetch()}
      testId="campaign"
    />
  );
};
