// Inventory lists: create, upload (streamed, validated line by line, stored by the import
// worker), entries paged and searched, add and remove, change log with counts and samples, delete
// only when unused, CSV export, DSP association ids, and the scope of every route.
import type { ApplistDetail, ApplistListItem, EntryEditResult } from '@console/core/api/inventory-lists';
import type { ChangeLogEntry } from '@console/core/api/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applists } from '../src/db/schema/campaigns.ts';
import { listImports } from '../src/db/schema/lists.ts';
import { createListImportWorker } from '../src/modules/inventory/list-import-worker.ts';
import { createCampaign, expectOk, type Page } from './campaign-fixtures.ts';
import { entriesOf, upload, uploadAndWait, waitForImport } from './list-fixtures.ts';
import { dataOf, expectError, expectFieldErrors, NO_PERMISSION } from './support/accounts.ts';
import { DEMO, expectAllNeedToken, secondAgency } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { TestApp } from './support/test-app.ts';

const NOT_FOUND = 'Inventory list not found.';
let t: TestApp;
let tok: DemoTokens;
let other: { advertiserId: number; advertiserToken: string; agencyToken: string };

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp({ listUploadMaxBytes: 64 * 1024 }));
  const second = await secondAgency(t, tok.admin);
  other = {
    advertiserId: second.advertiser.user_primary_id,
    advertiserToken: await t.loginAs(second.advertiser.email, second.advertiser.password),
    agencyToken: second.agencyToken,
  };
});
afterAll(() => t.close());

const create = async (token: string, body: Record<string, unknown>) =>
  dataOf<ApplistDetail>(expectOk(await t.call('POST', '/api/applists', { token, body })));
const read = async (token: string, id: number) =>
  dataOf<ApplistDetail>(expectOk(await t.call('GET', `/api/applists/${id}`, { token })));
const changeLog = async (token: string, id: number) =>
  dataOf<Page<ChangeLogEntry>>(expectOk(await t.call('GET', `/api/applists/${id}/change-log`, { token })));
const countLists = async () =>
  Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(applists))[0]!.n);
const countImports = async () =>
  Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(listImports))[0]!.n);

describe('inventory lists: access', () => {
  it('answers 401 without a token on every route', async () => {
    await expectAllNeedToken(t, [
      { method: 'GET', path: '/api/applists' },
      { method: 'POST', path: '/api/applists', body: { name: 'X', kind: 'APP' } },
      { method: 'GET', path: '/api/applists/1' },
      { method: 'PATCH', path: '/api/applists/1', body: { name: 'X' } },
      { method: 'DELETE', path: '/api/applists/1' },
      { method: 'GET', path: '/api/applists/1/entries' },
      { method: 'POST', path: '/api/applists/1/entries', body: { add: ['a.com'] } },
      { method: 'GET', path: '/api/applists/1/export' },
      { method: 'GET', path: '/api/applists/1/change-log' },
      { method: 'PUT', path: '/api/admin/applists/1/assoc-map', body: { applist_assoc_map: [] } },
      { method: 'GET', path: '/api/list-imports/1' },
    ]);
    const result = await upload(
      t,
      '/api/applists/uploads',
      undefined,
      { name: 'X', kind: 'APP' },
      { content: 'com.a.b' },
    );
    expect(result.status).toBe(401);
  });

  it("keeps each tenant to its own lists: another advertiser's or agency's list is not found", async () => {
    const list = await create(tok.adv1, { name: 'Adv1 Private', kind: 'SITE', entries: ['example.com'] });
    for (const token of [tok.advertiser, tok.adv2, other.advertiserToken, other.agencyToken]) {
      expectError(await t.call('GET', `/api/applists/${list.applist_id}`, { token }), 404, NOT_FOUND);
      expectError(await t.call('GET', `/api/applists/${list.applist_id}/entries`, { token }), 404, NOT_FOUND);
      expectError(await t.call('GET', `/api/applists/${list.applist_id}/export`, { token }), 404, NOT_FOUND);
      expectError(
        await t.call('GET', `/api/applists/${list.applist_id}/change-log`, { token }),
        404,
        NOT_FOUND,
      );
      expectError(
        await t.call('POST', `/api/applists/${list.applist_id}/entries`, { token, body: { add: ['a.com'] } }),
        404,
        NOT_FOUND,
      );
      expectError(
        await t.call('PATCH', `/api/applists/${list.applist_id}`, { token, body: { name: 'Taken' } }),
        404,
        NOT_FOUND,
      );
      expectError(await t.call('DELETE', `/api/applists/${list.applist_id}`, { token }), 404, NOT_FOUND);
      const uploaded = await upload(
        t,
        '/api/applists/uploads',
        token,
        { applist_id: list.applist_id },
        { content: 'b.com' },
      );
      expectError(uploaded, 404, NOT_FOUND);
      const names = dataOf<Page<ApplistListItem>>(
        expectOk(await t.call('GET', '/api/applists', { token, query: { limit: 100 } })),
      );
      expect(names.items.map((item) => item.applist_id)).not.toContain(list.applist_id);
    }
    // Its agency, admin and co-admin see it.
    for (const token of [tok.agency, tok.admin, tok.coadmin])
      expect((await read(token, list.applist_id)).name).toBe('Adv1 Private');
    expect((await read(tok.adv1, list.applist_id)).entry_count).toBe(1);
  });

  it('lets an agency make lists for its own advertisers only, and an advertiser for itself only', async () => {
    const made = await create(tok.agency, { name: 'Agency Made', kind: 'APP', advertiser_id: DEMO.adv2.id });
    expect(made.advertiser.user_primary_id).toBe(DEMO.adv2.id);
    expectFieldErrors(
      await t.call('POST', '/api/applists', { token: tok.agency, body: { name: 'No', kind: 'APP' } }),
      {
        advertiser_id: 'Choose the advertiser of this list.',
      },
    );
    expectFieldErrors(
      await t.call('POST', '/api/applists', {
        token: tok.agency,
        body: { name: 'No', kind: 'APP', advertiser_id: other.advertiserId },
      }),
      { advertiser_id: 'Choose one of your advertisers.' },
    );
    expectFieldErrors(
      await t.call('POST', '/api/applists', {
        token: tok.adv1,
        body: { name: 'No', kind: 'APP', advertiser_id: DEMO.adv2.id },
      }),
      { advertiser_id: 'An advertiser creates lists for itself only.' },
    );
    const byUpload = await upload(
      t,
      '/api/applists/uploads',
      tok.agency,
      { name: 'No Upload', kind: 'APP', advertiser_id: other.advertiserId },
      { content: 'com.a.b' },
    );
    expectFieldErrors(byUpload, { advertiser_id: 'Choose one of your advertisers.' });
  });

  it("does not show another tenant's import, and refuses its list in a campaign", async () => {
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.adv1,
      { name: 'Adv1 Upload', kind: 'APP' },
      { content: 'com.a.b\n' },
    );
    expectError(
      await t.call('GET', `/api/list-imports/${job.import_id}`, { token: tok.advertiser }),
      404,
      'Import not found.',
    );
    expectOk(await t.call('GET', `/api/list-imports/${job.import_id}`, { token: tok.agency }));
    const result = await t.call('POST', '/api/campaigns', {
      token: tok.advertiser,
      body: {
        name: 'Foreign list',
        start_at: new Date(Date.now() + 86_400_000).toISOString(),
        end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        total_budget_micros: 1_000_000_000,
        bid_micros: 2_000_000,
        min_bid_micros: 1_000_000,
        max_bid_micros: 3_000_000,
        inventory: [{ applist_id: job.applist_id, mode: 'BLOCK' }],
      },
    });
    expectFieldErrors(result, {
      inventory: `These inventory lists are not this advertiser's: ${job.applist_id}.`,
    });
  });

  it('lets only admin and co-admin set the DSP association ids', async () => {
    const list = await create(tok.advertiser, { name: 'Assoc Target', kind: 'APP' });
    const path = `/api/admin/applists/${list.applist_id}/assoc-map`;
    const body = { applist_assoc_map: [{ dsp_name: 'Kritter', associate_applist_id: 'kr-777' }] };
    for (const token of [tok.advertiser, tok.agency])
      expectError(await t.call('PUT', path, { token, body }), 403, NO_PERMISSION);
    const saved = dataOf<ApplistDetail>(expectOk(await t.call('PUT', path, { token: tok.coadmin, body })));
    expect(saved.applist_assoc_map).toEqual(body.applist_assoc_map);
    expect((await read(tok.advertiser, list.applist_id)).applist_assoc_map).toEqual(body.applist_assoc_map);
    // The same upstream id on another list of the same DSP is refused.
    const second = await create(tok.advertiser, { name: 'Assoc Second', kind: 'APP' });
    expectFieldErrors(
      await t.call('PUT', `/api/admin/applists/${second.applist_id}/assoc-map`, { token: tok.admin, body }),
      {
        applist_assoc_map: 'An associate id of this DSP belongs to another inventory list.',
      },
    );
    expectError(
      await t.call('PUT', '/api/admin/applists/999999/assoc-map', { token: tok.admin, body }),
      404,
      NOT_FOUND,
    );
    // Ids reach a bigint column: past the safe integers is refused, 2^31 is only not found.
    expectError(await t.call('GET', '/api/applists/9007199254740993', { token: tok.admin }), 400);
    expectError(await t.call('GET', '/api/applists/2147483648', { token: tok.admin }), 404, NOT_FOUND);
  });
});

describe('inventory lists: entries', () => {
  it('normalises entries on create and refuses a list with a bad one, naming it', async () => {
    const list = await create(tok.advertiser, {
      name: 'Normalised Sites',
      kind: 'SITE',
      default_mode: 'ALLOW',
      entries: ['HTTPS://News.Example.COM/path?x=1', 'news.example.com', 'shop.example.co.uk.', 'Bücher.de'],
    });
    expect(list.entry_count).toBe(3);
    expect(list.default_mode).toBe('ALLOW');
    expect((await entriesOf(t, tok.advertiser, list.applist_id)).items).toEqual([
      'news.example.com',
      'shop.example.co.uk',
      'xn--bcher-kva.de',
    ]);
    expectFieldErrors(
      await t.call('POST', '/api/applists', {
        token: tok.advertiser,
        body: { name: 'Bad Sites', kind: 'SITE', entries: ['good.com', 'co.uk'] },
      }),
      { entries: 'Entry 2 (co.uk): Is a public suffix, not a site (like example.co.uk).' },
    );
    expectFieldErrors(
      await t.call('POST', '/api/applists', {
        token: tok.advertiser,
        body: { name: 'Normalised Sites', kind: 'APP' },
      }),
      {
        name: 'This advertiser already has an inventory list with this name.',
      },
    );
    expectFieldErrors(
      await t.call('POST', '/api/applists', {
        token: tok.advertiser,
        body: { name: 'Bad*Name', kind: 'APP' },
      }),
      {
        name: 'Invalid input. Please use only letters, numbers, spaces, and hyphens.',
      },
    );
  });

  it('reads an uploaded file line by line: bad lines named by number, duplicates merged, counts answered', async () => {
    const lines = [
      'com.example.game',
      'com.Example.Game',
      'not a bundle',
      'id389801252',
      '',
      'com.example.game',
      '389801252',
      'https://example.com',
      '  com.example.puzzle  ',
    ];
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Uploaded Apps', kind: 'APP', default_mode: 'BLOCK' },
      { content: lines.join('\r\n') },
    );
    expect(job.status).toBe('DONE');
    expect(job).toMatchObject({ lines: 8, valid: 6, rejected: 2, accepted: 4, duplicates: 2, removed: 0 });
    expect(job.rejected_lines).toEqual([
      {
        line: 3,
        text: 'not a bundle',
        reason: 'Not an app bundle (like com.example.game) or a numeric store id (like 389801252).',
      },
      {
        line: 8,
        text: 'https://example.com',
        reason: 'Not an app bundle (like com.example.game) or a numeric store id (like 389801252).',
      },
    ]);
    const list = await read(tok.advertiser, job.applist_id!);
    expect(list).toMatchObject({
      name: 'Uploaded Apps',
      kind: 'APP',
      default_mode: 'BLOCK',
      entry_count: 4,
      pending_import_id: null,
    });
    expect((await entriesOf(t, tok.advertiser, list.applist_id)).items).toEqual([
      '389801252',
      'com.Example.Game',
      'com.example.game',
      'com.example.puzzle',
    ]);
  });

  it('skips the title line of a one-per-line file instead of rejecting it', async () => {
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Titled Sites', kind: 'SITE' },
      {
        content: 'Domain\nexample.org\nbad_domain\nthird.example.net\n',
        name: 'sites.csv',
        type: 'text/csv',
      },
    );
    expect(job).toMatchObject({ lines: 3, valid: 2, rejected: 1, accepted: 2 });
    expect(job.rejected_lines).toEqual([expect.objectContaining({ line: 3, text: 'bad_domain' })]);
    // Only the first line can be a title: the same word further down is a rejected entry.
    const later = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Untitled Sites', kind: 'SITE' },
      { content: 'example.org\nDomain\n' },
    );
    expect(later).toMatchObject({ lines: 2, valid: 1, rejected: 1 });
  });

  it('reads the CSV column picked from the header, and refuses a column the file lacks', async () => {
    const csv =
      'name,Domain,notes\n"Example, Inc",example.org,"a ""quoted"" note"\nOther,bad_domain,\nThird,Third.example.net,\n';
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Csv Sites', kind: 'SITE', column: 'domain' },
      { content: csv, name: 'sites.csv', type: 'text/csv' },
    );
    expect(job).toMatchObject({ lines: 3, valid: 2, rejected: 1, accepted: 2 });
    expect(job.rejected_lines[0]).toMatchObject({ line: 3, text: 'bad_domain' });
    expect((await entriesOf(t, tok.advertiser, job.applist_id!)).items).toEqual([
      'example.org',
      'third.example.net',
    ]);
    const before = await countImports();
    expectError(
      await upload(
        t,
        '/api/applists/uploads',
        tok.advertiser,
        { name: 'Csv Missing', kind: 'SITE', column: 'url' },
        { content: csv },
      ),
      400,
      'The file has no column "url". Its columns are: "name", "Domain", "notes".',
    );
    expect(await countImports()).toBe(before);
  });

  it('refuses files that are not lists, whole, with a clear message, storing nothing', async () => {
    const lists = await countLists();
    const imports = await countImports();
    const cases: [Uint8Array | string, string | RegExp][] = [
      ['', 'The file is empty: it has no entries.'],
      ['\n  \n\n', 'The file is empty: it has no entries.'],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), /not a text file/],
      [
        Buffer.concat([Buffer.from('example.com\nsecond.com\n'), Buffer.from([0xe9, 0x74, 0xe9, 0x0a])]),
        /not UTF-8 text from line 3/,
      ],
      [`example.com\n${'a'.repeat(10_000)}\n`, /Line 2 is longer than 1,000 characters/],
      [
        'example.com\n'.repeat(6000),
        'The file is larger than 64 KB. Split it and upload the parts one after another (add to the list).',
      ],
    ];
    for (const [content, message] of cases) {
      const result = await upload(
        t,
        '/api/applists/uploads',
        tok.advertiser,
        { name: 'Refused File', kind: 'SITE' },
        { content },
      );
      expectError(result, 400, message);
    }
    expect(await countLists()).toBe(lists);
    expect(await countImports()).toBe(imports);
    expectFieldErrors(
      await upload(t, '/api/applists/uploads', tok.advertiser, { kind: 'SITE' }, { content: 'a.com' }),
      {
        name: 'List name cannot be empty.',
      },
    );
    expectError(
      await t.call('POST', '/api/applists/uploads', { token: tok.advertiser, body: { name: 'x' } }),
      400,
    );
  });

  it('reads UTF-16 files with their byte-order mark', async () => {
    const text = '\ufeffexample.com\nsecond.example.com\n';
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      bytes[i * 2] = text.charCodeAt(i) & 0xff;
      bytes[i * 2 + 1] = text.charCodeAt(i) >> 8;
    }
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Utf16 Sites', kind: 'SITE' },
      { content: bytes },
    );
    expect(job).toMatchObject({ status: 'DONE', accepted: 2, rejected: 0 });
  });

  it('copies a spool file cut anywhere into its staging table, counting rows and reporting progress', async () => {
    // The worker hands the spool's bytes over as they are read: chunks end mid-line and mid-character.
    const values = Array.from({ length: 110_000 }, (_, i) => `v${i}.é.example`);
    const bytes = Buffer.from(values.map((value) => `${value}\n`).join(''));
    const chunks = async function* () {
      for (let at = 0; at < bytes.length; at += 4099) yield bytes.subarray(at, at + 4099);
    };
    const staging = 'list_import_rows_copy_test';
    await t.deps.db.execute(sql`create unlogged table ${sql.identifier(staging)} (value text not null)`);
    try {
      const reported: number[] = [];
      const written = await t.deps.copyRows(staging, chunks(), (done) => {
        reported.push(done);
      });
      expect(written).toBe(values.length);
      // Every 50,000 rows (at the end of the chunk that crosses them), and once at the end.
      expect(reported).toHaveLength(3);
      expect(reported[0]).toBeGreaterThanOrEqual(50_000);
      expect(reported[1]).toBeGreaterThanOrEqual(100_000);
      expect(reported[2]).toBe(values.length);
      const result = await t.deps.db.execute<{ n: number; last: string }>(
        sql`select count(distinct value)::int as n, max(value) filter (where value like 'v109999.%') as last
            from ${sql.identifier(staging)}`,
      );
      expect((result as unknown as { rows: { n: number; last: string }[] }).rows[0]).toEqual({
        n: values.length,
        last: 'v109999.é.example',
      });
    } finally {
      await t.deps.db.execute(sql`drop table ${sql.identifier(staging)}`);
    }
  });

  it('pages entries in order by number or after a value, and finds them by prefix', async () => {
    const values = Array.from({ length: 250 }, (_, i) => `site${String(i).padStart(3, '0')}.example.com`);
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Paged Sites', kind: 'SITE' },
      { content: values.join('\n') },
    );
    const id = job.applist_id!;
    const page3 = await entriesOf(t, tok.advertiser, id, { page: 3, limit: 100 });
    expect(page3).toMatchObject({ total: 250, total_exact: true, page: 3, next_after: null });
    expect(page3.items).toEqual(values.slice(200));
    const first = await entriesOf(t, tok.advertiser, id, { limit: 100 });
    expect(first.next_after).toBe(values[99]);
    const second = await entriesOf(t, tok.advertiser, id, { limit: 100, after: first.next_after! });
    expect(second.items).toEqual(values.slice(100, 200));
    const found = await entriesOf(t, tok.advertiser, id, { q: 'site12', limit: 5 });
    expect(found).toMatchObject({ total: 10, total_exact: true });
    expect(found.items).toEqual(values.slice(120, 125));
    expect((await entriesOf(t, tok.advertiser, id, { q: 'site_' })).total).toBe(0);
    expectError(
      await t.call('GET', `/api/applists/${id}/entries`, { token: tok.advertiser, query: { limit: 501 } }),
      400,
    );
  });

  it('answers deep numbered pages from its anchors, and the right ones again after entries change', async () => {
    // 3,500 entries: pages beyond the 1,000th entry start from an anchor (entry-page-anchors.ts).
    const values = Array.from({ length: 3500 }, (_, i) => `s${String(i).padStart(4, '0')}.io`);
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Deep Sites', kind: 'SITE' },
      { content: values.join('\n') },
    );
    const id = job.applist_id!;
    const pageOf = async (page: number, limit = 100) =>
      (await entriesOf(t, tok.advertiser, id, { page, limit })).items;
    expect(await pageOf(30)).toEqual(values.slice(2900, 3000));
    expect(await pageOf(11)).toEqual(values.slice(1000, 1100));
    expect(await pageOf(7, 450)).toEqual(values.slice(2700, 3150));
    expect(await pageOf(35)).toEqual(values.slice(3400));
    expect(await pageOf(36)).toEqual([]);
    // Removing 5 entries near the start moves every later page by 5; adding one moves it back by 1.
    expectOk(
      await t.call('POST', `/api/applists/${id}/entries`, {
        token: tok.advertiser,
        body: { add: ['s0000a.io'], remove: values.slice(10, 15) },
      }),
    );
    const now = [...values.slice(0, 1), 's0000a.io', ...values.slice(1, 10), ...values.slice(15)];
    expect(await pageOf(30)).toEqual(now.slice(2900, 3000));
    expect(await pageOf(11)).toEqual(now.slice(1000, 1100));
    expect(await pageOf(35)).toEqual(now.slice(3400));
  });

  it('adds and removes single entries and logs counts and samples, never the whole list', async () => {
    const list = await create(tok.advertiser, {
      name: 'Edited Sites',
      kind: 'SITE',
      entries: ['a.example.com', 'b.example.com'],
    });
    const result = dataOf<EntryEditResult>(
      expectOk(
        await t.call('POST', `/api/applists/${list.applist_id}/entries`, {
          token: tok.advertiser,
          body: {
            add: ['C.example.com', 'a.example.com', 'nope'],
            remove: ['b.example.com', 'zzz.example.com'],
          },
        }),
      ),
    );
    expect(result).toMatchObject({ added: 1, removed: 1, duplicates: 2, rejected: 1, entry_count: 2 });
    expect(result.rejected_lines).toEqual([
      { line: 3, text: 'nope', reason: 'Not a domain name (like example.com).' },
    ]);
    expect((await entriesOf(t, tok.advertiser, list.applist_id)).items).toEqual([
      'a.example.com',
      'c.example.com',
    ]);
    const log = await changeLog(tok.advertiser, list.applist_id);
    const entries = log.items.find((item) => item.action === 'entries')!;
    expect(entries.changes).toEqual([
      { field: 'entries_added', from: null, to: 1 },
      { field: 'entries_added_sample', from: null, to: ['c.example.com'] },
      { field: 'entries_removed', from: null, to: 1 },
      { field: 'entries_removed_sample', from: null, to: ['b.example.com'] },
    ]);
    expect(log.items.at(-1)!.action).toBe('create');
  });

  it('replaces and removes by upload, logging at most 10 samples of a large change', async () => {
    const values = Array.from({ length: 40 }, (_, i) => `com.replace.app${i}`);
    const job = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'Replaced Apps', kind: 'APP' },
      { content: values.join('\n') },
    );
    const id = job.applist_id!;
    const replaced = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { applist_id: id, mode: 'replace' },
      {
        content: [...values.slice(30), 'com.replace.new1', 'com.replace.new2'].join('\n'),
      },
    );
    expect(replaced).toMatchObject({ accepted: 2, removed: 30, duplicates: 0 });
    expect((await read(tok.advertiser, id)).entry_count).toBe(12);
    const removed = await uploadAndWait(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { applist_id: id, mode: 'remove' },
      {
        content: 'com.replace.new1\ncom.replace.absent\n',
      },
    );
    expect(removed).toMatchObject({ accepted: 0, removed: 1, duplicates: 1 });
    const log = await changeLog(tok.advertiser, id);
    const replace = log.items.find((item) =>
      item.changes.some((change) => change.field === 'entries_removed' && change.to === 30),
    )!;
    const sample = replace.changes.find((change) => change.field === 'entries_removed_sample')!
      .to as string[];
    expect(sample).toHaveLength(10);
    expect(JSON.stringify(log)).not.toContain('com.replace.app29'.repeat(2));
  });

  it('exports every entry as CSV', async () => {
    const list = await create(tok.advertiser, {
      name: 'Exported Apps',
      kind: 'APP',
      entries: ['com.b.app', 'com.a.app'],
    });
    const response = await fetch(new URL(`/api/applists/${list.applist_id}/export`, t.baseUrl), {
      headers: { authorization: `Bearer ${tok.advertiser}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Exported_Apps.csv"');
    expect(await response.text()).toBe('entry\ncom.a.app\ncom.b.app\n');
  });

  it('deletes a list only when no campaign uses it, naming the campaigns otherwise', async () => {
    const list = await create(tok.advertiser, {
      name: 'Used Sites',
      kind: 'SITE',
      entries: ['used.example.com'],
    });
    const campaign = await createCampaign(t, tok.advertiser, {
      name: 'Blocking Campaign',
      inventory: [{ applist_id: list.applist_id, mode: 'BLOCK' }],
    });
    expect((await read(tok.advertiser, list.applist_id)).campaigns).toEqual([
      { campaign_id: campaign.campaign_id, name: 'Blocking Campaign', mode: 'BLOCK' },
    ]);
    expectError(
      await t.call('DELETE', `/api/applists/${list.applist_id}`, { token: tok.advertiser }),
      409,
      'This inventory list is used by the campaign "Blocking Campaign". Remove it from that campaign first.',
    );
    const unused = await create(tok.advertiser, { name: 'Unused Sites', kind: 'SITE' });
    expectOk(await t.call('DELETE', `/api/applists/${unused.applist_id}`, { token: tok.advertiser }));
    expectError(
      await t.call('GET', `/api/applists/${unused.applist_id}`, { token: tok.advertiser }),
      404,
      NOT_FOUND,
    );
    const [gone] = await t.deps.db.select().from(applists).where(eq(applists.id, unused.applist_id));
    expect(gone).toBeUndefined();
  });

  it('renames a list and changes its default use, logged', async () => {
    const list = await create(tok.advertiser, { name: 'Before Rename', kind: 'APP' });
    const saved = dataOf<ApplistDetail>(
      expectOk(
        await t.call('PATCH', `/api/applists/${list.applist_id}`, {
          token: tok.advertiser,
          body: { name: 'After Rename', default_mode: 'ALLOW' },
        }),
      ),
    );
    expect(saved).toMatchObject({ name: 'After Rename', default_mode: 'ALLOW' });
    const update = (await changeLog(tok.advertiser, list.applist_id)).items[0]!;
    expect(update.changes).toEqual([
      { field: 'name', from: 'Before Rename', to: 'After Rename' },
      { field: 'default_mode', from: 'BLOCK', to: 'ALLOW' },
    ]);
  });

  it('stores an import left unfinished by a crash when the worker starts again', async () => {
    await t.imports.stop();
    const queued = await upload(
      t,
      '/api/applists/uploads',
      tok.advertiser,
      { name: 'After Restart', kind: 'APP' },
      { content: 'com.restart.one\ncom.restart.two\n' },
    );
    const id = dataOf<{ import_id: number }>(expectOk(queued)).import_id;
    // As if the process died while storing it.
    await t.deps.db
      .update(listImports)
      .set({ status: 'RUNNING', startedAt: new Date() })
      .where(eq(listImports.id, id));
    const restarted = createListImportWorker(t.deps, {
      driver: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      log: console as never,
    });
    if (process.env.TEST_DB === 'postgres')
      await t.deps.db
        .update(listImports)
        .set({ startedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(listImports.id, id));
    restarted.start();
    t.imports = restarted;
    const job = await waitForImport(t, tok.advertiser, id);
    expect(job).toMatchObject({ status: 'DONE', accepted: 2 });
    expect((await read(tok.advertiser, job.applist_id!)).entry_count).toBe(2);
    await restarted.stop();
  });
});
