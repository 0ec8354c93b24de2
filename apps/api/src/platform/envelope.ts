// The {encryptedData} / {encryptedResponse} envelope of spec section 7. A request whose body arrives
// sealed is answered sealed; plain JSON is answered plainly (API users).
import { importEnvelopeKey, openJson, sealText } from '@console/core/envelope';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

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

  app.addHook('preValidation', async (request) => {
    if (!isSealedBody(request.body)) return;
    try {
      request.body = await openJson(key, request.body.encryptedData);
    } catch {
      // Answered in plain JSON: a client without the key could not read a sealed answer.
      throw badRequest('The encrypted request could not be decrypted.');
    }
    request.isSealed = true;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.isSealed || typeof payload !== 'string') return payload;
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ encryptedResponse: await sealText(key, payload) });
  });
};
