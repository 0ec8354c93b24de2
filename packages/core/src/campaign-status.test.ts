import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATUS_MESSAGES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TRANSITIONS,
  type CampaignStatus,
  checkTransition,
  EDITABLE_CAMPAIGN_STATUSES,
  findNextStatuses,
  findTransition,
  isEditableStatus,
  sideOfRole,
} from './campaign-status.ts';
import { ROLES } from './roles.ts';

/** Every legal move, written out by hand from the diagram in campaign-status.ts: from, to, action, side. */
const LEGAL: [CampaignStatus, CampaignStatus, string, 'owner' | 'admin'][] = [
  ['DRAFT', 'PENDING_APPROVAL', 'submit', 'owner'],
  ['DRAFT', 'ARCHIVED', 'archive', 'owner'],
  ['PENDING_APPROVAL', 'ACTIVE', 'approve', 'admin'],
  ['PENDING_APPROVAL', 'REJECTED', 'reject', 'admin'],
  ['PENDING_APPROVAL', 'ARCHIVED', 'archive', 'owner'],
  ['ACTIVE', 'PAUSED', 'pause', 'owner'],
  ['ACTIVE', 'COMPLETED', 'complete', 'owner'],
  ['ACTIVE', 'ARCHIVED', 'archive', 'owner'],
  ['PAUSED', 'ACTIVE', 'resume', 'owner'],
  ['PAUSED', 'COMPLETED', 'complete', 'owner'],
  ['PAUSED', 'ARCHIVED', 'archive', 'owner'],
  ['COMPLETED', 'ARCHIVED', 'archive', 'owner'],
  ['REJECTED', 'DRAFT', 'revise', 'owner'],
  ['REJECTED', 'ARCHIVED', 'archive', 'owner'],
];
const isLegal = (from: CampaignStatus, to: CampaignStatus) => LEGAL.some(([f, t]) => f === from && t === to);
const ALL_PAIRS = CAMPAIGN_STATUSES.flatMap((from) => CAMPAIGN_STATUSES.map((to) => [from, to] as const));

describe('campaign status table', () => {
  it('has a row for every status and only known statuses as targets', () => {
    expect(Object.keys(CAMPAIGN_TRANSITIONS).sort()).toEqual([...CAMPAIGN_STATUSES].sort());
    for (const targets of Object.values(CAMPAIGN_TRANSITIONS)) {
      for (const to of Object.keys(targets)) expect(CAMPAIGN_STATUSES).toContain(to);
    }
  });

  it.each(LEGAL)('%s -> %s is %s by the %s side', (from, to, action, side) => {
    expect(findTransition(from, to)).toMatchObject({ action, side });
  });

  it('has no other move than the legal ones', () => {
    const rows: object[] = Object.values(CAMPAIGN_TRANSITIONS);
    const count = rows.reduce((sum: number, row) => sum + Object.keys(row).length, 0);
    expect(count).toBe(LEGAL.length);
    for (const [from, to] of ALL_PAIRS)
      expect(findTransition(from, to) !== undefined).toBe(isLegal(from, to));
  });

  it('archives from every status but archived, and archived is final', () => {
    for (const from of CAMPAIGN_STATUSES.filter((s) => s !== 'ARCHIVED')) {
      expect(findTransition(from, 'ARCHIVED')?.action).toBe('archive');
    }
    expect(CAMPAIGN_TRANSITIONS.ARCHIVED).toEqual({});
  });

  it('only rejection needs a reason', () => {
    const withReason = ALL_PAIRS.filter(([from, to]) => findTransition(from, to)?.needsReason);
    expect(withReason).toEqual([['PENDING_APPROVAL', 'REJECTED']]);
  });

  it('lets campaigns be edited while they can still run, not once finished', () => {
    expect([...EDITABLE_CAMPAIGN_STATUSES].sort()).toEqual(
      ['ACTIVE', 'DRAFT', 'PAUSED', 'PENDING_APPROVAL', 'REJECTED'].sort(),
    );
    expect(isEditableStatus('COMPLETED')).toBe(false);
    expect(isEditableStatus('ARCHIVED')).toBe(false);
  });
});

describe('checkTransition', () => {
  it('maps roles to sides', () => {
    expect(ROLES.map(sideOfRole)).toEqual(['admin', 'admin', 'owner', 'owner']);
  });

  it.each(ALL_PAIRS)('%s -> %s for every role', (from, to) => {
    for (const role of ROLES) {
      const result = checkTransition(from, to, role, 'a reason');
      const transition = findTransition(from, to);
      if (!transition) {
        expect(result.ok).toBe(false);
        expect(!result.ok && result.reason).toBe('illegal');
      } else if (transition.side === 'admin' && sideOfRole(role) === 'owner') {
        expect(result).toEqual({
          ok: false,
          reason: 'forbidden',
          message: CAMPAIGN_STATUS_MESSAGES.adminOnly,
        });
      } else {
        expect(result).toEqual({ ok: true, transition });
      }
    }
  });

  it('says where a campaign can go when the move is illegal', () => {
    expect(checkTransition('DRAFT', 'ACTIVE', 'ADMIN')).toEqual({
      ok: false,
      reason: 'illegal',
      message:
        'A campaign cannot go from draft to active. From draft it can go to: pending approval, archived.',
    });
    expect(checkTransition('ARCHIVED', 'DRAFT', 'ADVERTISER')).toMatchObject({
      message: 'A campaign cannot go from archived to draft. From archived it can go to: nowhere.',
    });
    expect(checkTransition('PAUSED', 'PAUSED', 'AGENCY')).toMatchObject({
      reason: 'illegal',
      message: 'The campaign is already paused.',
    });
  });

  it('asks for a reason to reject', () => {
    for (const reason of [undefined, null, '', '   ']) {
      expect(checkTransition('PENDING_APPROVAL', 'REJECTED', 'CO-ADMIN', reason)).toEqual({
        ok: false,
        reason: 'reason-required',
        message: 'Give a reason for the rejection.',
      });
    }
    expect(checkTransition('PENDING_APPROVAL', 'REJECTED', 'CO-ADMIN', 'Landing page is down').ok).toBe(true);
  });

  it('offers each role only its moves', () => {
    expect(findNextStatuses('PENDING_APPROVAL', 'ADVERTISER')).toEqual(['ARCHIVED']);
    expect(findNextStatuses('PENDING_APPROVAL', 'ADMIN')).toEqual(['ACTIVE', 'REJECTED', 'ARCHIVED']);
    expect(findNextStatuses('ACTIVE', 'AGENCY')).toEqual(['PAUSED', 'COMPLETED', 'ARCHIVED']);
    expect(findNextStatuses('ARCHIVED', 'ADMIN')).toEqual([]);
  });
});
