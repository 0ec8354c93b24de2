// /agency/changeLog/{id}: an advertiser's change log (field-level, who and when).
import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ChangeLogTable } from '../../components/change-log/change-log-table.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { parseId } from './advertiser-paths.ts';
import { useAdvertiser } from './api/get-advertiser.ts';

const AdvertiserChangeLogPage = () => {
  const { t } = useTranslation('advertisers');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  const advertiser = useAdvertiser(id);
  if (!route) return null;
  const data = advertiser.data;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {data ? (
        <>
          <Text data-testid="advertiser-log-subject">
            {t('changeLog.subject', { company: data.companyName, email: data.email })}
          </Text>
          <ChangeLogTable
            path={`/api/agency/advertisers/${data.user_primary_id}/change-log`}
            tableId="advertiser-log"
            label={t('changeLog.label', { email: data.email })}
          />
        </>
      ) : (
        <LoadState
          isError={advertiser.isError || id === 0}
          error={advertiser.error}
          onRetry={id > 0 ? () => void advertiser.refetch() : undefined}
          testId="advertiser"
        />
      )}
    </PageFrame>
  );
};

export default AdvertiserChangeLogPage;
