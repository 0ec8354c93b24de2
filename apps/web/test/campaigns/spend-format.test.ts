// Spend on the campaign screens: cents, and under a cent the exact micro-units (never a float's
// rounding, which wrote 0.00005 as $0.0001 and could round a half the wrong way).
import { describe, expect, it } from 'vitest';
import { formatSpend } from '../../src/features/campaigns/components/campaign-delivery.tsx';

describe('campaign spend', () => {
  it('shows cents, and every micro-unit of an amount under a cent', () => {
    expect(formatSpend(0)).toBe('$0.00');
    expect(formatSpend(2_400)).toBe('$0.0024');
    expect(formatSpend(50)).toBe('$0.00005');
    expect(formatSpend(9_999)).toBe('$0.009999');
    expect(formatSpend(12_340_000)).toBe('$12.34');
  });
});
