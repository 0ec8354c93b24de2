// The change log of one inventory list, audience or smart-app list: the platform's table of
// changes, with this feature's names of actions and fields (added and removed entries are counts and
// a sample, never the whole set).
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ChangeLogTable } from '../../../components/change-log/change-log-table.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../../lib/routing/current-route.ts';

const ACTIONS = ['create', 'update', 'entries', 'status', 'delete'] as const;

export const ListChangeLogPage = ({
  path,
  heading,
  back,
  tableId,
}: {
  path: string | null;
  heading: string | undefined;
  back: string | null;
  tableId: string;
}) => {
  const { t } = useTranslation('lists');
  const route = useCurrentRoute();
  const labels = useMemo(
    () => ({
      actions: Object.fromEntries(ACTIONS.map((action) => [action, t(`log.actions.${action}`)])),
    }),
    [t],
  );
  if (!route) return null;
  return (
    <PageFrame
      titleKey={route.titleKey}
      breadcrumb={route.breadcrumb}
      actions={
        back ? (
          <Button
            component={Link}
            to={back}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          >
            {t('actions.backToList')}
          </Button>
        ) : undefined
      }
    >
      <Stack gap="md">
        {heading ? (
          <Text fw={500} data-testid="list-changelog-heading">
            {heading}
          </Text>
        ) : null}
        {path ? (
          <ChangeLogTable
            path={path}
            tableId={tableId}
            actions={ACTIONS}
            labels={labels}
            label={t('log.label')}
          />
        ) : null}
      </Stack>
    </PageFrame>
  );
};
