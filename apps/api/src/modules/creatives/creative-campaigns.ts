// The creatives of one campaign (CampaignList/creative-list/{id}): the campaign must be visible to
// the caller (the campaigns module's default-deny check: "not found" otherwise); its creatives are
// then listed with the filters and sorts of the creative list.
import type { CreativeListQuery } from '@console/core/api/creatives';
import { and, eq, exists, sql } from 'drizzle-orm';
import { campaignCreatives } from '../../db/schema/campaigns.ts';
import { creatives } from '../../db/schema/creatives.ts';
import { requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { creativeScope } from './creative-access.ts';
import { listCreativePage, listCreativesWhere } from './creative-queries.ts';

export const listCampaignCreatives = async (
  deps: AppDeps,
  principal: Principal,
  campaignId: number,
  query: CreativeListQuery,
) => {
  await requireAccess(deps.db, principal, 'campaign', campaignId);
  const inCampaign = exists(
    deps.db
      .select({ one: sql`1` })
      .from(campaignCreatives)
      .where(
        and(eq(campaignCreatives.campaignId, campaignId), eq(campaignCreatives.creativeId, creatives.id)),
      ),
  );
  return listCreativePage(
    deps.db,
    query,
    listCreativesWhere(deps.db, query, creativeScope(principal), inCampaign),
  );
};
