import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGET_MESSAGES, BULK_MAX_IDS, MIN_VIEWABILITY_MESSAGE } from '@console/core/api/campaigns';
import { CAMPAIGN_STATUS_MESSAGES } from '@console/core/campaign-status';
import { MONEY_INVALID_MESSAGE, MONEY_TOO_PRECISE_MESSAGE } from '@console/core/format/money';
import { describe, expect, it } from 'vitest';
import {
  applyTableSelection,
  countMovable,
  countNotEditable,
  EMPTY_AUDIENCE,
  EMPTY_BID_RANGE,
  EMPTY_FIELDS,
  EMPTY_INVENTORY,
  type FieldsForm,
  FORM_MESSAGES,
  listStatusTargets,
  localDateTimeToIso,
  MESSAGE_KEYS,
  messageKeyOf,
  needsReason,
  readSelection,
  tickedFields,
  toAudienceBody,
  toBidRangeBody,
  toExchangesBody,
  toFieldsBody,
  toInventoryBody,
  toStatusBody,
} from './bulk-model.ts';

const USD = 1_000_000;

describe('the selection of ?ids=', () => {
  it('keeps positive ids once, in order, and drops the rest', () => {
    expect(readSelection('3,1,3, 7 ,x,-2,0,1.5,')).toEqual({ ids: [3, 1, 7], isOverLimit: false });
    expect(readSelection(null)).toEqual({ ids: [], isOverLimit: false });
    expect(readSelection('')).toEqual({ ids: [], isOverLimit: false });
  });

  it('says when more than the server takes at once are selected', () => {
    const many = Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => index + 1).join(',');
    expect(readSelection(many).isOverLimit).toBe(true);
    const enough = Array.from({ length: BULK_MAX_IDS }, (_, index) => index + 1).join(',');
    expect(readSelection(enough).isOverLimit).toBe(false);
  });

  it('applies a table change keeping the order of those kept, new ones after', () => {
    expect(applyTableSelection([5, 2, 9], new Set(['9', '5', '4', 'x', '0']))).toEqual([5, 9, 4]);
    expect(applyTableSelection([5, 2], new Set())).toEqual([]);
  });
});

describe('bid range form -> body', () => {
  it('turns dollars into micro-units and leaves the bid out unless asked', () => {
    const check = toBidRangeBody([1, 2, 2], { ...EMPTY_BID_RANGE, min: '1.5', max: '$1,000', bid: '3' });
    expect(check).toEqual({
      success: true,
      body: { ids: [1, 2], min_bid_micros: 1.5 * USD, max_bid_micros: 1000 * USD },
    });
  });

  it('sends the bid when ticked', () => {
    const check = toBidRangeBody([1], { min: '1', max: '9', withBid: true, bid: '4.25' });
    expect(check.success && check.body.bid_micros).toBe(4.25 * USD);
  });

  it('gives the money and range messages per field', () => {
    expect(toBidRangeBody([1], { ...EMPTY_BID_RANGE, max: '2' })).toEqual({
      success: false,
      errors: { min_bid_micros: FORM_MESSAGES.amountRequired },
    });
    const bad = toBidRangeBody([1], { min: '1.1234567', max: 'abc', withBid: false, bid: '' });
    expect(bad.success ? null : bad.errors).toEqual({
      min_bid_micros: MONEY_TOO_PRECISE_MESSAGE,
      max_bid_micros: MONEY_INVALID_MESSAGE,
    });
    const crossed = toBidRangeBody([1], { ...EMPTY_BID_RANGE, min: '5', max: '2' });
    expect(crossed.success ? null : crossed.errors).toEqual({ min_bid_micros: BUDGET_MESSAGES.minAboveMax });
    const high = toBidRangeBody([1], { min: '1', max: '2', withBid: true, bid: '3' });
    expect(high.success ? null : high.errors).toEqual({ bid_micros: BUDGET_MESSAGES.bidAboveMax });
    const zero = toBidRangeBody([1], { ...EMPTY_BID_RANGE, min: '0', max: '2' });
    expect(zero.success ? null : zero.errors.min_bid_micros).toBe('The minimum bid must be more than $0.00.');
  });

  it('needs at least one campaign', () => {
    const check = toBidRangeBody([], { ...EMPTY_BID_RANGE, min: '1', max: '2' });
    expect(check.success ? null : check.errors).toEqual({ ids: 'Choose at least one campaign.' });
  });
});

describe('fields form -> body', () => {
  const form = (patch: Partial<FieldsForm>): FieldsForm => ({ ...EMPTY_FIELDS, ...patch });

  it('sends only the ticked fields', () => {
    const check = toFieldsBody(
      [4],
      form({ total: { on: true, value: '2500' }, daily: { on: false, noLimit: false, value: '9' } }),
    );
    expect(check).toEqual({ success: true, body: { ids: [4], fields: { total_budget_micros: 2500 * USD } } });
    expect(
      tickedFields(form({ total: { on: true, value: '1' }, pacing: { on: true, value: 'ASAP' } })),
    ).toEqual(['total', 'pacing']);
  });

  it('clears the daily limit and the frequency cap with null', () => {
    const check = toFieldsBody(
      [4],
      form({
        daily: { on: true, noLimit: true, value: 'ignored' },
        frequency: { on: true, noCap: true, count: '', period: 'DAY' },
        pacing: { on: true, value: 'ASAP' },
      }),
    );
    expect(check.success && check.body.fields).toEqual({
      daily_budget_micros: null,
      frequency_cap: null,
      pacing: 'ASAP',
    });
  });

  it('reads a frequency cap and an end in the browser time zone', () => {
    const check = toFieldsBody(
      [4],
      form({
        frequency: { on: true, noCap: false, count: '3', period: 'WEEK' },
        endAt: { on: true, value: '2026-07-01T18:30' },
      }),
    );
    expect(check.success && check.body.fields).toEqual({
      frequency_cap: { count: 3, period: 'WEEK' },
      end_at: new Date('2026-07-01T18:30').toISOString(),
    });
    expect(localDateTimeToIso('2026-02-30T10:00')).not.toBeNull(); // Date rolls over; the server keeps its rules
    expect(localDateTimeToIso('tomorrow')).toBeNull();
  });

  it('sets or clears the minimum viewability, refusing what is not a whole percent', () => {
    const set = toFieldsBody([4], form({ viewability: { on: true, none: false, value: '70' } }));
    expect(set.success && set.body.fields).toEqual({ min_viewability_pct: 70 });
    const none = toFieldsBody([4], form({ viewability: { on: true, none: true, value: 'ignored' } }));
    expect(none.success && none.body.fields).toEqual({ min_viewability_pct: null });
    for (const value of ['', '0', '101', '55.5']) {
      const bad = toFieldsBody([4], form({ viewability: { on: true, none: false, value } }));
      expect(bad.success ? null : bad.errors).toEqual({
        'fields.min_viewability_pct': MIN_VIEWABILITY_MESSAGE,
      });
    }
    expect(messageKeyOf(MIN_VIEWABILITY_MESSAGE)).toBe('messages.viewability');
  });

  it('says which field is wrong', () => {
    const none = toFieldsBody([4], EMPTY_FIELDS);
    expect(none.success ? null : none.errors).toEqual({ fields: 'Choose at least one field to change.' });
    const daily = toFieldsBody(
      [4],
      form({ total: { on: true, value: '100' }, daily: { on: true, noLimit: false, value: '200' } }),
    );
    expect(daily.success ? null : daily.errors).toEqual({
      'fields.daily_budget_micros': BUDGET_MESSAGES.dailyOverTotal,
    });
    const cap = toFieldsBody([4], form({ frequency: { on: true, noCap: false, count: '0', period: 'DAY' } }));
    expect(cap.success ? null : cap.errors).toEqual({
      'fields.frequency_cap.count': 'The frequency cap is at least 1 impression.',
    });
    const end = toFieldsBody([4], form({ endAt: { on: true, value: '' } }));
    expect(end.success ? null : end.errors).toEqual({ 'fields.end_at': FORM_MESSAGES.endRequired });
    const total = toFieldsBody([4], form({ total: { on: true, value: '' } }));
    expect(total.success ? null : total.errors).toEqual({
      'fields.total_budget_micros': FORM_MESSAGES.amountRequired,
    });
  });
});

describe('list forms -> body', () => {
  it('adds, removes and replaces inventory lists with their mode', () => {
    expect(toInventoryBody([1, 2], { op: 'add', mode: 'BLOCK', ids: [7, 7, 8] })).toEqual({
      success: true,
      body: { ids: [1, 2], applist_ids: [7, 8], mode: 'BLOCK', op: 'add' },
    });
    const empty = toInventoryBody([1], EMPTY_INVENTORY);
    expect(empty.success ? null : empty.errors).toEqual({ applist_ids: FORM_MESSAGES.chooseList });
    // Replacing with nothing clears every list.
    expect(toInventoryBody([1], { ...EMPTY_INVENTORY, op: 'replace' }).success).toBe(true);
  });

  it('does the same for audiences', () => {
    expect(toAudienceBody([3], { op: 'remove', mode: 'EXCLUDE', ids: [5] })).toEqual({
      success: true,
      body: { ids: [3], audience_ids: [5], mode: 'EXCLUDE', op: 'remove' },
    });
    const empty = toAudienceBody([3], EMPTY_AUDIENCE);
    expect(empty.success ? null : empty.errors).toEqual({ audience_ids: FORM_MESSAGES.chooseAudience });
  });

  it('always names at least one exchange', () => {
    expect(toExchangesBody([3], { op: 'add', ids: [2] })).toEqual({
      success: true,
      body: { ids: [3], exchange_ids: [2], op: 'add' },
    });
    const empty = toExchangesBody([3], { op: 'replace', ids: [] });
    expect(empty.success ? null : empty.errors).toEqual({ exchange_ids: FORM_MESSAGES.chooseExchange });
  });
});

describe('status form -> body', () => {
  it('needs a status, and a reason only for a rejection', () => {
    const none = toStatusBody([1], { to: null, reason: '' });
    expect(none.success ? null : none.errors).toEqual({ to: 'Choose a campaign status.' });
    const reject = toStatusBody([1], { to: 'REJECTED', reason: '  ' });
    expect(reject.success ? null : reject.errors).toEqual({
      reason: CAMPAIGN_STATUS_MESSAGES.reasonRequired,
    });
    expect(toStatusBody([1], { to: 'REJECTED', reason: ' Misleading claims ' })).toEqual({
      success: true,
      body: { ids: [1], to: 'REJECTED', reason: 'Misleading claims' },
    });
    // A reason typed for a move that has none is not sent.
    expect(toStatusBody([1, 2], { to: 'PAUSED', reason: 'left over' })).toEqual({
      success: true,
      body: { ids: [1, 2], to: 'PAUSED' },
    });
    expect(needsReason('REJECTED')).toBe(true);
    expect(needsReason('ARCHIVED')).toBe(false);
    expect(needsReason(null)).toBe(false);
  });
});

describe('status moves', () => {
  it('offers an owner the owner moves and staff every move', () => {
    const owner = listStatusTargets('owner').map((target) => target.to);
    expect(owner).toEqual(['PENDING_APPROVAL', 'ACTIVE', 'PAUSED', 'DRAFT', 'COMPLETED', 'ARCHIVED']);
    const admin = listStatusTargets('admin');
    expect(admin.map((target) => target.to)).toEqual([
      'PENDING_APPROVAL',
      'ACTIVE',
      'PAUSED',
      'REJECTED',
      'DRAFT',
      'COMPLETED',
      'ARCHIVED',
    ]);
    expect(admin.find((target) => target.to === 'ACTIVE')?.actions.sort()).toEqual(['approve', 'resume']);
    expect(listStatusTargets('owner').find((target) => target.to === 'ACTIVE')?.actions).toEqual(['resume']);
    expect(admin.find((target) => target.to === 'REJECTED')).toMatchObject({
      needsReason: true,
      danger: true,
    });
  });

  it('counts how many selected campaigns can make a move', () => {
    const statuses = ['PENDING_APPROVAL', 'PENDING_APPROVAL', 'ACTIVE', 'DRAFT', undefined] as const;
    expect(countMovable(statuses, 'REJECTED', 'ADMIN')).toEqual({
      movable: 2,
      blocked: [
        { status: 'ACTIVE', count: 1 },
        { status: 'DRAFT', count: 1 },
      ],
      unknown: 1,
    });
    // An advertiser may not approve.
    expect(countMovable(statuses, 'ACTIVE', 'ADVERTISER').movable).toBe(0);
    expect(countMovable(['PAUSED'], 'ACTIVE', 'ADVERTISER').movable).toBe(1);
    expect(countNotEditable(['COMPLETED', 'ARCHIVED', 'ACTIVE', undefined])).toBe(2);
  });
});

describe('messages', () => {
  it('every known message has a text in every language', () => {
    const localesDir = join(import.meta.dirname, '../../../locales');
    for (const language of ['en', 'sp', 'gr', 'it', 'rs']) {
      const texts = JSON.parse(readFileSync(join(localesDir, language, 'campaign-bulk.json'), 'utf8')) as {
        messages: Record<string, string>;
      };
      for (const key of new Set(Object.values(MESSAGE_KEYS))) {
        expect(texts.messages[key.replace('messages.', '')], `${language} ${key}`).toBeTruthy();
      }
    }
    expect(messageKeyOf(BUDGET_MESSAGES.minAboveMax)).toBe('messages.minAboveMax');
    expect(messageKeyOf('A completed campaign cannot be edited.')).toBeNull();
  });
});
