// One access table for every kind of object (platform/access.ts): each kind is reached by one
// request of the API, which its owner may make, and which answers 401 without a token, 403 to a role
// the route refuses (or, where every role may call the kind's routes, "not found" to a role below the
// object's owner), and "not found" to another tenant, with the kind's message. A new rule in
// ACCESS_RULES needs its row here.
import type { SessionData } from '@console/core/api/auth';
import { CREATIVE_MESSAGES } from '@console/core/api/creatives';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartAppLists } from '../src/db/schema/lists.ts';
import { smartAppCategories } from '../src/db/schema/reference.ts';
import { reports } from '../src/db/schema/reports.ts';
import { ACCESS_RULES, type AccessResource } from '../src/platform/access.ts';
import { createCampaign, insertApplist, insertAudience, insertCreative } from './campaign-fixtures.ts';
import { imageBody, uploadPng } from './creative-fixtures.ts';
import { NO_PERMISSION, SIGN_IN_PLEASE, sessionOf } from './support/accounts.ts';
import { type CallResult, startTestApp, type TestApp } from './support/test-app.ts';

type Name = 'admin' | 'coadmin' | 'agency' | 'adv1' | 'advertiser';
type Request = { method: string; path: string; body?: unknown; query?: Record<string, string | number> };
type Denial = { as: Name; request: Request; status: number; message: string };
type Row = {
  kind: AccessResource;
  /** Makes the object (owned by `owner`) and answers what names it. */
  make: () => Promise<string | number>;
  /** The request its owner makes (200), and which answers 401 without a token. */
  request: (key: string | number) => Request;
  owner: Name;
  wrongRole: (key: string | number) => Denial;
  otherTenant: (key: string | number) => Denial;
};

let t: TestApp;
const s = {} as Record<Name, SessionData>;

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['admin', 'coadmin', 'agency', 'adv1', 'advertiser'] as const) {
    s[name] = await sessionOf(t, `${name}@demo.test`);
  }
});
afterAll(() => t.close());

const idOf = (name: Name) => s[name].user_primary_id;
const send = (token: string | undefined, request: Request): Promise<CallResult> =>
  t.call(request.method, request.path, {
    token,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.query === undefined ? {} : { query: request.query }),
  });
const notFoundOf = (kind: AccessResource) => ACCESS_RULES[kind].notFound;
const refused = (as: Name, request: Request): Denial => ({
  as,
  request,
  status: 403,
  message: NO_PERMISSION,
});
const hidden = (as: Name, kind: AccessResource, request: Request): Denial => ({
  as,
  request,
  status: 404,
  message: notFoundOf(kind),
});
const get = (path: string, query?: Request['query']): Request => ({
  method: 'GET',
  path,
  ...(query ? { query } : {}),
});

const unusableMedia = (as: Name, url: string | number): Denial => ({
  as,
  request: { method: 'POST', path: '/api/creatives', body: imageBody(String(url)) },
  status: 400,
  message: CREATIVE_MESSAGES.unknownMedia,
});

const movement = (userId: number): Request => ({
  method: 'POST',
  path: '/api/admin/funds/movements',
  body: { user_primary_id: userId, direction: 'CREDIT', method: 'WIRE', amount_micros: 1_000_000, note: 'x' },
});

const enableApiAccess = async (userId: number) => {
  const path = `/api/admin/users/${userId}/config`;
  const current = (await t.call('GET', path, { token: s.admin.token })).body.data as object;
  const result = await t.call('PUT', path, { token: s.admin.token, body: { ...current, api_access: true } });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
};

/** The agency's dashboard of one advertiser. */
const overviewOf = (advertiserId: string | number) =>
  get('/api/agency/dashboard/overview', {
    from: '2026-01-01',
    to: '2026-01-07',
    advertiser_id: advertiserId,
  });

const insertReport = async (ownerId: number) => {
  const [row] = await t.deps.db
    .insert(reports)
    .values({
      ownerId,
      name: 'Access report',
      reportType: 'performance',
      dimensions: ['day'],
      metrics: ['impressions'],
      dateFrom: '2026-01-01',
      dateTo: '2026-01-02',
    })
    .returning({ id: reports.id });
  return row!.id;
};

const ROWS: Row[] = [
  {
    kind: 'campaign',
    owner: 'adv1',
    make: async () => (await createCampaign(t, s.adv1.token)).campaign_id,
    request: (id) => get(`/api/campaigns/${id}`),
    wrongRole: (id) => refused('adv1', get(`/api/admin/exchange-approval/change-log/${id}`)),
    otherTenant: (id) => hidden('advertiser', 'campaign', get(`/api/campaigns/${id}`)),
  },
  {
    kind: 'creative',
    owner: 'adv1',
    make: async () => (await insertCreative(t, idOf('adv1'))).id,
    request: (id) => get(`/api/creatives/${id}`),
    wrongRole: (id) =>
      refused('adv1', { method: 'PUT', path: `/api/admin/creatives/${id}/assoc-map`, body: {} }),
    otherTenant: (id) => hidden('advertiser', 'creative', get(`/api/creatives/${id}`)),
  },
  {
    kind: 'media',
    owner: 'agency',
    make: async () => (await uploadPng(t, s.agency.token, 300, 250)).url,
    // A creative naming the file: the uploader's is created, anyone else's answers on the field.
    request: (url) => ({
      method: 'POST',
      path: '/api/creatives',
      body: imageBody(String(url), { advertiser_id: idOf('adv1') }),
    }),
    // Every role may make creatives: the agency's file is not its advertiser's to name.
    wrongRole: (url) => unusableMedia('adv1', url),
    otherTenant: (url) => unusableMedia('advertiser', url),
  },
  {
    kind: 'inventoryList',
    owner: 'adv1',
    make: async () => (await insertApplist(t, idOf('adv1'))).id,
    request: (id) => get(`/api/applists/${id}`),
    wrongRole: (id) =>
      refused('adv1', { method: 'PUT', path: `/api/admin/applists/${id}/assoc-map`, body: {} }),
    otherTenant: (id) => hidden('advertiser', 'inventoryList', get(`/api/applists/${id}`)),
  },
  {
    kind: 'audience',
    owner: 'agency',
    make: async () => (await insertAudience(t, idOf('agency'))).id,
    request: (id) => get(`/api/audiences/${id}`),
    // Every role may read audiences: an advertiser does not see its agency's.
    wrongRole: (id) => hidden('adv1', 'audience', get(`/api/audiences/${id}`)),
    otherTenant: (id) => hidden('advertiser', 'audience', get(`/api/audiences/${id}`)),
  },
  {
    kind: 'smartAppList',
    owner: 'admin',
    make: async () => {
      const [category] = await t.deps.db.select().from(smartAppCategories).limit(1);
      const [row] = await t.deps.db
        .insert(smartAppLists)
        .values({ name: `Access list ${Date.now()}`, categoryId: category!.id })
        .returning({ id: smartAppLists.id });
      return row!.id;
    },
    request: (id) => get(`/api/smart-app-lists/${id}`),
    wrongRole: (id) => refused('adv1', { method: 'PUT', path: `/api/admin/smart-app-lists/${id}`, body: {} }),
    // The platform's lists have no tenant: every role reads them; an unknown id is "not found".
    otherTenant: (id) =>
      hidden('advertiser', 'smartAppList', get(`/api/smart-app-lists/${Number(id) + 1000}`)),
  },
  {
    kind: 'report',
    owner: 'agency',
    make: () => insertReport(idOf('agency')),
    request: (id) => get(`/api/report/getSingle/${id}`),
    // Every role may read reports: an advertiser does not see its agency's.
    wrongRole: (id) => hidden('adv1', 'report', get(`/api/report/getSingle/${id}`)),
    otherTenant: (id) => hidden('advertiser', 'report', get(`/api/report/getSingle/${id}`)),
  },
  {
    kind: 'fundsAccount',
    owner: 'agency',
    make: async () => idOf('adv1'),
    request: (id) => get('/api/funds/summary', { user_primary_id: id }),
    // Every role may read funds: an advertiser does not see its agency's.
    wrongRole: () =>
      hidden('adv1', 'fundsAccount', get('/api/funds/summary', { user_primary_id: idOf('agency') })),
    otherTenant: (id) =>
      hidden('advertiser', 'fundsAccount', get('/api/funds/summary', { user_primary_id: id })),
  },
  {
    kind: 'managedFundsAccount',
    owner: 'coadmin',
    make: async () => idOf('adv1'),
    request: (id) => movement(Number(id)),
    wrongRole: (id) => refused('agency', movement(Number(id))),
    // A co-admin moves an agency's or advertiser's money, never an admin's.
    otherTenant: () => hidden('coadmin', 'managedFundsAccount', movement(idOf('admin'))),
  },
  {
    kind: 'apiKey',
    owner: 'adv1',
    make: async () => {
      await enableApiAccess(idOf('adv1'));
      await enableApiAccess(idOf('agency'));
      const created = await t.call('POST', '/api/settings/api-keys', {
        token: s.adv1.token,
        body: { name: 'Access key' },
      });
      return (created.body.data as { id: number }).id;
    },
    request: (id) => ({ method: 'DELETE', path: `/api/settings/api-keys/${id}` }),
    wrongRole: (id) => refused('admin', { method: 'DELETE', path: `/api/settings/api-keys/${id}` }),
    // Its user's own: not even the agency above it.
    otherTenant: (id) =>
      hidden('agency', 'apiKey', { method: 'DELETE', path: `/api/settings/api-keys/${id}` }),
  },
  {
    kind: 'user',
    owner: 'agency',
    make: async () => idOf('adv1'),
    request: (id) => get(`/api/auth/user-settings/${id}`),
    wrongRole: (id) =>
      refused('agency', {
        method: 'PUT',
        path: `/api/admin/metadata/user-supported-exchanges/${id}`,
        body: { exchange_ids: [] },
      }),
    otherTenant: (id) => hidden('advertiser', 'user', get(`/api/auth/user-settings/${id}`)),
  },
  {
    kind: 'managedUser',
    owner: 'coadmin',
    make: async () => idOf('adv1'),
    request: (id) => get(`/api/admin/users/${id}`),
    wrongRole: (id) => refused('agency', get(`/api/admin/users/${id}`)),
    // A co-admin manages agencies and advertisers, not the admin.
    otherTenant: () => hidden('coadmin', 'managedUser', get(`/api/admin/users/${idOf('admin')}`)),
  },
  {
    kind: 'advertiser',
    owner: 'agency',
    make: async () => idOf('adv1'),
    request: (id) => overviewOf(id),
    wrongRole: (id) => refused('adv1', overviewOf(id)),
    otherTenant: () => hidden('agency', 'advertiser', overviewOf(idOf('advertiser'))),
  },
  {
    kind: 'agency',
    owner: 'admin',
    make: async () => idOf('agency'),
    request: (id) => get(`/api/admin/agencies/${id}/company`),
    wrongRole: (id) => refused('agency', get(`/api/admin/agencies/${id}/company`)),
    // An id of another kind of account is no agency.
    otherTenant: () => hidden('coadmin', 'agency', get(`/api/admin/agencies/${idOf('adv1')}/company`)),
  },
];

describe('the access table', () => {
  it('has a row here for every rule', () => {
    expect(ROWS.map(({ kind }) => kind).sort()).toEqual(Object.keys(ACCESS_RULES).sort());
  });

  describe.each(ROWS)('$kind', (row) => {
    let key: string | number;
    beforeAll(async () => {
      key = await row.make();
    });

    it('answers 401 without a token', async () => {
      const result = await send(undefined, row.request(key));
      expect(result.status).toBe(401);
      expect(result.body.message).toBe(SIGN_IN_PLEASE);
    });

    it('refuses the wrong role', async () => {
      const { as, request, status, message } = row.wrongRole(key);
      const result = await send(s[as].token, request);
      expect({ status: result.status, message: result.body.message }).toEqual({ status, message });
    });

    it("hides another tenant's object", async () => {
      const { as, request, status, message } = row.otherTenant(key);
      const result = await send(s[as].token, request);
      expect({ status: result.status, message: result.body.message }).toEqual({ status, message });
    });

    // Last: the owner's request may change the object (an API key is revoked by it).
    it('lets its owner reach it', async () => {
      const result = await send(s[row.owner].token, row.request(key));
      expect(result.status, JSON.stringify(result.body)).toBe(200);
    });
  });
});
