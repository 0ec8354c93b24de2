// The API document as a client generator reads it: Redocly's recommended rules find no
// error and no warning but the known ones below, and every operation carries what a generated
// client names and documents itself by. A route added without them fails here.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DSP_TYPES } from '@console/core/dsp-types';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { RESPONSE_DESCRIPTIONS } from '../src/platform/openapi.ts';
import { openSnapshotDatabase } from './support/pglite-snapshot.ts';
import { testConfig } from './support/test-app.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, { description?: string }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };
type LintProblem = {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
};
type LintReport = { totals: { errors: number; warnings: number }; problems: LintProblem[] };

type Schema = {
  description?: string;
  required?: string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** The JSON schema of an operation's request body. */
const bodyOf = (key: string): Schema => {
  const found = operations.find((candidate) => candidate.key === key);
  const body = (found?.operation as { requestBody?: { content: Record<string, { schema: Schema }> } })
    ?.requestBody;
  const schema = body?.content['application/json']?.schema;
  if (!schema) throw new Error(`no JSON body for ${key}`);
  return schema;
};

const REDOCLY_CLI = fileURLToPath(new URL('../../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

/**
 * Warnings of the recommended rules that stay, each for a reason:
 * - info-license: the product's licence is its owner's statement to make, not the document's.
 * - operation-4xx-response on the liveness probe: it has no client error to answer.
 * - no-ambiguous-paths: `/advertiser/{id}` beside `/{id}/clone`-like paths. The router prefers the
 *   literal segment, so each real URL has one operation; renaming the paths would break clients.
 */
const KNOWN_WARNINGS = [
  'info-license #/info',
  'no-ambiguous-paths #/paths/~1api~1campaigns~1{id}~1change-log',
  'no-ambiguous-paths #/paths/~1api~1campaigns~1{id}~1clone',
  'no-ambiguous-paths #/paths/~1api~1campaigns~1{id}~1forecast',
  'no-ambiguous-paths #/paths/~1api~1campaigns~1{id}~1status',
  'no-ambiguous-paths #/paths/~1api~1creatives~1{id}~1change-log',
  'operation-4xx-response #/paths/~1api~1health/get/responses',
];

/** The first word of an operationId: what the operation does. */
const VERBS = [
  'act',
  'add',
  'allocate',
  'assign',
  'change',
  'check',
  'clone',
  'confirm',
  'create',
  'decide',
  'delete',
  'download',
  'edit',
  'end',
  'export',
  'get',
  'list',
  'receive',
  'record',
  'refresh',
  'register',
  'rename',
  'replace',
  'request',
  'resend',
  'reset',
  'reverse',
  'revoke',
  'save',
  'set',
  'sign',
  'start',
  'test',
  'update',
  'upload',
  'verify',
];

let app: FastifyInstance;
let doc: Document;
let operations: { key: string; operation: Operation }[];

beforeAll(async () => {
  const database = await openSnapshotDatabase();
  ({ app } = await buildApp(testConfig(), { database }));
  app.addHook('onClose', () => database.close());
  await app.ready();
  doc = app.swagger() as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
});
afterAll(() => app.close());

const lint = async (document: unknown): Promise<LintReport> => {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-lint-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const args = [
    REDOCLY_CLI,
    'lint',
    file,
    '--extends',
    'recommended',
    '--format',
    'json',
    '--max-problems',
    '10000',
  ];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // Redocly exits 1 when it finds errors; the report on stdout says which.
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as LintReport;
};

describe('the API document', () => {
  it('passes the Redocly recommended rules: no error, no warning but the known ones', async () => {
    const report = await lint(doc);
    const found = (severity: LintProblem['severity']) =>
      report.problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`)
        .sort();
    expect(found('error')).toEqual([]);
    expect(found('warn')).toEqual(KNOWN_WARNINGS);
  }, 60_000);

  it('the lint does find errors (a document with a trailing-slash path and no security fails)', async () => {
    const broken = structuredClone(doc) as Document & Record<string, unknown>;
    const health = broken.paths['/api/health'];
    if (!health) throw new Error('no /api/health in the document');
    broken.paths['/api/health/'] = health;
    delete health.get?.security;
    const report = await lint(broken);
    const rules = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => problem.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['no-path-trailing-slash', 'security-defined']));
  }, 60_000);

  it('gives every operation a unique, verb-first camelCase operationId', () => {
    const wrong = operations
      .filter(({ operation: { operationId } }) => {
        const verb = operationId?.match(/^[a-z]+/)?.[0];
        return !operationId || !/^[a-z][A-Za-z0-9]*$/.test(operationId) || !verb || !VERBS.includes(verb);
      })
      .map(({ key, operation }) => `${key}: ${operation.operationId}`);
    expect(wrong).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('gives every operation a one-line summary of at most 90 characters, and tags', () => {
    const wrong = operations
      .filter(
        ({ operation: { summary, tags } }) =>
          !summary?.trim() || /\n/.test(summary) || summary.length > 90 || !tags?.length,
      )
      .map(({ key, operation }) => `${key}: ${operation.summary}`);
    expect(wrong).toEqual([]);
  });

  it('names every answer by its status (no "Default Response")', () => {
    const wrong = operations.flatMap(({ key, operation }) =>
      Object.entries(operation.responses ?? {})
        .filter(([status, response]) => response.description !== RESPONSE_DESCRIPTIONS[status])
        .map(([status, response]) => `${key} ${status}: ${response.description}`),
    );
    expect(wrong).toEqual([]);
    expect(RESPONSE_DESCRIPTIONS).toMatchObject({
      400: expect.stringMatching(/^Invalid input/),
      401: expect.stringMatching(/^Not signed in/),
      403: expect.stringMatching(/^Not allowed/),
      404: expect.stringMatching(/^Not found/),
      409: expect.stringMatching(/^Conflict/),
      429: expect.stringMatching(/^Too many requests/),
    });
  });

  it('describes every money, id and status field and parameter', () => {
    const wanted = /(_micros|budget|^bid|amount|balance|price|spend|^_?id|_id|Id|_ids|status|state)$/;
    const missing = new Set<string>();
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) for (const item of node) walk(item, where);
      if (typeof node !== 'object' || node === null) return;
      const { properties } = node as { properties?: Record<string, { description?: string }> };
      for (const [name, property] of Object.entries(properties ?? {}))
        if (wanted.test(name) && !property.description) missing.add(`${where}: ${name}`);
      for (const value of Object.values(node)) walk(value, where);
    };
    for (const { key, operation } of operations) {
      walk(operation, key);
      const parameters = (operation as { parameters?: { name: string; description?: string }[] }).parameters;
      for (const parameter of parameters ?? [])
        if (wanted.test(parameter.name) && !parameter.description) missing.add(`${key}: ?${parameter.name}`);
    }
    expect([...missing]).toEqual([]);
    const campaign = bodyOf('POST /api/campaigns');
    expect(campaign.properties?.total_budget_micros?.description).toMatch(/micro-units: 1 USD = 1,000,000/);
  });

  it('says in the schema what depends on other fields: DSP credentials by type, advertiser_id by role', () => {
    for (const key of ['POST /api/admin/dsp', 'POST /api/admin/dsp/test']) {
      const variants = bodyOf(key).oneOf ?? [];
      expect(
        variants.map((variant) => [
          variant.properties?.type?.enum,
          variant.properties?.credentials?.required,
        ]),
      ).toEqual(
        Object.entries(DSP_TYPES).map(([type, { credentialFields }]) => [
          [type],
          credentialFields.map((field) => field.name),
        ]),
      );
    }
    for (const key of ['POST /api/campaigns', 'POST /api/creatives']) {
      const schema = bodyOf(key);
      const advertiserId = [schema, ...(schema.allOf ?? [])].find((part) => part.properties?.advertiser_id)
        ?.properties?.advertiser_id;
      expect(advertiserId?.description, key).toMatch(
        /Required when the caller is an agency, an admin or a co-admin/,
      );
    }
  });

  it('has no path with a trailing slash, while the old slash spelling still answers', async () => {
    expect(Object.keys(doc.paths).filter((path) => path.endsWith('/'))).toEqual([]);
    const withSlash = await app.inject({ method: 'GET', url: '/api/campaigns/' });
    const without = await app.inject({ method: 'GET', url: '/api/campaigns' });
    expect(withSlash.statusCode).toBe(401);
    expect(withSlash.json()).toEqual(without.json());
  });
});
