// /advertiser-settings and /agency/agency-settings: the conversion postback template (when
// postback_enabled is ENABLED) with the conversion events its postbacks report (columns E{n}-{name}
// of reports), and API keys with a usage note (when api_access is set).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Stack.css';
import { Alert, Stack } from '@mantine/core';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useUserSettingsQuery } from '../../lib/user-settings/use-user-settings.ts';
import { ApiKeysSection } from './components/api-keys-section.tsx';
import { ApiUsage } from './components/api-usage.tsx';
import { EventConfigSection } from './components/event-config-section.tsx';
import { PostbackSection } from './components/postback-section.tsx';

const SettingsPage = () => {
  const { t } = useTranslation('settings');
  const route = useCurrentRoute();
  const settings = useUserSettingsQuery();
  if (!route) return null;
  const data = settings.data;
  const hasPostback = data?.postback_enabled === 'ENABLED';
  const hasApiAccess = data?.api_access === true;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      {!data ? (
        <LoadState
          isError={settings.isError}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          testId="settings"
        />
      ) : (
        <Stack gap="lg" maw={960}>
          {!hasPostback && !hasApiAccess ? (
            <Alert color="gray" variant="light" title={t('empty.title')} data-testid="settings-empty">
              {t('empty.body')}
            </Alert>
          ) : null}
          {hasPostback ? (
            <>
              <PostbackSection />
              <EventConfigSection />
            </>
          ) : null}
          {hasApiAccess ? (
            <>
              <ApiKeysSection />
              <ApiUsage />
            </>
          ) : null}
        </Stack>
      )}
    </PageFrame>
  );
};

export default SettingsPage;
