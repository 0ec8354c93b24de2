// /admin/smart-apps/changelog/{list_id} (and co-admin): a smart-app list's changes; apps added and
// removed as counts and samples.

import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useSmartAppList } from '../api/smart-app-lists.ts';
import { ListChangeLogPage } from '../components/list-change-log.tsx';
import { useListLinks } from '../components/list-links.ts';

const SmartAppChangeLogPage = () => {
  const { t } = useTranslation('lists');
  const id = parseId(useParams().list_id);
  const list = useSmartAppList(id);
  const links = useListLinks();
  return (
    <ListChangeLogPage
      path={id === null ? null : `/api/admin/smart-app-lists/${id}/change-log`}
      heading={list.data ? t('log.heading', { name: list.data.name }) : undefined}
      back={id === null ? links.smartApp.list() : links.smartApp.view(id)}
      tableId="smart-app-change-log"
    />
  );
};

export default SmartAppChangeLogPage;
