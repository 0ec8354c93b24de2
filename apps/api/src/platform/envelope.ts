// The {encryptedData} / {encryptedResponse} envelope of spec section 7. A request whose body arrives
// sealed is answered sealed; plain JSON is answered plainly (API users).
import { importEnvelopeKey, openJson, sealText } from '@console/core/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { routeHooksOf } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyRequest {
    isSealed: boolean;
  }
}

const isSealedBody = (body: unknown): body is { encryptedData: string } =>
  typeof body === 'object' &&
  body !== null &&
  Object.keys(body).length === 1 &&
  typeof (body as { encryptedData?: unknown }).encryptedData === 'string';

export const registerEnvelope = async (app: FastifyInstance, payloadKey: string) => {
  const key = await importEnvelopeKey(payloadKey);
  app.decorateRequest('isSealed', false);

  // Before the auth guard's check of the parent ids in the body (registered after this), so it
  // must be the app's hook, not a route's; without a promise for the plain bodies it passes by.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isSealedBody(request.body)) return done();
    openJson(key, request.body.encryptedData).then(
      (opened) => {
        request.body = opened;
        request.isSealed = true;
        done();
      },
      // Answered in plain JSON: a client without the key could not read a sealed answer.
      () => done(badRequest('The encrypted request could not be decrypted.')),
    );
  });

  const sealAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.isSealed || typeof payload !== 'string') return payload;
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ encryptedResponse: await sealText(key, payload) });
  };
  // Only a request with a body can be sealed, so only routes that take one seal their answers; the
  // hook is the route's last, after the idempotency's (idempotency.ts stores the plain answer).
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.onSend = [...routeHooksOf(route.onSend), sealAnswer];
  });
};
