// POST /api/campaigns/bulk/update: Budgets, pacing, frequency cap or end date of many campaigns (only the fields sent change).
import type { bulkUpdateBody } from '@console/core/api/campaigns';
import type { z } from 'zod';
import { postBulk, useBulkMutation } from './bulk-request.ts';

export type BulkUpdateBody = z.output<typeof bulkUpdateBody>;

export const bulkUpdate = (body: BulkUpdateBody) => postBulk('update', body);

export const useBulkUpdate = () => useBulkMutation(bulkUpdate);
