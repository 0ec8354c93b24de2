// A local stand-in for Stripe's API, for tests only: the console's Stripe client is pointed at it
// with STRIPE_API_URL. It answers `POST /v1/checkout/sessions` like Stripe (a session with an id and
// a URL) and remembers what it was asked. Webhooks are not sent by it: tests sign their own events
// with the stripe library's generateTestHeaderString and post them to the console.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInRequest = {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
};

export const startStripeStandIn = async () => {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path: request.url ?? '', form, idempotencyKey });
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        response.statusCode = 404;
        response.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown stand-in route' } }),
        );
        return;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        client_reference_id: form.get('client_reference_id'),
        metadata: {
          user_primary_id: form.get('metadata[user_primary_id]'),
          amount_micros: form.get('metadata[amount_micros]'),
        },
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
      };
      sessions.set(id, session);
      response.end(JSON.stringify(session));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
