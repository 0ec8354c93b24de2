// Rate limits keyed by who calls rather than by address: every authenticated request counts for
// its user (the one really acting when impersonating), and a few public routes count per e-mail
// address. The per-address limits of the public auth routes are route options (LOGIN_RATE_LIMIT).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorIdOf } from './auth-guard.ts';
import { tooManyRequests } from './errors.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const refuseWhenLimited = async (limiter: Limiter, request: FastifyRequest, reply: FastifyReply) => {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  throw tooManyRequests(`Too many requests. Please wait ${result.ttlInSeconds} seconds and try again.`);
};

/** At most `perMinute` requests a minute per signed-in user or API key owner, on every route. */
export const registerUserRateLimit = (app: FastifyInstance, perMinute: number) => {
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => (request.principal ? `user:${actorIdOf(request.principal)}` : 'anonymous'),
  });
  // Registered after the auth guard's onRequest hook: the principal is known, the body not read yet.
  app.addHook('onRequest', async (request, reply) => {
    if (request.principal) await refuseWhenLimited(limiter, request, reply);
  });
};

/**
 * A preHandler that allows `max` requests per `timeWindow` for the e-mail address in the body,
 * whether or not it has an account (the limit tells nothing about that).
 */
export const perEmailRateLimit = (
  app: FastifyInstance,
  name: string,
  options: { max: number; timeWindow: string },
) => {
  const limiter = app.createRateLimit({
    ...options,
    keyGenerator: (request) => `${name}:${String((request.body as { email?: unknown }).email).toLowerCase()}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => refuseWhenLimited(limiter, request, reply);
};
