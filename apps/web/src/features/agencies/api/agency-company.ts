// GET and PUT /api/admin/agencies/:id/company: an agency's white-label company config.
import type { CompanyConfigEdit } from '@console/core/api/agencies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPut, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

export const agencyCompanyQueryKey = (id: number) => ['admin-agencies', 'company', id] as const;

export const getAgencyCompany = (id: number) =>
  fetchData<CompanyConfigEdit>(`/api/admin/agencies/${id}/company`);

export const agencyCompanyOptions = (id: number) =>
  queryOptions({
    queryKey: agencyCompanyQueryKey(id),
    queryFn: () => getAgencyCompany(id),
    enabled: id > 0,
    staleTime: 0,
  });

export const useAgencyCompany = (id: number) => useQuery(agencyCompanyOptions(id));

export const saveAgencyCompany = async (id: number, config: CompanyConfigEdit) =>
  unwrapResult(await apiPut<CompanyConfigEdit>(`/api/admin/agencies/${id}/company`, config));

export const useSaveAgencyCompany = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: CompanyConfigEdit) => saveAgencyCompany(id, config),
    onSuccess: (saved) => {
      queryClient.setQueryData(agencyCompanyQueryKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: ['admin-agencies', 'list'] });
    },
  });
};
