// GET /api/settings/postback: the conversion postback URL template and the macros it may carry.
import type { postbackSchema } from '@console/core/api/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchData } from '../../../lib/http/api-client.ts';

export type Postback = z.infer<typeof postbackSchema>;

export const getPostback = (): Promise<Postback> => fetchData<Postback>('/api/settings/postback');

export const getPostbackQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'postback'], queryFn: getPostback });

export const usePostback = () => useQuery(getPostbackQueryOptions());
