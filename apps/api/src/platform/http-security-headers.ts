// Headers that keep tokens and personal data out of caches, and HSTS only where it means something.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Public answers that hold neither a token nor personal data and may be cached like any page. */
const CACHEABLE_API_PATHS = new Set(['/api/health', '/api/auth/agency-config', '/api/auth/payload-key']);

const HSTS = 'max-age=31536000; includeSubDomains';

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

export const registerHttpSecurityHeaders = (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request);
    // Every API answer may carry a token or personal data: no browser or proxy may keep it. A route
    // that sets its own Cache-Control (the HTML preview frame) has decided for itself.
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi && !CACHEABLE_API_PATHS.has(path) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    // Sent over plain HTTP the header is ignored at best and pins a wrong scheme at worst; behind a
    // TLS-terminating proxy, request.protocol says https once TRUST_PROXY is set.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
};
