import { CREATIVE_REJECT_REASON_MESSAGE } from '@console/core/api/creatives-constants';
import { describe, expect, it } from 'vitest';
import {
  approvalQueryOf,
  pairKey,
  parsePairKey,
  readStateFilter,
  translateDecisionMessage,
  translateDecisionResult,
  validateDecision,
  writeStateFilter,
} from './bulk-status-model.ts';

describe('creative x exchange pairs', () => {
  it('round-trip through their row id', () => {
    expect(pairKey({ creative_id: 12, exchange_id: 3 })).toBe('12-3');
    expect(parsePairKey('12-3')).toEqual({ creative_id: 12, exchange_id: 3 });
    expect(parsePairKey('12')).toBeNull();
    expect(parsePairKey('0-3')).toBeNull();
    expect(parsePairKey('a-b')).toBeNull();
  });
});

describe('the state filter', () => {
  it('is pending unless chosen otherwise', () => {
    expect(readStateFilter(undefined)).toBe('PENDING');
    expect(readStateFilter('nonsense')).toBe('PENDING');
    expect(readStateFilter('REJECTED')).toBe('REJECTED');
    expect(readStateFilter('all')).toBe('all');
    expect(writeStateFilter('PENDING')).toBeNull();
    expect(writeStateFilter('all')).toBe('all');
  });

  it('makes the API query of the selected creatives', () => {
    expect(approvalQueryOf({ page: 2, limit: 20, q: 'summer' }, [9, 4])).toEqual({
      page: 2,
      limit: 20,
      q: 'summer',
      state: 'PENDING',
      creative_ids: '4,9',
    });
    expect(approvalQueryOf({ state: 'all', exchange_id: '3' }, [1])).toEqual({
      state: undefined,
      exchange_id: '3',
      creative_ids: '1',
    });
  });
});

describe('a decision', () => {
  it('needs a reason to reject', () => {
    const empty = validateDecision(['4-1'], 'REJECTED', '   ');
    expect(empty).toEqual({ success: false, errors: { reason: CREATIVE_REJECT_REASON_MESSAGE } });
    expect(validateDecision(['4-1', '5-2'], 'REJECTED', ' Misleading claim ')).toEqual({
      success: true,
      data: {
        items: [
          { creative_id: 4, exchange_id: 1 },
          { creative_id: 5, exchange_id: 2 },
        ],
        decision: 'REJECTED',
        reason: 'Misleading claim',
      },
    });
  });

  it('approves without a reason', () => {
    expect(validateDecision(['4-1'], 'APPROVED', '')).toEqual({
      success: true,
      data: { items: [{ creative_id: 4, exchange_id: 1 }], decision: 'APPROVED' },
    });
  });

  it('needs at least one pair', () => {
    const none = validateDecision([], 'APPROVED', '');
    expect(none.success).toBe(false);
    if (!none.success)
      expect(translateDecisionMessage(none.errors.items!)).toEqual({ key: 'decision.choosePairs' });
  });

  it('names known server reasons', () => {
    expect(translateDecisionResult('Creative not found.')).toEqual({ key: 'results.reasons.notFound' });
    expect(translateDecisionResult('This exchange is not one of the creative’s exchanges.')).toEqual({
      key: 'results.reasons.exchangeNotOnCreative',
    });
    expect(translateDecisionResult('Other.')).toEqual({ text: 'Other.' });
  });
});
