// GET /docs/openapi.json: the API reference as JSON (about 1.4 MB), written once after start,
// compressed once per encoding (brotli or gzip, as the client's Accept-Encoding prefers) and
// revalidated by a strong ETag of each representation (304 on a matching If-None-Match).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

type Representation = { body: Buffer; etag: string };

const encoders: Record<Encoding, (json: Buffer) => Promise<Buffer>> = {
  // Quality 9 of 11: within a few percent of the best at a tenth of its time.
  br: (json) =>
    brotliAsync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json) => gzipAsync(json, { level: 9 }),
  identity: async (json) => json,
};

/** True when an If-None-Match header names `etag` (or is `*`); weak comparison, as RFC 9110 says for GET. */
const matchesEtag = (header: string | undefined, etag: string) =>
  (header ?? '').split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === etag;
  });

export const registerOpenApiDocument = (app: FastifyInstance) => {
  // The document depends on the registered routes only: made on the first request, kept for the process.
  let json: { body: Buffer; hash: string } | undefined;
  const representations = new Map<Encoding, Promise<Representation>>();
  const representation = (encoding: Encoding) => {
    let made = representations.get(encoding);
    if (!made) {
      if (!json) {
        const body = Buffer.from(JSON.stringify(app.swagger()));
        json = { body, hash: createHash('sha256').update(body).digest('base64url').slice(0, 32) };
      }
      const { body, hash } = json;
      // Each encoding is its own representation, so its own strong validator.
      const etag = encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding}"`;
      made = encoders[encoding](body).then((encoded) => ({ body: encoded, etag }));
      representations.set(encoding, made);
    }
    return made;
  };

  app.get(
    '/docs/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS) ?? 'identity';
      const { body, etag } = await representation(encoding);
      reply.header('vary', 'accept-encoding').header('etag', etag).header('cache-control', 'no-cache');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
