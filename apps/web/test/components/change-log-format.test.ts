import { describe, expect, it } from 'vitest';
import { formatChangeValue } from '../../src/components/change-log/change-log-format.ts';

describe('formatChangeValue', () => {
  it('shows nothing as empty and booleans as yes/no keys', () => {
    expect(formatChangeValue('agencyId', null)).toEqual({ kind: 'empty' });
    expect(formatChangeValue('email', '')).toEqual({ kind: 'empty' });
    expect(formatChangeValue('api_access', true)).toEqual({ kind: 'key', key: 'changeLog.yes' });
    expect(formatChangeValue('api_access', false)).toEqual({ kind: 'key', key: 'changeLog.no' });
  });

  it('formats micro-units as dollars and basis points as percent', () => {
    expect(formatChangeValue('target_cpa_micros', 2_500_000)).toEqual({ kind: 'text', text: '$2.50' });
    expect(formatChangeValue('margin_bps', 1500)).toEqual({ kind: 'text', text: '15.00%' });
    expect(formatChangeValue('agencyId', 3)).toEqual({ kind: 'text', text: '3' });
  });

  it('flattens nested settings', () => {
    expect(formatChangeValue('optimisation', { auto_bid: true, target_cpa_micros: 1_000_000 })).toEqual({
      kind: 'text',
      text: 'auto_bid: true, target_cpa_micros: $1.00',
    });
    expect(formatChangeValue('optimisation', {})).toEqual({ kind: 'empty' });
  });
});
