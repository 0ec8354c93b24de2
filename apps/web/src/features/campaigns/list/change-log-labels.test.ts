import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/campaigns.json' with { type: 'json' };
import { CAMPAIGN_LOG_FIELD_KEYS, campaignLogLabels } from './change-log-labels.ts';

/** A tiny `t` over the English file, so that a key missing there fails here. */
const t = (key: string, options: Record<string, unknown> = {}): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof value !== 'string') throw new Error(`missing campaigns key ${key}`);
  return value.replace(/{{(\w+)}}/g, (_, name: string) => String(options[name] ?? ''));
};

describe('campaignLogLabels', () => {
  it('names every field the API records, and the approval fields of each exchange', () => {
    const labels = campaignLogLabels(t, ['AppLovin Exchange']);
    expect(Object.keys(labels.fields)).toEqual(
      expect.arrayContaining([...Object.keys(CAMPAIGN_LOG_FIELD_KEYS), 'exchanges.AppLovin Exchange.state']),
    );
    expect(labels.fields.bid_micros).toBe('Bid');
    expect(labels.fields['targeting.countries']).toBe('Countries');
    expect(labels.fields['exchanges.AppLovin Exchange.state']).toBe('AppLovin Exchange: approval');
    expect(labels.fields['exchanges.AppLovin Exchange.reason']).toBe('AppLovin Exchange: reason');
    expect(labels.actions['exchange-approval']).toBe('Approval');
  });
});
