// The API document (/docs/openapi.json), made from the routes themselves: zod schemas become JSON
// schemas (fastify-type-provider-zod); what every operation shares is set here once, so that no
// route can get it wrong: the security requirement follows the declared access (public: none), the
// permission is shown per operation (`x-permission`, `x-roles` and a line of its description),
// each answer of the error catalogue has its name, and shared fields their meaning (openapi-fields.ts). `npm test` lints the result with Redocly's
// recommended rules (apps/api/test/openapi-lint.test.ts).
import { PERMISSION_ROLES, type Permission } from '@console/core/permissions';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './auth-guard.ts';
import { describeFields } from './openapi-fields.ts';
import { bearer } from './route-schemas.ts';

/** The description of each answer, by status (the spec's error catalogue, section 8). */
export const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'OK: {success: true, message?, data}',
  400: 'Invalid input: {success: false, message, error_code: 400, errors: {field: message}}',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed for this role or session',
  404: 'Not found, or outside what the caller may see',
  409: 'Conflict with the current state',
  413: 'Request body too large',
  422: 'Unprocessable: the Idempotency-Key was already used with a different request',
  429: 'Too many requests: wait and try again',
};

type JsonSchemaObject = Record<string, unknown>;

/** Who may call an operation: its permission and that permission's roles, in the operation itself. */
const permissionFields = (permission: Permission, description: unknown) => {
  const roles = PERMISSION_ROLES[permission];
  const line = `Permission: \`${permission}\` (${roles.join(', ')}).`;
  return {
    'x-permission': permission,
    'x-roles': [...roles],
    description: typeof description === 'string' && description ? `${description}\n\n${line}` : line,
  };
};

const describeResponses = (response: unknown) => {
  if (typeof response !== 'object' || response === null) return response;
  return Object.fromEntries(
    Object.entries(response as Record<string, JsonSchemaObject>).map(([status, schema]) => [
      status,
      {
        ...schema,
        // @fastify/swagger's own key for a response's description (kept out of the schema).
        'x-response-description': RESPONSE_DESCRIPTIONS[status] ?? `HTTP ${status}`,
      },
    ]),
  );
};

const transform: FastifyDynamicSwaggerOptions['transform'] = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
  const access = input.route.config?.access as Access | undefined;
  const { body, querystring, params, response } = schema;
  return {
    url,
    schema: {
      ...schema,
      ...(body ? { body: describeFields(body) } : {}),
      ...(querystring ? { querystring: describeFields(querystring) } : {}),
      ...(params ? { params: describeFields(params) } : {}),
      ...(access && access !== 'public' ? permissionFields(access, schema.description) : {}),
      security: access === 'public' ? [] : bearer,
      response: describeResponses(describeFields(response)),
    },
  };
};

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Trading Desk Console API',
      version: '1.0.0',
      description:
        'Every answer is {success, message?, data?}. POST/PUT/PATCH bodies may be sent as {encryptedData} ' +
        '(AES-256-GCM with the key of GET /api/auth/payload-key) and are then answered as {encryptedResponse}; ' +
        "plain JSON is answered plainly. While acting as another user, send the parents' ids as admin_id, " +
        'co_admin_id or agency_id query parameters. Money is in micro-units: 1 USD = 1,000,000.',
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  },
  transform,
};
