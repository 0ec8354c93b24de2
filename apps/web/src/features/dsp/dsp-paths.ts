// The admin's DSP pages (packages/core/src/routes/admin-routes.ts), as links.
export const DSP_PATHS = {
  list: '/admin/dsplist',
  create: '/admin/createdsp',
  onboarding: '/admin/newdsp',
  view: (id: number) => `/admin/viewdsp/${id}`,
  edit: (id: number) => `/admin/editdsp/${id}`,
} as const;

/** The :id of a route as a positive integer, or 0 when it is not one. */
export const parseId = (value: string | undefined): number => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
