// `Idempotency-Key` for POSTs that create something or move money (Stripe's rules, and the IETF
// draft "The Idempotency-Key HTTP Header Field").
//
// Use: add `idempotent: true` to a route's config, beside its access:
//     app.post('/', { config: { access: 'campaign.create', idempotent: true }, schema: {...} }, handler)
// That one line documents the optional `Idempotency-Key` header on the operation (1 to 255
// characters) and its 409/422 answers, and makes the platform do the rest:
// - A request without the header runs as usual.
// - The first request with a key claims it (a row in `idempotency_keys`, written before the handler
//   runs). When it succeeds (2xx) its status and JSON body are stored, sealed; when it fails the
//   claim is dropped, so the client may fix the request and retry with the same key.
// - A later request with the same key within 24 hours and the same request gets the first answer
//   again (same status, same body, header `Idempotent-Replayed: true`), and the handler does not run:
//   nothing is created twice. A sealed request ({encryptedData}) gets the answer sealed, a plain one
//   plainly, whichever way the first one came.
// - The same key with a different request (method, route, path params, query, or body) answers 422.
// - The same key while the first request still runs answers 409 (retry later): two parallel
//   requests never both run, because the claim is one INSERT ... ON CONFLICT DO NOTHING.
// - Keys belong to the caller: the effective user and the acting user (the outermost parent when
//   impersonating), so another user's identical key is a different key.
// - Requests are compared by an HMAC (keyed from JWT_SECRET, since bodies may hold passwords) of
//   the canonical JSON of the validated body, the one the envelope opened, with keys sorted.
//
// For money-moving routes: a claim whose request died without an answer (a crash) is taken over
// after CLAIM_TIMEOUT_MS. If the process died after its transaction committed but before the answer
// was stored, the retry runs again; a money route should therefore also carry a natural unique key
// in its own table (e.g. the ledger entry's reference), so that the second run fails instead of paying twice.
// Multipart uploads cannot opt in: their body is read by the handler, after the hash is taken.
import { createHmac, hkdfSync } from 'node:crypto';
import { errorResponse } from '@console/core/api/common';
import { PARENT_ID_PARAM } from '@console/core/roles';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'safe-stable-stringify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { actorIdOf, principalOf } from './auth-guard.ts';
import { AppError, conflict } from './errors.ts';
import { routeHooksOf } from './route-hooks.ts';
import type { SecretBox } from './secret-box.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the `Idempotency-Key` header on this POST (platform/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: IdempotencyClaim | null;
  }
}

type IdempotencyClaim = { userId: number; actorId: number; key: string };

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_LIFETIME_MS = 24 * 60 * 60_000;
/** A claim without an answer after this long belongs to a request that died; a retry may take it. */
const CLAIM_TIMEOUT_MS = 2 * 60_000;
const PURGE_EVERY_MS = 60 * 60_000;

export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'This Idempotency-Key was already used with a different request. Use a new key for a new request.';
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE =
  'A request with this Idempotency-Key is still being processed. Please retry in a moment.';

const keyHeaderSchema = z
  .string()
  .min(1, 'The Idempotency-Key header must be 1 to 255 characters.')
  .max(255, 'The Idempotency-Key header must be 1 to 255 characters.')
  .describe(
    'A unique value (e.g. a UUID) chosen by the client for this operation. Retrying with the same key ' +
      'within 24 hours answers the first answer and creates nothing again.',
  );

/** Adds the header and the 409/422 answers to an opted-in route's schema (validation and OpenAPI). */
const describeIdempotentRoute = (schema: Record<string, unknown>) => {
  const headers = schema.headers;
  const idempotencyHeader = { [IDEMPOTENCY_HEADER]: keyHeaderSchema.optional() };
  schema.headers =
    headers instanceof z.ZodObject ? headers.extend(idempotencyHeader) : z.looseObject(idempotencyHeader);
  if (headers !== undefined && !(headers instanceof z.ZodObject)) {
    throw new Error('An idempotent route must declare its headers as a zod object.');
  }
  const response = (schema.response ?? {}) as Record<number, unknown>;
  schema.response = {
    ...response,
    409: response[409] ?? errorResponse,
    422: errorResponse.describe('The Idempotency-Key was already used with a different request.'),
  };
};

/** The request as compared between two uses of a key: everything that decides what it does. */
const hashRequest = (hmacKey: Buffer, request: FastifyRequest): string => {
  const parentParams = new Set<string>(Object.values(PARENT_ID_PARAM));
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      ([name]) => !parentParams.has(name),
    ),
  );
  const canonical = stringify({
    method: request.method,
    route: request.routeOptions.url,
    params: request.params ?? {},
    query,
    body: request.body ?? null,
  });
  return createHmac('sha256', hmacKey)
    .update(canonical ?? '')
    .digest('hex');
};

type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; sealed: string }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

const claimKey = async (db: Db, claim: IdempotencyClaim, requestHash: string): Promise<ClaimOutcome> => {
  const sameKey = and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.actorId, claim.actorId),
    eq(idempotencyKeys.key, claim.key),
  );
  // An expired key, or an abandoned claim, is free again.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        sameKey,
        or(
          lt(idempotencyKeys.createdAt, new Date(Date.now() - KEY_LIFETIME_MS)),
          and(
            isNull(idempotencyKeys.responseStatus),
            lt(idempotencyKeys.createdAt, new Date(Date.now() - CLAIM_TIMEOUT_MS)),
          ),
        ),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...claim, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed' };
  const [existing] = await db.select().from(idempotencyKeys).where(sameKey);
  // Gone between the insert and the select: its first request failed just now. Retry later.
  if (!existing) return { kind: 'in-progress' };
  if (existing.requestHash !== requestHash) return { kind: 'mismatch' };
  if (existing.responseStatus === null || existing.responseSealed === null) return { kind: 'in-progress' };
  return { kind: 'replay', status: existing.responseStatus, sealed: existing.responseSealed };
};

const whereClaim = (claim: IdempotencyClaim) =>
  and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.actorId, claim.actorId),
    eq(idempotencyKeys.key, claim.key),
    isNull(idempotencyKeys.responseStatus),
  );

export const registerIdempotency = (
  app: FastifyInstance,
  deps: { db: Db; jwtSecret: string; answers: SecretBox },
) => {
  const hmacKey = Buffer.from(hkdfSync('sha256', deps.jwtSecret, 'trading-desk-console', 'idempotency', 32));
  let lastPurge = 0;
  const purgeExpired = async () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await deps.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEY_LIFETIME_MS)));
  };

  app.decorateRequest('idempotencyClaim', null);

  // After authentication, the envelope and validation: the principal and the opened body are known.
  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return;
    const principal = principalOf(request);
    const claim = { userId: principal.userId, actorId: actorIdOf(principal), key };
    await purgeExpired();
    const outcome = await claimKey(deps.db, claim, hashRequest(hmacKey, request));
    switch (outcome.kind) {
      case 'claimed':
        request.idempotencyClaim = claim;
        return;
      case 'mismatch':
        throw new AppError(422, IDEMPOTENCY_MISMATCH_MESSAGE);
      case 'in-progress':
        throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE);
      case 'replay': {
        const body = (await deps.answers.open(outcome.sealed)) as string;
        return reply
          .code(outcome.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(body);
      }
    }
  };

  // Before the envelope's onSend (a route's hook, added after this one: envelope.ts): the payload
  // here is the plain JSON, which is what a replay sends again (sealed by the envelope when that
  // request was sealed).
  const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const isSuccess = reply.statusCode >= 200 && reply.statusCode < 300;
    if (isSuccess && typeof payload === 'string') {
      await deps.db
        .update(idempotencyKeys)
        .set({ responseStatus: reply.statusCode, responseSealed: await deps.answers.seal(payload) })
        .where(whereClaim(claim));
    } else {
      await deps.db.delete(idempotencyKeys).where(whereClaim(claim));
    }
    return payload;
  };

  // A request that ended without sending (aborted) frees its claim.
  const freeClaim = async (request: FastifyRequest) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = null;
    await deps.db.delete(idempotencyKeys).where(whereClaim(claim));
  };

  // The hooks go on the idempotent routes only: every other request skips three steps. A route's
  // own hooks run after the app's, so the envelope adds its onSend after this one (envelope.ts).
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (route.method !== 'POST' || route.config.access === 'public' || route.config.access === undefined) {
      throw new Error(`${route.method} ${route.url}: only signed-in POST routes may be idempotent.`);
    }
    route.schema ??= {};
    describeIdempotentRoute(route.schema as Record<string, unknown>);
    route.preHandler = [claimOrReplay, ...routeHooksOf(route.preHandler)];
    route.onSend = [storeAnswer, ...routeHooksOf(route.onSend)];
    route.onResponse = [freeClaim, ...routeHooksOf(route.onResponse)];
  });
};
