// The running-apps export of the report list: its button, and the popover with the UTC days and
// campaigns to export (running-apps-dropdown.tsx), which loads when the button is first hovered,
// focused or pressed (../../components/on-demand.tsx).
import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { lazy } from 'react';
import { type OnDemandTargetProps, OpenOnDemand } from '../../components/on-demand.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';

const loadRunningAppsDropdown = () => import('./running-apps-dropdown.tsx');
const RunningAppsDropdown = lazy(loadRunningAppsDropdown);

export const RunningAppsExport = () => {
  const { t } = useTranslation('reports');
  const target = (props: OnDemandTargetProps) => (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      aria-haspopup="dialog"
      data-testid="running-apps-export"
      {...props}
    >
      {t('runningApps')}
    </Button>
  );
  return (
    <OpenOnDemand load={loadRunningAppsDropdown} target={target}>
      <RunningAppsDropdown target={target({})} />
    </OpenOnDemand>
  );
};
