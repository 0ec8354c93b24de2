// The creatives of one campaign (CampaignList/creative-list/{id}): the campaign must be visible to
// the caller (the campaigns module's default-deny check: "not found" otherwise); its creatives are
// then listed with the filters and sorts of the creative list.
import type { CreativeListQuery } from '@console/core/api/creatives';
import { requireAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { listCreativePage } from './creative-queries.ts';

export const listCampaignCreatives = async (
  deps: AppDeps,
  principal: Principal,
  campaignId: number,
  query: CreativeListQuery,
) => {
  await requireAccess(deps.db, principal, 'campaign', campaignId);
  return listCreativePage(deps.db, principal, query, campaignId);
};
