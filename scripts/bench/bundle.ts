// Gzip sizes of the built console (apps/web/dist): the initial JS + CSS of /login as index.html
// declares it (entry script, modulepreload links, stylesheets), and every other JS chunk.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export type Asset = { file: string; bytes: number; gzip: number };

export type BundleReport = {
  initial: Asset[];
  initialGzip: number;
  otherJs: Asset[];
  totalJsCssGzip: number;
};

export const gzipSize = (buf: Buffer): number => gzipSync(buf).length;

const attrs = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
};

/** The local asset paths (relative to dist) that index.html loads up front. */
export function initialAssetsFromHtml(html: string): string[] {
  const files: string[] = [];
  const local = (url: string | undefined) => {
    if (!url || /^(https?:)?\/\//.test(url) || url.startsWith('data:')) return;
    const path = url.replace(/^\.?\//, '').split(/[?#]/)[0]!;
    if (!files.includes(path)) files.push(path);
  };
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const a = attrs(m[1]!);
    if (a.src) local(a.src);
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const a = attrs(m[1]!);
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') || rel.includes('stylesheet')) local(a.href);
  }
  return files;
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

export function assetOf(dist: string, file: string): Asset {
  const buf = readFileSync(join(dist, file));
  return { file, bytes: buf.length, gzip: gzipSize(buf) };
}

export function measureBundle(dist: string): BundleReport {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initialFiles = initialAssetsFromHtml(html);
  const initial = initialFiles.map((f) => assetOf(dist, f));
  const all = walk(dist)
    .map((p) => relative(dist, p))
    .filter((f) => /\.(m?js|css)$/.test(f));
  const otherJs = all
    .filter((f) => /\.m?js$/.test(f) && !initialFiles.includes(f))
    .map((f) => assetOf(dist, f))
    .sort((a, b) => b.gzip - a.gzip);
  const totalJsCssGzip = all.reduce((sum, f) => sum + assetOf(dist, f).gzip, 0);
  return { initial, initialGzip: initial.reduce((s, a) => s + a.gzip, 0), otherJs, totalJsCssGzip };
}
