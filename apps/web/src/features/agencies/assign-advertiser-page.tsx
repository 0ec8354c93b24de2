// /admin/assignAdvertiser: move an advertiser to another agency, or make it a direct advertiser.
// The advertiser is searched on the server; its current agency is shown; the move is confirmed and
// recorded in the advertiser's change log by the API.
import '../../components/data-table/data-table-styles.ts';
import type { UserListItem } from '@console/core/api/users';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { failureMessage, showToast } from '../../components/toast.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { agencyPaths, parseId } from './agency-rules.ts';
import { ADVERTISER_OPTIONS_LIMIT, useAdvertiserOptions } from './api/advertiser-options.ts';
import { useAgencyChoices } from './api/agency-options.ts';
import { useAssignAdvertiser } from './api/assign-advertiser.ts';

/** The agency choice meaning "no agency". */
const DIRECT = 'direct';

const nameOf = (user: Pick<UserListItem, 'companyName' | 'email'>) => user.companyName || user.email;

const AssignAdvertiserPage = () => {
  const { t } = useTranslation(['agencies', 'components']);
  const route = useCurrentRoute();
  const { auth } = useSession();
  const paths = agencyPaths(auth?.role);
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [advertiser, setAdvertiser] = useState<UserListItem | null>(null);
  const [agencyValue, setAgencyValue] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const advertisers = useAdvertiserOptions(q);
  const agencies = useAgencyChoices();
  const mutation = useAssignAdvertiser();
  const preselected = parseId(searchParams.get('advertiser') ?? undefined);

  const items = advertisers.data?.items ?? [];
  // A preselected advertiser (?advertiser=ID) is taken once it shows in the first page of results.
  if (!advertiser && preselected > 0) {
    const found = items.find((user) => user.user_primary_id === preselected);
    if (found) setAdvertiser(found);
  }
  const byId = new Map(items.map((user) => [String(user.user_primary_id), user]));
  if (advertiser) byId.set(String(advertiser.user_primary_id), advertiser);
  const advertiserData = [...byId.values()].map((user) => ({
    value: String(user.user_primary_id),
    label: `${nameOf(user)} · ${user.email}`,
  }));
  const more = (advertisers.data?.total ?? 0) - items.length;

  const agencyList = agencies.data?.items ?? [];
  const agencyData = [
    { value: DIRECT, label: t('assign.direct') },
    ...agencyList.map((agency) => ({
      value: String(agency.user_primary_id),
      label: `${agency.companyName || agency.email} · ${agency.email}`,
    })),
  ];
  const targetAgencyId = agencyValue === null || agencyValue === DIRECT ? null : Number(agencyValue);
  const targetName =
    agencyValue === DIRECT
      ? t('assign.direct')
      : (agencyList.find((agency) => agency.user_primary_id === targetAgencyId)?.companyName ?? '');
  const currentName = advertiser?.agency?.companyName ?? t('assign.direct');
  const isUnchanged =
    advertiser !== null &&
    agencyValue !== null &&
    (advertiser.agency?.user_primary_id ?? null) === targetAgencyId;
  const canSubmit = advertiser !== null && agencyValue !== null && !isUnchanged;

  const assign = async () => {
    if (!advertiser) return;
    try {
      const moved = await mutation.mutateAsync({
        advertiser_id: advertiser.user_primary_id,
        agency_id: targetAgencyId,
      });
      setAdvertiser(moved);
      showToast(
        'success',
        t('assign.done', {
          advertiser: nameOf(moved),
          agency: moved.agency?.companyName ?? t('assign.direct'),
        }),
      );
    } catch (error) {
      showToast('error', failureMessage(error, t('assign.failed')));
      throw error;
    }
  };

  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <Paper withBorder radius="md" p="lg" maw={680}>
        <form
          noValidate
          aria-label={t('assign.formLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            if (canSubmit) setIsConfirming(true);
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('assign.lead')}</Text>
            <Select
              label={t('assign.advertiser')}
              placeholder={t('assign.advertiserPlaceholder')}
              required
              searchable
              data={
                more > 0
                  ? [
                      ...advertiserData,
                      { value: '__more', label: t('assign.refine', { count: more }), disabled: true },
                    ]
                  : advertiserData
              }
              value={advertiser ? String(advertiser.user_primary_id) : null}
              onChange={(value) => setAdvertiser(value ? (byId.get(value) ?? null) : null)}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              nothingFoundMessage={
                advertisers.isFetching
                  ? t('assign.searching')
                  : advertisers.isError
                    ? t('assign.loadFailed')
                    : t('assign.noAdvertiser')
              }
              maxDropdownHeight={320}
              limit={ADVERTISER_OPTIONS_LIMIT + 1}
              data-testid="assign-advertiser"
            />
            {advertiser ? (
              <Alert variant="light" color="blue" data-testid="assign-current">
                {t('assign.current', { advertiser: nameOf(advertiser), agency: currentName })}
              </Alert>
            ) : null}
            <Select
              label={t('assign.agency')}
              placeholder={t('assign.agencyPlaceholder')}
              required
              searchable
              data={agencyData}
              value={agencyValue}
              onChange={setAgencyValue}
              nothingFoundMessage={agencies.isError ? t('assign.loadFailed') : t('assign.noAgency')}
              error={isUnchanged ? t('assign.unchanged') : undefined}
              data-testid="assign-agency"
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.list}>
                {t('components:confirm.cancel')}
              </Button>
              <Button
                type="submit"
                disabled={!canSubmit}
                leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}
                data-testid="assign-submit"
              >
                {t('assign.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmAction
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        onConfirm={assign}
        danger={false}
        title={t('assign.confirmTitle')}
        message={
          advertiser
            ? t('assign.confirmBody', { advertiser: nameOf(advertiser), from: currentName, to: targetName })
            : ''
        }
        confirmLabel={t('assign.submit')}
        testId="confirm-assign"
      />
    </PageFrame>
  );
};

export default AssignAdvertiserPage;
