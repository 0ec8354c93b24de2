// Bad input answers 4xx with a message, never a 500: ids past their column's range
// in every kind of place (path, query, JSON body, multipart field, bulk and decision items), a
// truncated multipart body, a NUL character in bulk free text and decision reasons (per item, like
// the single routes), and a body over the size limit whose 413 a fetch client can read.
import { connect } from 'node:net';
import type { BulkResult } from '@console/core/api/campaigns';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_RANGE_MESSAGE, toErrorBody } from '../src/platform/errors.ts';
import { campaignBody, createCampaign, forceStatus, insertExchanges } from './campaign-fixtures.ts';
import { htmlBody, uploadCreativeFile } from './creative-fixtures.ts';
import { dataOf, expectError, expectFieldErrors, expectNoInternals } from './support/accounts.ts';
import { uploadFile } from './support/admin-fixtures.ts';
import { pngBytes } from './support/media-bytes.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import type { CallResult, TestApp } from './support/test-app.ts';

let t: TestApp;
let tok: DemoTokens;
let exchangeId: number;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  exchangeId = (await insertExchanges(t, 1))[0]!.id;
});
afterAll(() => t.close());

/** 2^31: one past PostgreSQL's `integer`. */
const INT4_PAST = 2_147_483_648;
/** 2^53 + 1: not a safe JavaScript integer (JSON.parse reads it as 2^53). */
const UNSAFE = '9007199254740993';

/** A 400 with a message naming the field, not a 500. */
const expectRefused = (result: CallResult, field: string, message: RegExp = /too large|whole number/) => {
  expect(result.status, JSON.stringify(result.body)).toBe(400);
  expectFieldErrors(result, { [field]: message });
};

describe('ids past their column', () => {
  it('path ids: 2^31 on integer ids, 2^53 + 1 on every id', async () => {
    for (const path of [
      '/api/admin/metadata/exchanges/:id',
      '/api/admin/metadata/smart-app-categories/:id/change-log',
    ]) {
      expectRefused(await t.call('GET', path.replace(':id', String(INT4_PAST)), { token: tok.admin }), 'id');
      expectRefused(await t.call('GET', path.replace(':id', UNSAFE), { token: tok.admin }), 'id');
    }
    for (const path of [
      '/api/campaigns/:id',
      '/api/creatives/:id',
      '/api/applists/:id',
      '/api/audiences/:id',
      '/api/smart-app-lists/:id',
      '/api/admin/users/:id',
      '/api/admin/dsp/:id',
    ]) {
      const result = await t.call('GET', path.replace(':id', UNSAFE), { token: tok.admin });
      expectRefused(result, 'id');
      // 2^31 fits a bigint id: not found, not refused and not a 500.
      const fits = await t.call('GET', path.replace(':id', String(INT4_PAST)), { token: tok.admin });
      expect([403, 404], `${path} ${JSON.stringify(fits.body)}`).toContain(fits.status);
    }
  });

  it('query filters: exchange_id, category_id and the other ids', async () => {
    const cases: [string, Record<string, string | number>, string][] = [
      ['/api/admin/exchange-approval', { exchange_id: INT4_PAST }, 'exchange_id'],
      ['/api/admin/creatives/approval', { exchange_id: INT4_PAST }, 'exchange_id'],
      ['/api/creatives', { exchange_id: INT4_PAST }, 'exchange_id'],
      ['/api/smart-app-lists', { category_id: INT4_PAST }, 'category_id'],
      ['/api/admin/exchange-approval', { campaign_id: UNSAFE }, 'campaign_id'],
      ['/api/admin/creatives/approval', { creative_ids: `1,${UNSAFE}` }, 'creative_ids.1'],
      ['/api/campaigns', { advertiser_id: UNSAFE }, 'advertiser_id'],
      ['/api/meta-data/user-supported-exchanges', { user_id: UNSAFE }, 'user_id'],
    ];
    for (const [path, query, field] of cases) {
      expectRefused(await t.call('GET', path, { token: tok.admin, query }), field);
    }
  });

  it('JSON bodies: exchange_ids, category ids, parent ids, bulk ids and decision items', async () => {
    const user = '/api/admin/metadata/user-supported-exchanges/4';
    expectRefused(
      await t.call('PUT', user, { token: tok.admin, body: { exchange_ids: [INT4_PAST] } }),
      'exchange_ids.0',
    );
    expectRefused(
      await t.call('POST', '/api/campaigns', {
        token: tok.adv1,
        body: campaignBody({ exchange_ids: [exchangeId, INT4_PAST] }),
      }),
      'exchange_ids.1',
    );
    expectRefused(
      await t.call('POST', '/api/campaigns', {
        token: tok.adv1,
        body: campaignBody({ targeting: { ...campaignBody().targeting, app_categories: [INT4_PAST] } }),
      }),
      'targeting.app_categories.0',
    );
    expectRefused(
      await t.call('POST', '/api/creatives', {
        token: tok.adv1,
        body: htmlBody({ exchange_ids: [INT4_PAST] }),
      }),
      'exchange_ids.0',
    );
    expectRefused(
      await t.call('POST', '/api/admin/metadata/smart-app-categories', {
        token: tok.admin,
        body: { name: 'Games', parent_id: INT4_PAST },
      }),
      'parent_id',
    );
    expectRefused(
      await t.call('POST', '/api/admin/smart-app-lists', {
        token: tok.admin,
        body: { name: 'Top games', category_id: INT4_PAST },
      }),
      'category_id',
    );
    expectRefused(
      await t.call('POST', '/api/campaigns/bulk/exchanges', {
        token: tok.adv1,
        body: { ids: [1], exchange_ids: [INT4_PAST], op: 'add' },
      }),
      'exchange_ids.0',
    );
    expectRefused(
      await t.call('POST', '/api/admin/exchange-approval/decide', {
        token: tok.admin,
        body: { items: [{ campaign_id: 1, exchange_id: INT4_PAST }], decision: 'APPROVED' },
      }),
      'items.0.exchange_id',
    );
    expectRefused(
      await t.call('POST', '/api/admin/creatives/approval/decide', {
        token: tok.admin,
        body: { items: [{ creative_id: 1, exchange_id: INT4_PAST }], decision: 'APPROVED' },
      }),
      'items.0.exchange_id',
    );
    // 2^53 + 1 as a JSON number (JSON.parse makes it 2^53, past the safe range) in bigint places.
    const unsafeBody = (body: string) => ({ rawBody: body, token: tok.admin });
    expectRefused(
      await t.call(
        'POST',
        '/api/admin/exchange-approval/decide',
        unsafeBody(`{"items":[{"campaign_id":${UNSAFE},"exchange_id":1}],"decision":"APPROVED"}`),
      ),
      'items.0.campaign_id',
    );
    expectRefused(
      await t.call('POST', '/api/campaigns/bulk/status', unsafeBody(`{"ids":[${UNSAFE}],"to":"PAUSED"}`)),
      'ids.0',
    );
    expectRefused(
      await t.call(
        'POST',
        '/api/admin/assign-advertiser',
        unsafeBody(`{"advertiser_id":${UNSAFE},"agency_id":${INT4_PAST}}`),
      ),
      'advertiser_id',
    );
  });

  it('multipart fields: the list upload target', async () => {
    const result = await uploadFile(t, '/api/applists/uploads', tok.adv1, {
      bytes: new TextEncoder().encode('com.example.app\n'),
      type: 'text/plain',
      name: 'apps.txt',
      fields: { applist_id: UNSAFE, mode: 'append' },
    });
    expectRefused(result, 'applist_id');
  });

  it('a range or text error of the database itself maps to a 400 with a message', async () => {
    // What a query would raise if an id slipped past its schema into a 32-bit column.
    const failureOf = (query: ReturnType<typeof sql>) =>
      t.deps.db.execute(query).then(
        () => expect.unreachable('the database took it'),
        (error: unknown) => toErrorBody(error as Error),
      );
    expect(await failureOf(sql`select ${String(INT4_PAST)}::int4`)).toEqual({
      success: false,
      message: OUT_OF_RANGE_MESSAGE,
      error_code: 400,
    });
    expect(await failureOf(sql`select ${'12abc'}::int4`)).toMatchObject({ error_code: 400 });
  });
});

/** Sends `body` as it is, with its own content type; answers status and JSON. */
const rawPost = async (
  path: string,
  token: string,
  contentType: string,
  body: Buffer,
): Promise<CallResult> => {
  const response = await fetch(new URL(path, t.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as CallResult['body'], headers: {} };
};

describe('truncated multipart bodies', () => {
  const boundary = '----console-test-boundary';
  /** A form with a file part whose closing boundary (and the end of the file) never comes. */
  const truncatedForm = (field: string, name: string, bytes: Buffer, fields: Record<string, string> = {}) => {
    const parts = Object.entries(fields).map(
      ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    );
    const head =
      `${parts.join('')}--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
      'Content-Type: image/png\r\n\r\n';
    return Buffer.concat([Buffer.from(head), bytes.subarray(0, Math.floor(bytes.length / 2))]);
  };
  const type = `multipart/form-data; boundary=${boundary}`;

  it('a creative file cut short is a 400 saying the upload was incomplete', async () => {
    const result = await rawPost(
      '/api/creatives/media',
      tok.adv1,
      type,
      truncatedForm('file', 'banner_300-250.png', pngBytes(300, 250), { kind: 'image' }),
    );
    expectError(result, 400, 'The upload was cut short. Please send the file again.');
  });

  it('a brand image cut short is a 400', async () => {
    const result = await rawPost(
      '/api/admin/uploads/brand-image',
      tok.admin,
      type,
      truncatedForm('file', 'logo.png', pngBytes(64, 64)),
    );
    expectError(result, 400, 'The upload was cut short. Please send the file again.');
  });

  it('an inventory list or audience file cut short is a 400', async () => {
    const list = Buffer.from('com.example.one\ncom.example.two\ncom.example.three\n'.repeat(50));
    for (const [path, fields] of [
      ['/api/applists/uploads', { name: 'Cut list', kind: 'APP' }],
      ['/api/audiences/uploads', { name: 'Cut audience' }],
    ] as const) {
      const result = await rawPost(path, tok.adv1, type, truncatedForm('file', 'list.txt', list, fields));
      expectError(result, 400, 'The upload was cut short. Please send the file again.');
    }
  });

  it('a form whose boundary never appears is a 400 too', async () => {
    const result = await rawPost('/api/creatives/media', tok.adv1, type, Buffer.from('no parts at all'));
    expect(result.status, JSON.stringify(result.body)).toBe(400);
    expectNoInternals(result);
  });

  it('a whole upload still works after the cut ones', async () => {
    const result = await uploadCreativeFile(t, tok.adv1, {
      bytes: pngBytes(300, 250),
      type: 'image/png',
      name: 'banner_300-250.png',
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
  });
});

describe('a NUL character in bulk free text and decision reasons', () => {
  const UNSTORABLE = 'The request contains characters that cannot be stored.';

  it('the single route refuses it as a 400 (the rule the bulk items follow)', async () => {
    const campaign = await createCampaign(t, tok.adv1, { exchange_ids: [exchangeId] });
    await forceStatus(t, campaign.campaign_id, 'PENDING_APPROVAL');
    const result = await t.call('POST', `/api/campaigns/${campaign.campaign_id}/status`, {
      token: tok.admin,
      body: { to: 'REJECTED', reason: 'bad\u0000reason' },
    });
    expectError(result, 400, UNSTORABLE);
  });

  it('bulk campaign status: each item a 400 with the message, nothing changed', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const campaign = await createCampaign(t, tok.adv1, { exchange_ids: [exchangeId] });
      await forceStatus(t, campaign.campaign_id, 'PENDING_APPROVAL');
      ids.push(campaign.campaign_id);
    }
    const result = await t.call('POST', '/api/campaigns/bulk/status', {
      token: tok.admin,
      body: { ids, to: 'REJECTED', reason: 'policy\u0000' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const data = dataOf<BulkResult>(result);
    expect(data.results).toEqual(
      ids.map((id) => ({ campaign_id: id, ok: false, message: UNSTORABLE, error_code: 400 })),
    );
    for (const id of ids) {
      const read = await t.call('GET', `/api/campaigns/${id}`, { token: tok.adv1 });
      expect((read.body.data as { status: string }).status).toBe('PENDING_APPROVAL');
    }
  });

  it('bulk creative edit: a NUL in the name prefix is a 400 per creative', async () => {
    const created = await t.call('POST', '/api/creatives', { token: tok.adv1, body: htmlBody() });
    const id = (created.body.data as { creative_primary_id: number }).creative_primary_id;
    const result = await t.call('POST', '/api/creatives/bulk/update', {
      token: tok.adv1,
      body: { ids: [id], name_prefix: 'Q3\u0000 ' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toMatchObject({
      results: [{ creative_id: id, ok: false, message: UNSTORABLE, error_code: 400 }],
      failed: 1,
    });
    const read = await t.call('GET', `/api/creatives/${id}`, { token: tok.adv1 });
    expect((read.body.data as { name: string }).name).toBe(htmlBody().name);
  });

  it('exchange approval: a rejection reason with a NUL is a 400 per item', async () => {
    const campaign = await createCampaign(t, tok.adv1, { exchange_ids: [exchangeId] });
    await forceStatus(t, campaign.campaign_id, 'PENDING_APPROVAL');
    const result = await t.call('POST', '/api/admin/exchange-approval/decide', {
      token: tok.admin,
      body: {
        items: [{ campaign_id: campaign.campaign_id, exchange_id: exchangeId }],
        decision: 'REJECTED',
        reason: 'no\u0000',
      },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toMatchObject({
      results: [
        {
          campaign_id: campaign.campaign_id,
          exchange_id: exchangeId,
          ok: false,
          message: UNSTORABLE,
          error_code: 400,
        },
      ],
      failed: 1,
    });
  });

  it('creative approval: a rejection reason with a NUL is a 400 per item', async () => {
    const created = await t.call('POST', '/api/creatives', {
      token: tok.adv1,
      body: htmlBody({ exchange_ids: [exchangeId] }),
    });
    const id = (created.body.data as { creative_primary_id: number }).creative_primary_id;
    const result = await t.call('POST', '/api/admin/creatives/approval/decide', {
      token: tok.admin,
      body: {
        items: [{ creative_id: id, exchange_id: exchangeId }],
        decision: 'REJECTED',
        reason: 'no\u0000',
      },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data).toMatchObject({
      results: [
        { creative_id: id, exchange_id: exchangeId, ok: false, message: UNSTORABLE, error_code: 400 },
      ],
      failed: 1,
    });
  });
});

describe('a body over the size limit', () => {
  it('a fetch client reads the 413 and its message, even for a body many times the limit', async () => {
    // 24 MB: far more than the socket buffers hold, so the client is still sending when refused.
    const body = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(24 * 1024 * 1024) });
    const response = await fetch(new URL('/api/auth/login', t.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      message: 'The request body is too large.',
      error_code: 413,
    });
  });

  it('the client may finish sending before the answer: no reset mid-body', async () => {
    // A raw client that keeps writing after a pause, as a slow link does: the server has made up its
    // mind by then, but reads the rest instead of closing on a sender (which resets the connection).
    const total = 8 * 1024 * 1024;
    const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<Error | undefined>((resolve) => {
      socket.on('error', (error) => resolve(error));
      socket.on('close', () => resolve(undefined));
    });
    const write = (data: string | Buffer) =>
      new Promise<void>((resolve, reject) =>
        socket.write(data, (error) => (error ? reject(error) : resolve())),
      );
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${total}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 'x');
    await write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 300));
    let writeError: unknown;
    try {
      for (let sent = chunk.length; sent < total; sent += chunk.length) await write(chunk);
    } catch (error) {
      writeError = error;
    }
    const error = await closed;
    expect(writeError ?? error).toBeUndefined();
    const text = Buffer.concat(received).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      message: 'The request body is too large.',
      error_code: 413,
    });
  });

  it('also for a signed-in route and a streamed body without a length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
        if (sent >= 20) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(new URL('/api/campaigns', t.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.adv1}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, error_code: 413 });
  });
});
