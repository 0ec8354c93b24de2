// POST /api/admin/assign-advertiser: moves an advertiser to an agency, or makes it direct (null).
import type { UserListItem } from '@console/core/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, unwrapResult } from '../../../lib/http/api-client.ts';

export type AssignAdvertiserInput = { advertiser_id: number; agency_id: number | null };

export const assignAdvertiser = async (input: AssignAdvertiserInput) =>
  unwrapResult(await apiPost<UserListItem>('/api/admin/assign-advertiser', input));

export const useAssignAdvertiser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAdvertiser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-agencies'] });
      void queryClient.invalidateQueries({ queryKey: ['advertiser-options'] });
      void queryClient.invalidateQueries({ queryKey: ['change-log'] });
    },
  });
};
