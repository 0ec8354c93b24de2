// The change log of every campaign of one advertiser (admin CampaignList/changeLog/{id}): one page,
// newest first, each entry naming its campaign.
import type { ChangeLogEntry } from '@console/core/api/users';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/campaigns.ts';
import { readSubjectsChangeLog } from '../../platform/audit.ts';
import type { Page, PageRequest } from '../../platform/pagination.ts';

export const readAdvertiserCampaignsChangeLog = (
  db: DbOrTx,
  advertiserId: number,
  query: PageRequest & { action?: string | undefined },
): Promise<Page<ChangeLogEntry>> =>
  readSubjectsChangeLog(
    db,
    'campaign',
    {
      table: campaigns,
      id: campaigns.id,
      name: campaigns.name,
      where: eq(campaigns.advertiserId, advertiserId),
    },
    query,
  );
