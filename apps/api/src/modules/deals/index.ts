// The deals module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { dealRoutes } from './deal-routes.ts';
export { checkCampaignDeals } from './deal-service.ts';
