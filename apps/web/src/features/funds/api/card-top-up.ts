// Stripe Checkout: whether card top-ups are on, and the bank-transfer instructions (GET
// /api/payment/stripe/config), and a session for
// the caller's own account (POST /api/payment/stripe/checkout-session); the browser then goes to
// Stripe's page, and the balance moves when Stripe's webhook confirms the payment.
import type { StripeConfig } from '@console/core/api/funds';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiPost, fetchData, unwrapResult } from '../../../lib/http/api-client.ts';

export const useStripeConfig = () =>
  useQuery({
    queryKey: ['funds', 'stripe-config'] as const,
    queryFn: () => fetchData<StripeConfig>('/api/payment/stripe/config'),
    staleTime: 5 * 60_000,
  });

export const useStartCardTopUp = () =>
  useMutation({
    mutationFn: async (amountMicros: number) =>
      unwrapResult(
        await apiPost<{ id: string; url: string }>(
          '/api/payment/stripe/checkout-session',
          { amount_micros: amountMicros },
          { headers: { 'Idempotency-Key': crypto.randomUUID() } },
        ),
      ),
  });
