// /admin/user/change-log/{id}: every recorded change of a user, field by field (the platform's
// audit table through GET /api/admin/users/:id/change-log).

import { useParams } from 'react-router';
import { ChangeLogTable } from '../../components/change-log/change-log-table.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useCurrentRoute } from '../../lib/routing/current-route.ts';
import { UserSummary } from './components/user-summary.tsx';
import { displayName, parseId } from './user-rules.ts';

const UserChangeLogPage = () => {
  const { t } = useTranslation('users');
  const route = useCurrentRoute();
  const id = parseId(useParams().id);
  if (!route) return null;
  return (
    <PageFrame titleKey={route.titleKey} breadcrumb={route.breadcrumb}>
      <UserSummary id={id} omitActions={['change-log']}>
        {(user) => (
          <ChangeLogTable
            path={`/api/admin/users/${user.user_primary_id}/change-log`}
            tableId="user-change-log"
            label={t('changeLog.label', { name: displayName(user) })}
          />
        )}
      </UserSummary>
    </PageFrame>
  );
};

export default UserChangeLogPage;
