import { exchangeDecisionBody } from '@console/core/api/campaigns';
import { CREATIVE_REASON_MAX, creativeDecisionBody } from '@console/core/api/creatives';
import { describe, expect, it } from 'vitest';
import { type Decision, REASON_MAX, reasonErrorKey, reasonMessageKey } from './decision-reason.ts';

/** The message core's schema gives about the reason, or null when it passes. */
const coreReasonMessage = (
  schema: typeof exchangeDecisionBody | typeof creativeDecisionBody,
  body: object,
) => {
  const result = schema.safeParse(body);
  return result.success
    ? null
    : (result.error.issues.find((issue) => issue.path[0] === 'reason')?.message ?? null);
};

describe('the reason of a decision', () => {
  it('is required for a rejection only, blank counting as none', () => {
    expect(reasonErrorKey('REJECTED', '')).toBe('decision.reasonRequired');
    expect(reasonErrorKey('REJECTED', '   ')).toBe('decision.reasonRequired');
    expect(reasonErrorKey('REJECTED', 'Landing page is broken')).toBeNull();
    expect(reasonErrorKey('APPROVED', '')).toBeNull();
  });

  it('has at most REASON_MAX characters, not counting the spaces around it', () => {
    expect(reasonErrorKey('REJECTED', 'x'.repeat(REASON_MAX))).toBeNull();
    expect(reasonErrorKey('REJECTED', ` ${'x'.repeat(REASON_MAX)} `)).toBeNull();
    expect(reasonErrorKey('REJECTED', 'x'.repeat(REASON_MAX + 1))).toBe('decision.reasonTooLong');
  });

  it('follows both of core’s decision bodies, campaign exchanges and creative exchanges', () => {
    expect(CREATIVE_REASON_MAX).toBe(REASON_MAX);
    const cases: [Decision, string][] = [
      ['REJECTED', ''],
      ['REJECTED', '  '],
      ['REJECTED', 'Wrong category'],
      ['REJECTED', 'x'.repeat(REASON_MAX + 1)],
      ['APPROVED', ''],
    ];
    for (const [decision, reason] of cases) {
      const body = { decision, ...(decision === 'REJECTED' ? { reason } : {}) };
      const expected = reasonErrorKey(decision, reason);
      for (const message of [
        coreReasonMessage(exchangeDecisionBody, { ...body, items: [{ campaign_id: 1, exchange_id: 1 }] }),
        coreReasonMessage(creativeDecisionBody, { ...body, items: [{ creative_id: 1, exchange_id: 1 }] }),
      ])
        expect(message === null ? null : reasonMessageKey(message)).toBe(expected);
    }
  });

  it('reads core’s words about the reason, and nothing else', () => {
    expect(reasonMessageKey('Give a reason for the rejection.')).toBe('decision.reasonRequired');
    expect(reasonMessageKey(`A reason is at most ${REASON_MAX} characters.`)).toBe('decision.reasonTooLong');
    expect(reasonMessageKey('Something else.')).toBeNull();
  });
});
