import { describe, expect, it } from 'vitest';
import {
  formatStatusFilter,
  isDateOnly,
  isRangeBackwards,
  parseStatusFilter,
  selectedCampaignIds,
  toCampaignQuery,
} from './campaign-list-query.ts';

describe('status filter', () => {
  it('reads a comma-separated list in lifecycle order, dropping unknown values and repeats', () => {
    expect(parseStatusFilter('PAUSED,ACTIVE,BOGUS,ACTIVE')).toEqual(['ACTIVE', 'PAUSED']);
    expect(parseStatusFilter('')).toEqual([]);
    expect(parseStatusFilter(undefined)).toEqual([]);
  });

  it('writes a choice as one value, or null for none', () => {
    expect(formatStatusFilter(['REJECTED', 'DRAFT'])).toBe('DRAFT,REJECTED');
    expect(formatStatusFilter([])).toBeNull();
    expect(formatStatusFilter(['nope'])).toBeNull();
  });
});

describe('dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isDateOnly('2026-02-28')).toBe(true);
    expect(isDateOnly('2026-02-30')).toBe(false);
    expect(isDateOnly('2026-2-3')).toBe(false);
    expect(isDateOnly('')).toBe(false);
  });

  it('knows a backwards range', () => {
    expect(isRangeBackwards('2026-03-01', '2026-02-01')).toBe(true);
    expect(isRangeBackwards('2026-03-01', '2026-03-01')).toBe(false);
    expect(isRangeBackwards(undefined, '2026-02-01')).toBe(false);
  });
});

describe('toCampaignQuery', () => {
  const base = { page: 2, limit: 20, sort: 'name', order: 'asc', q: 'spring' };

  it('passes paging, sort and search through and maps the filters', () => {
    expect(
      toCampaignQuery({
        ...base,
        status: 'ACTIVE,PAUSED',
        advertiser_id: '7',
        from: '2026-01-01',
        to: '2026-01-31',
      }),
    ).toEqual({ ...base, status: 'ACTIVE,PAUSED', advertiser_id: 7, from: '2026-01-01', to: '2026-01-31' });
  });

  it('drops invalid values and an end before the start', () => {
    expect(
      toCampaignQuery({ page: 1, status: 'NOPE', advertiser_id: 'x', from: '2026-02-01', to: '2026-01-01' }),
    ).toEqual({ page: 1, from: '2026-02-01' });
    expect(toCampaignQuery({ page: 1, from: 'yesterday', to: '2026-01-01' })).toEqual({
      page: 1,
      to: '2026-01-01',
    });
  });

  it('leaves the advertiser out of one advertiser list (its id is in the path)', () => {
    expect(toCampaignQuery({ page: 1, advertiser_id: '7' }, { byOwner: true })).toEqual({ page: 1 });
  });
});

describe('selectedCampaignIds', () => {
  it('turns selected row ids into sorted campaign ids', () => {
    expect(selectedCampaignIds(new Set(['12', '3', 'x', '0']))).toEqual([3, 12]);
  });
});
