// The Stripe client, when the console is configured for card top-ups (both STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET; one without the other would take money it could never credit, or verify
// webhooks for sessions it cannot create). STRIPE_API_URL points the client elsewhere than
// api.stripe.com: the tests' local stand-in.
import Stripe from 'stripe';
import type { AppConfig } from '../../config/env.ts';

export type StripeSetup = { client: Stripe; webhookSecret: string };

export const createStripeSetup = (config: AppConfig): StripeSetup | null => {
  if (!config.stripeSecretKey || !config.stripeWebhookSecret) return null;
  const api = config.stripeApiUrl ? new URL(config.stripeApiUrl) : null;
  const client = new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  return { client, webhookSecret: config.stripeWebhookSecret };
};
