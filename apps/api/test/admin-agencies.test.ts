// Agencies for admin and co-admin (spec sections 3 and 7): the list with advertiser
// counts, the white-label company config editor whose custom domain really brands that host, and
// brand-image uploads that are sniffed, size-checked and served from /media.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMAIN_MESSAGE, HEX_COLOR_MESSAGE } from '@console/core/api/agencies';
import type { CompanyConfig } from '@console/core/api/company-config';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit.ts';
import {
  dataOf,
  expectError,
  expectFieldErrors,
  expectUnauthorized,
  NO_PERMISSION,
} from './support/accounts.ts';
import {
  addUser,
  DEMO,
  type Endpoint,
  expectAllForbidden,
  expectAllNeedToken,
  expectAllNotFound,
  uploadFile,
} from './support/admin-fixtures.ts';
import { pngBytes } from './support/media-bytes.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

type Page<T> = { items: T[]; total: number; page: number; limit: number };
type AgencyRow = {
  user_primary_id: number;
  email: string;
  companyName: string;
  status: string;
  advertisers: number;
  custom_domain: string | null;
};
type CompanyEdit = {
  name: string;
  logoSrc: string;
  favicon: string;
  help_and_support: boolean;
  help_and_support_link: string;
  meta_title: string;
  theme: Record<
    'primaryColor' | 'hoverColor' | 'textAgencyColor' | 'cardBackgroundColor' | 'navbarColor',
    string
  >;
  footer: { startYear: number; text: string };
  custom_domain: string;
};
type Uploaded = { url: string; width?: number; height?: number };

let t: TestApp;
let tok: DemoTokens;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
});
afterAll(() => t.close());

const BRAND: CompanyEdit = {
  name: 'Brand Test Co',
  logoSrc: '',
  favicon: '',
  help_and_support: true,
  help_and_support_link: 'https://help.brand-test.example/',
  meta_title: 'Brand Test Console',
  theme: {
    primaryColor: '#1c7ed6',
    hoverColor: '#1864ab',
    textAgencyColor: '#212529',
    cardBackgroundColor: '#ffffff',
    navbarColor: '#0b7285',
  },
  footer: { startYear: 2024, text: 'Brand Test Co, all rights reserved.' },
  custom_domain: 'brand-test.localhost',
};

const companyPath = (id: number) => `/api/admin/agencies/${id}/company`;
const listAgencies = (token: string, query: Record<string, string | number> = {}) =>
  t.call('GET', '/api/admin/agencies', { token, query });
const agencyConfig = (host: string) => t.call('GET', '/api/auth/agency-config', { headers: { host } });
const upload = (token: string | undefined, bytes: Uint8Array, type: string, name: string) =>
  uploadFile(t, '/api/admin/uploads/brand-image', token, { bytes, type, name });

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/admin/agencies' },
  { method: 'GET', path: companyPath(DEMO.agency.id) },
  { method: 'PUT', path: companyPath(DEMO.agency.id), body: BRAND },
];

describe('permissions', () => {
  it('answers 401 of the catalogue without a token', async () => {
    await expectAllNeedToken(t, ENDPOINTS);
    expectUnauthorized(
      await upload(undefined, pngBytes(1, 1), 'image/png', 'logo.png'),
      'Please sign in to continue.',
    );
  });

  it('refuses the agency and the advertisers with 403', async () => {
    for (const name of ['agency', 'adv1', 'advertiser'] as const) {
      await expectAllForbidden(t, tok[name], ENDPOINTS);
      expectError(await upload(tok[name], pngBytes(1, 1), 'image/png', 'logo.png'), 403, NO_PERMISSION);
    }
  });

  it('answers 404 for a company of a user that is no agency', async () => {
    for (const id of [DEMO.adv1.id, DEMO.admin.id, 987_654]) {
      await expectAllNotFound(
        t,
        tok.coadmin,
        [
          { method: 'GET', path: companyPath(id) },
          { method: 'PUT', path: companyPath(id), body: { ...BRAND, custom_domain: '' } },
        ],
        'Agency not found.',
      );
    }
  });
});

describe('GET /api/admin/agencies', () => {
  it('lists the demo agency with its two advertisers and its custom domain', async () => {
    for (const token of [tok.admin, tok.coadmin]) {
      const result = await listAgencies(token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const page = dataOf<Page<AgencyRow>>(result);
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({
        user_primary_id: DEMO.agency.id,
        email: DEMO.agency.email,
        companyName: 'Northwind Media',
        status: 'ACTIVE',
        advertisers: 2,
        custom_domain: 'northwind.localhost',
      });
    }
  });

  it('counts, sorts, searches and pages with new agencies', async () => {
    const empty = await addUser(t, tok.admin, { role: 'AGENCY', companyName: 'Aardvark Ads' });
    const busy = await addUser(t, tok.admin, { role: 'AGENCY', companyName: 'Zebra Media' });
    for (let i = 0; i < 3; i++) {
      await addUser(t, tok.admin, { role: 'ADVERTISER', agency_id: busy.user_primary_id });
    }
    const byName = dataOf<Page<AgencyRow>>(await listAgencies(tok.admin));
    expect(byName.items.map((row) => row.companyName)).toEqual([
      'Aardvark Ads',
      'Northwind Media',
      'Zebra Media',
    ]);
    expect(byName.items[0]).toMatchObject({ advertisers: 0, custom_domain: null });
    const byCount = dataOf<Page<AgencyRow>>(
      await listAgencies(tok.admin, { sort: 'advertisers', order: 'desc' }),
    );
    expect(byCount.items.map((row) => [row.user_primary_id, row.advertisers])).toEqual([
      [busy.user_primary_id, 3],
      [DEMO.agency.id, 2],
      [empty.user_primary_id, 0],
    ]);
    const found = dataOf<Page<AgencyRow>>(await listAgencies(tok.coadmin, { q: 'zebra' }));
    expect(found.items.map((row) => row.user_primary_id)).toEqual([busy.user_primary_id]);
    const second = dataOf<Page<AgencyRow>>(await listAgencies(tok.admin, { limit: 2, page: 2 }));
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.items.map((row) => row.companyName)).toEqual(['Zebra Media']);
    expectFieldErrors(await listAgencies(tok.admin, { sort: 'password' }), { sort: true });
    expectFieldErrors(await listAgencies(tok.admin, { status: 'GONE' }), { status: true });
  });
});

describe('agency company config', () => {
  it("reads the demo agency's brand", async () => {
    const result = await t.call('GET', companyPath(DEMO.agency.id), { token: tok.coadmin });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(dataOf<CompanyEdit>(result)).toMatchObject({
      name: 'Northwind Media',
      custom_domain: 'northwind.localhost',
      meta_title: 'Northwind Media Console',
      help_and_support: true,
      theme: { primaryColor: '#2b8a3e', navbarColor: '#0b3d20' },
      footer: { startYear: 2025 },
    });
  });

  it("starts a new agency from the platform's config with the agency's name and no domain", async () => {
    const agency = await addUser(t, tok.admin, { role: 'AGENCY', companyName: 'Fresh Brand' });
    const edit = dataOf<CompanyEdit>(
      await t.call('GET', companyPath(agency.user_primary_id), { token: tok.admin }),
    );
    const platform = dataOf<CompanyConfig>(await agencyConfig('localhost'));
    expect(edit).toMatchObject({ name: 'Fresh Brand', custom_domain: '', theme: platform.theme });
  });

  it('answers bad colours, domains, links and years with 400 and a message per field', async () => {
    const put = (body: unknown) => t.call('PUT', companyPath(DEMO.agency.id), { token: tok.admin, body });
    expectFieldErrors(
      await put({ ...BRAND, theme: { ...BRAND.theme, primaryColor: 'blue', navbarColor: '#12345' } }),
      {
        'theme.primaryColor': HEX_COLOR_MESSAGE,
        'theme.navbarColor': HEX_COLOR_MESSAGE,
      },
    );
    for (const domain of [
      'http://brand.example.com',
      'brand.example.com/console',
      'localhost',
      'bad domain.com',
    ]) {
      expectFieldErrors(await put({ ...BRAND, custom_domain: domain }), { custom_domain: DOMAIN_MESSAGE });
    }
    expectFieldErrors(await put({ ...BRAND, help_and_support: true, help_and_support_link: '' }), {
      help_and_support_link: 'Help & Support needs a link starting with http:// or https://.',
    });
    expectFieldErrors(await put({ ...BRAND, footer: { startYear: 1980, text: '' } }), {
      'footer.startYear': 'Choose a year from 1990.',
    });
    expectFieldErrors(await put({ ...BRAND, logoSrc: 'javascript:alert(1)', name: '' }), {
      logoSrc: 'Use an uploaded file or an https:// link.',
      name: 'The company name is required.',
    });
    // Nothing of it was saved.
    const after = dataOf<CompanyEdit>(await t.call('GET', companyPath(DEMO.agency.id), { token: tok.admin }));
    expect(after.custom_domain).toBe('northwind.localhost');
  });

  it('saves a brand with a new custom domain, which then brands that host; the change is logged', async () => {
    const agency = await addUser(t, tok.admin, { role: 'AGENCY', companyName: 'Brand Test Co' });
    const id = agency.user_primary_id;
    const saved = await t.call('PUT', companyPath(id), {
      token: tok.admin,
      body: { ...BRAND, custom_domain: 'Brand-Test.LOCALHOST' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Company config saved.');
    expect(dataOf<CompanyEdit>(saved)).toEqual(BRAND);
    expect(dataOf<CompanyEdit>(await t.call('GET', companyPath(id), { token: tok.coadmin }))).toEqual(BRAND);

    for (const host of ['brand-test.localhost', 'brand-test.localhost:5173', 'BRAND-TEST.localhost']) {
      const config = await agencyConfig(host);
      expect(config.status, JSON.stringify(config.body)).toBe(200);
      expect(dataOf<CompanyConfig>(config)).toEqual({
        company: {
          name: 'Brand Test Co',
          logoSrc: '',
          favicon: '',
          agency_primary_id: id,
          help_and_support: true,
          help_and_support_link: BRAND.help_and_support_link,
        },
        meta: { title: 'Brand Test Console' },
        theme: BRAND.theme,
        footer: BRAND.footer,
      });
    }
    const rows = dataOf<Page<AgencyRow>>(await listAgencies(tok.admin, { q: 'Brand Test' })).items;
    expect(rows[0]?.custom_domain).toBe('brand-test.localhost');

    // A co-admin edits the colours; the host follows at once.
    const recoloured = { ...BRAND, theme: { ...BRAND.theme, primaryColor: '#e8590c' } };
    expect((await t.call('PUT', companyPath(id), { token: tok.coadmin, body: recoloured })).status).toBe(200);
    expect(dataOf<CompanyConfig>(await agencyConfig('brand-test.localhost')).theme.primaryColor).toBe(
      '#e8590c',
    );

    const log = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'company'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(log.map((entry) => [entry.action, entry.actorUserId])).toEqual([
      ['update', DEMO.admin.id],
      ['update', DEMO.coadmin.id],
    ]);
    expect(log[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'custom_domain', from: '', to: 'brand-test.localhost' },
        { field: 'meta_title', from: expect.any(String), to: 'Brand Test Console' },
      ]),
    );
    expect(log[1]!.changes).toEqual([
      {
        field: 'theme',
        from: BRAND.theme,
        to: recoloured.theme,
      },
    ]);
  });

  it("refuses another agency's domain with 409 and frees a domain its agency gives up", async () => {
    const taken = await t.call('PUT', companyPath(DEMO.agency.id), {
      token: tok.admin,
      body: { ...BRAND, name: 'Northwind Media', custom_domain: 'brand-test.localhost' },
    });
    expectError(taken, 409, 'This domain is already used by another agency.');
    expect(dataOf<CompanyConfig>(await agencyConfig('northwind.localhost')).company.name).toBe(
      'Northwind Media',
    );

    const other = await addUser(t, tok.admin, { role: 'AGENCY', companyName: 'Mover' });
    const put = (domain: string) =>
      t.call('PUT', companyPath(other.user_primary_id), {
        token: tok.admin,
        body: { ...BRAND, name: 'Mover', custom_domain: domain },
      });
    expect((await put('mover-one.localhost')).status).toBe(200);
    expect(dataOf<CompanyConfig>(await agencyConfig('mover-one.localhost')).company.name).toBe('Mover');
    expect((await put('mover-two.localhost')).status).toBe(200);
    const platform = dataOf<CompanyConfig>(await agencyConfig('localhost'));
    expect(dataOf<CompanyConfig>(await agencyConfig('mover-one.localhost'))).toEqual(platform);
    expect(dataOf<CompanyConfig>(await agencyConfig('mover-two.localhost')).company.name).toBe('Mover');
    // Saving its own domain again is no conflict.
    expect((await put('mover-two.localhost')).status).toBe(200);
  });
});

describe('POST /api/admin/uploads/brand-image', () => {
  it('stores a real PNG and serves the same bytes from /media', async () => {
    const png = pngBytes(3, 2);
    const result = await upload(tok.admin, png, 'image/png', 'logo.png');
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toBe('File uploaded.');
    const stored = dataOf<Uploaded>(result);
    expect(stored).toMatchObject({ width: 3, height: 2 });
    expect(stored.url).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    expect(stored.url).not.toContain('logo');

    const served = await fetch(new URL(stored.url, t.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(readFileSync(join(t.deps.media.mediaDir, stored.url.replace('/media/', ''))).equals(png)).toBe(
      true,
    );

    // The co-admin may upload too, and the file can become an agency's logo.
    const favicon = dataOf<Uploaded>(await upload(tok.coadmin, pngBytes(16, 16), 'image/png', 'favicon.png'));
    const agency = await addUser(t, tok.admin, { role: 'AGENCY', companyName: 'Logo Co' });
    const saved = await t.call('PUT', companyPath(agency.user_primary_id), {
      token: tok.admin,
      body: {
        ...BRAND,
        name: 'Logo Co',
        logoSrc: stored.url,
        favicon: favicon.url,
        custom_domain: 'logo-co.localhost',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const config = dataOf<CompanyConfig>(await agencyConfig('logo-co.localhost'));
    expect(config.company).toMatchObject({ logoSrc: stored.url, favicon: favicon.url });
  });

  it('sniffs the content: a text file named .png is refused with 400', async () => {
    const text = new TextEncoder().encode('this is not an image at all, just some text\n'.repeat(10));
    expectError(
      await upload(tok.admin, text, 'image/png', 'logo.png'),
      400,
      /This file type is not accepted/,
    );
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expectError(
      await upload(tok.admin, svg, 'image/svg+xml', 'logo.svg'),
      400,
      /This file type is not accepted/,
    );
  });

  it('refuses a PNG declared as image/jpeg with 400', async () => {
    expectError(
      await upload(tok.admin, pngBytes(2, 2), 'image/jpeg', 'logo.jpg'),
      400,
      'The file claims to be image/jpeg but its content is image/png.',
    );
  });

  it('refuses a file over 512 KB with 400, also when it is a valid PNG', async () => {
    const justOver = pngBytes(2, 2, 512 * 1024);
    expect(justOver.length).toBeGreaterThan(512 * 1024);
    expectError(
      await upload(tok.admin, justOver, 'image/png', 'big.png'),
      400,
      'The file is too large: at most 512 KB.',
    );
    const muchBigger = pngBytes(2, 2, 2 * 1024 * 1024);
    expectError(
      await upload(tok.admin, muchBigger, 'image/png', 'huge.png'),
      400,
      'The file is too large: at most 512 KB.',
    );
    // Just under the limit is fine.
    const under = pngBytes(2, 2, 500 * 1024);
    expect((await upload(tok.admin, under, 'image/png', 'fine.png')).status).toBe(200);
  });

  it('refuses an empty file, a missing file and a JSON body with 400', async () => {
    expectError(
      await upload(tok.admin, new Uint8Array(0), 'image/png', 'empty.png'),
      400,
      'The file is empty.',
    );
    const json = await t.call('POST', '/api/admin/uploads/brand-image', {
      token: tok.admin,
      body: { file: 'x' },
    });
    expectError(json, 400, 'Send the file as multipart/form-data in the field "file".');
  });
});
