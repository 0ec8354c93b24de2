// Spend on the campaign screens: cents, and under a cent the exact micro-units (never a float's
// rounding, which wrote 0.00005 as $0.0001 and could round a half the wrong way).
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCtr,
  formatSpend,
} from '../../src/features/campaigns/components/campaign-delivery.tsx';

describe('campaign spend', () => {
  it('shows cents, and every micro-unit of an amount under a cent', () => {
    expect(formatSpend(0)).toBe('$0.00');
    expect(formatSpend(2_400)).toBe('$0.0024');
    expect(formatSpend(50)).toBe('$0.00005');
    expect(formatSpend(9_999)).toBe('$0.009999');
    expect(formatSpend(12_340_000)).toBe('$12.34');
  });
});

describe('campaign counts and CTR', () => {
  it("write the reader's digits, the console's language codes read as their standard tags", () => {
    expect(formatCount(1_284_512, 'en')).toBe('1,284,512');
    expect(formatCount(1_284_512, 'gr')).toBe('1.284.512');
    expect(formatCtr(0.0123, 'en')).toBe('1.23%');
    expect(formatCtr(0.0123, 'gr')).toBe('1,23\u00a0%');
  });
});
