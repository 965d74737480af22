import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { BANK, invoices, ordersPage, paidOrder, startedOrder, submittedBank, submittedCard } from '../../../machines/billing/fixtures';
import { invoiceListMachine } from '../../../machines/billing/invoice-list.machine';
import { type OrderListContext, orderListMachine } from '../../../machines/billing/order-list.machine';
import type { OrderView } from '../../../src/contracts/billing';
import { InvoicesView } from '../../../src/web/components/billing/InvoicesSection';
import { OrdersView } from '../../../src/web/components/billing/OrdersSection';
import { actorAt, StoryApp, useStoryActor } from '../../support/StoryApp';

/**
 * /account/order and /account/invoice (issue 21) in each state of their machines. Loads and polls
 * never settle; a cancellation answers the order cancelled after a moment.
 */
const never = <T,>() => new Promise<T>(() => {});
const orderStory = orderListMachine.provide({
  actors: {
    loadOrders: fromPromise(() => never()),
    getOrder: fromPromise(() => never<OrderView>()),
    cancelOrder: fromPromise<OrderView, { id: string }>(
      ({ input }) =>
        new Promise((r) =>
          setTimeout(() => r({ ...(ordersPage.orders.find((o) => o.id === input.id) ?? startedOrder), state: 'cancelled' }), 800),
        ),
    ),
  },
});
const invoiceStory = invoiceListMachine.provide({ actors: { loadInvoices: fromPromise(() => never()) } });

const base: OrderListContext = { orders: [], bank: BANK, focus: null, pending: null, cancelFailed: false };
const listed: OrderListContext = { ...base, orders: [startedOrder, ...ordersPage.orders] };
const loaded = (list: string, watch: string) => ({ loaded: { list, watch } });
const ORDER_SCENARIOS = {
  loading: { value: 'loading', context: base },
  failed: { value: 'failed', context: base },
  empty: { value: loaded('idle', 'off'), context: base },
  list: { value: loaded('idle', 'off'), context: listed },
  confirming: { value: loaded('confirming', 'off'), context: { ...listed, pending: submittedCard.id } },
  cancelling: { value: loaded('cancelling', 'off'), context: { ...listed, pending: submittedCard.id } },
  cancelFailed: { value: loaded('idle', 'off'), context: { ...listed, cancelFailed: true } },
  backWaiting: { value: loaded('idle', 'waiting'), context: { ...listed, focus: submittedCard.id } },
  backPolling: { value: loaded('idle', 'polling'), context: { ...listed, focus: submittedCard.id } },
  backPaid: {
    value: loaded('idle', 'off'),
    context: { ...listed, orders: [{ ...submittedCard, state: 'paid' }, ...ordersPage.orders.slice(1)], focus: submittedCard.id },
  },
  backFailed: {
    value: loaded('idle', 'off'),
    context: { ...listed, orders: [{ ...submittedCard, state: 'failed', checkout_url: null }], focus: submittedCard.id },
  },
  backCancelled: {
    value: loaded('idle', 'off'),
    context: { ...listed, orders: [{ ...submittedCard, state: 'cancelled', checkout_url: null }], focus: submittedCard.id },
  },
  bankTransfer: { value: loaded('idle', 'waiting'), context: { ...listed, focus: submittedBank.id } },
  refundedFocus: {
    value: loaded('idle', 'off'),
    context: { ...listed, orders: [{ ...paidOrder, state: 'refunded' }], focus: paidOrder.id },
  },
} as const;
type OrderScenario = keyof typeof ORDER_SCENARIOS;

const INVOICE_SCENARIOS = {
  loading: { value: 'loading', context: { invoices: [] } },
  failed: { value: 'failed', context: { invoices: [] } },
  empty: { value: 'empty', context: { invoices: [] } },
  loaded: { value: 'loaded', context: { invoices } },
} as const;
type InvoiceScenario = keyof typeof INVOICE_SCENARIOS;

function Frame({ width, children }: { width?: number | undefined; children: React.ReactNode }) {
  return (
    <StoryApp>
      <div className="container page account-page" style={{ paddingTop: 24, ...(width ? { maxWidth: width, paddingInline: 8 } : {}) }}>
        {children}
      </div>
    </StoryApp>
  );
}

function BillingStory({ orders, invoices: inv, width }: { orders?: OrderScenario; invoices?: InvoiceScenario; width?: number }) {
  const orderActor = useStoryActor(() => {
    const p = ORDER_SCENARIOS[orders ?? 'list'] ?? ORDER_SCENARIOS.list;
    return actorAt(orderStory, p.value, p.context).start();
  }, [orders]);
  const invoiceActor = useStoryActor(() => {
    const p = INVOICE_SCENARIOS[inv ?? 'loaded'] ?? INVOICE_SCENARIOS.loaded;
    return actorAt(invoiceStory, p.value, p.context).start();
  }, [inv]);
  return <Frame width={width}>{inv ? <InvoicesView actor={invoiceActor} /> : <OrdersView actor={orderActor} />}</Frame>;
}

const meta = {
  title: 'Components/Account/Billing',
  component: BillingStory,
  args: { orders: 'list' },
  argTypes: {
    orders: { control: 'select', options: Object.keys(ORDER_SCENARIOS) },
    invoices: { control: 'select', options: Object.keys(INVOICE_SCENARIOS) },
  },
} satisfies Meta<typeof BillingStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Orders: `loading`. */
export const OrdersLoading: Story = { args: { orders: 'loading' } };
/** Orders could not load (`failed`), with a retry. */
export const OrdersFailed: Story = { args: { orders: 'failed' } };
/** No order yet: a link to the plans. */
export const OrdersEmpty: Story = { args: { orders: 'empty' } };
/** Every state of an order (started, awaiting payment by card and by transfer, paid, cancelled, failed, refunded) (`loaded.list.idle`). */
export const OrdersList: Story = { args: { orders: 'list' } };
/** Cancel asked for: the confirmation (`loaded.list.confirming`). */
export const CancelConfirming: Story = { args: { orders: 'confirming' } };
/** The cancellation on its way (`loaded.list.cancelling`). */
export const Cancelling: Story = { args: { orders: 'cancelling' } };
/** The server refused the cancellation. */
export const CancelFailed: Story = { args: { orders: 'cancelFailed' } };
/** Back from the card checkout, the payment's confirmation awaited (`loaded.watch.waiting`). */
export const BackWaiting: Story = { args: { orders: 'backWaiting' } };
/** Back from the checkout, asking for the order's state (`loaded.watch.polling`). */
export const BackPolling: Story = { args: { orders: 'backPolling' } };
/** Back from the checkout: paid (`loaded.watch.off`). */
export const BackPaid: Story = { args: { orders: 'backPaid' } };
/** Back from the checkout: the payment failed. */
export const BackFailed: Story = { args: { orders: 'backFailed' } };
/** Back from the checkout with the order cancelled. */
export const BackCancelled: Story = { args: { orders: 'backCancelled' } };
/** A bank transfer order: the bank details and the reference. */
export const BankTransfer: Story = { args: { orders: 'bankTransfer' } };
/** A refunded order named in the address. */
export const RefundedFocus: Story = { args: { orders: 'refundedFocus' } };
/** Orders on a 320 px screen. */
export const OrdersNarrow: Story = { args: { orders: 'list', width: 320 } };
/** Invoices: `loading`. */
export const InvoicesLoading: Story = { args: { invoices: 'loading' } };
/** Invoices could not load, with a retry. */
export const InvoicesFailed: Story = { args: { invoices: 'failed' } };
/** No invoice yet. */
export const InvoicesEmpty: Story = { args: { invoices: 'empty' } };
/** The invoices, each with its PDF. */
export const InvoicesLoaded: Story = { args: { invoices: 'loaded' } };
/** Invoices on a 320 px screen. */
export const InvoicesNarrow: Story = { args: { invoices: 'loaded', width: 320 } };
