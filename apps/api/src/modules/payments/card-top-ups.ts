// Card top-ups: a Checkout Session for an amount the caller chooses, remembered with its owner and
// amount; the money is credited only by Stripe's verified `checkout.session.completed` webhook, and
// exactly once: the transfer's dedupe key is the session id, so a retried webhook (Stripe retries
// for days) finds the first credit instead of making another.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { cardTopUps } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { actorIdOf, type Principal } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { commitMovement } from '../funds/index.ts';
import { ensureUserAccount, findPlatformAccount, postTransferInTx } from '../ledger/index.ts';
import type { StripeSetup } from './stripe-client.ts';

const MICROS_PER_CENT = 10_000;

/** Creates the Checkout Session and remembers it; answers where to send the browser. */
export const createCardTopUp = async (
  deps: AppDeps,
  stripe: StripeSetup,
  principal: Principal,
  input: { amountMicros: number; origin: string; idempotencyKey?: string | undefined },
) => {
  const [user] = await deps.db.select().from(users).where(eq(users.id, principal.userId)).limit(1);
  const fundsPath = principal.role === 'AGENCY' ? '/agency/funds' : '/funds';
  const session = await stripe.client.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: input.amountMicros / MICROS_PER_CENT,
            product_data: { name: 'Account top-up' },
          },
        },
      ],
      client_reference_id: String(principal.userId),
      metadata: { user_primary_id: String(principal.userId), amount_micros: String(input.amountMicros) },
      ...(user?.email ? { customer_email: user.email } : {}),
      success_url: `${input.origin}${fundsPath}?checkout=success`,
      cancel_url: `${input.origin}${fundsPath}?checkout=cancelled`,
    },
    // Stripe's own idempotency: a retried request makes no second session.
    input.idempotencyKey ? { idempotencyKey: `topup-${principal.userId}-${input.idempotencyKey}` } : {},
  );
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
  await deps.db
    .insert(cardTopUps)
    .values({
      sessionId: session.id,
      userId: principal.userId,
      amountMicros: BigInt(input.amountMicros),
      createdBy: actorIdOf(principal),
    })
    .onConflictDoNothing();
  return { id: session.id, url: session.url };
};

export type WebhookOutcome = 'credited' | 'already-credited' | 'ignored';

/** Credits a paid session once. Unknown sessions and amounts that do not match are ignored (logged). */
export const completeCardTopUp = async (
  deps: AppDeps,
  session: Stripe.Checkout.Session,
  log: { warn: (o: object, m: string) => void },
): Promise<WebhookOutcome> => {
  if (session.payment_status !== 'paid') return 'ignored';
  const [topUp] = await deps.db
    .select()
    .from(cardTopUps)
    .where(eq(cardTopUps.sessionId, session.id))
    .limit(1);
  if (!topUp) {
    log.warn({ session: session.id }, 'Stripe webhook for a session this console did not create');
    return 'ignored';
  }
  const paidMicros = BigInt(session.amount_total ?? 0) * BigInt(MICROS_PER_CENT);
  if (paidMicros !== topUp.amountMicros || session.currency !== 'usd') {
    log.warn(
      { session: session.id, paid: String(paidMicros), asked: String(topUp.amountMicros) },
      'Stripe amount differs',
    );
    return 'ignored';
  }
  const { posted } = await commitMovement(deps, async (tx) => {
    const account = await ensureUserAccount(tx, topUp.userId);
    const funding = await findPlatformAccount(tx, 'FUNDING');
    const posted = await postTransferInTx(tx, {
      kind: 'CARD_TOP_UP',
      method: 'CARD',
      reference: session.id,
      note: 'Card top-up',
      dedupeKey: `stripe:${session.id}`,
      createdBy: topUp.createdBy,
      onBehalfOf: topUp.userId,
      legs: [
        { accountId: account.id, amountMicros: topUp.amountMicros },
        { accountId: funding.id, amountMicros: -topUp.amountMicros },
      ],
    });
    if (!posted.isReplay) {
      await tx
        .update(cardTopUps)
        .set({ status: 'COMPLETED', transferId: posted.transfer.id, completedAt: new Date() })
        .where(eq(cardTopUps.sessionId, session.id));
    }
    return { posted };
  });
  return posted.isReplay ? 'already-credited' : 'credited';
};
