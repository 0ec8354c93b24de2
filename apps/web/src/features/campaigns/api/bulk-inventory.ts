// POST /api/campaigns/bulk/inventory: Add, remove or replace inventory lists (allow or block) of many campaigns.
import type { bulkInventoryBody } from '@console/core/api/campaigns';
import type { z } from 'zod';
import { postBulk, useBulkMutation } from './bulk-request.ts';

export type BulkInventoryBody = z.output<typeof bulkInventoryBody>;

export const bulkInventory = (body: BulkInventoryBody) => postBulk('inventory', body);

export const useBulkInventory = () => useBulkMutation(bulkInventory);
