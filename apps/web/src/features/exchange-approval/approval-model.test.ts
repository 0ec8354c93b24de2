import { describe, expect, it } from 'vitest';
import {
  addWithinLimit,
  BULK_MAX_IDS,
  chunk,
  decisionBody,
  describeOutcome,
  itemsOfKeys,
  mergeResults,
  pagesToSelectAll,
  parseRowKey,
  readDecisionEntry,
  readLogAction,
  readStateFilter,
  rowKeyOf,
  selectionAfter,
  toApprovalQuery,
} from './approval-model.ts';

describe('row keys', () => {
  it('round-trips a campaign x exchange pair', () => {
    expect(rowKeyOf({ campaign_id: 12, exchange_id: 3 })).toBe('12-3');
    expect(parseRowKey('12-3')).toEqual({ campaign_id: 12, exchange_id: 3 });
  });

  it('refuses text that is not a key', () => {
    for (const text of ['', '12', '12-', '-3', '0-3', '12-0', 'a-b', '1-2-3', '12 - 3']) {
      expect(parseRowKey(text)).toBeNull();
    }
  });

  it('turns selected keys into decision items, dropping unknown ones', () => {
    expect(itemsOfKeys(new Set(['1-2', 'junk', '3-4']))).toEqual([
      { campaign_id: 1, exchange_id: 2 },
      { campaign_id: 3, exchange_id: 4 },
    ]);
  });
});

describe('chunks of a decision', () => {
  it('splits at the API limit and merges the answers', () => {
    const items = Array.from({ length: BULK_MAX_IDS * 2 + 1 }, (_, index) => index);
    expect(chunk(items).map((part) => part.length)).toEqual([BULK_MAX_IDS, BULK_MAX_IDS, 1]);
    expect(chunk([], 10)).toEqual([]);
    const merged = mergeResults([
      { results: [{ campaign_id: 1, exchange_id: 1, ok: true }], succeeded: 1, failed: 0 },
      {
        results: [
          { campaign_id: 2, exchange_id: 1, ok: false, message: 'No.' },
          { campaign_id: 3, exchange_id: 1, ok: true },
        ],
        succeeded: 1,
        failed: 1,
      },
    ]);
    expect(merged.succeeded).toBe(2);
    expect(merged.failed).toBe(1);
    expect(merged.results).toHaveLength(3);
  });
});

describe('the queue query', () => {
  it('shows pending rows unless another state or all is chosen', () => {
    expect(readStateFilter(undefined)).toBe('PENDING');
    expect(readStateFilter('nonsense')).toBe('PENDING');
    expect(readStateFilter('REJECTED')).toBe('REJECTED');
    expect(toApprovalQuery({ page: 1, limit: 20 }).state).toBe('PENDING');
    expect(toApprovalQuery({ state: 'APPROVED' }).state).toBe('APPROVED');
    expect(toApprovalQuery({ state: 'ALL' }).state).toBeUndefined();
  });

  it('passes paging, sort and search, keeps only positive ids and can force a state', () => {
    expect(
      toApprovalQuery(
        {
          page: 2,
          limit: 50,
          sort: 'campaign',
          order: 'asc',
          q: 'brew',
          state: 'ALL',
          exchange_id: '4',
          advertiser_id: 'x',
          campaign_id: '-3',
        },
        'PENDING',
      ),
    ).toEqual({
      page: 2,
      limit: 50,
      sort: 'campaign',
      order: 'asc',
      q: 'brew',
      state: 'PENDING',
      exchange_id: 4,
      advertiser_id: undefined,
      campaign_id: undefined,
    });
  });
});

describe('selecting every match', () => {
  it('reads the pages that hold up to the limit', () => {
    expect(pagesToSelectAll(0, 100)).toEqual([]);
    expect(pagesToSelectAll(1, 100)).toEqual([1]);
    expect(pagesToSelectAll(250, 100)).toEqual([1, 2, 3]);
    expect(pagesToSelectAll(1000, 100)).toEqual([1, 2, 3, 4, 5]);
  });

  it('adds without passing the limit and counts what did not fit', () => {
    const { next, dropped } = addWithinLimit(new Set(['a']), ['a', 'b', 'c', 'd'], 3);
    expect([...next]).toEqual(['a', 'b', 'c']);
    expect(dropped).toBe(1);
  });
});

describe('the reason', () => {
  it('is sent trimmed with a rejection and not at all with an approval', () => {
    const items = [{ campaign_id: 1, exchange_id: 2 }];
    expect(decisionBody(items, 'REJECTED', '  Wrong category  ')).toEqual({
      items,
      decision: 'REJECTED',
      reason: 'Wrong category',
    });
    expect(decisionBody(items, 'APPROVED', 'ignored')).toEqual({ items, decision: 'APPROVED' });
  });
});

describe('the outcome of a decision', () => {
  const targets = [
    { campaign_id: 1, exchange_id: 2, campaign_name: 'Spring', exchange_name: 'AdX' },
    { campaign_id: 3, exchange_id: 2, campaign_name: 'Summer', exchange_name: 'AdX' },
  ];
  const outcome = describeOutcome(
    'APPROVED',
    {
      results: [
        { campaign_id: 1, exchange_id: 2, ok: true, campaign_status: 'ACTIVE' },
        { campaign_id: 3, exchange_id: 2, ok: false, message: 'Not in review.', error_code: 400 },
        { campaign_id: 9, exchange_id: 9, ok: false, message: 'Not found.', error_code: 404 },
      ],
      succeeded: 1,
      failed: 2,
    },
    targets,
  );

  it('names each item and counts successes and failures', () => {
    expect(outcome.succeeded).toBe(1);
    expect(outcome.failed).toBe(2);
    expect(outcome.items[0]).toMatchObject({ key: '1-2', campaign_name: 'Spring', exchange_name: 'AdX' });
    expect(outcome.failures.map((item) => [item.campaign_name, item.message])).toEqual([
      ['Summer', 'Not in review.'],
      ['#9', 'Not found.'],
    ]);
  });

  it('keeps only rows that failed on the server side selected, for another try', () => {
    expect([...selectionAfter(new Set(['1-2', '3-2', '9-9', '5-5']), outcome)].sort()).toEqual(['5-5']);
    const flaky = describeOutcome(
      'REJECTED',
      { results: [{ campaign_id: 3, exchange_id: 2, ok: false, error_code: 500 }], succeeded: 0, failed: 1 },
      targets,
    );
    expect([...selectionAfter(new Set(['3-2']), flaky)]).toEqual(['3-2']);
  });
});

describe('a change-log entry', () => {
  it('reads per-exchange decisions with their reasons', () => {
    const read = readDecisionEntry({
      changes: [
        { field: 'exchanges.Google AdX.state', from: 'PENDING', to: 'REJECTED' },
        { field: 'exchanges.Google AdX.reason', from: null, to: 'Wrong category' },
        { field: 'exchanges.Open.X.state', from: 'REJECTED', to: 'APPROVED' },
        { field: 'exchanges.Open.X.reason', from: 'Old', to: null },
      ],
    });
    expect(read.exchanges).toEqual([
      {
        exchange: 'Google AdX',
        from: 'PENDING',
        to: 'REJECTED',
        reason: 'Wrong category',
        previousReason: null,
        reasonChanged: true,
      },
      {
        exchange: 'Open.X',
        from: 'REJECTED',
        to: 'APPROVED',
        reason: null,
        previousReason: 'Old',
        reasonChanged: true,
      },
    ]);
    expect(read.status).toBeNull();
  });

  it('reads a status move, its rejection reason and other fields', () => {
    const read = readDecisionEntry({
      changes: [
        { field: 'status', from: 'PENDING_APPROVAL', to: 'REJECTED' },
        { field: 'rejection_reason', from: null, to: 'AdX: Wrong category' },
        { field: 'exchanges.AdX.state', from: 'PENDING', to: 'BOGUS' },
        { field: 'name', from: 'A', to: 'B' },
      ],
    });
    expect(read.status).toEqual({ from: 'PENDING_APPROVAL', to: 'REJECTED' });
    expect(read.rejectionReason).toBe('AdX: Wrong category');
    expect(read.exchanges[0]).toMatchObject({ exchange: 'AdX', from: 'PENDING', to: null });
    expect(read.other).toEqual([{ field: 'name', from: 'A', to: 'B' }]);
  });

  it('filters exchange decisions unless status moves are asked for', () => {
    expect(readLogAction(undefined)).toBe('exchange-approval');
    expect(readLogAction('status')).toBe('status');
    expect(readLogAction('create')).toBe('exchange-approval');
  });
});
