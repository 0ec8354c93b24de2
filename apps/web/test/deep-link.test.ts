import { describe, expect, it } from 'vitest';
import { deepLinkOf, rememberDeepLink, takeDeepLink } from '../src/lib/navigation/deep-link.ts';

describe('deep links across sign-in', () => {
  it('keeps the asked path with its query and hash, once, and none for /', () => {
    rememberDeepLink('/campaign/viewCampaign/12', '?tab=delivery', '#chart');
    expect(takeDeepLink()).toBe('/campaign/viewCampaign/12?tab=delivery#chart');
    expect(takeDeepLink()).toBeNull();
    rememberDeepLink('/', '', '');
    expect(takeDeepLink()).toBeNull();
  });

  it('follows only paths of this console', () => {
    for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 42, undefined, null]) {
      expect(deepLinkOf(from)).toBeNull();
    }
    expect(deepLinkOf('/admin/users')).toBe('/admin/users');
  });
});
