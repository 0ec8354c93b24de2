import { POSTBACK_MACROS, postbackBody } from '@console/core/api/settings';
import { describe, expect, it } from 'vitest';
import {
  findUnknownMacros,
  insertAtCursor,
  POSTBACK_SAMPLES,
  renderPostbackExample,
} from '../../src/features/settings/postback-template.ts';

describe('postback template editor', () => {
  it('inserts a macro at the cursor and puts the caret after it', () => {
    expect(insertAtCursor('https://x.io/?c=', 16, 16, '{click_id}')).toEqual({
      value: 'https://x.io/?c={click_id}',
      caret: 26,
    });
    expect(insertAtCursor('ab', 1, 1, '{event}')).toEqual({ value: 'a{event}b', caret: 8 });
  });

  it('replaces a selection, and appends when the position is unknown or out of range', () => {
    expect(insertAtCursor('a-XX-b', 2, 4, '{payout}')).toEqual({ value: 'a-{payout}-b', caret: 10 });
    expect(insertAtCursor('ab', null, null, '{event}')).toEqual({ value: 'ab{event}', caret: 9 });
    expect(insertAtCursor('ab', 99, 120, '{event}').value).toBe('ab{event}');
    expect(insertAtCursor('ab', -3, 1, '{event}').value).toBe('{event}b');
  });

  it('has a sample value for every macro the API knows', () => {
    expect(Object.keys(POSTBACK_SAMPLES).sort()).toEqual([...POSTBACK_MACROS].sort());
  });

  it('renders the live example with sample values and leaves unknown braces as written', () => {
    expect(renderPostbackExample('https://t.io/pb?c={click_id}&p={payout}{currency}&x={nope}')).toBe(
      'https://t.io/pb?c=9f2a7c41e0b3&p=1.25USD&x={nope}',
    );
  });

  it('lists unknown macros once each, like the API refuses them', () => {
    const template = 'https://t.io/?a={nope}&b={click_id}&c={nope}&d={other}';
    expect(findUnknownMacros(template)).toEqual(['{nope}', '{other}']);
    expect(postbackBody.safeParse({ url_template: template }).success).toBe(false);
    expect(findUnknownMacros('https://t.io/?c={click_id}')).toEqual([]);
  });
});
