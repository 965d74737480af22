import type { BillingOverview, InvoiceView, OrderView } from '../../src/contracts/billing';
import type { OrderListPage } from './order-list.machine';

/** Small data for the path tests, stories and e2e-free views of billing (issue 21). */

const T = 1_763_800_000_000;
const DAY = 86_400_000;

export const order = (id: string, extra: Partial<OrderView> = {}): OrderView => ({
  id,
  mode: 'PREMIUM',
  period: 'month',
  provider: 'stripe',
  state: 'paid',
  net: 990,
  tax: 198,
  total: 1188,
  currency: 'EUR',
  created: T,
  paid: T + 60_000,
  invoice: `inv-${id}`,
  checkout_url: null,
  reference: id,
  ...extra,
});

export const BANK = 'IBAN FR76 3000 6000 0112 3456 7890 189, BIC AGRIFRPP';

export const submittedCard = order('o1', {
  state: 'submitted',
  paid: null,
  invoice: null,
  checkout_url: 'https://checkout.example/pay/o1',
});
export const submittedBank = order('o2', {
  provider: 'manual',
  state: 'submitted',
  paid: null,
  invoice: null,
  period: 'year',
  net: 9900,
  tax: 1980,
  total: 11880,
});
export const paidOrder = order('o3', { created: T - 40 * DAY, paid: T - 40 * DAY });
export const cancelledOrder = order('o4', {
  mode: 'PLATINUM',
  state: 'cancelled',
  paid: null,
  invoice: null,
  created: T - 50 * DAY,
  net: 2900,
  tax: 580,
  total: 3480,
});
export const failedOrder = order('o5', { state: 'failed', paid: null, invoice: null, created: T - 60 * DAY });
export const refundedOrder = order('o6', { state: 'refunded', created: T - 90 * DAY, paid: T - 90 * DAY });
export const startedOrder = order('o7', { state: 'started', paid: null, invoice: null, created: T - 1000 });

export const ordersPage: OrderListPage = {
  orders: [submittedCard, submittedBank, paidOrder, cancelledOrder, failedOrder, refundedOrder],
  bank: BANK,
};
export const noOrders: OrderListPage = { orders: [], bank: BANK };

export const invoice = (id: string, n: number, days = 0): InvoiceView => ({
  id,
  number: `Q-${String(n).padStart(6, '0')}`,
  order: `o${n}`,
  issued: T - days * DAY,
  total: 1188,
  currency: 'EUR',
  language: 'en',
});
export const invoices: InvoiceView[] = [invoice('i2', 2), invoice('i1', 1, 40)];

export const overview = (extra: Partial<BillingOverview> = {}): BillingOverview => ({
  enabled: true,
  plans: [
    { mode: 'PREMIUM', period: 'month', amount: 990, currency: 'EUR' },
    { mode: 'PREMIUM', period: 'year', amount: 9900, currency: 'EUR' },
    { mode: 'PLATINUM', period: 'month', amount: 2900, currency: 'EUR' },
  ],
  providers: ['stripe', 'manual'],
  tax_rate: 2000,
  seller_country: 'FR',
  bank: BANK,
  account: { name: 'Northwind Press', country: 'GB' },
  orders: [],
  ...extra,
});
