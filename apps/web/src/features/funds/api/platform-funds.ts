// Admin and co-admin: the platform's accounts (GET /api/admin/funds/overview) and the whole-ledger
// check (GET /api/admin/funds/check, run when asked: it reads every entry).
import type { LedgerCheck } from '@console/core/api/funds';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/http/api-client.ts';

export type FundsOverview = {
  funding_micros: number;
  media_micros: number;
  margin_micros: number;
  accounts_micros: number;
};

export const useFundsOverview = (enabled: boolean) =>
  useQuery({
    queryKey: ['funds', 'overview'] as const,
    queryFn: () => fetchData<FundsOverview>('/api/admin/funds/overview'),
    enabled,
  });

export const useCheckLedger = () =>
  useMutation({ mutationFn: () => fetchData<LedgerCheck>('/api/admin/funds/check') });
