// /audience/changeLog/{audience_id} (and the other roles' paths): an audience's changes: creation,
// renames, status moves (processing, ready, failed, archived) and member counts, never members.

import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { parseId } from '../../../lib/routing/parse-id.ts';
import { useAudience } from '../api/audiences.ts';
import { ListChangeLogPage } from '../components/list-change-log.tsx';
import { useListLinks } from '../components/list-links.ts';

const AudienceChangeLogPage = () => {
  const { t } = useTranslation('lists');
  const id = parseId(useParams().audience_id);
  const audience = useAudience(id);
  const links = useListLinks();
  return (
    <ListChangeLogPage
      path={id === null ? null : `/api/audiences/${id}/change-log`}
      heading={audience.data ? t('log.heading', { name: audience.data.name }) : undefined}
      back={id === null ? links.audience.list() : links.audience.view(id)}
      tableId="audience-change-log"
    />
  );
};

export default AudienceChangeLogPage;
