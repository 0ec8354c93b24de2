// The admin's DSP pages (packages/core/src/routes/admin-routes.ts), as links.
export const DSP_PATHS = {
  list: '/admin/dsplist',
  create: '/admin/createdsp',
  onboarding: '/admin/newdsp',
  view: (id: number) => `/admin/viewdsp/${id}`,
  edit: (id: number) => `/admin/editdsp/${id}`,
} as const;

export { parseId } from '../../lib/routing/parse-id.ts';
