// Real TCF v2 consent strings and GPP strings for the consent tests, made with the IAB's own encoders
// (@iabtcf/core's TCModel + TCString.encode, @iabgpp/cmpapi's GppModel). The encoder needs a Global
// Vendor List; a small one is built here in the GVL's JSON shape (specification 3, policy 5), with
// our test vendor and another one, so no vendor list is fetched.
import { GppModel } from '@iabgpp/cmpapi';
import type { RestrictionType } from '@iabtcf/core';
import { GVL, PurposeRestriction, TCModel, TCString } from '@iabtcf/core';

/** The vendor id the tests configure as ours (TCF_VENDOR_ID). */
export const TEST_TCF_VENDOR_ID = 1234;
/** Another vendor on the list: consent given to it is not consent given to us. */
export const OTHER_TCF_VENDOR_ID = 755;

const declared = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      index + 1,
      { id: index + 1, name: `Item ${index + 1}`, description: '', illustrations: [] },
    ]),
  );

const vendorOf = (id: number) => ({
  id,
  name: `Vendor ${id}`,
  purposes: [1, 3, 4],
  legIntPurposes: [2, 7],
  flexiblePurposes: [2, 7],
  specialPurposes: [1, 2],
  features: [],
  specialFeatures: [1],
  urls: [],
  usesCookies: true,
  cookieMaxAgeSeconds: 31_536_000,
  usesNonCookieAccess: true,
});

const testVendorList = () =>
  new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 90,
    tcfPolicyVersion: 5,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes: declared(11),
    specialPurposes: declared(3),
    features: declared(3),
    specialFeatures: declared(2),
    stacks: {},
    dataCategories: {},
    vendors: {
      [TEST_TCF_VENDOR_ID]: vendorOf(TEST_TCF_VENDOR_ID),
      [OTHER_TCF_VENDOR_ID]: vendorOf(OTHER_TCF_VENDOR_ID),
    },
  } as unknown as ConstructorParameters<typeof GVL>[0]);

export type TcChoices = {
  vendorConsents?: number[];
  vendorInterests?: number[];
  purposeConsents?: number[];
  purposeInterests?: number[];
  specialFeatures?: number[];
  /** Publisher restrictions: [vendor, purpose, type]. */
  restrictions?: [number, number, RestrictionType][];
  /** A consent for one site or app only (what the GPP library's TCF EU section requires). */
  serviceSpecific?: boolean;
};

/** A TC string with these choices, as a CMP would write it. */
export const tcStringOf = (choices: TcChoices): string => {
  const model = new TCModel(testVendorList());
  model.cmpId = 10;
  model.cmpVersion = 1;
  model.consentScreen = 1;
  model.publisherCountryCode = 'DE';
  model.isServiceSpecific = choices.serviceSpecific ?? false;
  model.vendorConsents.set(choices.vendorConsents ?? []);
  model.vendorLegitimateInterests.set(choices.vendorInterests ?? []);
  model.purposeConsents.set(choices.purposeConsents ?? []);
  model.purposeLegitimateInterests.set(choices.purposeInterests ?? []);
  model.specialFeatureOptins.set(choices.specialFeatures ?? []);
  for (const [vendor, purpose, type] of choices.restrictions ?? [])
    model.publisherRestrictions.add(vendor, new PurposeRestriction(purpose, type));
  return TCString.encode(model);
};

/** Everything our vendor could be given: consent to purposes 1-4, geolocation opted in. */
export const FULL_CONSENT: TcChoices = {
  vendorConsents: [TEST_TCF_VENDOR_ID],
  purposeConsents: [1, 2, 3, 4],
  specialFeatures: [1],
};

type GppSections = Record<string, Record<string, unknown>>;

const gppModelOf = (sections: GppSections) => {
  const model = new GppModel();
  for (const [section, fields] of Object.entries(sections))
    for (const [field, value] of Object.entries(fields)) model.setFieldValue(section, field, value);
  return model;
};

/** A GPP string with these sections' fields (section name -> field -> value). */
export const gppStringOf = (sections: GppSections): string => gppModelOf(sections).encode();

/** A GPP string whose TCF EU v2 section is a TC string with these choices, with other sections' fields. */
export const gppWithTcString = (choices: TcChoices, others: GppSections = {}): string => {
  const model = gppModelOf(others);
  model.decodeSection('tcfeuv2', tcStringOf({ ...choices, serviceSpecific: true }));
  return model.encode();
};
