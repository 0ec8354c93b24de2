// The advertiser a per-advertiser campaign page is about: GET /api/agency/advertisers/:id for an
// agency (its own advertisers only), GET /api/admin/users/:id for admin and co-admin.
import type { UserListItem } from '@console/core/api/users';
import type { Role } from '@console/core/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';
import { useSession } from '../../../lib/session/session-store.ts';

const pathOf = (role: Role | null, id: number): string | null => {
  if (role === 'AGENCY') return `/api/agency/advertisers/${id}`;
  if (role === 'ADMIN' || role === 'CO-ADMIN') return `/api/admin/users/${id}`;
  return null;
};

export const getCampaignOwnerQueryOptions = (role: Role | null, id: number) =>
  queryOptions({
    queryKey: ['campaigns', 'owner', role, id],
    queryFn: () => fetchData<UserListItem>(pathOf(role, id) ?? ''),
    enabled: id > 0 && pathOf(role, id) !== null,
  });

export const useCampaignOwner = (id: number) => {
  const role = useSession().auth?.role ?? null;
  return useQuery(getCampaignOwnerQueryOptions(role, id));
};
