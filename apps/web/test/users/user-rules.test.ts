import { percentToBps } from '@console/core/format/bps';
import { describe, expect, it } from 'vitest';
import { fromConfigForm, toConfigForm } from '../../src/features/users/config-form.ts';
import {
  canAddUser,
  canSignInAs,
  dollarsToMicros,
  hasUserConfig,
  nextStatus,
  parseId,
  userPaths,
} from '../../src/features/users/user-rules.ts';

describe('user rules', () => {
  it('offers "sign in as" down the ladder only, and only for active users', () => {
    expect(canSignInAs('ADMIN', { role: 'CO-ADMIN', status: 'ACTIVE' })).toBe(true);
    expect(canSignInAs('ADMIN', { role: 'ADVERTISER', status: 'ACTIVE' })).toBe(true);
    expect(canSignInAs('ADMIN', { role: 'ADMIN', status: 'ACTIVE' })).toBe(false);
    expect(canSignInAs('CO-ADMIN', { role: 'CO-ADMIN', status: 'ACTIVE' })).toBe(false);
    expect(canSignInAs('CO-ADMIN', { role: 'AGENCY', status: 'ACTIVE' })).toBe(true);
    expect(canSignInAs('ADMIN', { role: 'AGENCY', status: 'INACTIVE' })).toBe(false);
    expect(canSignInAs(undefined, { role: 'AGENCY', status: 'ACTIVE' })).toBe(false);
  });

  it('lets only the admin add users', () => {
    expect(canAddUser('ADMIN')).toBe(true);
    expect(canAddUser('CO-ADMIN')).toBe(false);
    expect(canAddUser('AGENCY')).toBe(false);
  });

  it('knows which users have a config, and flips the status', () => {
    expect(hasUserConfig('AGENCY')).toBe(true);
    expect(hasUserConfig('CO-ADMIN')).toBe(false);
    expect(nextStatus('ACTIVE')).toBe('INACTIVE');
    expect(nextStatus('PENDING')).toBe('ACTIVE');
  });

  it('builds the paths of each area; editUser is the shared admin path', () => {
    expect(userPaths('CO-ADMIN').config(7)).toBe('/co-admin/user-config/7');
    expect(userPaths('CO-ADMIN').edit(7)).toBe('/admin/editUser/7');
    expect(userPaths('ADMIN').payments(7)).toBe('/admin/CampaignList/payment-list/7');
  });

  it('parses route ids', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBe(0);
    expect(parseId('1e3')).toBe(0);
    expect(parseId(undefined)).toBe(0);
  });

  it('converts percent to basis points and dollars to micros', () => {
    expect(percentToBps(15)).toBe(1500);
    expect(percentToBps(12.345)).toBe(1235);
    expect(dollarsToMicros(2.5)).toBe(2_500_000);
    expect(dollarsToMicros(0.1 + 0.2)).toBe(300_000);
  });
});

describe('config form', () => {
  const config = {
    insight_dashboard: true,
    postback_enabled: 'DISABLED' as const,
    api_access: false,
    margin_bps: 1250,
    optimisation: { target_cpa_micros: 3_000_000 },
  };

  it('round-trips the API config', () => {
    const form = toConfigForm(config);
    expect(form.marginPercent).toBe(12.5);
    expect(form.targetCpaDollars).toBe(3);
    expect(form.postback_enabled).toBe(false);
    expect(fromConfigForm(form)).toEqual({
      ...config,
      optimisation: { auto_bid: false, target_cpa_micros: 3_000_000, block_low_ctr_placements: false },
    });
  });

  it('leaves out an empty target CPA and reads an empty margin as 0', () => {
    const body = fromConfigForm({ ...toConfigForm(config), targetCpaDollars: '', marginPercent: '' });
    expect(body.margin_bps).toBe(0);
    expect('target_cpa_micros' in body.optimisation).toBe(false);
  });

  it("round-trips an agency's range of advertiser margins in percent, and sends none for an advertiser", () => {
    const agency = { ...config, advertiser_margin_bounds: { min_bps: 250, max_bps: 2000 } };
    const form = toConfigForm(agency);
    expect(form.bounds).toEqual({ minPercent: 2.5, maxPercent: 20 });
    expect(
      fromConfigForm({ ...form, bounds: { minPercent: 5, maxPercent: '30 %' } }).advertiser_margin_bounds,
    ).toEqual({ min_bps: 500, max_bps: 3000 });
    expect('advertiser_margin_bounds' in fromConfigForm(toConfigForm(config))).toBe(false);
  });
});
