// HTTP of card payments under /api/payment/stripe (spec section 7's payment/stripe family): whether
// card top-ups are on, a Checkout Session for the caller's own account, and Stripe's webhook.
import { okResponse } from '@console/core/api/common';
import { cardTopUpBody, checkoutSessionSchema, stripeConfigSchema } from '@console/core/api/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { principalOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { bearer, withErrors } from '../../platform/route-schemas.ts';
import { idempotencyHeaders } from '../funds/index.ts';
import { completeCardTopUp, createCardTopUp } from './card-top-ups.ts';
import type { StripeSetup } from './stripe-client.ts';

const tags = ['payments'];
export const CARD_PAYMENTS_OFF_MESSAGE = 'Card payments are not configured on this console.';
export const BAD_SIGNATURE_MESSAGE = 'The Stripe signature does not match this webhook.';

const COMPLETED_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

export const stripeRoutes =
  (deps: AppDeps, stripe: StripeSetup | null): FastifyPluginAsyncZod =>
  async (app) => {
    const requireStripe = () => {
      if (!stripe) throw new AppError(404, CARD_PAYMENTS_OFF_MESSAGE);
      return stripe;
    };

    app.get(
      '/config',
      {
        config: { access: 'cardTopUp.read' },
        schema: {
          operationId: 'getStripeConfig',
          tags,
          security: bearer,
          summary: 'Whether card top-ups by Stripe Checkout are offered, and how to pay by bank transfer',
          response: withErrors(okResponse(stripeConfigSchema)),
        },
      },
      async () => ({
        success: true as const,
        data: {
          enabled: stripe !== null,
          bank_transfer_instructions: deps.config.bankTransferInstructions ?? null,
        },
      }),
    );

    app.post(
      '/checkout-session',
      {
        config: { access: 'cardTopUp.create', idempotent: true },
        schema: {
          operationId: 'createStripeCheckoutSession',
          tags,
          security: bearer,
          summary: "Start a card top-up of the caller's own account",
          description:
            "Start a card top-up of the caller's own account; the balance is credited when Stripe confirms payment",
          headers: idempotencyHeaders,
          body: cardTopUpBody,
          response: withErrors(okResponse(checkoutSessionSchema)),
        },
      },
      async (request) => ({
        success: true as const,
        data: await createCardTopUp(deps, requireStripe(), principalOf(request), {
          amountMicros: request.body.amount_micros,
          origin: `${request.protocol}://${request.host}`,
          idempotencyKey: request.headers['idempotency-key'],
        }),
      }),
    );

    // Stripe signs the exact bytes it sends, so this route takes its body raw: a parser of its own,
    // in its own plugin, leaves every other route's JSON parsing as it is.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.post(
        '/webhook',
        {
          config: { access: 'public' },
          schema: {
            operationId: 'receiveStripeWebhook',
            tags,
            security: [],
            summary: "Stripe's webhook events: a paid Checkout Session credits its account once",
            description:
              "Stripe's events; a paid Checkout Session credits its account once, however often Stripe retries",
            headers: z.looseObject({
              'stripe-signature': z.string().optional().describe("Stripe's signature of the raw body."),
            }),
            response: withErrors(
              okResponse(
                z.object({
                  outcome: z
                    .enum(['credited', 'already-credited', 'ignored'])
                    .describe(
                      'What the event did: credited now, credited before (a retry), or nothing to do.',
                    ),
                }),
              ),
            ),
          },
        },
        async (request) => {
          const setup = requireStripe();
          const signature = request.headers['stripe-signature'];
          if (!Buffer.isBuffer(request.body) || !signature) throw badRequest(BAD_SIGNATURE_MESSAGE);
          let event: Stripe.Event;
          try {
            event = setup.client.webhooks.constructEvent(request.body, signature, setup.webhookSecret);
          } catch {
            throw badRequest(BAD_SIGNATURE_MESSAGE);
          }
          const outcome = COMPLETED_EVENTS.has(event.type)
            ? await completeCardTopUp(deps, event.data.object as Stripe.Checkout.Session, request.log)
            : 'ignored';
          return { success: true as const, data: { outcome } };
        },
      );
    });
  };
