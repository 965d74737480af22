import type { MachineEntry } from '../registry-types';
import { type CheckoutContext, checkoutMachine } from './checkout.machine';
import { invoices, noOrders, ordersPage, overview, paidOrder, submittedBank, submittedCard } from './fixtures';
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
  {
    id: 'checkout',
    title: 'Buy a plan',
    description:
      'From /upgrade’s buy buttons: choose the plan and period and the payment (card or bank transfer), give the invoice’s details, then go to the card provider’s checkout page or to the order page with the bank details.',
    machine: checkoutMachine,
    paths: {
      inputs: [{ mode: 'PLATINUM' }, {}],
      events: (s: Snap) => {
        const c = s.context as CheckoutContext;
        return [
          { type: 'user.retry' },
          { type: 'user.plan', mode: 'PREMIUM', period: c.period === 'year' ? 'month' : 'year' },
          { type: 'user.plan', mode: 'PLATINUM', period: 'year' },
          { type: 'user.provider', provider: c.provider === 'manual' ? 'stripe' : 'manual' },
          { type: 'user.next' },
          { type: 'user.edit', field: 'country', value: c.buyer.country === '' ? 'DE' : '' },
          { type: 'user.back' },
          { type: 'user.submit' },
          { type: 'xstate.done.actor.loadOverview', output: overview() },
          { type: 'xstate.done.actor.loadOverview', output: overview({ account: { name: 'Ada', country: '' } }) },
          { type: 'xstate.done.actor.loadOverview', output: overview({ enabled: false, plans: [], providers: [] }) },
          { type: 'xstate.error.actor.loadOverview', error: networkError },
          { type: 'xstate.done.actor.createOrder', output: submittedCard },
          { type: 'xstate.done.actor.createOrder', output: submittedBank },
          { type: 'xstate.error.actor.createOrder', error: { messageId: 'errors.ORDER.1205' } },
        ];
      },
      serializeState: (s: Snap) => {
        const c = s.context as CheckoutContext;
        return `${JSON.stringify(s.value)}|${c.mode}|${c.period}|${c.provider}|${c.buyer.country}|${c.error}`;
      },
      limit: 1000,
    },
  },
];
