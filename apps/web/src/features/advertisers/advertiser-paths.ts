// The agency's advertiser pages (packages/core/src/routes/agency-routes.ts), as links.
export const ADVERTISER_PATHS = {
  list: '/agency/advertiser',
  create: '/agency/addAdvertiser',
  edit: (id: number) => `/agency/editAdvertiser/${id}`,
  changeLog: (id: number) => `/agency/changeLog/${id}`,
  payments: (id: number) => `/agency/advertiser/payment-list/${id}`,
} as const;

/** The :id of a route as a positive integer, or 0 when it is not one. */
export const parseId = (value: string | undefined): number => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
