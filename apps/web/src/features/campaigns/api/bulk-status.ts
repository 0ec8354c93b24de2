// POST /api/campaigns/bulk/status: Move many campaigns to a status (owner moves; approve and reject for admin and co-admin).
import type { bulkStatusBody } from '@console/core/api/campaigns';
import type { z } from 'zod';
import { postBulk, useBulkMutation } from './bulk-request.ts';

export type BulkStatusBody = z.output<typeof bulkStatusBody>;

export const bulkStatus = (body: BulkStatusBody) => postBulk('status', body);

export const useBulkStatus = () => useBulkMutation(bulkStatus);
