// An html creative's markup is checked for insecure (http://) resources when it is saved: the
// creative answers secure_compatible, and the bidder keeps a tag that loads http resources off
// secure inventory (imp.secure=1) while still bidding it on plain http pages; saving it again with
// https resources clears the flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidResponse } from '../src/modules/bidding/bid-response.ts';
import { seedDemoDelivery } from '../src/seed/demo-delivery.ts';
import { createCreativeOk, creativeOf, htmlBody } from './creative-fixtures.ts';
import { freshRequest, onlyBid, postBid } from './support/bid-calls.ts';
import { approveEverywhere, useCreatives } from './support/demo-creative-swap.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const tagLoading = (scheme: 'http' | 'https') =>
  `<div style="width:300px;height:250px"><link rel="stylesheet" href="${scheme}://cdn.tailspin-travel.example/ad.css">` +
  `<script src="${scheme}://cdn.tailspin-travel.example/ad.js"></script>` +
  '<a href="https://tailspin-travel.example/deals" target="_blank">Deals</a></div>';

/** The simple banner example on an https page (imp.secure=1) or a plain one, asking for HTML. */
const bannerRequest = (secure: 0 | 1) => {
  const request = freshRequest('simple-banner');
  const [imp] = request.imp as Record<string, unknown>[];
  Object.assign(imp!, { secure, banner: { w: 300, h: 250, mimes: ['text/html'] } });
  return request;
};

let t: TestApp;
let token: string;

beforeAll(async () => {
  // https tracking, so that secure imps can be bid at all.
  t = await startTestApp({ trackingBaseUrl: 'https://track.console.example' });
  await seedDemoDelivery(t.deps.db, t.deps.media.mediaDir);
  token = await t.loginAs('advertiser@demo.test');
});
afterAll(() => t.close());

describe('secure-compatible markup', () => {
  it('flags a tag loading http:// resources, bids it only on non-secure imps, and clears the flag on https', async () => {
    const insecure = await createCreativeOk(t, token, htmlBody({ html_tag: tagLoading('http') }));
    expect(insecure.secure_compatible).toBe(false);
    expect(
      creativeOf(await t.call('GET', `/api/creatives/${insecure.creative_primary_id}`, { token })),
    ).toMatchObject({ secure_compatible: false });
    await approveEverywhere(t, insecure.creative_primary_id);
    await useCreatives(t, 'Open Web Display', [insecure.creative_primary_id]);

    expect((await postBid(t, bannerRequest(1))).status).toBe(204);
    const plain = onlyBid((await postBid(t, bannerRequest(0))).body as unknown as BidResponse);
    expect(plain.crid).toBe(String(insecure.creative_primary_id));
    expect(plain.adm).toContain('http://cdn.tailspin-travel.example/ad.js');

    // The same creative saved with https resources: flag cleared, bid on secure inventory.
    const fixed = creativeOf(
      await t.call('PUT', `/api/creatives/${insecure.creative_primary_id}`, {
        token,
        body: htmlBody({ html_tag: tagLoading('https') }),
      }),
    );
    expect(fixed.secure_compatible).toBe(true);
    await approveEverywhere(t, fixed.creative_primary_id);
    await t.bidder.index.reload();
    const secure = onlyBid((await postBid(t, bannerRequest(1))).body as unknown as BidResponse);
    expect(secure.crid).toBe(String(fixed.creative_primary_id));
    expect(secure.adm).toContain('https://cdn.tailspin-travel.example/ad.js');
    expect(secure.adm).not.toMatch(/(src|href)="http:\/\//);
  });

  it('does not mind plain-http links (navigation, not loading)', async () => {
    const linked = await createCreativeOk(
      t,
      token,
      htmlBody({ html_tag: '<div><a href="http://tailspin-travel.example/deals">Deals</a></div>' }),
    );
    expect(linked.secure_compatible).toBe(true);
  });
});
