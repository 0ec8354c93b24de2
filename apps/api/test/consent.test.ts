// Consent decoded, not guessed: real TCF v2 strings made with the IAB's encoder (support/tc-strings.ts),
// US Privacy strings and GPP strings made with the IAB's GPP library, read by bidding/consent.ts.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RestrictionType } from '@iabtcf/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { type ConsentUses, readConsent } from '../src/modules/bidding/consent.ts';
import { parseBidRequest } from '../src/modules/bidding/openrtb-request.ts';
import {
  FULL_CONSENT,
  gppStringOf,
  gppWithTcString,
  OTHER_TCF_VENDOR_ID,
  TEST_TCF_VENDOR_ID,
  tcStringOf,
} from './support/tc-strings.ts';

const ALL: ConsentUses = { userKey: true, personalisedAds: true, preciseGeo: true };
const NONE: ConsentUses = { userKey: false, personalisedAds: false, preciseGeo: false };

const consentOf = (body: Record<string, unknown>, vendorId: number | null = TEST_TCF_VENDOR_ID) => {
  const parsed = parseBidRequest({ id: 'r', imp: [{ id: '1', banner: { w: 300, h: 250 } }], ...body });
  if (!parsed.ok) throw new Error(parsed.reason);
  return readConsent(parsed.request, vendorId);
};
const underGdpr = (consent: string) => consentOf({ regs: { gdpr: 1 }, user: { consent } });

/** Our vendor id, as the tests configure it. */
const US = TEST_TCF_VENDOR_ID;

describe('TCF v2 (GDPR)', () => {
  it('allows every use with our vendor consented and purposes 1-4 and geolocation', () => {
    expect(underGdpr(tcStringOf(FULL_CONSENT))).toEqual(ALL);
  });

  it('allows nothing for a string that is not a TC string, an empty one or none', () => {
    for (const consent of ['NOT-A-TCF-STRING', 'CO-consent-string', ''])
      expect(underGdpr(consent), consent).toEqual(NONE);
    expect(consentOf({ regs: { gdpr: 1 } })).toEqual(NONE);
  });

  it('allows nothing when another vendor has the consent, or no vendor id of ours is set', () => {
    expect(underGdpr(tcStringOf({ ...FULL_CONSENT, vendorConsents: [OTHER_TCF_VENDOR_ID] }))).toEqual(NONE);
    expect(consentOf({ regs: { gdpr: 1 }, user: { consent: tcStringOf(FULL_CONSENT) } }, null)).toEqual(NONE);
  });

  it('needs purpose 1 for the user key, 3 and 4 for personalised ads, special feature 1 for location', () => {
    expect(underGdpr(tcStringOf({ ...FULL_CONSENT, purposeConsents: [2, 3, 4] }))).toEqual({
      ...NONE,
      preciseGeo: true,
    });
    expect(underGdpr(tcStringOf({ ...FULL_CONSENT, purposeConsents: [1, 2, 3] }))).toEqual({
      ...ALL,
      personalisedAds: false,
    });
    expect(underGdpr(tcStringOf({ ...FULL_CONSENT, specialFeatures: [] }))).toEqual({
      ...ALL,
      preciseGeo: false,
    });
  });

  it('takes legitimate interest for purpose 2 (ours and the purpose), never for 1, 3 or 4', () => {
    const interest = { vendorConsents: [US], vendorInterests: [US], specialFeatures: [1] };
    expect(underGdpr(tcStringOf({ ...interest, purposeConsents: [1, 3, 4], purposeInterests: [2] }))).toEqual(
      ALL,
    );
    // The purpose's interest without our vendor's: no.
    expect(
      underGdpr(
        tcStringOf({ ...interest, vendorInterests: [], purposeConsents: [1], purposeInterests: [2] }),
      ),
    ).toEqual(NONE);
    expect(underGdpr(tcStringOf({ ...interest, purposeConsents: [2], purposeInterests: [1, 3, 4] }))).toEqual(
      {
        ...NONE,
        preciseGeo: true,
      },
    );
  });

  it("applies the publisher's restrictions for our vendor", () => {
    const notAllowed = tcStringOf({ ...FULL_CONSENT, restrictions: [[US, 2, RestrictionType.NOT_ALLOWED]] });
    expect(underGdpr(notAllowed)).toEqual(NONE);
    const byInterest = { vendorConsents: [US], vendorInterests: [US], purposeConsents: [1, 3, 4] };
    const consentRequired = tcStringOf({
      ...byInterest,
      purposeInterests: [2],
      restrictions: [[US, 2, RestrictionType.REQUIRE_CONSENT]],
    });
    expect(underGdpr(consentRequired).userKey).toBe(false);
    // Another vendor's restriction is not ours.
    const theirs = tcStringOf({
      ...FULL_CONSENT,
      restrictions: [[OTHER_TCF_VENDOR_ID, 2, RestrictionType.NOT_ALLOWED]],
    });
    expect(underGdpr(theirs)).toEqual(ALL);
  });

  it('reads the 2.5 locations (regs.ext.gdpr, user.ext.consent), and a TC string sent without gdpr', () => {
    const consented = tcStringOf(FULL_CONSENT);
    expect(consentOf({ regs: { ext: { gdpr: 1 } }, user: { ext: { consent: consented } } })).toEqual(ALL);
    expect(consentOf({ regs: { ext: { gdpr: 1 } }, user: { ext: { consent: 'NOT-A-TCF-STRING' } } })).toEqual(
      NONE,
    );
    expect(consentOf({ regs: { ext: { gdpr: 1 } } })).toEqual(NONE);
    expect(consentOf({ regs: {}, user: { consent: 'NOT-A-TCF-STRING' } })).toEqual(NONE);
    expect(consentOf({ user: { consent: 'NOT-A-TCF-STRING' } })).toEqual(NONE);
    expect(consentOf({ user: { consent: tcStringOf(FULL_CONSENT) } })).toEqual(ALL);
    expect(consentOf({ regs: { gdpr: 0 }, user: { consent: 'NOT-A-TCF-STRING' } })).toEqual(ALL);
    expect(consentOf({})).toEqual(ALL);
  });
});

describe('US Privacy, GPP and COPPA', () => {
  it('reads the US Privacy string as the IAB writes it: an opt-out of sale or a broken string allows nothing', () => {
    expect(consentOf({ regs: { us_privacy: '1YNN' } })).toEqual(ALL);
    expect(consentOf({ regs: { us_privacy: '1---' } })).toEqual(ALL);
    expect(consentOf({ regs: { us_privacy: '1YYN' } })).toEqual(NONE);
    expect(consentOf({ regs: { ext: { us_privacy: '1NYY' } } })).toEqual(NONE);
    for (const broken of ['YNN', '2YNN', '1YXN', '1YNNN'])
      expect(consentOf({ regs: { us_privacy: broken } })).toEqual(NONE);
  });

  it('reads GPP sections: US Privacy, US national, TCF EU', () => {
    const usp = (optOut: string) =>
      gppStringOf({ uspv1: { Notice: 'Y', OptOutSale: optOut, LspaCovered: 'N' } });
    expect(consentOf({ regs: { gpp: usp('N'), gpp_sid: [6] } })).toEqual(ALL);
    expect(consentOf({ regs: { gpp: usp('Y'), gpp_sid: [6] } })).toEqual(NONE);

    const usnat = (fields: Record<string, unknown>) =>
      gppStringOf({
        usnat: {
          SaleOptOutNotice: 1,
          SharingOptOutNotice: 1,
          TargetedAdvertisingOptOutNotice: 1,
          SaleOptOut: 2,
          SharingOptOut: 2,
          TargetedAdvertisingOptOut: 2,
          ...fields,
        },
      });
    expect(consentOf({ regs: { gpp: usnat({}), gpp_sid: [7] } })).toEqual(ALL);
    expect(consentOf({ regs: { gpp: usnat({ TargetedAdvertisingOptOut: 1 }), gpp_sid: [7] } })).toEqual(NONE);
    expect(consentOf({ regs: { gpp: usnat({ SaleOptOut: 1 }), gpp_sid: [7] } })).toEqual(NONE);
    expect(consentOf({ regs: { gpp: usnat({ TargetedAdvertisingOptOutNotice: 2 }), gpp_sid: [7] } })).toEqual(
      NONE,
    );
    expect(
      consentOf({ regs: { gpp: usnat({ KnownChildSensitiveDataConsents: [1, 0, 0] }), gpp_sid: [7] } }),
    ).toEqual(NONE);
    const sensitive = Array.from({ length: 16 }, (_, index) => (index === 7 ? 1 : 0));
    expect(consentOf({ regs: { gpp: usnat({ SensitiveDataProcessing: sensitive }), gpp_sid: [7] } })).toEqual(
      {
        ...ALL,
        preciseGeo: false,
      },
    );

    expect(consentOf({ regs: { gpp: gppWithTcString(FULL_CONSENT), gpp_sid: [2] } })).toEqual(ALL);
    const otherVendor = gppWithTcString({ ...FULL_CONSENT, vendorConsents: [OTHER_TCF_VENDOR_ID] });
    expect(consentOf({ regs: { gpp: otherVendor, gpp_sid: [2] } })).toEqual(NONE);

    // Two sections: each is read from its own place in the string.
    const mixed = gppWithTcString(FULL_CONSENT, {
      uspv1: { Notice: 'Y', OptOutSale: 'Y', LspaCovered: 'N' },
    });
    expect(consentOf({ regs: { gpp: mixed, gpp_sid: [2] } })).toEqual(ALL);
    expect(consentOf({ regs: { gpp: mixed, gpp_sid: [6] } })).toEqual(NONE);
    expect(consentOf({ regs: { gpp: mixed } })).toEqual(NONE);
  });

  it('applies only the listed sections, all of them when none are listed; unknown or broken ones allow nothing', () => {
    const optedOut = gppStringOf({ uspv1: { Notice: 'Y', OptOutSale: 'Y', LspaCovered: 'N' } });
    // A section the request does not say applies is not read; the header's own id is skipped.
    expect(consentOf({ regs: { gpp: optedOut, gpp_sid: [3] } })).toEqual(ALL);
    expect(consentOf({ regs: { gpp: optedOut } })).toEqual(NONE);
    // A listed section the string does not carry, TCF Canada (not read), a broken string.
    expect(consentOf({ regs: { gpp: optedOut, gpp_sid: [7] } })).toEqual(NONE);
    const canada = gppStringOf({ tcfcav1: { CmpId: 10 } });
    expect(consentOf({ regs: { gpp: canada, gpp_sid: [5] } })).toEqual(NONE);
    expect(consentOf({ regs: { gpp: 'NOT-A-GPP-STRING', gpp_sid: [7] } })).toEqual(NONE);
    expect(consentOf({ regs: { gpp_sid: [7] } })).toEqual(NONE);
  });

  it('uses nothing personal under COPPA, whatever else is sent', () => {
    expect(consentOf({ regs: { coppa: 1, gdpr: 1 }, user: { consent: tcStringOf(FULL_CONSENT) } })).toEqual(
      NONE,
    );
  });

  it('needs every signal that applies: a GDPR consent does not outweigh a US opt-out', () => {
    expect(
      consentOf({ regs: { gdpr: 1, us_privacy: '1YYN' }, user: { consent: tcStringOf(FULL_CONSENT) } }),
    ).toEqual(NONE);
  });
});

describe('TCF_VENDOR_ID', () => {
  const env = {
    PAYLOAD_KEY: 'b'.repeat(64),
    JWT_SECRET: 'c'.repeat(40),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')),
  };

  it('is our vendor id when set, none when unset, and refused when it is not a vendor id', () => {
    expect(loadConfig({ ...env, TCF_VENDOR_ID: '1234' }).tcfVendorId).toBe(1234);
    expect(loadConfig(env).tcfVendorId).toBeNull();
    for (const wrong of ['0', '12.5', 'acme', '70000'])
      expect(() => loadConfig({ ...env, TCF_VENDOR_ID: wrong }), wrong).toThrow(
        /TCF_VENDOR_ID must be a whole number/,
      );
  });
});
