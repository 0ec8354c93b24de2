import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/campaigns.json' with { type: 'json' };
import { campaignLogLabels } from './change-log-labels.ts';

/** A tiny `t` over the English file, so that a key missing there fails here. */
const t = (key: string, options: Record<string, unknown> = {}): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof value !== 'string') throw new Error(`missing campaigns key ${key}`);
  return value.replace(/{{(\w+)}}/g, (_, name: string) => String(options[name] ?? ''));
};

describe('campaignLogLabels', () => {
  it('names the campaign action and the codes of statuses and exchange approvals', () => {
    const labels = campaignLogLabels(t);
    expect(labels.actions['exchange-approval']).toBe('Approval');
    expect(labels.values('status', 'PENDING_APPROVAL')).toBe(en.status.PENDING_APPROVAL);
    expect(labels.values('exchanges.AppLovin Exchange.state', 'REJECTED')).toBe(en.exchangeState.REJECTED);
    expect(labels.values('name', 'PENDING_APPROVAL')).toBeUndefined();
  });
});
