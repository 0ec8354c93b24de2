import { describe, expect, it } from 'vitest';
import { agencyPaths, canSignInAsAgency } from '../../src/features/agencies/agency-rules.ts';
import {
  checkBrandContrast,
  formatRatio,
  resolvePreviewColors,
} from '../../src/features/agencies/brand-contrast.ts';

const theme = {
  primaryColor: '#1c5fb8',
  hoverColor: '#174e96',
  textAgencyColor: '#212529',
  cardBackgroundColor: '#ffffff',
  navbarColor: '#1e2230',
};

describe('brand contrast checks', () => {
  it('passes a readable theme', () => {
    const checks = checkBrandContrast(theme);
    expect(checks.map((check) => check.id)).toEqual([
      'textOnCard',
      'textOnPage',
      'primaryOnCard',
      'buttonLabel',
      'menuOnNavbar',
    ]);
    expect(checks.every((check) => check.passes)).toBe(true);
  });

  it('flags light grey text on a white card (below 4.5:1), naming both colours', () => {
    const failing = checkBrandContrast({ ...theme, textAgencyColor: '#dddddd' }).filter(
      (check) => !check.passes,
    );
    expect(failing.map((check) => check.id)).toEqual(['textOnCard', 'textOnPage']);
    expect(failing[0]?.fields).toEqual(['textAgencyColor', 'cardBackgroundColor']);
    expect(failing[0]!.ratio).toBeLessThan(1.5);
  });

  it('previews half-typed colours as grey instead of failing', () => {
    expect(resolvePreviewColors({ ...theme, primaryColor: '#12' }).primary).toBe('#888888');
  });

  it('rounds a ratio down, so a failing pair never reads as 4.50', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });
});

describe('agency rules', () => {
  it('builds the paths of each area', () => {
    expect(agencyPaths('CO-ADMIN').edit(3)).toBe('/co-admin/editAgency/3');
    expect(agencyPaths('ADMIN').advertisers(3)).toBe('/admin/users?role=ADVERTISER&agency=3');
  });

  it('offers "sign in as" for active agencies to admin and co-admin', () => {
    expect(canSignInAsAgency('ADMIN', 'ACTIVE')).toBe(true);
    expect(canSignInAsAgency('CO-ADMIN', 'ACTIVE')).toBe(true);
    expect(canSignInAsAgency('AGENCY', 'ACTIVE')).toBe(false);
    expect(canSignInAsAgency('ADMIN', 'INACTIVE')).toBe(false);
  });
});
