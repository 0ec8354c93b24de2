// Links to a feature's page for the signed-in role, read from the role's route table (packages/core
// routes), so a page never hand-writes `/agency/...` or `/admin/...`: the advertiser's campaign view is
// `/campaign/:id`, the agency's `/agency/campaign/viewCampaign/:id`. A role without that page gets
// null, and the UI hides the link (the server forbids the action anyway).
import type { Role } from '@console/core/roles';
import { ROUTE_TABLES } from '@console/core/routes/route-tables';
import type { FeatureKey } from '@console/core/routes/route-types';
import { useCallback } from 'react';
import { useSession } from '../session/session-store.ts';

export type HrefParams = Record<string, string | number>;
export type FeatureHref = (feature: FeatureKey, params?: HrefParams) => string | null;

const fillParams = (pattern: string, params: HrefParams): string | null => {
  let missing = false;
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(String(value ?? ''));
  });
  return missing ? null : path;
};

/** The path of `feature` in `role`'s table with its `:params` filled, or null when the role has none. */
export const hrefOf = (role: Role, feature: FeatureKey, params: HrefParams = {}): string | null => {
  const routes = ROUTE_TABLES[role].filter((route) => route.feature === feature);
  // A role's own area comes before a path it shares with another (co-admin's /admin/metadata).
  const own = routes.find((route) => !route.shared) ?? routes[0];
  return own ? fillParams(own.path, params) : null;
};

/** `hrefOf` for the signed-in role. */
export const useFeatureHref = (): FeatureHref => {
  const role = useSession().auth?.role ?? null;
  return useCallback(
    (feature: FeatureKey, params?: HrefParams) => (role ? hrefOf(role, feature, params) : null),
    [role],
  );
};
