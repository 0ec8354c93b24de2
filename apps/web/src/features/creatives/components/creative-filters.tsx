// The type and status filters of a creative table (list, campaign creatives, bulk selection): each
// a native select writing its URL filter (`creative_type`, `status`), "all" clearing it.
import '@mantine/core/styles/Input.css';
import { CREATIVE_STATUSES, CREATIVE_TYPES } from '@console/core/api/creatives-constants';
import { NativeSelect } from '@mantine/core';
import type { ListParamsControl } from '../../../components/data-table/use-list-params.ts';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

export const CreativeTypeStatusFilters = ({
  list,
  testIdPrefix,
}: {
  list: ListParamsControl;
  testIdPrefix: string;
}) => {
  const { t } = useTranslation('creatives');
  const filters = list.params.filters;
  return (
    <>
      <NativeSelect
        label={t('columns.type')}
        value={filters.creative_type ?? ''}
        onChange={(event) => list.setFilter('creative_type', event.currentTarget.value || null)}
        data={[
          { value: '', label: t('list.allTypes') },
          ...CREATIVE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
        ]}
        data-testid={`${testIdPrefix}-type-filter`}
      />
      <NativeSelect
        label={t('columns.status')}
        value={filters.status ?? ''}
        onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
        data={[
          { value: '', label: t('list.allStatuses') },
          ...CREATIVE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        ]}
        data-testid={`${testIdPrefix}-status-filter`}
      />
    </>
  );
};
