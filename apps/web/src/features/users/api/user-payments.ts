// An advertiser's ledger with the running balance: GET /api/admin/users/:id/payments for admin and
// co-admin, GET /api/agency/advertisers/:id/payments for its agency (same answer, ledgerPage).
import type { ledgerPage } from '@console/core/api/ledger';
import type { Role } from '@console/core/roles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchData } from '../../../lib/http/api-client.ts';

export type LedgerPage = z.infer<typeof ledgerPage>;
export type LedgerQuery = Record<string, string | number | undefined>;

export const paymentsPath = (role: Role | undefined, id: number): string =>
  role === 'AGENCY' ? `/api/agency/advertisers/${id}/payments` : `/api/admin/users/${id}/payments`;

export const userPaymentsOptions = (role: Role | undefined, id: number, query: LedgerQuery) =>
  queryOptions({
    queryKey: ['payments', role, id, query] as const,
    queryFn: () => fetchData<LedgerPage>(paymentsPath(role, id), query),
    placeholderData: keepPreviousData,
    enabled: id > 0,
  });

export const useUserPayments = (role: Role | undefined, id: number, query: LedgerQuery) =>
  useQuery(userPaymentsOptions(role, id, query));
