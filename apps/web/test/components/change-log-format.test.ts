import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHANGE_LOG_FIELDS,
  changeLogLabelKeys,
  changeLogValueCodes,
  RECORDED_CHANGE_LOG_ACTIONS,
} from '@console/core/change-log-fields';
import { LANGUAGES } from '@console/core/constants';
import { describe, expect, it } from 'vitest';
import {
  type ChangeLogFormat,
  changeLogActionLabel,
  changeLogFieldLabel,
  formatChangeValue,
  humanize,
} from '../../src/components/change-log/change-log-format.ts';

const LOCALES = join(import.meta.dirname, '../../src/locales');
const changeLogTexts = (language: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, 'change-log.json'), 'utf8')) as Record<string, unknown>;

/** A `t` over one language's change-log file, like the console's (nested keys, {{var}}, defaultValue). */
const translator = (language: string) => {
  const file = changeLogTexts(language);
  return (key: string, options: Record<string, unknown> = {}): string => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], file);
    const text = typeof value === 'string' ? value : options.defaultValue;
    if (typeof text !== 'string') throw new Error(`missing ${language} key ${key}`);
    return text.replace(/{{(\w+)}}/g, (_, name: string) => String(options[name] ?? ''));
  };
};

const en: ChangeLogFormat = {
  t: translator('en'),
  language: 'en',
  timeZone: 'America/New_York',
  names: {
    'user:4': 'Acme Travel',
    'exchange:24': 'Google AdX',
    'exchange:25': 'PubMatic',
    'applist:3': 'Top apps',
  },
};
const text = (field: string, value: unknown, format = en) => formatChangeValue(field, value, format);
const SNAKE = /\b[a-z]+_[a-z_]+\b/;

describe('change log labels', () => {
  it('every field the API can record has a label in all five languages', () => {
    for (const language of LANGUAGES) {
      const fields = (changeLogTexts(language).changeLog as { fields: Record<string, string> }).fields;
      const missing = changeLogLabelKeys().filter((label) => !fields[label]?.trim());
      expect(missing, `${language}: fields without a label`).toEqual([]);
    }
  });

  it('every action the API can record has a label in all five languages', () => {
    for (const language of LANGUAGES) {
      const actions = (changeLogTexts(language).changeLog as { actions: Record<string, string> }).actions;
      const missing = RECORDED_CHANGE_LOG_ACTIONS.filter((action) => !actions[action]?.trim());
      expect(missing, `${language}: actions without a label`).toEqual([]);
    }
  });

  it('every code a field can hold has a name in all five languages', () => {
    for (const language of LANGUAGES) {
      const values = (changeLogTexts(language).changeLog as { values: Record<string, string> }).values;
      const missing = changeLogValueCodes().filter((code) => !values[code]?.trim());
      expect(missing, `${language}: codes without a name`).toEqual([]);
    }
  });

  it('labels no field by its internal name, in any language', () => {
    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const field of [
        ...Object.keys(CHANGE_LOG_FIELDS),
        'exchanges.Google AdX.state',
        'reason:PubMatic',
      ]) {
        const label = changeLogFieldLabel(field, t);
        expect(label, `${language} ${field}`).not.toMatch(SNAKE);
        expect(label, `${language} ${field}`).not.toBe(field);
      }
    }
  });

  it('labels known fields by their translation and per-exchange fields with the exchange', () => {
    expect(changeLogFieldLabel('total_budget_micros', en.t)).toBe('Total budget');
    expect(changeLogFieldLabel('total_budget_micros', translator('it'))).toBe('Budget totale');
    expect(changeLogFieldLabel('targeting.device_types', translator('gr'))).toBe('Gerätetypen');
    expect(changeLogFieldLabel('exchanges.Google AdX.state', en.t)).toBe('Google AdX: approval');
    expect(changeLogFieldLabel('reason:PubMatic', translator('sp'))).toBe('PubMatic: motivo');
  });

  it('reads an unknown field as words, never snake_case', () => {
    expect(changeLogFieldLabel('future_budget_cap', en.t)).toBe('Future budget cap');
    expect(changeLogFieldLabel('targeting.some_new_key', en.t)).toBe('Some new key');
    expect(humanize('someCamelCase')).toBe('Some camel case');
    expect(changeLogActionLabel('future-action', en.t)).toBe('Future action');
    expect(changeLogActionLabel('funds', translator('it'))).toBe('Fondi movimentati');
  });
});

describe('formatChangeValue', () => {
  it('shows nothing as empty and booleans as yes / no', () => {
    expect(text('agencyId', null)).toEqual({ kind: 'empty' });
    expect(text('email', '')).toEqual({ kind: 'empty' });
    expect(text('api_access', true)).toEqual({ kind: 'text', text: 'Yes' });
    expect(text('api_access', false, { ...en, t: translator('rs') })).toEqual({ kind: 'text', text: 'Нет' });
  });

  it('formats money in dollars, basis points as a percent and counts in the user’s format', () => {
    expect(text('total_budget_micros', 5_000_000_000)).toEqual({ kind: 'text', text: '$5,000.00' });
    expect(text('margin_bps', 1500)).toEqual({ kind: 'text', text: '15.00%' });
    expect(text('entry_count', 12_345, { ...en, language: 'gr' })).toEqual({ kind: 'text', text: '12.345' });
  });

  it('shows instants in the user’s time zone and language, and calendar days as they are', () => {
    expect(text('start_at', '2026-11-25T21:32:23.376Z')).toEqual({
      kind: 'text',
      text: 'Nov 25, 2026, 4:32 PM',
    });
    const it = formatChangeValue('start_at', '2026-11-25T21:32:23.376Z', { ...en, language: 'it' });
    expect(it).toEqual({ kind: 'text', text: expect.stringContaining('25 nov 2026') });
    expect(text('date_from', '2026-01-10')).toEqual({ kind: 'text', text: 'Jan 10, 2026' });
  });

  it('names codes in the user’s language', () => {
    expect(text('status', 'PENDING_APPROVAL')).toEqual({ kind: 'text', text: 'Pending approval' });
    expect(text('default_mode', 'BLOCK', { ...en, t: translator('sp') })).toEqual({
      kind: 'text',
      text: 'Bloquear',
    });
    expect(text('targeting.device_types', ['PHONE', 'CONNECTED_TV'])).toEqual({
      kind: 'chips',
      items: ['Phone', 'Connected TV'],
    });
    expect(text('transfer', '#4 CARD_TOP_UP')).toEqual({ kind: 'text', text: '#4 Card top-up' });
  });

  it('shows ids by the names the API sent, as chips for lists, and says when an object is gone', () => {
    expect(text('advertiser_id', 4)).toEqual({ kind: 'text', text: 'Acme Travel' });
    expect(text('exchange_ids', [24, 25])).toEqual({ kind: 'chips', items: ['Google AdX', 'PubMatic'] });
    expect(text('creative_ids', [9])).toEqual({ kind: 'chips', items: ['Deleted (#9)'] });
    expect(text('inventory', [{ applist_id: 3, mode: 'BLOCK' }])).toEqual({
      kind: 'chips',
      items: ['Top apps · Block'],
    });
  });

  it('lists settings by label and value, and never shows a secret', () => {
    expect(text('optimisation', { auto_bid: true, target_cpa_micros: 1_000_000 })).toEqual({
      kind: 'chips',
      items: ['Automatic bidding: Yes', 'Target CPA: $1.00'],
    });
    expect(text('frequency_cap', { count: 3, period: 'DAY' })).toEqual({
      kind: 'chips',
      items: ['Impressions: 3', 'Period: Per day'],
    });
    expect(text('optimisation', {})).toEqual({ kind: 'empty' });
    expect(text('password', '***')).toEqual({ kind: 'text', text: 'Hidden' });
    expect(
      text(
        'day_parting',
        Array.from({ length: 7 }, (_, day) => Array.from({ length: 24 }, () => day < 5)),
      ),
    ).toEqual({
      kind: 'text',
      text: '120 of 168 hours a week',
    });
  });

  it('reads unknown fields’ values by their shape, without internal names', () => {
    const value = text('future_settings', { some_flag: true, some_code: 'NEW_THING', amount: 5 });
    expect(value).toEqual({ kind: 'chips', items: ['Some flag: Yes', 'Some code: New thing', 'Amount: 5'] });
    expect(JSON.stringify(value)).not.toMatch(SNAKE);
  });
});
