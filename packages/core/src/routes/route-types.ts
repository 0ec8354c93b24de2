// The route tables of spec section 2 as data: one table per role (`<role>-routes.ts`). The console
// generates its guards, lazy pages, titles and breadcrumbs from them.

/** The page a route shows: `<feature>.<page>`; a feature issue registers its page under this key. */
export type FeatureKey =
  | 'dashboard.home'
  | 'profile.view'
  | 'settings.view'
  | 'campaign.list'
  | 'campaign.create'
  | 'campaign.edit'
  | 'campaign.view'
  | 'campaign.clone'
  | 'campaign.changelog'
  | 'campaign.bulkEdit'
  | 'campaign.bulkEditExchanges'
  | 'campaign.bulkStatus'
  | 'campaign.byOwner'
  | 'campaign.ownerChangelog'
  | 'creative.list'
  | 'creative.view'
  | 'creative.changelog'
  | 'creative.bulkEdit'
  | 'creative.bulkStatus'
  | 'creative.byCampaign'
  | 'exchange.approval'
  | 'exchange.bulkApproval'
  | 'exchange.changelog'
  | 'funds.list'
  | 'funds.add'
  | 'funds.payments'
  | 'inventory.list'
  | 'inventory.create'
  | 'inventory.edit'
  | 'inventory.view'
  | 'inventory.changelog'
  | 'audience.list'
  | 'audience.create'
  | 'audience.view'
  | 'audience.changelog'
  | 'report.list'
  | 'report.create'
  | 'report.createMultiDimensional'
  | 'report.edit'
  | 'report.view'
  | 'advertiser.list'
  | 'advertiser.create'
  | 'advertiser.edit'
  | 'advertiser.changelog'
  | 'user.list'
  | 'user.create'
  | 'user.edit'
  | 'user.config'
  | 'user.changelog'
  | 'agency.list'
  | 'agency.edit'
  | 'agency.assignAdvertiser'
  | 'metadata.view'
  | 'dsp.list'
  | 'dsp.create'
  | 'dsp.new'
  | 'dsp.edit'
  | 'dsp.view'
  | 'smartApp.list'
  | 'smartApp.create'
  | 'smartApp.edit'
  | 'smartApp.view'
  | 'smartApp.changelog';

/** labelKey is an i18n key of the web app's `pages` namespace; the last crumb has no path. */
export type Crumb = { labelKey: string; path?: string };

export type RouteDef = {
  /** React Router pattern, params as `:name` (spec `{name}`); matched case-sensitively. */
  path: string;
  feature: FeatureKey;
  /** i18n key of the `pages` namespace. */
  titleKey: string;
  breadcrumb: readonly Crumb[];
  /** Editing pages that show the idle-tab modal after 5 minutes without activity (spec section 4). */
  idleGuard?: boolean;
  /** A path of another role's area reused by this role (the co-admin's shared paths). */
  shared?: boolean;
};

type RouteOptions = { parent?: Crumb; idleGuard?: boolean; shared?: boolean };

/**
 * Builds a role's route factory: every page's breadcrumb starts at the role's dashboard, then the
 * section list (parent) when there is one, then the page itself.
 */
export const createRouteFactory =
  (home: Crumb) =>
  (path: string, feature: FeatureKey, titleKey: string, options: RouteOptions = {}): RouteDef => {
    const breadcrumb: Crumb[] =
      path === home.path
        ? [{ labelKey: titleKey }]
        : [home, ...(options.parent ? [options.parent] : []), { labelKey: titleKey }];
    const route: RouteDef = { path, feature, titleKey, breadcrumb };
    if (options.idleGuard) route.idleGuard = true;
    if (options.shared) route.shared = true;
    return route;
  };
