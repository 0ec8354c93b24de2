// /inventory-list/changelog/{applist_id} (and the other roles' paths): what changed in one list, who
// changed it and when; entry changes as counts and samples.

import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useApplist } from '../api/inventory-lists.ts';
import { ListChangeLogPage } from '../components/list-change-log.tsx';
import { useListLinks } from '../components/list-links.ts';

const InventoryChangeLogPage = () => {
  const { t } = useTranslation('lists');
  const id = parseId(useParams().applist_id);
  const list = useApplist(id);
  const links = useListLinks();
  return (
    <ListChangeLogPage
      path={id === null ? null : `/api/applists/${id}/change-log`}
      heading={list.data ? t('log.heading', { name: list.data.name }) : undefined}
      back={id === null ? links.inventory.list() : links.inventory.view(id)}
      tableId="applist-change-log"
    />
  );
};

export default InventoryChangeLogPage;
