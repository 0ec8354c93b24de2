// What the browser downloads to show one page: every script and stylesheet fetched from the moment
// the page is opened until it is shown and the network is quiet, each gzip-compressed (zlib level 9,
// as the server's precompressed copies). The HTTP cache is off for the page, so a file already
// fetched by an earlier page of the same context counts again: the figure is a cold visit's.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export type FileWeight = { path: string; gzip: number };
export type PageWeight = { files: FileWeight[]; gzip: number };

const isScriptOrStyle = (pathname: string) => /\.(m?js|css)$/.test(pathname);

/**
 * Opens `path` in `page` and sums the gzip size of its JS and CSS. `ready` waits for what the page
 * must show (default: the load event); the network then has up to 5 s to fall quiet.
 */
export async function measurePageWeight(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<unknown> = async () => undefined,
): Promise<PageWeight> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bodies = new Map<string, Promise<number>>();
  const onResponse = (response: import('playwright-core').Response) => {
    const { pathname } = new URL(response.url());
    if (!isScriptOrStyle(pathname) || bodies.has(pathname)) return;
    bodies.set(
      pathname,
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    const files = await Promise.all(
      [...bodies].map(async ([file, size]) => ({ path: file, gzip: await size })),
    );
    files.sort((a, b) => b.gzip - a.gzip);
    return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
  } finally {
    page.off('response', onResponse);
    await cdp.detach().catch(() => undefined);
  }
}

/** The list of a measure's files, largest first, for a failed budget's message or a bench's log. */
export const describeWeight = (weight: PageWeight): string =>
  weight.files.map((file) => `${file.path} ${(file.gzip / 1000).toFixed(1)} kB`).join('\n');
