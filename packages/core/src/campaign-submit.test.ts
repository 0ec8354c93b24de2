import { describe, expect, it } from 'vitest';
import {
  FLIGHT_ENDED,
  keepExchangeErrors,
  SUBMIT_NEEDS_EXCHANGE,
  SUBMITTED_NEEDS_EXCHANGE,
  submitErrors,
} from './campaign-submit.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('campaign submit rules', () => {
  it('needs an exchange and a flight that has not ended to go for approval', () => {
    expect(submitErrors({ exchangeCount: 0, endAtMs: NOW - 1 }, NOW)).toEqual({
      exchange_ids: SUBMIT_NEEDS_EXCHANGE,
      end_at: FLIGHT_ENDED,
    });
    // A flight ending now has ended; one ending a millisecond later has not.
    expect(submitErrors({ exchangeCount: 2, endAtMs: NOW }, NOW)).toEqual({ end_at: FLIGHT_ENDED });
    expect(submitErrors({ exchangeCount: 1, endAtMs: NOW + 1 }, NOW)).toEqual({});
    // No end chosen yet: the form's own "choose the end" message speaks, not this rule.
    expect(submitErrors({ exchangeCount: 1, endAtMs: null }, NOW)).toEqual({});
  });

  it('keeps a submitted campaign on at least one exchange, drafts may have none', () => {
    for (const status of ['PENDING_APPROVAL', 'ACTIVE', 'PAUSED'])
      expect(keepExchangeErrors(status, 0)).toEqual({ exchange_ids: SUBMITTED_NEEDS_EXCHANGE });
    for (const status of ['DRAFT', 'REJECTED', 'COMPLETED', null])
      expect(keepExchangeErrors(status, 0)).toEqual({});
    expect(keepExchangeErrors('ACTIVE', 1)).toEqual({});
  });
});
