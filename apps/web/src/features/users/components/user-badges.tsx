export { StatusBadge } from '../../../components/status-badge.tsx';

import type { Role } from '@console/core/roles';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

const ROLE_COLORS: Record<Role, string> = {
  // Shade 9: readable (AA) as outline text on white and on striped rows.
  ADMIN: 'red.9',
  'CO-ADMIN': 'cyan.9',
  AGENCY: 'violet.9',
  ADVERTISER: 'blue.9',
};

export const RoleBadge = ({ role }: { role: Role }) => {
  const { t } = useTranslation('users');
  return (
    <Badge color={ROLE_COLORS[role]} variant="outline" radius="sm" tt="none">
      {t(`roles.${role}`)}
    </Badge>
  );
};
