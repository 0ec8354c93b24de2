import { describe, expect, it } from 'vitest';
import { formatSpend } from './campaign-delivery.tsx';
import {
  exchangeDisplayState,
  exchangeSummaryParts,
  formatBid,
  formatBidRange,
  formatBudget,
  formatFlight,
  parseIdsParam,
  safeTimeZone,
  withIds,
} from './campaign-format.ts';
import { movesForRole, movesOf } from './campaign-moves.ts';

describe('money', () => {
  it('formats micro-units as dollars without float drift', () => {
    expect(formatBudget(5_000_000_000)).toBe('$5,000.00');
    expect(formatBudget(null)).toBeNull();
    expect(formatBid('CPM', 2_500_000)).toBe('$2.50 CPM');
    expect(formatBid('CPC', 300_000)).toBe('$0.30 CPC');
    expect(formatBidRange(1_000_000, 12_345_000)).toBe('$1.00 – $12.35');
  });

  it("writes the amounts as the console's language writes numbers (as the funds pages do)", () => {
    expect(formatBudget(5_000_000_000, 'en')).toBe('$5,000.00');
    expect(formatBudget(5_000_000_000, 'gr')).toBe('$5.000,00');
    expect(formatBid('CPM', 2_500_000, 'gr')).toBe('$2,50 CPM');
    expect(formatBidRange(1_000_000, 12_345_000, 'sp')).toBe('$1,00 – $12,35');
    // Russian groups with a no-break space.
    expect(formatBudget(1_234_500_000, 'rs')).toBe('$1\u00a0234,50');
    expect(formatSpend(2_400, 'gr')).toBe('$0,0024');
  });
});

describe('formatFlight', () => {
  it('shows the flight in the campaign time zone', () => {
    // 03:00 UTC on March 1 is still February 28 in New York.
    expect(formatFlight('2026-03-01T03:00:00Z', '2026-03-31T12:00:00Z', 'America/New_York', 'en')).toBe(
      'Feb 28, 2026 – Mar 31, 2026',
    );
    expect(formatFlight('2026-03-01T03:00:00Z', '2026-03-31T12:00:00Z', 'UTC', 'en')).toBe(
      'Mar 1, 2026 – Mar 31, 2026',
    );
  });

  it('can include the time', () => {
    expect(
      formatFlight('2026-03-01T09:30:00Z', '2026-03-02T18:00:00Z', 'UTC', 'en', { withTime: true }),
    ).toMatch(/^Mar 1, 2026, 9:30\sAM – Mar 2, 2026, 6:00\sPM$/);
  });

  it('ignores an unknown zone', () => {
    expect(safeTimeZone('Mars/Olympus')).toBeUndefined();
    expect(safeTimeZone('Europe/Rome')).toBe('Europe/Rome');
  });
});

describe('exchangeSummaryParts', () => {
  it('keeps the non-zero counts, approved first', () => {
    expect(exchangeSummaryParts({ total: 4, approved: 2, pending: 0, rejected: 2 }, 'ACTIVE')).toEqual([
      { state: 'APPROVED', count: 2 },
      { state: 'REJECTED', count: 2 },
    ]);
    expect(exchangeSummaryParts({ total: 0, approved: 0, pending: 0, rejected: 0 }, 'ACTIVE')).toEqual([]);
  });

  it('shows a submitted campaign pending, but a draft (nobody reviews it) not submitted', () => {
    const counts = { total: 3, approved: 0, pending: 3, rejected: 0 };
    expect(exchangeSummaryParts(counts, 'PENDING_APPROVAL')).toEqual([{ state: 'PENDING', count: 3 }]);
    expect(exchangeSummaryParts(counts, 'DRAFT')).toEqual([{ state: 'UNSUBMITTED', count: 3 }]);
    expect(exchangeDisplayState('PENDING', 'DRAFT')).toBe('UNSUBMITTED');
    expect(exchangeDisplayState('APPROVED', 'DRAFT')).toBe('APPROVED');
  });
});

describe('ids parameter', () => {
  it('reads and writes ?ids=1,2,3', () => {
    expect(parseIdsParam('3, 1,x,3,0,2')).toEqual([3, 1, 2]);
    expect(parseIdsParam(null)).toEqual([]);
    expect(withIds('/bulk-campaign-edit', [1, 2])).toBe('/bulk-campaign-edit?ids=1,2');
    expect(withIds('/x?a=1', [5])).toBe('/x?a=1&ids=5');
  });
});

describe('status moves', () => {
  it('orders the moves and marks the dangerous ones', () => {
    expect(movesOf('ACTIVE', ['ARCHIVED', 'COMPLETED', 'PAUSED'])).toEqual([
      { to: 'PAUSED', action: 'pause', danger: false, needsReason: false },
      { to: 'COMPLETED', action: 'complete', danger: true, needsReason: false },
      { to: 'ARCHIVED', action: 'archive', danger: true, needsReason: false },
    ]);
    expect(movesOf('ACTIVE', ['DRAFT'])).toEqual([]);
  });

  it('offers approve and reject to staff only', () => {
    expect(movesForRole('PENDING_APPROVAL', 'ADVERTISER').map((move) => move.action)).toEqual(['archive']);
    expect(movesForRole('PENDING_APPROVAL', 'ADMIN')).toEqual([
      { to: 'ACTIVE', action: 'approve', danger: false, needsReason: false },
      { to: 'REJECTED', action: 'reject', danger: true, needsReason: true },
      { to: 'ARCHIVED', action: 'archive', danger: true, needsReason: false },
    ]);
    expect(movesForRole('DRAFT', null)).toEqual([]);
  });
});
