// White-label config by host, user settings by who may read them, and the advertiser's balance
// (spec sections 3 and 7).
import type { SessionData } from '@console/core/api/auth';
import type { CompanyConfig } from '@console/core/api/company-config';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/companies.ts';
import {
  createVerifiedAccount,
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  insertUser,
  NO_PERMISSION,
  sessionOf,
  USER_NOT_FOUND,
} from './support/accounts.ts';
import { bookSpend, creditAccount } from './support/ledger-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

type Name = 'admin' | 'coadmin' | 'agency' | 'adv1' | 'adv2' | 'advertiser';
let t: TestApp;
const s: Record<Name, SessionData> = {} as never;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['admin', 'coadmin', 'agency', 'adv1', 'adv2', 'advertiser'] as const) {
    s[name] = await sessionOf(t, `${name}@demo.test`);
  }
});
afterAll(() => t.close());

const configFor = async (host?: string) => {
  const result = await t.call('GET', '/api/auth/agency-config', host ? { headers: { host } } : {});
  expect(result.status).toBe(200);
  expect(result.body.success).toBe(true);
  return dataOf<CompanyConfig>(result);
};

/** Exactly the keys of spec section 3, nothing more, each of the right type. */
const expectSpecShape = (config: CompanyConfig) => {
  expect(Object.keys(config).sort()).toEqual(['company', 'footer', 'meta', 'theme']);
  expect(Object.keys(config.company).sort()).toEqual(
    ['agency_primary_id', 'favicon', 'help_and_support', 'help_and_support_link', 'logoSrc', 'name'].sort(),
  );
  expect(Object.keys(config.meta)).toEqual(['title']);
  expect(Object.keys(config.theme).sort()).toEqual(
    ['cardBackgroundColor', 'hoverColor', 'navbarColor', 'primaryColor', 'textAgencyColor'].sort(),
  );
  expect(Object.keys(config.footer).sort()).toEqual(['startYear', 'text']);
  for (const color of Object.values(config.theme)) expect(color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(config.company.agency_primary_id).toEqual(expect.any(Number));
  expect(config.company.help_and_support).toEqual(expect.any(Boolean));
  expect(config.footer.startYear).toEqual(expect.any(Number));
};

describe('GET /api/auth/agency-config', () => {
  it("answers the platform's config for the default host, without signing in", async () => {
    const config = await configFor();
    expectSpecShape(config);
    const [platform] = await t.deps.db.select().from(companies).where(isNull(companies.agencyId));
    expect(config).toEqual({
      company: {
        name: 'Trading Desk',
        logoSrc: '/brand/logo.svg',
        favicon: '/brand/favicon.svg',
        agency_primary_id: platform!.id,
        help_and_support: false,
        help_and_support_link: '',
      },
      meta: { title: 'Trading Desk Console' },
      theme: {
        primaryColor: '#1c7ed6',
        hoverColor: '#1864ab',
        textAgencyColor: '#1a1b1e',
        cardBackgroundColor: '#ffffff',
        navbarColor: '#1b2a41',
      },
      footer: { startYear: 2024, text: 'Trading Desk. All rights reserved.' },
    });
  });

  it("answers the agency's brand on its custom domain", async () => {
    const config = await configFor('northwind.localhost');
    expectSpecShape(config);
    expect(config).toEqual({
      company: {
        name: 'Northwind Media',
        logoSrc: '',
        favicon: '',
        agency_primary_id: s.agency.user_primary_id,
        help_and_support: true,
        help_and_support_link: 'https://example.com/support',
      },
      meta: { title: 'Northwind Media Console' },
      theme: {
        primaryColor: '#2b8a3e',
        hoverColor: '#237032',
        textAgencyColor: '#1a1b1e',
        cardBackgroundColor: '#f8f9fa',
        navbarColor: '#0b3d20',
      },
      footer: { startYear: 2025, text: 'Northwind Media, powered by Trading Desk.' },
    });
  });

  it('matches the custom domain with a port and in any case', async () => {
    const branded = await configFor('northwind.localhost');
    for (const host of ['northwind.localhost:8080', 'NorthWind.LocalHost:5173', 'NORTHWIND.LOCALHOST']) {
      expect(await configFor(host), host).toEqual(branded);
    }
  });

  it('falls back to the platform for unknown and look-alike hosts', async () => {
    const platform = await configFor();
    for (const host of [
      'other.example',
      'northwind.localhost.evil.test',
      'evil-northwind.localhost',
      'localhost:8080',
    ]) {
      expect(await configFor(host), host).toEqual(platform);
    }
  });
});

describe('GET /api/auth/user-settings/:user_primary_id', () => {
  const settings = (token: string, userId: number | string) =>
    t.call('GET', `/api/auth/user-settings/${userId}`, { token });

  const ADVERTISER_SETTINGS = { insight_dashboard: true, postback_enabled: 'ENABLED', api_access: true };
  const ADV1_SETTINGS = { insight_dashboard: false, postback_enabled: 'DISABLED', api_access: false };
  const AGENCY_SETTINGS = { insight_dashboard: true, postback_enabled: 'ENABLED', api_access: true };

  it('lets a user read its own settings', async () => {
    expect((await settings(s.advertiser.token, s.advertiser.user_primary_id)).body).toEqual({
      success: true,
      data: ADVERTISER_SETTINGS,
    });
    expect(dataOf(await settings(s.adv1.token, s.adv1.user_primary_id))).toEqual(ADV1_SETTINGS);
    expect(dataOf(await settings(s.agency.token, s.agency.user_primary_id))).toEqual(AGENCY_SETTINGS);
  });

  it('answers empty settings for the admin and the co-admin', async () => {
    expect((await settings(s.admin.token, s.admin.user_primary_id)).body).toEqual({
      success: true,
      data: {},
    });
    expect(dataOf(await settings(s.coadmin.token, s.coadmin.user_primary_id))).toEqual({});
    expect(dataOf(await settings(s.admin.token, s.coadmin.user_primary_id))).toEqual({});
  });

  it('lets the admin and the co-admin read agencies and advertisers', async () => {
    for (const token of [s.admin.token, s.coadmin.token]) {
      expect(dataOf(await settings(token, s.advertiser.user_primary_id))).toEqual(ADVERTISER_SETTINGS);
      expect(dataOf(await settings(token, s.agency.user_primary_id))).toEqual(AGENCY_SETTINGS);
      expect(dataOf(await settings(token, s.adv1.user_primary_id))).toEqual(ADV1_SETTINGS);
    }
  });

  it('lets the owning agency read its advertisers, and nobody else below', async () => {
    expect(dataOf(await settings(s.agency.token, s.adv1.user_primary_id))).toEqual(ADV1_SETTINGS);
    expect((await settings(s.agency.token, s.adv2.user_primary_id)).status).toBe(200);
    expectError(await settings(s.agency.token, s.advertiser.user_primary_id), 404, USER_NOT_FOUND);
    const otherAgency = await createVerifiedAccount(t, { role: 'AGENCY' });
    expectError(await settings(s.agency.token, otherAgency.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await settings(otherAgency.token, s.adv1.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await settings(otherAgency.token, s.agency.user_primary_id), 404, USER_NOT_FOUND);
  });

  it('refuses with 404: an advertiser reading another, anyone reading a user above it', async () => {
    expectError(await settings(s.advertiser.token, s.adv1.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await settings(s.adv1.token, s.adv2.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await settings(s.adv1.token, s.agency.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await settings(s.agency.token, s.admin.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await settings(s.coadmin.token, s.admin.user_primary_id), 404, USER_NOT_FOUND);
    expectError(await settings(s.admin.token, 987_654), 404, USER_NOT_FOUND);
  });

  it('lets the agency read its advertiser while acting as it', async () => {
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: s.agency.token,
        body: { user_primary_id: s.adv1.user_primary_id },
      }),
    );
    const result = await t.call('GET', `/api/auth/user-settings/${s.adv1.user_primary_id}`, {
      token: child.token,
      query: { agency_id: s.agency.user_primary_id },
    });
    expect(dataOf(result)).toEqual(ADV1_SETTINGS);
  });

  it('gives a new account the default settings', async () => {
    const account = await createVerifiedAccount(t);
    expect(dataOf(await settings(account.token, account.user_primary_id))).toEqual(ADV1_SETTINGS);
  });

  it('validates the id and needs a session', async () => {
    for (const id of ['abc', '0', '-4', '1.5']) {
      expectFieldErrors(await settings(s.admin.token, id), { user_primary_id: true });
    }
    expectUnauthorized(await t.call('GET', `/api/auth/user-settings/${s.adv1.user_primary_id}`));
  });
});

describe('GET /api/campaning/getAdvertiserBalance', () => {
  const balance = (token: string) => t.call('GET', '/api/campaning/getAdvertiserBalance', { token });

  it("answers the advertiser's balance in micro-units as a number", async () => {
    const result = await balance(s.advertiser.token);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, data: 5_000_000_000 });
    expect(dataOf(await balance(s.adv1.token))).toBe(1_250_500_000);
    expect((await balance(s.adv2.token)).body).toEqual({ success: true, data: 0 });
  });

  it('follows the ledger', async () => {
    const user = await insertUser(t, { role: 'ADVERTISER' });
    const token = await t.loginAs(user.email, user.password);
    expect(dataOf(await balance(token))).toBe(0);
    await creditAccount(t, user.id, 12_345_678n);
    await bookSpend(t, user.id, { mediaCostMicros: 2_345_678n });
    expect(dataOf(await balance(token))).toBe(10_000_000);
  });

  it('answers the acted-as advertiser while impersonating', async () => {
    const child = dataOf<SessionData>(
      await t.call('POST', '/api/auth/auto-login', {
        token: s.admin.token,
        body: { user_primary_id: s.advertiser.user_primary_id },
      }),
    );
    expect(dataOf(await balance(child.token))).toBe(5_000_000_000);
  });

  it.each(['admin', 'coadmin', 'agency'] as const)('refuses %s with 403', async (name) => {
    expectError(await balance(s[name].token), 403, NO_PERMISSION);
  });
});
