import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_STATUSES,
  checkAudienceTransition,
  findOwnerAudienceMoves,
  isAttachableAudienceStatus,
} from './audience-status.ts';

describe('audience status lifecycle', () => {
  it('lets only processing finish an audience, with a reason when it fails', () => {
    expect(checkAudienceTransition('PROCESSING', 'READY', 'system')).toMatchObject({ ok: true });
    expect(checkAudienceTransition('PROCESSING', 'READY', 'owner')).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(checkAudienceTransition('PROCESSING', 'FAILED', 'system')).toMatchObject({
      ok: false,
      reason: 'reason-required',
    });
    expect(checkAudienceTransition('PROCESSING', 'FAILED', 'system', 'Bad file')).toMatchObject({ ok: true });
  });

  it('lets an owner reprocess or archive a finished audience, and nothing leaves archived', () => {
    expect(findOwnerAudienceMoves('READY')).toEqual(['PROCESSING', 'ARCHIVED']);
    expect(findOwnerAudienceMoves('FAILED')).toEqual(['PROCESSING', 'ARCHIVED']);
    expect(findOwnerAudienceMoves('PROCESSING')).toEqual([]);
    for (const to of AUDIENCE_STATUSES)
      expect(checkAudienceTransition('ARCHIVED', to, 'owner').ok).toBe(false);
    expect(checkAudienceTransition('READY', 'READY', 'owner')).toMatchObject({
      ok: false,
      message: 'The audience is already ready.',
    });
  });

  it('lets campaigns newly use processing and ready audiences only', () => {
    expect(AUDIENCE_STATUSES.filter(isAttachableAudienceStatus)).toEqual(['PROCESSING', 'READY']);
  });
});
