import { describe, expect, it } from 'vitest';
import { deepLinkOf, deepLinkState } from '../src/lib/navigation/deep-link.ts';

describe('deep links across sign-in', () => {
  it('keeps the asked path with its query and hash, and none for /', () => {
    expect(deepLinkState('/campaign/viewCampaign/12', '?tab=delivery', '#chart')).toEqual({
      from: '/campaign/viewCampaign/12?tab=delivery#chart',
    });
    expect(deepLinkState('/', '', '')).toBeNull();
    expect(deepLinkOf(deepLinkState('/admin/users', '', ''))).toBe('/admin/users');
  });

  it('follows only paths of this console', () => {
    for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 42, undefined]) {
      expect(deepLinkOf({ from })).toBeNull();
    }
    expect(deepLinkOf(null)).toBeNull();
  });
});
