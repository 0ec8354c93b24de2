// The agency's advertiser pages (packages/core/src/routes/agency-routes.ts), as links.
export const ADVERTISER_PATHS = {
  list: '/agency/advertiser',
  create: '/agency/addAdvertiser',
  edit: (id: number) => `/agency/editAdvertiser/${id}`,
  changeLog: (id: number) => `/agency/changeLog/${id}`,
  payments: (id: number) => `/agency/advertiser/payment-list/${id}`,
} as const;

export { parseId } from '../../lib/routing/parse-id.ts';
