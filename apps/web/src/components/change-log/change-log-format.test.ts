import { describe, expect, it } from 'vitest';
import { formatChangeValue } from './change-log-format.ts';

const t = (key: string) => key;

describe('the change log formats a value', () => {
  it("writes money and counts as the console's language writes numbers", () => {
    expect(formatChangeValue('total_budget_micros', 1_234_500_000, { t, language: 'en' })).toEqual({
      kind: 'text',
      text: '$1,234.50',
    });
    expect(formatChangeValue('total_budget_micros', 1_234_500_000, { t, language: 'gr' })).toEqual({
      kind: 'text',
      text: '$1.234,50',
    });
    expect(formatChangeValue('daily_budget_micros', 2_500_000, { t, language: 'sp' })).toEqual({
      kind: 'text',
      text: '$2,50',
    });
  });
});
