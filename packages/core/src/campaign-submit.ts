// The rules a campaign must meet to go for approval and to stay submitted, in one place: the form
// checks them as the user types, the API again on every save and status move.
import type { CampaignStatus } from './campaign-status.ts';

export const SUBMIT_NEEDS_EXCHANGE = 'Choose at least one exchange before submitting the campaign.';
export const SUBMITTED_NEEDS_EXCHANGE = 'A submitted campaign needs at least one exchange.';
export const FLIGHT_ENDED = 'The flight has already ended: move the end date before submitting.';

/** Campaigns in review or running (pending, active, paused): they keep at least one exchange. */
export const isSubmittedStatus = (status: CampaignStatus | string): boolean =>
  status === 'PENDING_APPROVAL' || status === 'ACTIVE' || status === 'PAUSED';

/**
 * What stops a campaign from being submitted, by field: an exchange to run on and a flight that has
 * not ended (`endAtMs` null: no end chosen yet, the form's own message covers it).
 */
export const submitErrors = (
  campaign: { exchangeCount: number; endAtMs: number | null },
  nowMs: number,
): Partial<Record<'exchange_ids' | 'end_at', string>> => ({
  ...(campaign.exchangeCount === 0 ? { exchange_ids: SUBMIT_NEEDS_EXCHANGE } : {}),
  ...(campaign.endAtMs !== null && campaign.endAtMs <= nowMs ? { end_at: FLIGHT_ENDED } : {}),
});

/** What stops an edit of a campaign in `status` from being saved with `exchangeCount` exchanges. */
export const keepExchangeErrors = (
  status: CampaignStatus | string | null,
  exchangeCount: number,
): Partial<Record<'exchange_ids', string>> =>
  status !== null && isSubmittedStatus(status) && exchangeCount === 0
    ? { exchange_ids: SUBMITTED_NEEDS_EXCHANGE }
    : {};
