import type Stripe from 'stripe';
import type { BillingConfig } from '../config';
import type { Executor } from '../db/index';
import { ApiError } from '../envelope';
import { getOrder, moveOrder, payOrderIn } from './orders';

/** What a Stripe event did to its order. */
export type StripeOutcome = 'paid' | 'failed' | 'ignored';

/**
 * Applies one verified Stripe event (checkout sessions only) to its order, inside the caller's
 * transaction: a completed and paid session (or an asynchronous payment that succeeded) pays the order;
 * a failed asynchronous payment or an expired session fails it. The session must be the order's own
 * (`provider_ref`) with the order's amount and currency; anything else, and moves the order machine
 * refuses (an expired session of an order paid meanwhile), change nothing.
 */
export async function applyStripeEvent(trx: Executor, billing: BillingConfig, event: Stripe.Event, now: number): Promise<StripeOutcome> {
  if (!event.type.startsWith('checkout.session.')) return 'ignored';
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.client_reference_id ?? session.metadata?.order_id;
  if (!orderId) return 'ignored';
  const order = await getOrder(trx, orderId);
  if (order?.provider !== 'stripe' || order.provider_ref !== session.id) return 'ignored';
  try {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (session.payment_status !== 'paid') return 'ignored';
        if (session.amount_total !== order.net + order.tax || session.currency?.toUpperCase() !== order.currency) return 'ignored';
        const { invoice } = await payOrderIn(trx, billing, order.id, now);
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
