import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import {
  type BillingPeriod,
  type Buyer,
  EU_COUNTRIES,
  type InvoiceView,
  type OrderState,
  type OrderView,
  type PaidMode,
  type PaymentProvider,
  type Plan,
} from '../../contracts/billing';
import { LANGUAGES, type Language } from '../../contracts/languages';
import { nextOrderState, type OrderEventType } from '../../contracts/order-machine';
import { newId } from '../auth/crypto';
import type { BillingConfig } from '../config';
import type { Executor } from '../db/index';
import type { Database } from '../db/schema';
import { ApiError } from '../envelope';
import type { InvoicesTable, OrdersTable } from './tables';

/**
 * Orders and invoices (issue 21). Every change of an order's state goes through the order machine
 * (src/contracts/order-machine.ts) and a guarded UPDATE (`… where state = <the state read>`), so two
 * deliveries of one payment, or an admin and a webhook at once, change it once. A payment, its
 * invoice (numbered from the counter row in the same transaction) and the account's new plan commit
 * together or not at all.
 */
export type OrderRow = Selectable<OrdersTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

/** Orders an account may have waiting (started or submitted) at once. */
export const OPEN_ORDERS_MAX = 5;

/** One line of an invoice: the plan for a period of time. */
export interface InvoiceLine {
  mode: PaidMode;
  period: BillingPeriod;
  from: number;
  to: number;
  net: number;
}

export interface Seller {
  name: string;
  address: string[];
  country: string;
  vatId: string;
}

export const findPlan = (billing: BillingConfig, mode: string, period: string): Plan | undefined =>
  billing.plans.find((p) => p.mode === mode && p.period === period);

/** Reverse charge: EU seller, business buyer (VAT number) in another EU country: no tax, the buyer accounts for it. */
export const reverseCharge = (sellerCountry: string, buyer: Pick<Buyer, 'country' | 'vat_id'>): boolean =>
  EU_COUNTRIES.includes(sellerCountry) && EU_COUNTRIES.includes(buyer.country) && buyer.country !== sellerCountry && buyer.vat_id !== '';

/** Tax of a net amount at a rate in basis points, rounded half up to the minor unit. */
export const taxOf = (net: number, rateBp: number): number => Math.round((net * rateBp) / 10_000);

/** `start` plus one month or one year (calendar, UTC; the 31st of a shorter month ends on its last day). */
export function addPeriod(start: number, period: BillingPeriod): number {
  const d = new Date(start);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (period === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

export interface NewOrder {
  accountId: string;
  profileId: string | null;
  mode: PaidMode;
  period: BillingPeriod;
  provider: PaymentProvider;
  buyer: Buyer;
  language: string;
}

/** A new order in `started`, priced from the configuration (ApiError planUnavailable, providerUnavailable). */
export async function createOrder(db: Executor, billing: BillingConfig, input: NewOrder, now: number): Promise<OrderRow> {
  const plan = findPlan(billing, input.mode, input.period);
  if (!plan) throw new ApiError('planUnavailable');
  if (!billing.providers.includes(input.provider)) throw new ApiError('providerUnavailable');
  const reverse = reverseCharge(billing.seller.country, input.buyer);
  const rate = reverse ? 0 : billing.taxRateBp;
  const language = (LANGUAGES as readonly string[]).includes(input.language) ? input.language : 'en';
  return db
    .insertInto('orders')
    .values({
      id: newId(),
      account_id: input.accountId,
      profile_id: input.profileId,
      mode: plan.mode,
      period: plan.period,
      provider: input.provider,
      provider_ref: null,
      provider_payment: null,
      checkout_url: null,
      state: 'started',
      currency: plan.currency,
      net: plan.amount,
      tax: taxOf(plan.amount, rate),
      tax_rate_bp: rate,
      reverse_charge: reverse ? 1 : 0,
      buyer: JSON.stringify(input.buyer),
      language,
      period_start: null,
      period_end: null,
      paid_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const getOrder = (db: Executor, id: string): Promise<OrderRow | undefined> =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** Open orders (started or submitted) of an account. */
export async function openOrders(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('state', 'in', ['started', 'submitted'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves an order by an event of the order machine: the guarded UPDATE changes it only from the state
 * read. Returns the updated row; ApiError orderStateRefused when the machine refuses the event or the
 * order changed meanwhile.
 */
export async function moveOrder(
  db: Executor,
  order: OrderRow,
  event: OrderEventType,
  now: number,
  patch: Partial<
    Pick<OrderRow, 'provider_ref' | 'provider_payment' | 'checkout_url' | 'period_start' | 'period_end' | 'paid_at' | 'refunded'>
  > = {},
): Promise<OrderRow> {
  const next = nextOrderState(order.state, event);
  if (next === null) throw new ApiError('orderStateRefused');
  const row = await db
    .updateTable('orders')
    .set({ ...patch, state: next, updated_at: now })
    .where('id', '=', order.id)
    .where('state', '=', order.state)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('orderStateRefused');
  return row;
}

/** The provider has the order (a checkout session, or the bank transfer instructions given). */
export async function submitOrder(
  db: Executor,
  order: OrderRow,
  ref: { providerRef: string | null; checkoutUrl: string | null },
  now: number,
): Promise<OrderRow> {
  return moveOrder(db, order, 'order.submit', now, { provider_ref: ref.providerRef, checkout_url: ref.checkoutUrl });
}

export interface PaymentResult {
  order: OrderRow;
  /** The invoice issued by this payment; null when the order was already paid (a duplicate notification). */
  invoice: InvoiceRow | null;
}

/**
 * Records a payment, in one transaction: the order becomes paid, the account gets the plan at once
 * (a running period of the same mode is extended from its end, otherwise it starts now), and the
 * invoice takes the next number of the counter row. An order already paid is left as it is.
 */
export async function payOrder(db: Kysely<Database>, billing: BillingConfig, orderId: string, now: number): Promise<PaymentResult> {
  return db.transaction().execute((trx) => payOrderIn(trx, billing, orderId, now));
}

/**
 * payOrder inside the caller's transaction (a webhook records its event id in the same one);
 * `providerPayment` is the provider's payment id (Stripe's PaymentIntent), which its refund events name.
 */
export async function payOrderIn(
  trx: Executor,
  billing: BillingConfig,
  orderId: string,
  now: number,
  providerPayment: string | null = null,
): Promise<PaymentResult> {
  const order = await getOrder(trx, orderId);
  if (!order) throw new ApiError('orderNotFound');
  if (order.state === 'paid' || order.state === 'refunded') return { order, invoice: null };
  const account = await trx
    .selectFrom('accounts')
    .select(['mode', 'expiration'])
    .where('id', '=', order.account_id)
    .executeTakeFirstOrThrow();
  const running = account.expiration !== null && account.expiration > now && account.mode === order.mode;
  const start = running ? (account.expiration as number) : now;
  const end = addPeriod(start, order.period);
  let paid: OrderRow;
  try {
    paid = await moveOrder(trx, order, 'payment.succeeded', now, {
      period_start: start,
      period_end: end,
      paid_at: now,
      ...(providerPayment !== null && { provider_payment: providerPayment }),
    });
  } catch (error) {
    // Paid meanwhile by another delivery (PostgreSQL waits for its row lock, then sees it paid).
    const again = await getOrder(trx, orderId);
    if (again?.state === 'paid') return { order: again, invoice: null };
    throw error;
  }
  await trx
    .updateTable('accounts')
    .set({ mode: order.mode, type: order.mode, expiration: end, ats: sql<number>`case when ats >= ${now} then ats + 1 else ${now} end` })
    .where('id', '=', order.account_id)
    .execute();
  const invoice = await issueInvoice(trx, billing, paid, now);
  return { order: paid, invoice };
}

/**
 * Runs `work` once per provider event id: the id is recorded in the same transaction, so a duplicate
 * delivery (or two at once: the second waits for the first's key) answers 'duplicate' and changes
 * nothing; a failed `work` records nothing, and the provider's retry runs it again.
 */
export async function processEventOnce(
  db: Kysely<Database>,
  event: { id: string; provider: string; type: string },
  now: number,
  work: (trx: Executor) => Promise<void>,
): Promise<'processed' | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_events')
      .values({ id: `${event.provider}:${event.id}`, provider: event.provider, type: event.type, received_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
    await work(trx);
    return 'processed';
  });
}

/** The next invoice number: the counter row, incremented inside the caller's transaction (rolled back with it). */
async function nextInvoiceNumber(trx: Executor): Promise<number> {
  const row = await trx
    .updateTable('billing_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'invoice')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export const invoiceLabel = (prefix: string, n: number): string => `${prefix}${String(n).padStart(6, '0')}`;

async function issueInvoice(trx: Executor, billing: BillingConfig, order: OrderRow, now: number): Promise<InvoiceRow> {
  const number = await nextInvoiceNumber(trx);
  const seller: Seller = { ...billing.seller };
  const line: InvoiceLine = {
    mode: order.mode,
    period: order.period,
    from: order.period_start ?? now,
    to: order.period_end ?? now,
    net: order.net,
  };
  return trx
    .insertInto('invoices')
    .values({
      id: newId(),
      number,
      order_id: order.id,
      account_id: order.account_id,
      label: invoiceLabel(billing.invoicePrefix, number),
      seller: JSON.stringify(seller),
      buyer: order.buyer,
      lines: JSON.stringify([line]),
      currency: order.currency,
      net: order.net,
      tax: order.tax,
      total: order.net + order.tax,
      tax_rate_bp: order.tax_rate_bp,
      reverse_charge: order.reverse_charge,
      language: order.language,
      issued_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The payment failed (declined card, expired checkout). */
export async function failOrder(db: Executor, orderId: string, now: number): Promise<OrderRow> {
  const order = await getOrder(db, orderId);
  if (!order) throw new ApiError('orderNotFound');
  return moveOrder(db, order, 'payment.failed', now);
}

/** The buyer or the admin gives the order up before it is paid. */
export async function cancelOrder(db: Executor, orderId: string, now: number): Promise<OrderRow> {
  const order = await getOrder(db, orderId);
  if (!order) throw new ApiError('orderNotFound');
  return moveOrder(db, order, 'order.cancel', now);
}

/**
 * A paid order is refunded (the admin's `quire order refund`, or the card provider's refund event): the
 * time it added comes off the account's expiration (an account whose expiration is then past returns to
 * free at once), and `refunded` becomes the order's total. The invoice stays (a credit note is the
 * seller's bookkeeping).
 */
export async function refundOrder(db: Kysely<Database>, orderId: string, now: number): Promise<OrderRow> {
  return db.transaction().execute((trx) => refundOrderIn(trx, orderId, now));
}

/** refundOrder inside the caller's transaction (a webhook records its event id in the same one). */
export async function refundOrderIn(trx: Executor, orderId: string, now: number): Promise<OrderRow> {
  const order = await getOrder(trx, orderId);
  if (!order) throw new ApiError('orderNotFound');
  const refunded = await moveOrder(trx, order, 'payment.refunded', now, { refunded: order.net + order.tax });
  const added = (order.period_end ?? 0) - (order.period_start ?? 0);
  const account = await trx.selectFrom('accounts').select(['expiration']).where('id', '=', order.account_id).executeTakeFirstOrThrow();
  if (account.expiration !== null && added > 0) {
    await trx
      .updateTable('accounts')
      .set({ expiration: account.expiration - added })
      .where('id', '=', order.account_id)
      .execute();
    await expireAccounts(trx, now);
  }
  return refunded;
}

/**
 * A partial refund at the provider: the amount refunded so far (cumulative, as the provider reports it)
 * is recorded on the paid order; the order stays paid and the plan is unchanged (what a partial refund
 * means — a goodwill gesture, a price correction — is the seller's call: `quire order refund` ends the
 * plan). Only ever raises the amount, so a late or replayed report of a smaller total changes nothing.
 * Returns whether the row changed.
 */
export async function recordPartialRefund(trx: Executor, order: OrderRow, amount: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ refunded: amount, updated_at: now })
    .where('id', '=', order.id)
    .where('state', '=', 'paid')
    .where('refunded', '<', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Accounts whose plan has expired return to free (SPEC §3 expiration): one guarded UPDATE, so any
 * number of instances may run it at once and each account changes once. Publications and settings are
 * kept; the gating (src/contracts/gating.ts) locks what the free mode lacks. Returns how many changed.
 */
export async function expireAccounts(db: Executor, now: number): Promise<number> {
  const result = await db
    .updateTable('accounts')
    .set({ mode: 'FREE', type: 'FREE', ats: sql<number>`case when ats >= ${now} then ats + 1 else ${now} end` })
    .where('expiration', 'is not', null)
    .where('expiration', '<=', now)
    .where((eb) => eb.or([eb('mode', '!=', 'FREE'), eb('type', '!=', 'FREE')]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A demo plan (PREMIUM_DEMO, PLATINUM_DEMO) for `days` days from now. */
export async function startDemo(db: Executor, accountId: string, mode: PaidMode, days: number, now: number): Promise<number> {
  const expiration = now + days * 86_400_000;
  await db
    .updateTable('accounts')
    .set({ mode, type: `${mode}_DEMO`, expiration, ats: sql<number>`case when ats >= ${now} then ats + 1 else ${now} end` })
    .where('id', '=', accountId)
    .execute();
  return expiration;
}

export function orderView(row: OrderRow, invoice: string | null): OrderView {
  return {
    id: row.id,
    mode: row.mode,
    period: row.period,
    provider: row.provider,
    state: row.state as OrderState,
    net: row.net,
    tax: row.tax,
    total: row.net + row.tax,
    currency: row.currency,
    created: row.created_at,
    paid: row.paid_at,
    invoice,
    checkout_url: row.state === 'submitted' ? row.checkout_url : null,
    reference: row.id,
  };
}

export function invoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    number: row.label,
    order: row.order_id,
    issued: row.issued_at,
    total: row.total,
    currency: row.currency,
    language: ((LANGUAGES as readonly string[]).includes(row.language) ? row.language : 'en') as Language,
  };
}

/** An account's orders (newest first) with their invoices' ids. */
export async function listOrders(db: Executor, accountId: string, limit: number): Promise<OrderView[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .selectAll('orders')
    .select('invoices.id as invoice_id')
    .where('orders.account_id', '=', accountId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  return rows.map((r) => orderView(r, r.invoice_id));
}

export async function listInvoices(db: Executor, accountId: string, limit: number): Promise<InvoiceView[]> {
  const rows = await db
    .selectFrom('invoices')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
  return rows.map(invoiceView);
}
