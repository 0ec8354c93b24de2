// The advertiser a per-advertiser page is about (one advertiser's campaigns, its change log): name,
// e-mail and agency as a heading, with links to the sibling page; loading, error and not-found
// states of the lookup. Renders `children(owner)` once the advertiser is known. `OwnerPage` is the
// route page around it.
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
import { useParams } from 'react-router';
import { LoadState } from '../../../components/load-state.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useCampaignOwner } from '../api/get-campaign-owner.ts';
import { isNotFound } from '../components/campaign-load-state.tsx';

export const ownerName = (owner: Pick<UserListItem, 'companyName' | 'email'>): string =>
  owner.companyName || owner.email;

type OwnerHeaderProps = {
  id: number;
  /** The heading text for the advertiser's name, e.g. t('owner.campaignsOf', { name }). */
  heading: (name: string) => string;
  actions?: (owner: UserListItem) => ReactNode;
  children: (owner: UserListItem) => ReactNode;
};

export const OwnerHeader = ({ id, heading, actions, children }: OwnerHeaderProps) => {
  const { t } = useTranslation('campaigns');
  const owner = useCampaignOwner(id);
  if (isNotFound(id, owner.error)) {
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

/** A per-advertiser route page (`:id` is the advertiser): the page frame around its OwnerHeader. */
export const OwnerPage = (props: Omit<OwnerHeaderProps, 'id'>) => {
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <OwnerHeader id={id} {...props} />
    </PageFrame>
  );
};
