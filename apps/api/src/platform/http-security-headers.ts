// Helmet's security headers on every answer, headers that keep tokens and personal data out of
// caches, and HSTS only where it means something.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Public answers that hold neither a token nor personal data and may be cached like any page. */
const CACHEABLE_API_PATHS = new Set(['/api/health', '/api/auth/agency-config', '/api/auth/payload-key']);

const HSTS = 'max-age=31536000; includeSubDomains';

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

const HELMET_OPTIONS: HelmetOptions = {
  // HSTS is sent below, and only over HTTPS.
  strictTransportSecurity: false,
  contentSecurityPolicy: {
    directives: { 'img-src': ["'self'", 'data:', 'https:'], 'connect-src': ["'self'"] },
  },
};

/**
 * The headers helmet sets, worked out once. @fastify/helmet built helmet's middleware again on every
 * request, parsing the policy each time: 5% of the server's CPU on a campaign list page. The policy
 * has no per-request part (no nonces), so its headers are the same for every answer. Routes that
 * need another policy (the HTML preview frame, the API docs) set their own over these.
 */
export const helmetHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
};

/**
 * Helmet's headers on every answer, no-store on the API's and HSTS over HTTPS: register before any
 * route or plugin that serves one. All are decided by the request alone, so they are set as it
 * arrives, in one hook that takes no promise (an onSend hook per answer cost every request its
 * own step). A route that sets its own Cache-Control (the HTML preview frame) replaces this one.
 */
export const registerSecurityHeaders = (app: FastifyInstance) => {
  const securityHeaders = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    const path = pathOf(request);
    // Every API answer may carry a token or personal data: no browser or proxy may keep it.
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi && !CACHEABLE_API_PATHS.has(path)) reply.header('cache-control', 'no-store');
    // Sent over plain HTTP the header is ignored at best and pins a wrong scheme at worst; behind a
    // TLS-terminating proxy, request.protocol says https once TRUST_PROXY is set.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
};
