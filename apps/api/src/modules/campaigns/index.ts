// The campaigns module's entry: what other modules may use of it. They import this file only; the
// module's own files import each other directly.
export { resolveNewCampaignAdvertiser } from './campaign-access.ts';
export { checkApplists, checkCreatives, checkExchanges, checkSmartAppLists } from './campaign-relations.ts';
export { readCampaign } from './campaign-service.ts';
