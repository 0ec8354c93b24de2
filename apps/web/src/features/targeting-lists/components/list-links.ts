// Links to the targeting-list pages of the signed-in role (its route table decides the paths: the
// advertiser's /inventory-list/view/1 is the agency's /agency/inventory-list/view/1); null when the
// role has no such page, and the link is hidden.
import { useMemo } from 'react';
import { useFeatureHref } from '../../../lib/routing/feature-href.ts';

export const useListLinks = () => {
  const href = useFeatureHref();
  return useMemo(
    () => ({
      inventory: {
        list: () => href('inventory.list'),
        create: () => href('inventory.create'),
        view: (id: number) => href('inventory.view', { applist_id: id }),
        edit: (id: number) => href('inventory.edit', { applist_id: id }),
        changelog: (id: number) => href('inventory.changelog', { applist_id: id }),
      },
      audience: {
        list: () => href('audience.list'),
        create: () => href('audience.create'),
        view: (id: number) => href('audience.view', { audience_id: id }),
        changelog: (id: number) => href('audience.changelog', { audience_id: id }),
      },
      smartApp: {
        list: () => href('smartApp.list'),
        create: () => href('smartApp.create'),
        view: (id: number) => href('smartApp.view', { list_id: id }),
        edit: (id: number) => href('smartApp.edit', { list_id: id }),
        changelog: (id: number) => href('smartApp.changelog', { list_id: id }),
      },
      campaign: (id: number) => href('campaign.view', { id }),
    }),
    [href],
  );
};
