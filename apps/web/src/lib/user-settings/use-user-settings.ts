import { isAdminRole } from '@console/core/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../http/api-client.ts';
import { useSession } from '../session/session-store.ts';

export type UserSettings = {
  insight_dashboard?: boolean;
  postback_enabled?: 'ENABLED' | 'DISABLED';
  api_access?: boolean;
};

const EMPTY: UserSettings = {};

/** The settings query of a non-admin user; `userId` null (admin, co-admin, signed out) never runs. */
export const userSettingsQueryOptions = (userId: number | null) =>
  queryOptions({
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

/** The effective user's id when it has settings (not admin or co-admin), else null. */
const useSettingsOwner = (): number | null => {
  const { auth } = useSession();
  return auth && !isAdminRole(auth.role) ? auth.user.user_primary_id : null;
};

/** The query itself, for a screen that shows a spinner until the settings are known. */
export const useUserSettingsQuery = () => useQuery(userSettingsQueryOptions(useSettingsOwner()));

/**
 * The effective user's settings (spec sections 3 and 6). Admin and co-admin have none; any failure
 * gives empty settings, so no API Docs link and no Settings entry (spec section 8).
 */
export const useUserSettings = (): UserSettings => {
  const userId = useSettingsOwner();
  const query = useQuery(userSettingsQueryOptions(userId));
  return userId === null ? EMPTY : (query.data ?? EMPTY);
};
