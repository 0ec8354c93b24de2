// The DSP connection test is no server-side request forgery: by default it reaches
// public addresses only, checked on the address the socket connects to, with one answer for every
// failure; DSP_ALLOWED_PRIVATE_HOSTS opens named private services (host and port) for an on-premise
// install, and an allowed loopback address opens its one port, not the machine.
import type { LookupAddress } from 'node:dns';
import type { Dsp } from '@console/core/api/dsps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { dsps } from '../src/db/schema/dsps.ts';
import {
  createOutboundPolicy,
  guardedLookup,
  OutboundUnreachableError,
} from '../src/platform/outbound-http.ts';
import { createSecretBox } from '../src/platform/secret-box.ts';
import { dataOf } from './support/accounts.ts';
import { type StubServer, startStubServer } from './support/admin-fixtures.ts';
import { type DemoTokens, startSignedInApp } from './support/signed-in-app.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

type TestResult = { ok: boolean; message: string; latency_ms: number };
const REFUSED: TestResult = { ok: false, message: 'Could not reach the DSP.', latency_ms: 0 };
const API_KEY = 'kritter-SECRET-key-ssrf';

let t: TestApp;
let tok: DemoTokens;
let stub: StubServer;
let port: number;

beforeAll(async () => {
  ({ t, tok } = await startSignedInApp());
  // A listener on loopback that would accept anything: what an attacker hopes to reach.
  stub = await startStubServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"internal":"secret"}');
  });
  port = Number(new URL(stub.url).port);
});
afterAll(async () => {
  await stub?.close();
  await t.close();
});

const testEndpoint = async (endpoint: string) => {
  const result = await t.call('POST', '/api/admin/dsp/test', {
    token: tok.admin,
    body: { type: 'KRITTER', endpoint_url: endpoint, credentials: { api_key: API_KEY } },
  });
  expect(result.status, `${endpoint}: ${JSON.stringify(result.body)}`).toBe(200);
  return dataOf<TestResult>(result);
};

/** Loopback in every spelling, on the port where the stub listens. */
const loopbackSpellings = () => [
  `http://127.0.0.1:${port}/`,
  `http://localhost:${port}/`,
  `http://LOCALHOST.:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f.1:${port}/`,
  `http://0x7f000001:${port}/`,
  `http://017700000001:${port}/`,
  `http://127.1:${port}/`,
  `http://127.0.0.2:${port}/`,
  `http://[::1]:${port}/`,
  `http://[0:0:0:0:0:0:0:1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://[::ffff:7f00:1]:${port}/`,
  `http://[64:ff9b::7f00:1]:${port}/`,
  `http://[2002:7f00:1::1]:${port}/`,
  `https://127.0.0.1:${port}/`,
];

/** Every other kind of non-public address. */
const NON_PUBLIC = [
  'http://10.0.0.1/bid',
  'http://172.16.5.4/bid',
  'http://192.168.1.1/bid',
  'http://100.64.0.1/bid',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::1]/bid',
  'http://[fc00::1]/bid',
  'http://224.0.0.1/bid',
  'http://[ff02::1]/bid',
  'http://255.255.255.255/bid',
  'http://0.0.0.0/bid',
  'http://0/bid',
  'http://[::]/bid',
  'http://192.0.2.10/bid',
  'http://198.18.0.1/bid',
  'http://240.0.0.1/bid',
];

describe('by default the connection test', () => {
  it('refuses loopback in every spelling, with one answer, and sends nothing', async () => {
    for (const endpoint of loopbackSpellings())
      expect(await testEndpoint(endpoint), endpoint).toEqual(REFUSED);
    expect(stub.requests).toHaveLength(0);
  });

  it('refuses private, carrier-grade NAT, link-local, metadata, multicast, unspecified and reserved addresses', async () => {
    for (const endpoint of NON_PUBLIC) {
      const started = performance.now();
      expect(await testEndpoint(endpoint), endpoint).toEqual(REFUSED);
      // Refused before any connection: no timeout to wait for, so no time to measure.
      expect(performance.now() - started, endpoint).toBeLessThan(2_000);
    }
  });

  it('refuses the console itself', async () => {
    expect(await testEndpoint(`${t.baseUrl}/api/health`)).toEqual(REFUSED);
  });

  it('answers a listening port, a closed port and an unknown host alike', async () => {
    const closed = await startStubServer(() => {});
    const closedPort = new URL(closed.url).port;
    await closed.close();
    const answers = [
      await testEndpoint(`http://127.0.0.1:${port}/`),
      await testEndpoint(`http://127.0.0.1:${closedPort}/`),
      await testEndpoint('http://no-such-host.invalid/bid'),
    ];
    for (const answer of answers) expect(answer).toEqual(REFUSED);
  });

  it('refuses a saved connection whose endpoint is not public, with its credentials unsent', async () => {
    const [row] = await t.deps.db
      .insert(dsps)
      .values({
        name: 'Metadata grabber',
        type: 'KRITTER',
        endpointUrl: `http://localhost:${port}/kritter`,
        credentialsSealed: await (await createSecretBox(t.deps.config.jwtSecret, 'dsp-credentials')).seal({
          api_key: API_KEY,
        }),
      })
      .returning();
    const result = await t.call('POST', `/api/admin/dsp/${row!.id}/test`, { token: tok.admin });
    expect(dataOf<TestResult>(result)).toEqual(REFUSED);
    expect(stub.requests).toHaveLength(0);
    const read = dataOf<Dsp>(await t.call('GET', `/api/admin/dsp/${row!.id}`, { token: tok.admin }));
    expect(read.last_test).toMatchObject({ ok: false, message: REFUSED.message });
  });
});

describe('the address check', () => {
  const policy = createOutboundPolicy({ allowedPrivateHosts: [], consolePort: () => 8080 });
  const lookupWith = (answers: LookupAddress[][], hostname = 'bidder.example.com') => {
    let call = 0;
    return guardedLookup(policy, hostname, 443, (_name, callback) => callback(null, answers[call++] ?? []));
  };
  const connect = (lookup: ReturnType<typeof guardedLookup>) =>
    new Promise<{ error: Error | null; addresses: unknown }>((resolve) =>
      lookup('bidder.example.com', { all: true }, (error, addresses) => resolve({ error, addresses })),
    );

  it('connects to exactly the checked public answers', async () => {
    const outcome = await connect(lookupWith([[{ address: '93.184.216.34', family: 4 }]]));
    expect(outcome.error).toBeNull();
    expect(outcome.addresses).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses a name when any of its answers is not public', async () => {
    const outcome = await connect(
      lookupWith([
        [
          { address: '93.184.216.34', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ],
      ]),
    );
    expect(outcome.error).toBeInstanceOf(OutboundUnreachableError);
  });

  it('checks every connection: a name that rebinds to loopback after a first public answer is refused', async () => {
    const lookup = lookupWith([
      [{ address: '93.184.216.34', family: 4 }],
      [{ address: '127.0.0.1', family: 4 }],
    ]);
    expect((await connect(lookup)).error).toBeNull();
    expect((await connect(lookup)).error).toBeInstanceOf(OutboundUnreachableError);
  });

  it('allows the private services an install names, each on its own port, never the console port', () => {
    const onPremise = createOutboundPolicy({
      allowedPrivateHosts: [
        'bidder.internal:8443',
        '10.1.0.0/16:443',
        '[::1]:9000',
        '192.168.7.7:8080',
        '127.0.0.1:8080',
      ],
      consolePort: () => 8080,
    });
    expect(onPremise.allows('bidder.internal', '10.9.9.9', 8443)).toBe(true);
    expect(onPremise.allows('BIDDER.internal.', '10.9.9.9', 8443)).toBe(true);
    expect(onPremise.allows('bidder.internal', '10.9.9.9', 8444)).toBe(false);
    expect(onPremise.allows('other.internal', '10.9.9.9', 8443)).toBe(false);
    expect(onPremise.allows('10.1.2.3', '10.1.2.3', 443)).toBe(true);
    expect(onPremise.allows('x', '::ffff:10.1.2.3', 443)).toBe(true);
    expect(onPremise.allows('10.1.2.3', '10.1.2.3', 80)).toBe(false);
    expect(onPremise.allows('10.2.0.1', '10.2.0.1', 443)).toBe(false);
    expect(onPremise.allows('[::1]', '::1', 9000)).toBe(true);
    expect(onPremise.allows('[::1]', '::1', 9001)).toBe(false);
    expect(onPremise.allows('127.0.0.1', '127.0.0.1', 9000)).toBe(false);
    // The console's own port on loopback, even though an entry names it.
    expect(onPremise.allows('127.0.0.1', '127.0.0.1', 8080)).toBe(false);
    expect(onPremise.allows('192.168.7.7', '192.168.7.7', 8080)).toBe(true);
    expect(onPremise.allows('192.168.7.8', '192.168.7.8', 8080)).toBe(false);
    expect(onPremise.allows('dns.google', '8.8.8.8', 443)).toBe(true);
    expect(onPremise.allows('x', '2606:4700:4700::1111', 443)).toBe(true);
  });

  it('reads DSP_ALLOWED_PRIVATE_HOSTS from the environment and refuses an entry without its port', () => {
    const secrets = { PAYLOAD_KEY: 'b'.repeat(64), JWT_SECRET: 'c'.repeat(40) };
    expect(loadConfig(secrets).dspAllowedPrivateHosts).toEqual([]);
    expect(
      loadConfig({
        ...secrets,
        DSP_ALLOWED_PRIVATE_HOSTS: ' bidder.internal:8443, 10.0.0.0/8:443 ,[fd00::1]:9000,, [fd00::/8]:443',
      }).dspAllowedPrivateHosts,
    ).toEqual(['bidder.internal:8443', '10.0.0.0/8:443', '[fd00::1]:9000', '[fd00::/8]:443']);
    for (const entry of [
      '10.0.0.0/8',
      '127.0.0.1',
      'bidder.internal',
      '::1:9000',
      '[10.0.0.1]:80',
      '[bidder.internal]:80',
      '10.0.0.1:0',
      '10.0.0.1:65536',
      'not a host!:80',
    ])
      expect(
        () => loadConfig({ ...secrets, DSP_ALLOWED_PRIVATE_HOSTS: `10.0.0.0/8:443, ${entry}` }),
        entry,
      ).toThrow(
        `DSP_ALLOWED_PRIVATE_HOSTS: "${entry}" is not host:port: a host name, an IP address or a CIDR range, then the port`,
      );
  });
});

describe('with a loopback service allowed (127.0.0.1 and its port)', () => {
  let onPremise: TestApp;
  let other: StubServer;
  beforeAll(async () => {
    onPremise = await startTestApp({ dspAllowedPrivateHosts: [`127.0.0.1:${port}`] });
    // Another service on the same machine: what a loopback entry without a port opened too.
    other = await startStubServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"internal":"other"}');
    });
  });
  afterAll(async () => {
    await other?.close();
    await onPremise?.close();
  });

  const testFrom = async (endpoint: string) => {
    const result = await onPremise.call('POST', '/api/admin/dsp/test', {
      token: await onPremise.loginAs('admin@demo.test'),
      body: { type: 'KRITTER', endpoint_url: endpoint, credentials: { api_key: API_KEY } },
    });
    expect(result.status, `${endpoint}: ${JSON.stringify(result.body)}`).toBe(200);
    return dataOf<TestResult>(result);
  };

  it('reaches the stub DSP on that port, and nothing else on the machine', async () => {
    const before = stub.requests.length;
    expect(await testFrom(`http://127.0.0.1:${port}/kritter`)).not.toEqual(REFUSED);
    expect(stub.requests).toHaveLength(before + 1);
    expect(stub.requests.at(-1)!.headers['x-api-key']).toBe(API_KEY);
    // A server on another port, a second API process (the first test app) and this console itself.
    for (const endpoint of [
      `${other.url}/kritter`,
      `${t.baseUrl}/api/health`,
      `${onPremise.baseUrl}/api/health`,
    ])
      expect(await testFrom(endpoint), endpoint).toEqual(REFUSED);
    expect(other.requests).toHaveLength(0);
    expect(stub.requests).toHaveLength(before + 1);
  });
});
