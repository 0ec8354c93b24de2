import { isAdminRole } from '@console/core/roles';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../http/api-client.ts';
import { useSession } from '../session/session-store.ts';

export type UserSettings = {
  insight_dashboard?: boolean;
  postback_enabled?: 'ENABLED' | 'DISABLED';
  api_access?: boolean;
};

const EMPTY: UserSettings = {};

/**
 * The effective user's settings (spec sections 3 and 6). Admin and co-admin have none; any failure
 * gives empty settings, so no API Docs link and no Settings entry (spec section 8).
 */
export const useUserSettings = (): UserSettings => {
  const { auth } = useSession();
  const userId = auth && !isAdminRole(auth.role) ? auth.user.user_primary_id : null;
  const query = useQuery({
    queryKey: ['user-settings', userId],
    queryFn: async () => {
      const result = await apiGet<UserSettings>(`/api/auth/user-settings/${userId}`);
      if (!result.success || typeof result.data !== 'object' || result.data === null) {
        console.warn('User settings could not be loaded; using empty settings.', result.message);
        return EMPTY;
      }
      return result.data;
    },
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
  return userId === null ? EMPTY : (query.data ?? EMPTY);
};
