// Creative approval per exchange (admin and co-admin only), the overall status it drives, the
// rejection reason, the DSP association map, and the bulk creative edit with per-id results.
import {
  CREATIVE_REJECT_REASON_MESSAGE,
  type CreativeBulkResult,
  type CreativeDecisionResult,
} from '@console/core/api/creatives';
import type { ChangeLogEntry } from '@console/core/api/users';
import { CLICK_URL_REQUIRED_MESSAGE, INVALID_URL_MESSAGE } from '@console/core/validation/url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCreativeOk,
  creativeOf,
  htmlBody,
  imageBody,
  jpegBytes,
  uploadOk,
  uploadPng,
  vastBody,
} from './creative-fixtures.ts';
import { dataOf, expectError, expectFieldErrors } from './support/accounts.ts';
import { DEMO, expectAllForbidden, secondAgency } from './support/admin-fixtures.ts';
import { type DemoTokens, startCampaignApp, type TestExchange } from './support/campaign-app.ts';
import type { TestApp } from './support/test-app.ts';

let t: TestApp, tok: DemoTokens, ex: TestExchange[];
beforeAll(async () => {
  ({ t, tok, ex } = await startCampaignApp(3));
});
afterAll(() => t.close());

const exIds = () => ex.map((e) => e.id);
const decide = (token: string, body: unknown) =>
  t.call('POST', '/api/admin/creatives/approval/decide', { token, body });
const decideOk = async (token: string, body: unknown) => {
  const result = await decide(token, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<CreativeDecisionResult>(result);
};
const read = async (token: string, id: number) =>
  creativeOf(await t.call('GET', `/api/creatives/${id}`, { token }));
const changeLog = async (token: string, id: number, query: Record<string, string> = {}) => {
  const result = await t.call('GET', `/api/creatives/${id}/change-log`, { token, query });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<{ items: ChangeLogEntry[] }>(result).items;
};
const items = (creativeId: number, ...indexes: number[]) =>
  indexes.map((i) => ({ creative_id: creativeId, exchange_id: ex[i]!.id }));

describe('approval per exchange', () => {
  it('approving one exchange makes the creative APPROVED; the others stay PENDING', async () => {
    const creative = await createCreativeOk(t, tok.adv1, htmlBody({ exchange_ids: exIds() }));
    const id = creative.creative_primary_id;
    const data = await decideOk(tok.admin, { items: items(id, 0), decision: 'APPROVED' });
    expect(data).toEqual({
      results: [{ creative_id: id, exchange_id: ex[0]!.id, ok: true, creative_status: 'APPROVED' }],
      succeeded: 1,
      failed: 0,
    });
    const after = await read(tok.adv1, id);
    expect(after.status).toBe('APPROVED');
    const first = after.exchanges.find((e) => e.exchange_id === ex[0]!.id);
    expect(first).toMatchObject({
      state: 'APPROVED',
      reason: null,
      decided_by: { user_primary_id: DEMO.admin.id },
    });
    expect(first?.decided_at).toBeTruthy();
    expect(after.exchange_counts).toEqual({ total: 3, pending: 2, approved: 1, rejected: 0 });
  });

  it('the list’s exchange counts (kept on the creative) follow additions, decisions and removals', async () => {
    const creative = await createCreativeOk(t, tok.adv1, htmlBody({ exchange_ids: exIds() }));
    const id = creative.creative_primary_id;
    // What the list shows against what the detail counts from the creative’s exchanges themselves.
    const expectListCounts = async (expected: Record<string, number>) => {
      const listed = await t.call('GET', '/api/creatives', { token: tok.admin, query: { q: String(id) } });
      const [row] = dataOf<{ items: { creative_primary_id: number; exchange_counts: unknown }[] }>(
        listed,
      ).items.filter((item) => item.creative_primary_id === id);
      const states = (await read(tok.admin, id)).exchanges.map((e) => e.state);
      expect(row?.exchange_counts).toEqual(expected);
      expect(expected).toEqual({
        total: states.length,
        pending: states.filter((s) => s === 'PENDING').length,
        approved: states.filter((s) => s === 'APPROVED').length,
        rejected: states.filter((s) => s === 'REJECTED').length,
      });
    };
    await expectListCounts({ total: 3, pending: 3, approved: 0, rejected: 0 });
    await decideOk(tok.admin, { items: items(id, 0), decision: 'APPROVED' });
    await decideOk(tok.admin, { items: items(id, 1), decision: 'REJECTED', reason: 'Misleading' });
    await expectListCounts({ total: 3, pending: 1, approved: 1, rejected: 1 });
    const edited = await t.call('PUT', `/api/creatives/${id}`, {
      token: tok.adv1,
      body: htmlBody({ exchange_ids: [ex[0]!.id] }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const kept = (await read(tok.admin, id)).exchanges;
    expect(kept.map((e) => e.exchange_id)).toEqual([ex[0]!.id]);
    await expectListCounts({
      total: 1,
      pending: kept[0]!.state === 'PENDING' ? 1 : 0,
      approved: kept[0]!.state === 'APPROVED' ? 1 : 0,
      rejected: 0,
    });
  });

  it('rejection needs a reason; rejecting every exchange makes the creative REJECTED with the reasons kept', async () => {
    const creative = await createCreativeOk(t, tok.adv2, htmlBody({ exchange_ids: exIds() }));
    const id = creative.creative_primary_id;
    expectFieldErrors(await decide(tok.admin, { items: items(id, 0), decision: 'REJECTED' }), {
      reason: CREATIVE_REJECT_REASON_MESSAGE,
    });
    expectFieldErrors(await decide(tok.admin, { items: items(id, 0), decision: 'REJECTED', reason: '   ' }), {
      reason: CREATIVE_REJECT_REASON_MESSAGE,
    });
    const partly = await decideOk(tok.coadmin, {
      items: items(id, 0, 1),
      decision: 'REJECTED',
      reason: 'Misleading claim.',
    });
    expect(partly.results.map((r) => r.creative_status)).toEqual(['PENDING', 'PENDING']);
    const all = await decideOk(tok.coadmin, {
      items: items(id, 2),
      decision: 'REJECTED',
      reason: 'Auto-play audio.',
    });
    expect(all.results[0]?.creative_status).toBe('REJECTED');
    const after = await read(tok.agency, id);
    expect(after.status).toBe('REJECTED');
    expect(after.exchanges.map((e) => [e.exchange_id, e.state, e.reason])).toEqual(
      expect.arrayContaining([
        [ex[0]!.id, 'REJECTED', 'Misleading claim.'],
        [ex[2]!.id, 'REJECTED', 'Auto-play audio.'],
      ]),
    );
    // Approving one again brings it back; the reason of an approved exchange is cleared.
    await decideOk(tok.admin, { items: items(id, 1), decision: 'APPROVED' });
    const back = await read(tok.adv2, id);
    expect(back.status).toBe('APPROVED');
    expect(back.exchanges.find((e) => e.exchange_id === ex[1]!.id)).toMatchObject({
      state: 'APPROVED',
      reason: null,
    });
  });

  it('answers per item: an exchange not on the creative and an unknown creative fail alone', async () => {
    const creative = await createCreativeOk(t, tok.adv1, htmlBody({ exchange_ids: [ex[0]!.id] }));
    const id = creative.creative_primary_id;
    const data = await decideOk(tok.admin, {
      items: [
        { creative_id: id, exchange_id: ex[0]!.id },
        { creative_id: id, exchange_id: ex[1]!.id },
        { creative_id: 99_999_999, exchange_id: ex[0]!.id },
      ],
      decision: 'APPROVED',
    });
    expect(data.succeeded).toBe(1);
    expect(data.failed).toBe(2);
    expect(data.results[1]).toMatchObject({
      ok: false,
      error_code: 404,
      message: 'This exchange is not one of the creative’s exchanges.',
    });
    expect(data.results[2]).toMatchObject({ ok: false, error_code: 404, message: 'Creative not found.' });
  });

  it('every decision is in the creative’s change log, field by field, newest first, filterable by action', async () => {
    const creative = await createCreativeOk(t, tok.adv1, htmlBody({ exchange_ids: [ex[0]!.id, ex[1]!.id] }));
    const id = creative.creative_primary_id;
    await decideOk(tok.admin, { items: items(id, 0), decision: 'APPROVED' });
    await decideOk(tok.coadmin, { items: items(id, 1), decision: 'REJECTED', reason: 'Low quality image.' });
    const entries = await changeLog(tok.adv1, id);
    expect(entries.map((e) => e.action)).toEqual(['exchange-approval', 'exchange-approval', 'create']);
    expect(entries[0]).toMatchObject({
      actor: { user_primary_id: DEMO.coadmin.id },
      changes: [
        { field: `exchange:${ex[1]!.name}`, from: 'PENDING', to: 'REJECTED' },
        { field: `reason:${ex[1]!.name}`, from: null, to: 'Low quality image.' },
      ],
    });
    expect(entries[1]?.changes).toEqual([
      { field: `exchange:${ex[0]!.name}`, from: 'PENDING', to: 'APPROVED' },
      { field: 'status', from: 'PENDING', to: 'APPROVED' },
    ]);
    const onlyApprovals = await changeLog(tok.adv1, id, { action: 'exchange-approval' });
    expect(onlyApprovals).toHaveLength(2);
  });

  it('lists creative x exchange rows with filters for the approval screen', async () => {
    const creative = await createCreativeOk(
      t,
      tok.advertiser,
      htmlBody({ name: 'Queue Item', exchange_ids: exIds() }),
    );
    const id = creative.creative_primary_id;
    await decideOk(tok.admin, { items: items(id, 0), decision: 'REJECTED', reason: 'Nope.' });
    const result = await t.call('GET', '/api/admin/creatives/approval', {
      token: tok.coadmin,
      query: { creative_id: id, sort: 'state', order: 'asc' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const page = dataOf<{
      items: { exchange_id: number; state: string; reason: string | null }[];
      total: number;
    }>(result);
    expect(page.total).toBe(3);
    expect(page.items.map((row) => row.state)).toEqual(['PENDING', 'PENDING', 'REJECTED']);
    const rejected = await t.call('GET', '/api/admin/creatives/approval', {
      token: tok.admin,
      query: { state: 'REJECTED', exchange_id: ex[0]!.id, q: 'queue item' },
    });
    const rows = dataOf<{ items: Record<string, unknown>[] }>(rejected).items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      creative_id: id,
      creative_name: 'Queue Item',
      creative_type: 'html',
      creative_status: 'PENDING',
      advertiser: { user_primary_id: DEMO.advertiser.id },
      exchange_name: ex[0]!.name,
      state: 'REJECTED',
      reason: 'Nope.',
      decided_by: { user_primary_id: DEMO.admin.id },
    });
    const byType = await t.call('GET', '/api/admin/creatives/approval', {
      token: tok.admin,
      query: { creative_type: 'image' },
    });
    expect(
      dataOf<{ items: { creative_type: string }[] }>(byType).items.every(
        (row) => row.creative_type === 'image',
      ),
    ).toBe(true);
  });

  it('lists the rows of several creatives at once (creative_ids, comma-separated)', async () => {
    const first = await createCreativeOk(t, tok.adv1, htmlBody({ exchange_ids: exIds().slice(0, 2) }));
    const second = await createCreativeOk(t, tok.adv2, htmlBody({ exchange_ids: exIds().slice(0, 1) }));
    const ids = [first.creative_primary_id, second.creative_primary_id];
    const result = await t.call('GET', '/api/admin/creatives/approval', {
      token: tok.admin,
      query: { creative_ids: ids.join(','), limit: 100 },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const page = dataOf<{ items: { creative_id: number }[]; total: number }>(result);
    expect(page.total).toBe(3);
    expect(new Set(page.items.map((row) => row.creative_id))).toEqual(new Set(ids));
    const bad = await t.call('GET', '/api/admin/creatives/approval', {
      token: tok.admin,
      query: { creative_ids: '1,x' },
    });
    expect(bad.status).toBe(400);
  });

  it('only admin and co-admin approve or list approvals: advertisers and agencies 403', async () => {
    const creative = await createCreativeOk(t, tok.adv1, htmlBody({ exchange_ids: [ex[0]!.id] }));
    const endpoints = [
      { method: 'GET', path: '/api/admin/creatives/approval' },
      {
        method: 'POST',
        path: '/api/admin/creatives/approval/decide',
        body: { items: items(creative.creative_primary_id, 0), decision: 'APPROVED' },
      },
      {
        method: 'PUT',
        path: `/api/admin/creatives/${creative.creative_primary_id}/assoc-map`,
        body: { creative_assoc_map: [] },
      },
    ];
    for (const token of [tok.adv1, tok.agency, tok.advertiser]) await expectAllForbidden(t, token, endpoints);
    expect((await read(tok.adv1, creative.creative_primary_id)).exchanges[0]?.state).toBe('PENDING');
  });

  it('bad decision bodies are 400', async () => {
    expectFieldErrors(await decide(tok.admin, { items: [], decision: 'APPROVED' }), {
      items: 'Choose at least one creative exchange.',
    });
    expectFieldErrors(await decide(tok.admin, { items: items(1, 0), decision: 'MAYBE' }), {
      decision: 'Choose approve or reject.',
    });
    expectFieldErrors(
      await decide(tok.admin, { items: [{ creative_id: 'x', exchange_id: 1 }], decision: 'APPROVED' }),
      {
        'items.0.creative_id': true,
      },
    );
  });
});

describe('DSP association map', () => {
  it('admin sets creative_assoc_map; the creative answers it and its first creative_associate_id', async () => {
    const creative = await createCreativeOk(t, tok.adv1, htmlBody());
    const id = creative.creative_primary_id;
    const result = await t.call('PUT', `/api/admin/creatives/${id}/assoc-map`, {
      token: tok.admin,
      body: {
        creative_assoc_map: [
          { dsp_name: 'Xandr', creative_associate_id: 'xa-12345' },
          { dsp_name: 'DV360', creative_associate_id: 'dv_98765' },
        ],
      },
    });
    const saved = creativeOf(result);
    expect(saved.creative_assoc_map).toEqual([
      { dsp_name: 'DV360', creative_associate_id: 'dv_98765' },
      { dsp_name: 'Xandr', creative_associate_id: 'xa-12345' },
    ]);
    expect(saved.creative_associate_id).toBe('dv_98765');
    const listed = await t.call('GET', '/api/creatives', { token: tok.adv1, query: { q: String(id) } });
    expect(
      dataOf<{ items: { creative_primary_id: number; creative_associate_id: string | null }[] }>(listed)
        .items,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ creative_primary_id: id, creative_associate_id: 'dv_98765' }),
      ]),
    );
    const [entry] = await changeLog(tok.adv1, id);
    expect(entry?.changes[0]?.field).toBe('creative_assoc_map');

    // One upstream id names one creative; one id per DSP.
    const other = await createCreativeOk(t, tok.adv1, htmlBody());
    expectError(
      await t.call('PUT', `/api/admin/creatives/${other.creative_primary_id}/assoc-map`, {
        token: tok.coadmin,
        body: { creative_assoc_map: [{ dsp_name: 'Xandr', creative_associate_id: 'xa-12345' }] },
      }),
      409,
    );
    expectFieldErrors(
      await t.call('PUT', `/api/admin/creatives/${other.creative_primary_id}/assoc-map`, {
        token: tok.admin,
        body: {
          creative_assoc_map: [
            { dsp_name: 'Xandr', creative_associate_id: 'a1' },
            { dsp_name: 'xandr', creative_associate_id: 'a2' },
          ],
        },
      }),
      { creative_assoc_map: 'Each DSP has at most one associate id.' },
    );
    expectFieldErrors(
      await t.call('PUT', `/api/admin/creatives/${other.creative_primary_id}/assoc-map`, {
        token: tok.admin,
        body: { creative_assoc_map: [{ dsp_name: 'Xandr', creative_associate_id: 'has space' }] },
      }),
      { 'creative_assoc_map.0.creative_associate_id': true },
    );
  });
});

describe('bulk creative edit', () => {
  it('changes many creatives at once and answers per id; fields a type does not take fail that creative only', async () => {
    const media = await uploadPng(t, tok.agency, 300, 250);
    const image = await createCreativeOk(
      t,
      tok.agency,
      imageBody(media.url, { advertiser_id: DEMO.adv1.id, exchange_ids: [ex[0]!.id] }),
    );
    const video = await createCreativeOk(
      t,
      tok.agency,
      vastBody({ advertiser_id: DEMO.adv2.id, exchange_ids: [ex[0]!.id] }),
    );
    const html = await createCreativeOk(t, tok.agency, htmlBody({ advertiser_id: DEMO.adv1.id }));
    const foreign = await createCreativeOk(t, tok.advertiser, htmlBody());
    await decideOk(tok.admin, {
      items: [...items(image.creative_primary_id, 0), ...items(video.creative_primary_id, 0)],
      decision: 'APPROVED',
    });

    const result = await t.call('POST', '/api/creatives/bulk/update', {
      token: tok.agency,
      body: {
        ids: [
          image.creative_primary_id,
          video.creative_primary_id,
          html.creative_primary_id,
          foreign.creative_primary_id,
        ],
        click_url: 'https://new-landing.example.com/q3',
        name_prefix: 'Q3 ',
      },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const data = dataOf<CreativeBulkResult>(result);
    expect(data).toEqual({
      results: [
        { creative_id: image.creative_primary_id, ok: true },
        { creative_id: video.creative_primary_id, ok: true },
        {
          creative_id: html.creative_primary_id,
          ok: false,
          message: 'An html creative takes no click URL.',
          error_code: 400,
        },
        {
          creative_id: foreign.creative_primary_id,
          ok: false,
          message: 'Creative not found.',
          error_code: 404,
        },
      ],
      succeeded: 2,
      failed: 2,
    });
    expect(result.body.message).toBe('2 of 4 updated; 2 failed and are unchanged.');

    const imageAfter = await read(tok.agency, image.creative_primary_id);
    expect(imageAfter).toMatchObject({
      name: 'Q3 Summer Banner',
      click_url: 'https://new-landing.example.com/q3',
      status: 'PENDING',
    });
    expect(imageAfter.exchanges[0]?.state).toBe('PENDING');
    const htmlAfter = await read(tok.agency, html.creative_primary_id);
    expect(htmlAfter.name).toBe('Rich Media Tag');
    const [entry] = await changeLog(tok.agency, image.creative_primary_id);
    expect(entry?.action).toBe('bulk-update');
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: 'Summer Banner', to: 'Q3 Summer Banner' },
        {
          field: 'click_url',
          from: 'https://shop.example.com/summer',
          to: 'https://new-landing.example.com/q3',
        },
        { field: 'status', from: 'APPROVED', to: 'PENDING' },
      ]),
    );

    // The prefix is not doubled on a second run; pixel_url only fits image creatives.
    const again = await t.call('POST', '/api/creatives/bulk/update', {
      token: tok.agency,
      body: {
        ids: [image.creative_primary_id, video.creative_primary_id],
        name_prefix: 'Q3 ',
        pixel_url: ['https://px.example.com/a'],
      },
    });
    const againData = dataOf<CreativeBulkResult>(again);
    expect(againData.results[0]).toEqual({ creative_id: image.creative_primary_id, ok: true });
    expect(againData.results[1]).toMatchObject({
      ok: false,
      error_code: 400,
      message: 'A video creative takes no pixel_url (only image creatives do).',
    });
    const imageAgain = await read(tok.agency, image.creative_primary_id);
    expect(imageAgain.name).toBe('Q3 Summer Banner');
    expect(imageAgain.pixel_url).toEqual(['https://px.example.com/a']);
  });

  it('impression URLs: a list for video, a single one for native, none for image', async () => {
    const main = await uploadOk(t, tok.adv1, {
      bytes: jpegBytes(600, 500),
      type: 'image/jpeg',
      name: 'main.jpg',
      kind: 'main',
    });
    const native = await createCreativeOk(t, tok.adv1, {
      creative_type: 'native',
      name: 'Bulk Native',
      click_url: 'https://example.com',
      native: { title: 'Title', sponsored_by: 'Brand', main_image_url: main.url },
    });
    const video = await createCreativeOk(t, tok.adv1, vastBody());
    const media = await uploadPng(t, tok.adv1, 300, 250);
    const image = await createCreativeOk(t, tok.adv1, imageBody(media.url));
    const ids = [native.creative_primary_id, video.creative_primary_id, image.creative_primary_id];
    const two = dataOf<CreativeBulkResult>(
      await t.call('POST', '/api/creatives/bulk/update', {
        token: tok.adv1,
        body: { ids, impression_url: ['https://i.example.com/1', 'https://i.example.com/2'] },
      }),
    );
    expect(two.results.map((r) => [r.ok, r.message])).toEqual([
      [false, 'A native creative takes a single impression_url.'],
      [true, undefined],
      [false, 'An image creative takes no impression_url (only native and video creatives do).'],
    ]);
    const one = dataOf<CreativeBulkResult>(
      await t.call('POST', '/api/creatives/bulk/update', {
        token: tok.adv1,
        body: { ids: [native.creative_primary_id], impression_url: ['https://i.example.com/n'] },
      }),
    );
    expect(one.results[0]?.ok).toBe(true);
    expect((await read(tok.adv1, native.creative_primary_id)).impression_url).toEqual([
      'https://i.example.com/n',
    ]);
  });

  it('bad bulk bodies are 400 with the URL rules’ messages; another agency gets "not found" per id', async () => {
    const bulk = (token: string, body: unknown) =>
      t.call('POST', '/api/creatives/bulk/update', { token, body });
    expectFieldErrors(await bulk(tok.adv1, { ids: [1], click_url: 'nope' }), {
      click_url: INVALID_URL_MESSAGE,
    });
    expectFieldErrors(await bulk(tok.adv1, { ids: [1], click_url: '' }), {
      click_url: CLICK_URL_REQUIRED_MESSAGE,
    });
    expectFieldErrors(await bulk(tok.adv1, { ids: [1] }), {
      ids: 'Choose at least one change: click_url, pixel_url, impression_url or name_prefix.',
    });
    expectFieldErrors(await bulk(tok.adv1, { ids: [], name_prefix: 'X' }), {
      ids: 'Choose at least one creative.',
    });
    const other = await secondAgency(t, tok.admin);
    const mine = await createCreativeOk(t, tok.adv1, htmlBody());
    const data = dataOf<CreativeBulkResult>(
      await bulk(other.agencyToken, { ids: [mine.creative_primary_id], name_prefix: 'X' }),
    );
    expect(data.results).toEqual([
      { creative_id: mine.creative_primary_id, ok: false, message: 'Creative not found.', error_code: 404 },
    ]);
  });
});
