// POST /api/campaigns/bulk/audience: Add, remove or replace audiences (include or exclude) of many campaigns.
import type { bulkAudienceBody } from '@console/core/api/campaigns';
import type { z } from 'zod';
import { postBulk, useBulkMutation } from './bulk-request.ts';

export type BulkAudienceBody = z.output<typeof bulkAudienceBody>;

export const bulkAudience = (body: BulkAudienceBody) => postBulk('audience', body);

export const useBulkAudience = () => useBulkMutation(bulkAudience);
