import { describe, expect, it } from 'vitest';
import { hrefOf } from './feature-href.ts';

describe('hrefOf: links from the role route tables', () => {
  it('gives each role its own path for the same page', () => {
    expect(hrefOf('ADVERTISER', 'campaign.view', { id: 7 })).toBe('/campaign/7');
    expect(hrefOf('AGENCY', 'campaign.view', { id: 7 })).toBe('/agency/campaign/viewCampaign/7');
    expect(hrefOf('ADMIN', 'campaign.view', { id: 7 })).toBe('/admin/campaign/viewCampaign/7');
    expect(hrefOf('CO-ADMIN', 'campaign.view', { id: 7 })).toBe('/co-admin/campaign/viewCampaign/7');
  });

  it('answers null for a page the role does not have, or a missing param', () => {
    expect(hrefOf('ADVERTISER', 'exchange.approval')).toBeNull();
    expect(hrefOf('AGENCY', 'campaign.clone', { id: 1 })).toBeNull();
    expect(hrefOf('ADMIN', 'campaign.view')).toBeNull();
  });

  it("prefers the role's own area to a path it shares, and uses the shared one when it is the only one", () => {
    expect(hrefOf('CO-ADMIN', 'creative.list')).toBe('/co-admin/creative');
    expect(hrefOf('CO-ADMIN', 'metadata.view')).toBe('/co-admin/metadata');
    expect(hrefOf('CO-ADMIN', 'creative.bulkEdit')).toBe('/creative/bulk-creative-edit');
  });

  it('encodes parameter values', () => {
    expect(hrefOf('ADVERTISER', 'report.create', { report_type: 'a b/c' })).toBe('/report/create/a%20b%2Fc');
  });
});
