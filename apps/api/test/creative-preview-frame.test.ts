// The page HTML creatives are previewed in: its own policy lets the ad tag's scripts run, sandboxed
// by the header as well as by the console's iframe, while every other answer keeps the console's
// strict policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/creatives/preview-frame', () => {
  it('answers an HTML page, without a token, sandboxed by its policy and open to scripts', async () => {
    const result = await t.call('GET', '/api/creatives/preview-frame');
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toMatch(/^text\/html/);
    const policy = result.headers['content-security-policy'] ?? '';
    expect(policy).toMatch(/(^|; )sandbox allow-scripts allow-popups(;|$)/);
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).toContain("'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'self'");
    const html = String(result.body.raw);
    expect(html).toContain("addEventListener('message'");
    expect(html).toContain('document.write(event.data.creativeTag)');
  });

  it('leaves the console its own strict policy', async () => {
    const result = await t.call('GET', '/api/health');
    const policy = result.headers['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('sandbox');
  });
});
