import { setup, transition } from 'xstate';
import type { OrderState } from './billing';

/**
 * The life of an order (issue 21), used by the server to decide every change of an order's state
 * (src/server/billing/orders.ts) and registered with the product's machines (machines/billing/
 * order.machine.ts) so the path tests cover every transition. It lives in src/contracts because the
 * server may import nothing of machines/ (src/tools/lint/dependency-cruiser.mjs); it is pure.
 *   started ─submit→ submitted ─paid→ paid ─refund→ refunded
 *      │ fail/cancel      │ fail/cancel
 *      ▼                  ▼
 *   failed / cancelled (final)
 */
export type OrderEvent =
  | { type: 'order.submit' }
  | { type: 'order.cancel' }
  | { type: 'payment.succeeded' }
  | { type: 'payment.failed' }
  | { type: 'payment.refunded' };
export type OrderEventType = OrderEvent['type'];

export const orderMachine = setup({
  types: { events: {} as OrderEvent },
}).createMachine({
  id: 'order',
  initial: 'started',
  states: {
    started: { on: { 'order.submit': 'submitted', 'payment.failed': 'failed', 'order.cancel': 'cancelled' } },
    submitted: { on: { 'payment.succeeded': 'paid', 'payment.failed': 'failed', 'order.cancel': 'cancelled' } },
    paid: { on: { 'payment.refunded': 'refunded' } },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
    refunded: { type: 'final' },
  },
});

/** The state an order moves to on an event, or null when the event is not allowed in its state. */
export function nextOrderState(state: OrderState, event: OrderEventType): OrderState | null {
  const snapshot = orderMachine.resolveState({ value: state, context: undefined as never });
  if (!snapshot.can({ type: event })) return null;
  const [next] = transition(orderMachine, snapshot, { type: event });
  return next.value as OrderState;
}
