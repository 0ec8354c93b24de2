// Checks a VAST document as an exchange and a player would: against the IAB Tech Lab's XSD for its
// version (libxml2's validator, compiled to WebAssembly: xmllint-wasm), and through a real VAST
// client (@dailymotion/vast-client), following a wrapper to a stand-in inline ad, reporting where
// the player finds the impression, tracking, click and media URLs.
import { readFileSync } from 'node:fs';
import { VASTClient } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { validateXML } from 'xmllint-wasm';
import type { VastVersion } from '../../src/modules/bidding/vast-markup.ts';

const XSD_FILES: Record<VastVersion, string> = {
  '2.0': 'vast_2.0.1.xsd',
  '3.0': 'vast3_draft.xsd',
  '4.0': 'vast4.xsd',
  '4.1': 'vast_4.1.xsd',
  '4.2': 'vast_4.2.xsd',
};

/**
 * The IAB's 4.2 XSD lets UniversalAdId repeat inside an xs:all, which XSD 1.1 allows and XSD 1.0
 * (libxml2) refuses to compile; it is read here with one UniversalAdId (we write one). Every other
 * schema is read as published.
 */
const UNBOUNDED_UNIVERSAL_AD_ID = '<xs:element name="UniversalAdId" minOccurs="1" maxOccurs="unbounded">';

const schemaOf = (version: VastVersion) => {
  const text = readFileSync(new URL(`../fixtures/vast-xsd/${XSD_FILES[version]}`, import.meta.url), 'utf8');
  return version === '4.2'
    ? text.replace(UNBOUNDED_UNIVERSAL_AD_ID, UNBOUNDED_UNIVERSAL_AD_ID.replace('unbounded', '1'))
    : text;
};

/** The version a document declares (<VAST version="...">). */
export const declaredVastVersion = (xml: string) =>
  /<VAST\b[^>]*\bversion="([^"]+)"/.exec(xml)?.[1] as VastVersion | undefined;

/**
 * Validates documents against the XSD of the version each declares: one validator run per
 * version (a run compiles the schema). Returns each document's errors ([] when valid), in order.
 */
export const vastSchemaErrors = async (documents: readonly string[]): Promise<string[][]> => {
  const errors: string[][] = documents.map(() => []);
  const byVersion = new Map<VastVersion, number[]>();
  documents.forEach((xml, index) => {
    const version = declaredVastVersion(xml);
    if (!version || !(version in XSD_FILES)) {
      errors[index]!.push(`no XSD for VAST version ${version ?? '(none)'}`);
      return;
    }
    byVersion.set(version, [...(byVersion.get(version) ?? []), index]);
  });
  for (const [version, indexes] of byVersion) {
    const result = await validateXML({
      xml: indexes.map((index) => ({ fileName: `ad-${index}.xml`, contents: documents[index]! })),
      schema: [{ fileName: XSD_FILES[version], contents: schemaOf(version) }],
    });
    for (const error of result.errors) {
      // Located errors name their file; the closing "ad-N.xml fails to validate" line starts with it.
      const file = error.loc?.fileName ?? /^ad-\d+\.xml/.exec(error.rawMessage)?.[0] ?? '';
      const index = Number(/^ad-(\d+)\.xml$/.exec(file)?.[1]);
      errors[Number.isInteger(index) ? index : indexes[0]!]!.push(error.message);
    }
  }
  return errors;
};

/** What a player reads from the first ad (after following a wrapper). */
export type PlayerView = {
  impressions: string[];
  tracking: Record<string, string[]>;
  clickThrough: string | null;
  clickTracking: string[];
  mediaFiles: { url: string; mime: string; width: number; height: number }[];
  duration: number;
};

type TemplateUrl = { url: string };
type ParsedLinear = {
  type: string;
  trackingEvents: Record<string, string[]>;
  videoClickThroughURLTemplate: TemplateUrl | null;
  videoClickTrackingURLTemplates: TemplateUrl[];
  mediaFiles: { fileURL: string; mimeType: string; width: number; height: number }[];
  duration: number;
};
type ParsedAd = { impressionURLTemplates: TemplateUrl[]; creatives: ParsedLinear[] };

const xmlOf = (text: string) => new DOMParser().parseFromString(text, 'text/xml');

/**
 * Parses the document with the VAST client players use. A wrapper's VASTAdTagURI is answered with
 * `wrappedInline` (a third party's inline ad), so the view is the merged ad a player would run.
 */
export const parseInVastClient = async (xml: string, wrappedInline?: string): Promise<PlayerView> => {
  const fetched: string[] = [];
  const urlHandler = {
    get: async (url: string) => {
      fetched.push(url);
      if (!wrappedInline) return { error: new Error(`unexpected fetch of ${url}`), statusCode: 404 };
      return { xml: xmlOf(wrappedInline), details: { byteLength: wrappedInline.length, statusCode: 200 } };
    },
  };
  const response = (await new VASTClient().parseVAST(xmlOf(xml), { urlHandler })) as {
    ads: ParsedAd[];
    errorURLTemplates: string[];
  };
  const ad = response.ads[0];
  if (!ad) throw new Error(`the VAST client found no ad (fetched ${fetched.join(', ') || 'nothing'})`);
  const linear = ad.creatives.find((creative) => creative.type === 'linear');
  if (!linear) throw new Error('the VAST client found no linear creative');
  return {
    impressions: ad.impressionURLTemplates.map((template) => template.url),
    tracking: linear.trackingEvents,
    clickThrough: linear.videoClickThroughURLTemplate?.url ?? null,
    clickTracking: linear.videoClickTrackingURLTemplates.map((template) => template.url),
    mediaFiles: linear.mediaFiles.map((file) => ({
      url: file.fileURL,
      mime: file.mimeType,
      width: file.width,
      height: file.height,
    })),
    duration: linear.duration,
  };
};
