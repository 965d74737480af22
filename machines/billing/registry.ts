import type { MachineEntry } from '../registry-types';
import { invoices, noOrders, ordersPage, paidOrder, submittedCard } from './fixtures';
import { invoiceListMachine } from './invoice-list.machine';
import { orderMachine } from './order.machine';
import { type OrderListContext, orderListMachine } from './order-list.machine';

/** Registry entries of billing's machines (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };

export const billingMachines: MachineEntry[] = [
  {
    id: 'order',
    title: 'Order (server)',
    description:
      'An upgrade order: started when the plan is chosen, submitted once the payment provider has it, then paid, failed or cancelled; a paid order can be refunded. The server moves orders only along these transitions.',
    machine: orderMachine,
    paths: {
      events: () => [
        { type: 'order.submit' },
        { type: 'order.cancel' },
        { type: 'payment.succeeded' },
        { type: 'payment.failed' },
        { type: 'payment.refunded' },
      ],
    },
  },
  {
    id: 'orderList',
    title: 'Orders',
    description:
      '/account/order: one’s orders with their states; cancel an open order after confirming; back from the checkout (?order=<id>) the page asks for that order’s state while its payment is on its way.',
    machine: orderListMachine,
    eventLabels: { 'xstate.after.poll': 'after 3 s' },
    paths: {
      inputs: [{ focus: 'o1' }, { focus: null }],
      events: () => [
        { type: 'user.retry' },
        { type: 'user.cancel', id: 'o1' },
        { type: 'user.cancel', id: 'o3' },
        { type: 'user.confirm' },
        { type: 'user.dismiss' },
        { type: 'xstate.done.actor.loadOrders', output: ordersPage },
        { type: 'xstate.done.actor.loadOrders', output: noOrders },
        { type: 'xstate.error.actor.loadOrders', error: networkError },
        { type: 'xstate.done.actor.cancelOrder', output: { ...submittedCard, state: 'cancelled', checkout_url: null } },
        { type: 'xstate.error.actor.cancelOrder', error: networkError },
        { type: 'xstate.after.poll.orderList.loaded.watch.waiting' },
        { type: 'xstate.done.actor.getOrder', output: submittedCard },
        { type: 'xstate.done.actor.getOrder', output: { ...paidOrder, id: 'o1' } },
        { type: 'xstate.error.actor.getOrder', error: networkError },
      ],
      serializeState: (s: Snap) => {
        const c = s.context as OrderListContext;
        return `${JSON.stringify(s.value)}|${c.focus}|${c.orders.map((o) => `${o.id}:${o.state}`).join(',')}|${c.pending}|${c.cancelFailed}`;
      },
      limit: 500,
    },
  },
  {
    id: 'invoiceList',
    title: 'Invoices',
    description: '/account/invoice: one’s invoices, newest first, each with its PDF to download.',
    machine: invoiceListMachine,
    paths: {
      events: () => [
        { type: 'user.retry' },
        { type: 'xstate.done.actor.loadInvoices', output: { invoices } },
        { type: 'xstate.done.actor.loadInvoices', output: { invoices: [] } },
        { type: 'xstate.error.actor.loadInvoices', error: networkError },
      ],
    },
  },
];
