// The advertiser a per-advertiser page is about (one advertiser's campaigns, its change log): name,
// e-mail and agency as a heading, with links to the sibling page; loading, error and not-found
// states of the lookup. Renders `children(owner)` once the advertiser is known.
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import type { UserListItem } from '@console/core/api/users';
import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state.tsx';
import { ApiError } from '../../../lib/http/api-client.ts';
import { useCampaignOwner } from '../api/get-campaign-owner.ts';

export const ownerName = (owner: Pick<UserListItem, 'companyName' | 'email'>): string =>
  owner.companyName || owner.email;

export const OwnerHeader = ({
  id,
  heading,
  actions,
  children,
}: {
  id: number;
  /** The heading text for the advertiser's name, e.g. t('owner.campaignsOf', { name }). */
  heading: (name: string) => string;
  actions?: (owner: UserListItem) => ReactNode;
  children: (owner: UserListItem) => ReactNode;
}) => {
  const { t } = useTranslation('campaigns');
  const owner = useCampaignOwner(id);
  const isNotFound =
    id <= 0 ||
    (owner.error instanceof ApiError && (owner.error.error_code === 404 || owner.error.error_code === 403));

  if (isNotFound) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('owner.notFoundTitle')}
        data-testid="owner-not-found"
      >
        {t('owner.notFoundBody')}
      </Alert>
    );
  }
  if (owner.isError) {
    return <LoadState isError error={owner.error} onRetry={() => void owner.refetch()} testId="owner" />;
  }
  if (!owner.data) {
    return (
      <Paper withBorder radius="md" p="md" aria-busy="true" aria-label={t('owner.loading')}>
        <Stack gap={8}>
          <Skeleton height={22} width="40%" />
          <Skeleton height={14} width="25%" />
        </Stack>
      </Paper>
    );
  }
  const data = owner.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" data-testid="owner-header">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h3" data-testid="owner-name">
              {heading(ownerName(data))}
            </Title>
            <Text size="sm" c="dimmed">
              {data.email}
              {data.agency ? ` · ${t('owner.agency', { name: data.agency.companyName })}` : ''}
              {` · ${t('owner.id', { id: data.user_primary_id })}`}
            </Text>
          </Stack>
          {actions ? <Group gap="sm">{actions(data)}</Group> : null}
        </Group>
      </Paper>
      {children(data)}
    </Stack>
  );
};
