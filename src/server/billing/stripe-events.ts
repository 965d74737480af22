import type Stripe from 'stripe';
import type { BillingConfig } from '../config';
import type { Executor } from '../db/index';
import { ApiError } from '../envelope';
import { getOrder, moveOrder, type OrderRow, payOrderIn, recordPartialRefund, refundOrderIn } from './orders';

/** What a Stripe event did to its order. */
export type StripeOutcome = 'paid' | 'failed' | 'refunded' | 'partially-refunded' | 'ignored';

/**
 * Applies one verified Stripe event to its order, inside the caller's transaction (which also records
 * the event id, so each event counts once).
 *
 * Checkout sessions: a completed and paid session (or an asynchronous payment that succeeded) pays the
 * order and records the session's PaymentIntent (`provider_payment`); a failed asynchronous payment or an
 * expired session fails it. The session must be the order's own (`provider_ref`) with the order's amount
 * and currency.
 *
 * Refunds (made in Stripe's dashboard or API): Stripe sends `charge.refunded` for every refund of a
 * charge, partial or full, with the charge's cumulative `amount_refunded` and `refunded` (true once all
 * of it is refunded); the charge names its PaymentIntent, whose order is found by `provider_payment` (an
 * unknown payment is ignored). A full refund moves the order along the machine exactly as
 * `quire order refund` does (refunded, the paid period taken off the account); a partial one records the
 * amount on the paid order and changes neither its state nor the plan. `refund.created`/`refund.updated`
 * (one refund each, also sent) are not used: the charge's running total makes a replayed or late event
 * harmless without adding refunds up. A refund that fails afterwards (rare for cards: `refund.failed`)
 * does not reopen a refunded order — the order machine has no way back; the seller settles it by hand.
 *
 * Anything else, and moves the order machine refuses (an expired session of an order paid meanwhile, a
 * refund of an order already refunded), change nothing.
 */
export async function applyStripeEvent(trx: Executor, billing: BillingConfig, event: Stripe.Event, now: number): Promise<StripeOutcome> {
  try {
    if (event.type === 'charge.refunded') return await applyRefund(trx, event.data.object, now);
    if (!event.type.startsWith('checkout.session.')) return 'ignored';
    const session = event.data.object as Stripe.Checkout.Session;
    const orderId = session.client_reference_id ?? session.metadata?.order_id;
    if (!orderId) return 'ignored';
    const order = await getOrder(trx, orderId);
    if (order?.provider !== 'stripe' || order.provider_ref !== session.id) return 'ignored';
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (session.payment_status !== 'paid') return 'ignored';
        if (session.amount_total !== order.net + order.tax || session.currency?.toUpperCase() !== order.currency) return 'ignored';
        const { invoice } = await payOrderIn(trx, billing, order.id, now, idOf(session.payment_intent));
        return invoice ? 'paid' : 'ignored';
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        await moveOrder(trx, order, 'payment.failed', now);
        return 'failed';
      default:
        return 'ignored';
    }
  } catch (error) {
    if (error instanceof ApiError && error.errorName === 'orderStateRefused') return 'ignored';
    throw error;
  }
}

const idOf = (ref: string | { id: string } | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

async function applyRefund(trx: Executor, charge: Stripe.Charge, now: number): Promise<StripeOutcome> {
  const payment = idOf(charge.payment_intent);
  if (!payment) return 'ignored';
  const order: OrderRow | undefined = await trx
    .selectFrom('orders')
    .selectAll()
    .where('provider', '=', 'stripe')
    .where('provider_payment', '=', payment)
    .executeTakeFirst();
  if (!order || charge.currency?.toUpperCase() !== order.currency) return 'ignored';
  const refunded = Number(charge.amount_refunded);
  if (!Number.isSafeInteger(refunded) || refunded <= 0) return 'ignored';
  if (charge.refunded === true || refunded >= order.net + order.tax) {
    await refundOrderIn(trx, order.id, now);
    return 'refunded';
  }
  return (await recordPartialRefund(trx, order, refunded, now)) ? 'partially-refunded' : 'ignored';
}
