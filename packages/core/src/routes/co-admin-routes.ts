// Co-admin routes (spec section 2): the admin area under /co-admin without addUser, dsplist and the
// DSP pages, plus three paths of other areas that the co-admin reuses.
import { ADMIN_ONLY_FEATURES, createAdminAreaRoutes } from './admin-routes.ts';
import { type Crumb, createRouteFactory, type RouteDef } from './route-types.ts';

const home: Crumb = { labelKey: 'titles.dashboard.home', path: '/co-admin/dashboard' };
const route = createRouteFactory(home);

export const CO_ADMIN_SHARED_ROUTES: readonly RouteDef[] = [
  route('/creative/bulk-creative-edit', 'creative.bulkEdit', 'titles.creative.bulkEdit', {
    parent: { labelKey: 'titles.creative.list', path: '/co-admin/creative' },
    shared: true,
  }),
  route('/admin/editUser/:id', 'user.edit', 'titles.user.edit', {
    parent: { labelKey: 'titles.user.list', path: '/co-admin/users' },
    shared: true,
  }),
  route('/admin/metadata', 'metadata.view', 'titles.metadata.view', { shared: true }),
];

export const CO_ADMIN_ROUTES: readonly RouteDef[] = [
  ...createAdminAreaRoutes('/co-admin').filter((r) => !ADMIN_ONLY_FEATURES.includes(r.feature)),
  ...CO_ADMIN_SHARED_ROUTES,
];
