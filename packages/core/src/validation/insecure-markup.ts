// Whether an ad's markup loads anything over plain http: what a browser fetches to show the ad (the
// src of img, script, iframe, video, source, embed; srcset; the href of a stylesheet link; url(...)
// and @import in CSS; a VAST document's MediaFile and VASTAdTagURI). A page served over https blocks
// such mixed content or warns of it, so exchanges send imp.secure=1 for https pages and an ad with
// http resources must not be bid there. Links (a href) are navigations, not loads; protocol-relative
// URLs (//host/...) follow the page's scheme.

/** Attribute values that are loaded: src, srcset, data (object), poster (video), background. */
const LOADED_ATTRIBUTE = /\b(?:src|srcset|data|poster|background)\s*=\s*(["']?)\s*(http:\/\/[^"'\s>]+)/gi;
/** A <link ...> element (stylesheets, preloads, icons): its href is loaded. */
const LINK_ELEMENT = /<link\b[^>]*>/gi;
const HREF = /\bhref\s*=\s*(["']?)\s*(http:\/\/[^"'\s>]+)/i;
/** CSS: url(http://...) and @import "http://...". */
const CSS_URL = /url\(\s*(["']?)\s*(http:\/\/[^"')\s]+)/gi;
const CSS_IMPORT = /@import\s+(["'])\s*(http:\/\/[^"'\s]+)/gi;
/** VAST: a media file or a wrapped tag the player fetches. */
const VAST_URL =
  /<(?:MediaFile|VASTAdTagURI|StaticResource|IFrameResource)\b[^>]*>\s*(?:<!\[CDATA\[)?\s*(http:\/\/[^\s<\]]+)/gi;

/** The http:// URLs the markup would load, in order of appearance, each once. */
export function insecureResourcesOf(markup: string | null | undefined): string[] {
  if (!markup) return [];
  const found: { at: number; url: string }[] = [];
  for (const pattern of [LOADED_ATTRIBUTE, CSS_URL, CSS_IMPORT]) {
    for (const match of markup.matchAll(pattern)) found.push({ at: match.index, url: match[2]! });
  }
  for (const match of markup.matchAll(VAST_URL)) found.push({ at: match.index, url: match[1]! });
  for (const match of markup.matchAll(LINK_ELEMENT)) {
    const href = HREF.exec(match[0]);
    if (href) found.push({ at: match.index, url: href[2]! });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((entry) => entry.url))];
}

/** True when the markup loads nothing over plain http (it may be bid on secure inventory). */
export function isSecureMarkup(markup: string | null | undefined): boolean {
  return insecureResourcesOf(markup).length === 0;
}
