// Every VAST document the bidder writes, for every version it picks from an imp's protocols (2.0,
// 3.0, 4.0, 4.1, 4.2), inline and wrapper, with and without a click URL, on http and on a secure
// imp: valid against the IAB's XSD for that version, and read by a real VAST client with our
// impression, quartile, click and media URLs where a player looks for them.
import { beforeAll, describe, expect, it } from 'vitest';
import { trackingUrlsOf } from '../src/modules/bidding/bid-response.ts';
import type { BidderCreative } from '../src/modules/bidding/bidder-campaign.ts';
import { findCreativeFit } from '../src/modules/bidding/creative-match.ts';
import { buildMarkup } from '../src/modules/bidding/markup.ts';
import type { Imp } from '../src/modules/bidding/openrtb-request.ts';
import {
  isLinearSlot,
  VAST_VIDEO_EVENTS,
  type VastVersion,
  vastProtocolOf,
} from '../src/modules/bidding/vast-markup.ts';
import { type PlayerView, parseInVastClient, vastSchemaErrors } from './support/vast-check.ts';

const TOKEN = 'tok.en_1';
const THIRD_PARTY_PIXEL = 'https://pixel.example.net/imp?c={creative_id}&a=1';
const CLICK_URL = 'https://travel.example.com/offer?src=video';
const TAG_URL = 'https://ads.example.net/vast?tag=42&size=640x360';

const creative = (kind: 'inline' | 'wrapper', clickUrl: string | null): BidderCreative => ({
  id: 7,
  type: 'video',
  width: 640,
  height: 360,
  clickUrl,
  trackerUrls: [THIRD_PARTY_PIXEL],
  categories: [],
  mediaUrl: kind === 'inline' ? '/media/creatives/7/islands-15s.mp4' : null,
  mediaMime: kind === 'inline' ? 'video/mp4' : null,
  durationS: 15,
  vastUrl: kind === 'wrapper' ? TAG_URL : null,
  native: null,
  htmlTag: null,
  secureCompatible: true,
  exchangeIds: new Set([1]),
  attrs: [],
  adomain: 'travel.example.com',
});

/** The protocols an imp lists and the version the bidder must answer with. */
const INLINE_CASES: [number[], VastVersion][] = [
  [[2], '2.0'],
  [[2, 3], '3.0'],
  [[2, 3, 7], '4.0'],
  [[3, 7, 11], '4.1'],
  [[2, 3, 7, 11, 13, 5, 6], '4.2'],
];
const WRAPPER_CASES: [number[], VastVersion][] = [
  [[2, 5], '2.0'],
  [[5, 6, 3], '3.0'],
  [[6, 8], '4.0'],
  [[8, 12, 13], '4.1'],
  [[14], '4.2'],
];

type Case = {
  name: string;
  kind: 'inline' | 'wrapper';
  version: VastVersion;
  clickUrl: string | null;
  baseUrl: string;
  adm: string;
};

const markupFor = (
  kind: 'inline' | 'wrapper',
  protocols: number[],
  clickUrl: string | null,
  secure: boolean,
) => {
  const baseUrl = secure ? 'https://dsp.example.org' : 'http://127.0.0.1:8080';
  const imp: Imp = {
    id: '1',
    ...(secure ? { secure: 1 } : {}),
    video: { mimes: ['video/mp4'], protocols, w: 640, h: 360, linearity: 1 },
  };
  const fit = findCreativeFit([creative(kind, clickUrl)], {
    exchangeId: 1,
    imp,
    nativeRequest: null,
    trackingIsSecure: baseUrl.startsWith('https://'),
  });
  if (fit?.kind !== 'video') throw new Error(`no video fit for ${kind} ${protocols.join(',')}`);
  const adm = buildMarkup(fit, {
    urls: trackingUrlsOf(baseUrl, TOKEN),
    baseUrl,
    expandMacros: (url) => url.replaceAll('{creative_id}', '7'),
    title: 'Islands & Beaches <Summer> "15s"',
    adServingId: 'auction-1-1-3-7',
  });
  return { version: fit.vastVersion, baseUrl, adm };
};

const cases: Case[] = [];
for (const [kind, table] of [
  ['inline', INLINE_CASES],
  ['wrapper', WRAPPER_CASES],
] as const) {
  for (const [protocols, expected] of table) {
    for (const clickUrl of [CLICK_URL, null]) {
      for (const secure of [false, true]) {
        const { version, baseUrl, adm } = markupFor(kind, protocols, clickUrl, secure);
        cases.push({
          name: `${kind} VAST ${expected} (protocols ${protocols.join(',')})${clickUrl ? ' with a click URL' : ''}${secure ? ', secure' : ''}`,
          kind,
          version,
          clickUrl,
          baseUrl,
          adm,
        });
        if (version !== expected)
          throw new Error(`protocols ${protocols} picked ${version}, not ${expected}`);
      }
    }
  }
}

/** The advertiser's own inline ad behind a wrapper's VASTAdTagURI. */
const THIRD_PARTY_INLINE = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0"><Ad id="tp"><InLine><AdSystem>Third Party</AdSystem><AdTitle>Theirs</AdTitle>
<Impression><![CDATA[https://third.example.net/imp]]></Impression>
<Creatives><Creative id="tp1"><Linear><Duration>00:00:20</Duration>
<TrackingEvents><Tracking event="start"><![CDATA[https://third.example.net/start]]></Tracking></TrackingEvents>
<VideoClicks><ClickThrough><![CDATA[https://advertiser.example.net/landing]]></ClickThrough></VideoClicks>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://third.example.net/ad.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

let schemaErrors: string[][];
const views = new Map<string, PlayerView>();

beforeAll(async () => {
  schemaErrors = await vastSchemaErrors(cases.map((entry) => entry.adm));
  for (const entry of cases) {
    views.set(
      entry.name,
      await parseInVastClient(entry.adm, entry.kind === 'wrapper' ? THIRD_PARTY_INLINE : undefined),
    );
  }
}, 60_000);

describe('VAST markup of every version, inline and wrapper', () => {
  it('covers 40 documents, each declaring the version the protocols picked', () => {
    expect(cases).toHaveLength(40);
    for (const entry of cases) expect(entry.adm).toContain(`<VAST version="${entry.version}"`);
  });

  it.each(cases.map((entry, index) => [entry.name, index] as const))(
    '%s is valid against the IAB XSD of its version',
    (_name, index) => {
      expect(schemaErrors[index]).toEqual([]);
    },
  );

  it.each(cases.map((entry) => [entry.name, entry] as const))(
    '%s gives a VAST client our impression, quartile and click URLs',
    (_name, entry) => {
      const view = views.get(entry.name)!;
      const urls = trackingUrlsOf(entry.baseUrl, TOKEN);
      expect(view.impressions).toEqual(
        expect.arrayContaining([urls.impression, 'https://pixel.example.net/imp?c=7&a=1']),
      );
      for (const event of VAST_VIDEO_EVENTS) expect(view.tracking[event]).toContain(urls.videoEvent(event));
      if (entry.kind === 'wrapper') {
        expect(view.clickTracking).toContain(urls.clickPixel);
        // The wrapped ad plays; our trackers are merged into it.
        expect(view.impressions).toContain('https://third.example.net/imp');
        expect(view.tracking.start).toContain('https://third.example.net/start');
        expect(view.clickThrough).toBe('https://advertiser.example.net/landing');
        expect(view.mediaFiles).toEqual([
          { url: 'https://third.example.net/ad.mp4', mime: 'video/mp4', width: 1280, height: 720 },
        ]);
      } else {
        // Our click redirect counts the click and lands on the click URL; without one, no clicks.
        expect(view.clickThrough).toBe(entry.clickUrl ? urls.click : null);
        expect(view.clickTracking).toEqual(entry.clickUrl ? [urls.clickPixel] : []);
        expect(view.mediaFiles).toEqual([
          {
            url: `${entry.baseUrl}/media/creatives/7/islands-15s.mp4`,
            mime: 'video/mp4',
            width: 640,
            height: 360,
          },
        ]);
        expect(view.duration).toBe(15);
      }
      for (const url of [
        ...view.impressions,
        ...view.clickTracking,
        ...Object.values(view.tracking).flat(),
      ]) {
        if (entry.baseUrl.startsWith('https://')) expect(url).toMatch(/^https:\/\//);
      }
    },
  );

  it('puts 4.x documents in the VAST namespace and 2.0 and 3.0 in none', () => {
    for (const entry of cases) {
      const namespaced =
        entry.adm.includes('<VAST version="4') && entry.adm.includes('xmlns="http://www.iab.com/VAST"');
      expect(namespaced || !entry.version.startsWith('4')).toBe(true);
      if (!entry.version.startsWith('4')) expect(entry.adm).not.toContain('xmlns=');
    }
  });

  it('rejects the shapes written before: adId on a 3.0 Creative, 4.0 outside the VAST namespace', async () => {
    const v3 = markupFor('inline', [2, 3], CLICK_URL, false).adm;
    const v4 = markupFor('inline', [2, 3, 7], CLICK_URL, false).adm;
    const [adId, noNamespace, valid] = await vastSchemaErrors([
      v3.replace('<Creative id="7"', '<Creative id="7" adId="7"'),
      v4.replace(' xmlns="http://www.iab.com/VAST"', ''),
      v3,
    ]);
    expect(adId).toContain(
      "Schemas validity error : Element 'Creative', attribute 'adId': The attribute 'adId' is not allowed.",
    );
    expect(noNamespace).toContain(
      "Schemas validity error : Element 'VAST': No matching global declaration available for the validation root.",
    );
    expect(valid).toEqual([]);
  });

  it('escapes the title and writes the impression URL as CDATA', () => {
    const { adm } = markupFor('inline', [2, 3, 7], CLICK_URL, false);
    expect(adm).toContain('<AdTitle>Islands &amp; Beaches &lt;Summer&gt; &quot;15s&quot;</AdTitle>');
    expect(adm).toContain(`<![CDATA[${trackingUrlsOf('http://127.0.0.1:8080', TOKEN).impression}]]>`);
  });
});

describe('VAST protocols and linearity', () => {
  it('answers each version under its OpenRTB protocol id', () => {
    const ids = (['2.0', '3.0', '4.0', '4.1', '4.2'] as const).map((version) => [
      vastProtocolOf(version, false),
      vastProtocolOf(version, true),
    ]);
    expect(ids).toEqual([
      [2, 5],
      [3, 6],
      [7, 8],
      [11, 12],
      [13, 14],
    ]);
  });

  it('finds no version for VAST 1.0, DAAST or 4.3 only', () => {
    const imp = (protocols: number[]): Imp => ({ id: '1', video: { mimes: ['video/mp4'], protocols } });
    for (const protocols of [[1], [4], [9, 10], [15, 16]]) {
      for (const kind of ['inline', 'wrapper'] as const) {
        expect(
          findCreativeFit([creative(kind, CLICK_URL)], {
            exchangeId: 1,
            imp: imp(protocols),
            nativeRequest: null,
            trackingIsSecure: false,
          }),
        ).toBeNull();
      }
    }
  });

  it('on a secure imp, answers no creative whose VAST tag or pixels are http', () => {
    const secureImp: Imp = { id: '1', secure: 1, video: { mimes: ['video/mp4'], protocols: [3, 6, 7, 8] } };
    const fitOf = (candidate: BidderCreative) =>
      findCreativeFit([candidate], {
        exchangeId: 1,
        imp: secureImp,
        nativeRequest: null,
        trackingIsSecure: true,
      });
    expect(fitOf(creative('wrapper', CLICK_URL))).toMatchObject({ wrapper: true, vastVersion: '4.0' });
    expect(
      fitOf({ ...creative('wrapper', CLICK_URL), vastUrl: 'http://ads.example.net/vast.xml' }),
    ).toBeNull();
    expect(fitOf(creative('inline', CLICK_URL))).toMatchObject({ wrapper: false, vastVersion: '4.0' });
    expect(
      fitOf({ ...creative('inline', CLICK_URL), trackerUrls: ['http://pixel.example.net/imp'] }),
    ).toBeNull();
    expect(
      fitOf({ ...creative('inline', CLICK_URL), trackerUrls: ['pixel.example.net/imp'] }),
    ).not.toBeNull();
  });

  it('is a linear ad: a slot of linearity 1 or none takes it, an overlay (2) does not', () => {
    expect([undefined, 1, 2].map(isLinearSlot)).toEqual([true, true, false]);
  });
});
