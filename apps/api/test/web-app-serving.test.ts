// The built console goes out precompressed and cached: the build's .br and .gz
// siblings are sent as they are to a browser that accepts them, hashed assets are cached for a year,
// index.html is revalidated, and HEAD is answered wherever GET is.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

const INDEX_HTML = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const ASSET_JS = `console.log(${JSON.stringify('console '.repeat(400))});`;
const ASSET = '/assets/index-AbC123xy.js';

/** A dist folder as `npm run build` writes it, each file with its two compressed siblings. */
const writeWebDist = () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  for (const [path, text] of [
    ['index.html', INDEX_HTML],
    [ASSET.slice(1), ASSET_JS],
  ] as const) {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
  }
  return dist;
};

/** fetch decodes the body itself; Content-Length tells which copy went over the wire. */
const get = async (method: 'GET' | 'HEAD', path: string, acceptEncoding?: string) => {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    text: method === 'HEAD' ? '' : await response.text(),
  };
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDist: writeWebDist() });
});
afterAll(async () => t.close());

describe('compressed assets', () => {
  it('sends the brotli copy when the browser accepts br, with its smaller length', async () => {
    const answer = await get('GET', ASSET, 'br, gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('content-type')).toMatch(/javascript/);
    expect(Number(answer.headers.get('content-length'))).toBe(brotliCompressSync(ASSET_JS).length);
    expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(answer.text).toBe(ASSET_JS);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const answer = await get('GET', ASSET, 'gzip');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(Number(answer.headers.get('content-length'))).toBe(gzipSync(ASSET_JS).length);
    expect(answer.text).toBe(ASSET_JS);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const answer = await get('GET', ASSET, 'identity');
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(Number(answer.headers.get('content-length'))).toBe(ASSET_JS.length);
  });

  it('compresses the page of a client route (index.html) too', async () => {
    const answer = await get('GET', '/campaigns', 'br');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(answer.text).toBe(INDEX_HTML);
  });
});

describe('cache headers', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const answer = await get('GET', ASSET, 'br');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html at / and at every client route', async () => {
    for (const path of ['/', '/login', '/campaigns/12']) {
      const answer = await get('GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toBe('no-cache');
      expect(answer.headers.get('etag') ?? answer.headers.get('last-modified'), path).toBeTruthy();
    }
  });
});

describe('HEAD', () => {
  it('answers HEAD / and HEAD /login with the headers of GET and no body', async () => {
    for (const path of ['/', '/login']) {
      const head = await get('HEAD', path, 'br');
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(head.headers.get('cache-control'), path).toBe('no-cache');
      const body = await (await fetch(`${t.baseUrl}${path}`, { method: 'HEAD' })).arrayBuffer();
      expect(body.byteLength, path).toBe(0);
    }
  });

  it('answers HEAD on an asset', async () => {
    const head = await get('HEAD', ASSET, 'gzip');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('still answers an unknown API path with a JSON 404, for HEAD as for GET', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await get(method, '/api/no-such-route');
      expect(answer.status, method).toBe(404);
    }
    const missingAsset = await get('GET', '/assets/missing-123.js');
    expect(missingAsset.status).toBe(404);
  });
});

describe('the API reference document (/docs/openapi.json)', () => {
  const DOC = '/docs/openapi.json';
  const fetchDoc = (headers: Record<string, string>) => fetch(`${t.baseUrl}${DOC}`, { headers });

  it('goes out brotli- or gzip-compressed as the client accepts, and whole to one that accepts neither', async () => {
    const plain = await get('GET', DOC, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toMatch(/application\/json/);
    const document = JSON.parse(plain.text) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
    const plainLength = Number(plain.headers.get('content-length'));
    expect(plainLength).toBe(Buffer.byteLength(plain.text));

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
    ] as const) {
      const answer = await get('GET', DOC, accept);
      expect(answer.headers.get('content-encoding'), accept).toBe(encoding);
      expect(answer.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      // fetch decodes the body: the same document, a small part of its size on the wire.
      expect(answer.text, accept).toBe(plain.text);
      expect(Number(answer.headers.get('content-length')), accept).toBeLessThan(plainLength / 5);
    }
  });

  it('carries a strong ETag per representation and answers 304 without a body to a matching If-None-Match', async () => {
    const first = await fetchDoc({ 'accept-encoding': 'br' });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await first.arrayBuffer();

    const again = await fetchDoc({ 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    // The gzip copy is another representation: the brotli validator does not match it.
    const gzipped = await fetchDoc({ 'accept-encoding': 'gzip', 'if-none-match': etag! });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('etag')).not.toBe(etag);
    await gzipped.arrayBuffer();

    const stale = await fetchDoc({ 'accept-encoding': 'br', 'if-none-match': '"not-this-one"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });
});
