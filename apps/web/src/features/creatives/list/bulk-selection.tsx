// Row selection for the creative lists and the toolbar buttons to the bulk pages the role has
// (bulk edit: advertiser and co-admin; bulk status: admin), linked with `?ids=1,2`. A role with
// neither gets no selection at all.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import type { CreativeListItem } from '@console/core/api/creatives';
import { CREATIVE_BULK_MAX } from '@console/core/api/creatives-constants';
import { Button, Group, Text } from '@mantine/core';
import { IconChecklist, IconEdit } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { DataTableProps } from '../../../components/data-table/data-table.tsx';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';
import { bulkHrefOf } from './creative-list-model.ts';

export type BulkSelection = {
  selection: DataTableProps<CreativeListItem>['selection'];
  toolbar: ReactNode;
};

export const useBulkSelection = (tableId: string): BulkSelection => {
  const { t } = useTranslation('creatives');
  const href = useFeatureHref();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const targets = [
    { base: href('creative.bulkEdit'), label: t('actions.bulkEdit'), Icon: IconEdit, key: 'edit' },
    { base: href('creative.bulkStatus'), label: t('actions.bulkStatus'), Icon: IconChecklist, key: 'status' },
  ].filter((target) => target.base !== null);
  if (targets.length === 0) return { selection: undefined, toolbar: null };

  const toolbar = (
    <Group gap="xs" align="center">
      {selected.size > CREATIVE_BULK_MAX ? (
        <Text size="xs" c="red.8" role="status">
          {t('list.tooMany', { max: CREATIVE_BULK_MAX })}
        </Text>
      ) : null}
      {targets.map(({ base, label, Icon, key }) => {
        const to = bulkHrefOf(base, selected);
        return to ? (
          <Button
            key={key}
            component={Link}
            to={to}
            variant="light"
            leftSection={<Icon size={16} aria-hidden="true" />}
            data-testid={`${tableId}-bulk-${key}`}
          >
            {label}
          </Button>
        ) : (
          <Button
            key={key}
            variant="light"
            disabled
            leftSection={<Icon size={16} aria-hidden="true" />}
            title={t('list.selectFirst')}
            data-testid={`${tableId}-bulk-${key}`}
          >
            {label}
          </Button>
        );
      })}
      {selected.size > 0 ? (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => setSelected(new Set())}
          data-testid={`${tableId}-clear-selection`}
        >
          {t('list.clearSelection')}
        </Button>
      ) : null}
    </Group>
  );
  return {
    selection: {
      selected,
      onChange: setSelected,
      rowLabel: (creative) => t('list.select', { name: creative.name }),
    },
    toolbar,
  };
};
