// POST /api/campaigns/bulk/bid-range: Set the bid range (and optionally the bid) of many campaigns.
import type { bulkBidRangeBody } from '@console/core/api/campaigns';
import type { z } from 'zod';
import { postBulk, useBulkMutation } from './bulk-request.ts';

export type BulkBidRangeBody = z.output<typeof bulkBidRangeBody>;

export const bulkBidRange = (body: BulkBidRangeBody) => postBulk('bid-range', body);

export const useBulkBidRange = () => useBulkMutation(bulkBidRange);
