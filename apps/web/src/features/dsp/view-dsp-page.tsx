// /admin/viewdsp/{id}: one connection at a glance (credentials as hints only), its last test with a
// "Test now" button, activate / deactivate, and its change log.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import type { Dsp } from '@console/core/api/dsps';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlugConnected } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ChangeLogTable } from '../../components/change-log/change-log-table.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { formatDateTime, localeOf } from '../../lib/format/date-time.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { useDsp } from './api/get-dsp.ts';
import { DspStatusBadge, ToneBadge } from './components/dsp-status-badge.tsx';
import { credentialLabel, typeDescription, typeLabel } from './components/dsp-type-text.ts';
import { useTestMessageText } from './components/test-result.tsx';
import { useDspActions } from './components/use-dsp-actions.tsx';
import { credentialFieldsOf } from './dsp-form-model.ts';
import { DSP_PATHS, parseId } from './dsp-paths.ts';

const DspDetails = ({ dsp }: { dsp: Dsp }) => {
  const { t, i18n } = useTranslation('dsp');
  const messageText = useTestMessageText();
  const fields = credentialFieldsOf(dsp.type);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsp-details">
        <Stack gap="md">
          <Title order={2} fz="h4" id="dsp-details">
            {t('view.details')}
          </Title>
          <DetailList
            rows={[
              { label: t('fields.name'), value: dsp.name, testId: 'dsp-view-name' },
              {
                label: t('fields.type'),
                value: (
                  <>
                    {typeLabel(t, dsp.type)}
                    <Text span display="block" size="xs" c="dimmed">
                      {typeDescription(t, dsp.type)}
                    </Text>
                  </>
                ),
              },
              {
                label: t('fields.endpoint'),
                value: (
                  <Text span ff="monospace" size="sm">
                    {dsp.endpoint_url}
                  </Text>
                ),
              },
              { label: t('columns.status'), value: <DspStatusBadge status={dsp.status} /> },
              {
                label: t('fields.exchanges'),
                value:
                  dsp.exchanges.length > 0 ? (
                    <Group gap={4}>
                      {dsp.exchanges.map((exchange) => (
                        <Badge key={exchange} variant="default" radius="sm" tt="none">
                          {exchange}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    t('view.noExchanges')
                  ),
              },
              { label: t('fields.qps'), value: dsp.qps_limit.toLocaleString(localeOf(i18n.language)) },
              { label: t('columns.created'), value: formatDateTime(dsp.createdAt, i18n.language) },
            ]}
          />
        </Stack>
      </Paper>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsp-credentials">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} fz="h4" id="dsp-credentials">
                {t('form.credentials')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('view.credentialsLead')}
              </Text>
            </Stack>
            {fields.length > 0 ? (
              <DetailList
                rows={fields.map((field) => ({
                  label: credentialLabel(t, field),
                  value: dsp.credentials_hint[field.name] || t('credentials.noneStored'),
                  testId: `dsp-hint-${field.name}`,
                }))}
              />
            ) : (
              <Text size="sm">{t('credentials.noneStored')}</Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsp-last-test">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="dsp-last-test">
              {t('view.lastTest')}
            </Title>
            {dsp.last_test ? (
              <>
                <Group gap="sm">
                  <ToneBadge tone={dsp.last_test.ok ? 'ok' : 'bad'} testId="dsp-last-test-status">
                    {dsp.last_test.ok ? t('test.ok') : t('test.failed')}
                  </ToneBadge>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(dsp.last_test.at, i18n.language)}
                  </Text>
                </Group>
                <Text size="sm">{messageText(dsp.last_test.message)}</Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('view.neverTested')}
              </Text>
            )}
          </Stack>
        </Paper>
      </Stack>
    </SimpleGrid>
  );
};

const ViewDspPage = () => {
  const { t } = useTranslation('dsp');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  const dsp = useDsp(id);
  const actions = useDspActions();
  if (!route) return null;
  const data = dsp.data;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        data ? (
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconPlugConnected size={16} aria-hidden="true" />}
              loading={actions.testingId === data.id}
              onClick={() => actions.runTest(data)}
              data-testid="dsp-view-test"
            >
              {t('actions.testNow')}
            </Button>
            <Button
              variant="default"
              color={data.status === 'ACTIVE' ? 'red' : undefined}
              leftSection={
                data.status === 'ACTIVE' ? (
                  <IconPlayerPause size={16} aria-hidden="true" />
                ) : (
                  <IconPlayerPlay size={16} aria-hidden="true" />
                )
              }
              onClick={() => actions.askStatusChange(data)}
              disabled={data.status !== 'ACTIVE' && !data.last_test?.ok}
              data-testid="dsp-view-status"
            >
              {data.status === 'ACTIVE'
                ? t('actions.deactivate')
                : data.last_test?.ok
                  ? t('actions.activate')
                  : t('actions.activateNeedsTest')}
            </Button>
            <Button
              component={Link}
              to={DSP_PATHS.edit(data.id)}
              leftSection={<IconEdit size={16} aria-hidden="true" />}
            >
              {t('actions.edit')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      {data ? (
        <>
          <DspDetails dsp={data} />
          <Stack gap="sm" component="section" aria-labelledby="dsp-change-log">
            <Title order={2} fz="h4" id="dsp-change-log">
              {t('view.changeLog')}
            </Title>
            <ChangeLogTable
              path={`/api/admin/dsp/${data.id}/change-log`}
              tableId="dsp-change-log"
              label={t('view.changeLog')}
            />
          </Stack>
        </>
      ) : (
        <LoadState
          isError={dsp.isError || id === 0}
          error={dsp.error}
          onRetry={id > 0 ? () => void dsp.refetch() : undefined}
          testId="dsp"
        />
      )}
      {actions.dialog}
    </PageFrame>
  );
};

export default ViewDspPage;
