// GET /api/funds/accounts: agencies and advertisers with balances (an agency: its advertisers).
import type { fundsAccountSchema } from '@console/core/api/funds';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DataPage } from '../../../components/data-table/data-table.tsx';
import { fetchData, type Query } from '../../../lib/http/api-client.ts';

export type FundsAccount = z.infer<typeof fundsAccountSchema>;

export const fundsAccountsOptions = (query: Query) =>
  queryOptions({
    queryKey: ['funds', 'accounts', query] as const,
    queryFn: () => fetchData<DataPage<FundsAccount>>('/api/funds/accounts', query),
    placeholderData: keepPreviousData,
  });

export const useFundsAccounts = (query: Query, enabled = true) =>
  useQuery({ ...fundsAccountsOptions(query), enabled });
