// What a bid request's privacy signals let the bidder do with personal data, decoded with the IAB's
// own libraries, never guessed from a string being there:
//
// - COPPA (`regs.coppa` 1): nothing personal.
// - GDPR (`regs.gdpr`, or 2.5's `regs.ext.gdpr`): the TCF v2 string of `user.consent` (or 2.5's
//   `user.ext.consent`) decoded by `@iabtcf/core`. A string that does not decode, or one without
//   consent for our vendor id (TCF_VENDOR_ID; none set: no TC string speaks for us), allows nothing.
//   With `gdpr` absent, a TC string that is sent still decides; `gdpr` 0 reads none.
//   Per use, the TCF purposes it needs (consent, or legitimate interest where TCF v2.2 allows it:
//   purposes 2 and 7-11, never 1 and 3-6), publisher restrictions for our vendor applied:
//     user key (frequency caps, the user sample): purpose 1 (store or access the device's id) and
//       purpose 2 (limited data to select ads, which names frequency capping);
//     personalised ads (audiences, the key kept on BID events that rule audiences grow from):
//       that and purposes 3 and 4 (create and use profiles for personalised ads);
//     precise geolocation (lat/lon: geo-fences): special feature 1 opted in, and purpose 2.
// - US Privacy (`regs.us_privacy`, 2.5's `regs.ext.us_privacy`): the IAB's CCPA string, version 1
//   and three characters Y, N or -: an opt-out of sale (Y third), or a string that is not one, allows
//   nothing.
// - GPP (`regs.gpp` with `regs.gpp_sid`, every section in the string when gpp_sid is missing),
//   decoded by `@iabgpp/cmpapi`: section 2 (TCF EU v2) as a TC string above; 6 (US Privacy) as
//   above; the US national and state sections (7 and up) allow nothing on an opt-out of sale,
//   sharing or targeted advertising, an opt-out notice not given, a known child or the Global
//   Privacy Control, and no precise location when any sensitive data processing is refused; any
//   other section (TCF Canada, or one the library does not know) or one that does not decode
//   allows nothing.
// Each signal that applies must allow a use for it to be made. Decoding a TC string takes the
// library 0.1-0.2 ms, so decisions are kept per string (the same users come back).
import { GppModel, Sections } from '@iabgpp/cmpapi';
import { RestrictionType, TCString } from '@iabtcf/core';
import type { BidRequest } from './openrtb-request.ts';

export type ConsentUses = {
  /** The device's or user's id may be read and used to choose ads (frequency caps). */
  userKey: boolean;
  /** Profiles for personalised ads may be made and used (audiences). */
  personalisedAds: boolean;
  /** Precise location (lat/lon) may be used. */
  preciseGeo: boolean;
};

const ALL: ConsentUses = { userKey: true, personalisedAds: true, preciseGeo: true };
const NONE: ConsentUses = { userKey: false, personalisedAds: false, preciseGeo: false };

const both = (a: ConsentUses, b: ConsentUses): ConsentUses => ({
  userKey: a.userKey && b.userKey,
  personalisedAds: a.personalisedAds && b.personalisedAds,
  preciseGeo: a.preciseGeo && b.preciseGeo,
});

/** TCF v2.2 purposes a vendor may base on legitimate interest (never 1, nor 3-6). */
const LEGITIMATE_INTEREST_PURPOSES = new Set([2, 7, 8, 9, 10, 11]);
const PRECISE_GEOLOCATION = 1;

/** The uses a TCF v2 string grants our vendor. */
const tcfUsesOf = (tcString: string, vendorId: number | null): ConsentUses => {
  if (vendorId === null || tcString === '') return NONE;
  let model: ReturnType<typeof TCString.decode>;
  try {
    model = TCString.decode(tcString);
  } catch {
    return NONE;
  }
  if (Number(model.version) !== 2) return NONE;
  if (!model.vendorConsents.has(vendorId)) return NONE;
  const restrictionOf = new Map(
    model.publisherRestrictions
      .getRestrictions(vendorId)
      .map((restriction) => [restriction.purposeId, restriction.restrictionType]),
  );
  const allows = (purpose: number) => {
    const restriction = restrictionOf.get(purpose);
    if (restriction === RestrictionType.NOT_ALLOWED) return false;
    const byConsent = restriction !== RestrictionType.REQUIRE_LI && model.purposeConsents.has(purpose);
    const byInterest =
      LEGITIMATE_INTEREST_PURPOSES.has(purpose) &&
      restriction !== RestrictionType.REQUIRE_CONSENT &&
      model.purposeLegitimateInterests.has(purpose) &&
      model.vendorLegitimateInterests.has(vendorId);
    return byConsent || byInterest;
  };
  const userKey = allows(1) && allows(2);
  return {
    userKey,
    personalisedAds: userKey && allows(3) && allows(4),
    preciseGeo: allows(2) && model.specialFeatureOptins.has(PRECISE_GEOLOCATION),
  };
};

/** The IAB US Privacy string: '1', then notice, opt-out of sale and LSPA, each Y, N or '-'. */
const usPrivacyUsesOf = (usPrivacy: string): ConsentUses => {
  if (!/^1[YN-]{3}$/i.test(usPrivacy)) return NONE;
  return usPrivacy[2]!.toUpperCase() === 'Y' ? NONE : ALL;
};

/** The GPP header (3) and signal integrity (4) sections say nothing of their own. */
const HEADER_SECTIONS = new Set([3, 4]);
const TCF_EU_V2 = 2;
const USP_V1 = 6;
const FIRST_US_SECTION = 7;
/** Opt-outs: 1 opted out. Notices: 2 not given. */
const OPT_OUTS = ['SaleOptOut', 'SharingOptOut', 'TargetedAdvertisingOptOut'];
const NOTICES = [
  'SaleOptOutNotice',
  'SharingOptOutNotice',
  'SharingNotice',
  'TargetedAdvertisingOptOutNotice',
];

const numbersOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number) : value === undefined ? [] : [Number(value)];

/** A US national or state section (IAB MSPA fields), decoded. */
const usSectionUsesOf = (model: GppModel, name: string): ConsentUses => {
  const field = (fieldName: string) =>
    model.hasField(name, fieldName) ? model.getFieldValue(name, fieldName) : undefined;
  if (OPT_OUTS.some((fieldName) => numbersOf(field(fieldName)).includes(1))) return NONE;
  if (NOTICES.some((fieldName) => numbersOf(field(fieldName)).includes(2))) return NONE;
  if (numbersOf(field('KnownChildSensitiveDataConsents')).some((value) => value !== 0)) return NONE;
  if (field('Gpc') === true) return NONE;
  const sensitiveRefused = numbersOf(field('SensitiveDataProcessing')).includes(1);
  return { ...ALL, preciseGeo: !sensitiveRefused };
};

/** The uses a GPP string grants, for the sections that apply (all of the string's when none are listed). */
const gppUsesOf = (
  gpp: string,
  applicable: readonly number[] | undefined,
  vendorId: number | null,
): ConsentUses => {
  let model: GppModel;
  let sectionIds: number[];
  try {
    model = new GppModel(gpp);
    sectionIds = model.getSectionIds().map(Number);
  } catch {
    return NONE;
  }
  // Sections follow the header in the order of its ids (GPP string format).
  const parts = gpp.split('~');
  let uses = ALL;
  for (const sectionId of applicable && applicable.length > 0 ? applicable : sectionIds) {
    if (HEADER_SECTIONS.has(sectionId)) continue;
    const at = sectionIds.indexOf(sectionId);
    const raw = at < 0 ? undefined : parts[at + 1];
    const name = Sections.SECTION_ID_NAME_MAP.get(sectionId);
    if (raw === undefined || name === undefined) return NONE;
    try {
      if (sectionId === TCF_EU_V2) uses = both(uses, tcfUsesOf(raw, vendorId));
      else if (sectionId === USP_V1) uses = both(uses, usPrivacyUsesOf(raw));
      else if (sectionId >= FIRST_US_SECTION) uses = both(uses, usSectionUsesOf(model, name));
      else return NONE;
    } catch {
      return NONE;
    }
  }
  return uses;
};

const CACHE_LIMIT = 10_000;
/** Real strings are a few hundred characters; longer ones are decided each time, so memory stays bounded. */
const CACHED_KEY_MAX = 2_048;
const decided = new Map<string, ConsentUses>();

/** Decoding is slow and the same strings come back: decisions are kept (cleared when full). */
const remembered = (key: string, decide: () => ConsentUses): ConsentUses => {
  const known = decided.get(key);
  if (known) return known;
  const uses = decide();
  if (key.length > CACHED_KEY_MAX) return uses;
  if (decided.size >= CACHE_LIMIT) decided.clear();
  decided.set(key, uses);
  return uses;
};

const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const extOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** What the request's privacy signals allow our vendor (TCF_VENDOR_ID, null: none) to do. */
export const readConsent = (request: BidRequest, vendorId: number | null): ConsentUses => {
  const regs = request.regs ?? {};
  if (regs.coppa === 1) return NONE;
  let uses = ALL;
  const gdpr = regs.gdpr ?? regs.ext?.gdpr;
  const tcString = request.user?.consent ?? stringOf(extOf(request.user?.ext).consent);
  if (gdpr === 1 || (gdpr === undefined && tcString)) {
    const tc = tcString ?? '';
    uses = remembered(`tcf|${vendorId}|${tc}`, () => tcfUsesOf(tc, vendorId));
  }
  const usPrivacy = regs.us_privacy ?? regs.ext?.us_privacy;
  if (usPrivacy) uses = both(uses, usPrivacyUsesOf(usPrivacy));
  if (regs.gpp || (regs.gpp_sid?.length ?? 0) > 0) {
    const gpp = regs.gpp ?? '';
    const sids = regs.gpp_sid;
    uses = both(
      uses,
      remembered(`gpp|${vendorId}|${sids?.join(',') ?? '*'}|${gpp}`, () => gppUsesOf(gpp, sids, vendorId)),
    );
  }
  return uses;
};
