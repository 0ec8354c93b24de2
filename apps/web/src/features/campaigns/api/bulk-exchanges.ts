// POST /api/campaigns/bulk/exchanges: Add, remove or replace exchanges of many campaigns (new ones start pending approval).
import type { bulkExchangesBody } from '@console/core/api/campaigns';
import type { z } from 'zod';
import { postBulk, useBulkMutation } from './bulk-request.ts';

export type BulkExchangesBody = z.output<typeof bulkExchangesBody>;

export const bulkExchanges = (body: BulkExchangesBody) => postBulk('exchanges', body);

export const useBulkExchanges = () => useBulkMutation(bulkExchanges);
