// Links to a campaign's pages for the signed-in role (null when the role has no such page: hide the
// link). Clone: the role's `campaign.clone` page, else the create form with `?from=<id>` (the form
// reads both).
import { type CampaignStatus, isEditableStatus } from '@console/core/campaign-status';
import { useMemo } from 'react';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';

export const useCampaignLinks = () => {
  const href = useFeatureHref();
  return useMemo(
    () => ({
      list: () => href('campaign.list'),
      create: () => href('campaign.create'),
      view: (id: number) => href('campaign.view', { id }),
      /** Only while the status allows editing. */
      edit: (id: number, status: CampaignStatus) =>
        isEditableStatus(status) ? href('campaign.edit', { id }) : null,
      clone: (id: number) => {
        const page = href('campaign.clone', { id });
        if (page) return page;
        const create = href('campaign.create');
        return create ? `${create}?from=${id}` : null;
      },
      changelog: (id: number) => href('campaign.changelog', { id }),
      creatives: (id: number) => href('creative.byCampaign', { id }),
      byOwner: (advertiserId: number) => href('campaign.byOwner', { id: advertiserId }),
      ownerChangelog: (advertiserId: number) => href('campaign.ownerChangelog', { id: advertiserId }),
      bulkEdit: () => href('campaign.bulkEdit'),
      bulkExchanges: () => href('campaign.bulkEditExchanges'),
      bulkStatus: () => href('campaign.bulkStatus'),
    }),
    [href],
  );
};
