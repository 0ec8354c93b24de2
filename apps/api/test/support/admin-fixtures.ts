// Helpers of the accounts-and-administration tests: demo sessions, users made through the
// admin API, raw SQL reads, multipart uploads and a stub HTTP server for DSP tests (real PNG bytes
// come from media-bytes.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UserListItem } from '@console/core/api/users';
import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { dataOf, expectError, expectUnauthorized, NO_PERMISSION, uniqueEmail } from './accounts.ts';
import { type CallOptions, type CallResult, DEMO_PASSWORD, type TestApp } from './test-app.ts';

export const DEMO = {
  admin: { id: 1, email: 'admin@demo.test' },
  coadmin: { id: 2, email: 'coadmin@demo.test' },
  agency: { id: 3, email: 'agency@demo.test' },
  adv1: { id: 4, email: 'adv1@demo.test' },
  adv2: { id: 5, email: 'adv2@demo.test' },
  advertiser: { id: 6, email: 'advertiser@demo.test' },
} as const;
export type DemoName = keyof typeof DEMO;

/** A token of each demo user, signed in once. */
export const demoTokens = async (t: TestApp): Promise<Record<DemoName, string>> => {
  const tokens = {} as Record<DemoName, string>;
  for (const name of Object.keys(DEMO) as DemoName[]) tokens[name] = await t.loginAs(DEMO[name].email);
  return tokens;
};

export type NewUser = {
  role: 'ADMIN' | 'CO-ADMIN' | 'AGENCY' | 'ADVERTISER';
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  agency_id?: number;
};

/** The body of POST /api/admin/users with defaults for what the test does not care about. */
export const newUserBody = (user: NewUser) => ({
  role: user.role,
  email: user.email ?? uniqueEmail(user.role.toLowerCase()),
  password: user.password ?? DEMO_PASSWORD,
  firstName: user.firstName ?? 'New',
  lastName: user.lastName ?? 'Person',
  companyName: user.companyName ?? `${user.role} Co`,
  ...(user.agency_id === undefined ? {} : { agency_id: user.agency_id }),
});

/** Adds a user through the admin API; fails the test when the API refuses. */
export const addUser = async (t: TestApp, adminToken: string, user: NewUser) => {
  const body = newUserBody(user);
  const result = await t.call('POST', '/api/admin/users', { token: adminToken, body });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return { ...dataOf<UserListItem>(result), password: body.password };
};

/** A second agency with one advertiser of its own, both made through the admin API. */
export const secondAgency = async (t: TestApp, adminToken: string) => {
  const agency = await addUser(t, adminToken, { role: 'AGENCY', companyName: 'Second Agency' });
  const advertiser = await addUser(t, adminToken, {
    role: 'ADVERTISER',
    companyName: 'Second Agency Client',
    agency_id: agency.user_primary_id,
  });
  return {
    agency,
    advertiser,
    agencyToken: await t.loginAs(agency.email, agency.password),
  };
};

/** Rows of a raw SQL query on either driver (PGlite and node-postgres both answer `{rows}`). */
export const rowsOf = async <T = Record<string, unknown>>(t: TestApp, query: SQL): Promise<T[]> => {
  const result = (await t.deps.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

export const columnsOf = async (t: TestApp, table: string) =>
  (
    await rowsOf<{ column_name: string }>(
      t,
      sql`select column_name from information_schema.columns where table_name = ${table} order by ordinal_position`,
    )
  ).map((row) => row.column_name);

export type Endpoint = {
  method: string;
  path: string;
  body?: unknown;
  query?: Record<string, string | number>;
};

const optionsOf = (endpoint: Endpoint, token?: string): CallOptions => {
  const options: CallOptions = { token };
  if (endpoint.body !== undefined) options.body = endpoint.body;
  if (endpoint.query) options.query = endpoint.query;
  return options;
};

/** Every endpoint answers 401 of the catalogue without a token. */
export const expectAllNeedToken = async (t: TestApp, endpoints: Endpoint[]) => {
  for (const endpoint of endpoints) {
    const result = await t.call(endpoint.method, endpoint.path, optionsOf(endpoint));
    expect(result.status, `${endpoint.method} ${endpoint.path}: ${JSON.stringify(result.body)}`).toBe(401);
    expectUnauthorized(result, 'Please sign in to continue.');
  }
};

/** Every endpoint answers 403 of the catalogue to this token. */
export const expectAllForbidden = async (
  t: TestApp,
  token: string,
  endpoints: Endpoint[],
  message?: string,
) => {
  for (const endpoint of endpoints) {
    const result = await t.call(endpoint.method, endpoint.path, optionsOf(endpoint, token));
    expect(result.status, `${endpoint.method} ${endpoint.path}: ${JSON.stringify(result.body)}`).toBe(403);
    expectError(result, 403, message ?? NO_PERMISSION);
  }
};

/** Every endpoint answers 404 of the catalogue to this token. */
export const expectAllNotFound = async (
  t: TestApp,
  token: string,
  endpoints: Endpoint[],
  message?: string,
) => {
  for (const endpoint of endpoints) {
    const result = await t.call(endpoint.method, endpoint.path, optionsOf(endpoint, token));
    expect(result.status, `${endpoint.method} ${endpoint.path}: ${JSON.stringify(result.body)}`).toBe(404);
    expectError(result, 404, message);
  }
};

/** E-mail addresses of a page of users. */
export const emailsOf = (result: CallResult) => {
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return dataOf<{ items: { email: string }[] }>(result).items.map((item) => item.email);
};

/** POSTs one file as multipart/form-data in the field "file". */
export const uploadFile = async (
  t: TestApp,
  path: string,
  token: string | undefined,
  file: {
    bytes: Uint8Array;
    type: string;
    name: string;
    field?: string;
    /** Text fields sent before the file. */
    fields?: Record<string, string>;
  },
): Promise<CallResult> => {
  const form = new FormData();
  for (const [key, value] of Object.entries(file.fields ?? {})) form.append(key, value);
  form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(new URL(path, t.baseUrl), {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: response.status, body, headers: Object.fromEntries(response.headers.entries()) };
};

// ---- a stub upstream server ------------------------------------------------------------------

export type StubRequest = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
export type StubServer = { url: string; requests: StubRequest[]; close: () => Promise<void> };

/** An HTTP server on 127.0.0.1 (random port) answering with `handle`; it records every request. */
export const startStubServer = async (
  handle: (request: StubRequest, response: ServerResponse) => void,
): Promise<StubServer> => {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (part: Buffer) => chunks.push(part));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handle(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

/** A local port nothing listens on (bound once, then released). */
export const closedPortUrl = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/bid`;
};
