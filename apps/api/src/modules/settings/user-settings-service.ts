import type { UserSettings } from '@console/core/api/auth';
import { eq } from 'drizzle-orm';
import { userConfigs } from '../../db/schema/users.ts';
import { requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';

/** A user's settings, readable by the user and the users above it; empty for admin and co-admin. */
export const readUserSettings = async (
  deps: AppDeps,
  principal: Principal,
  userId: number,
): Promise<UserSettings> => {
  const target = await requireAccess(deps.db, principal, 'user', userId);
  if (target.role === 'ADMIN' || target.role === 'CO-ADMIN') return {};
  const [config] = await deps.db.select().from(userConfigs).where(eq(userConfigs.userId, userId)).limit(1);
  return {
    insight_dashboard: config?.insightDashboard ?? false,
    postback_enabled: config?.postbackEnabled === 'ENABLED' ? 'ENABLED' : 'DISABLED',
    api_access: config?.apiAccess ?? false,
  };
};
