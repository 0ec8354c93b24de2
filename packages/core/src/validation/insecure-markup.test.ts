import { describe, expect, it } from 'vitest';
import { insecureResourcesOf, isSecureMarkup } from './insecure-markup.ts';

describe('insecureResourcesOf', () => {
  it('finds http resources a browser would load: src, srcset, stylesheet links, CSS, VAST media', () => {
    const tag = `<div style="background:url('http://cdn.example.com/bg.png')">
<link rel="stylesheet" href="http://cdn.example.com/ad.css">
<script src="http://ads.example.com/tag.js"></script>
<img srcset="http://img.example.com/a.png 1x" src=http://img.example.com/b.png>
<iframe src='http://frame.example.com/f.html'></iframe>
<style>@import "http://cdn.example.com/more.css";</style>
<MediaFile type="video/mp4"><![CDATA[http://media.example.com/v.mp4]]></MediaFile></div>`;
    expect(insecureResourcesOf(tag)).toEqual([
      'http://cdn.example.com/bg.png',
      'http://cdn.example.com/ad.css',
      'http://ads.example.com/tag.js',
      'http://img.example.com/a.png',
      'http://img.example.com/b.png',
      'http://frame.example.com/f.html',
      'http://cdn.example.com/more.css',
      'http://media.example.com/v.mp4',
    ]);
    expect(isSecureMarkup(tag)).toBe(false);
  });

  it('passes https and protocol-relative resources, and links that are only navigations', () => {
    const tag = `<a href="http://shop.example.com/landing" target="_blank">
<img src="https://img.example.com/a.png"></a><script src="//ads.example.com/tag.js"></script>
<link rel="stylesheet" href="https://cdn.example.com/ad.css"><div style="background:url(/bg.png)"></div>`;
    expect(insecureResourcesOf(tag)).toEqual([]);
    expect(isSecureMarkup(tag)).toBe(true);
    expect(isSecureMarkup(null)).toBe(true);
  });
});
