import * as v from 'valibot';
import { isCountryCode } from './countries';
import { LANGUAGES } from './languages';
import { count, epochMs } from './limits';

/**
 * Billing (issue 21): plans, orders and invoices. Shared by the server (input validation, answers) and
 * the client. Amounts are integers in the currency's minor unit (cents); a tax rate is in basis
 * points (2000 = 20 %).
 */

/** The modes that can be bought. */
export const PAID_MODES = ['PREMIUM', 'PLATINUM'] as const;
export type PaidMode = (typeof PAID_MODES)[number];
export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** Payment providers: a card provider (Stripe Checkout) and bank transfer (the admin marks orders paid). */
export const PAYMENT_PROVIDERS = ['stripe', 'manual'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** The states of an order (src/contracts/order-machine.ts has the transitions). */
export const ORDER_STATES = ['started', 'submitted', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** One buyable plan: a paid mode for a period at a price (net, before tax). */
export interface Plan {
  mode: PaidMode;
  period: BillingPeriod;
  /** Net amount in minor units. */
  amount: number;
  currency: string;
}

export const BILLING_LIMITS = {
  nameMax: 200,
  addressMax: 500,
  vatIdMax: 20,
  /** Orders and invoices listed per account (newest first). */
  listMax: 200,
} as const;

/** EU member states (VAT area; ISO 3166-1 alpha-2, Greece as GR). */
export const EU_COUNTRIES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

/** A VAT identification number: two letters then 2–18 letters or digits (`DE123456789`); spaces and dots removed first. */
export const VAT_ID = /^[A-Z]{2}[0-9A-Z]{2,18}$/;
export const normalizeVatId = (s: string): string => s.replace(/[\s.-]/g, '').toUpperCase();

/** Who buys: shown on the invoice. */
export const BuyerSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(BILLING_LIMITS.nameMax, 'validation.max')),
  address: v.pipe(v.string(), v.trim(), v.maxLength(BILLING_LIMITS.addressMax, 'validation.max')),
  country: v.pipe(
    v.string(),
    v.check((c) => isCountryCode(c), 'validation.invalid'),
  ),
  vat_id: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(BILLING_LIMITS.vatIdMax * 2, 'validation.max'),
      v.transform(normalizeVatId),
      v.check((s) => s === '' || VAT_ID.test(s), 'validation.invalid'),
    ),
    '',
  ),
});
export type Buyer = v.InferOutput<typeof BuyerSchema>;

/** POST {api}/account/order/create: choose a plan and a period, pay with a provider. */
export const OrderCreateSchema = v.object({
  mode: v.picklist(PAID_MODES),
  period: v.picklist(BILLING_PERIODS),
  provider: v.picklist(PAYMENT_PROVIDERS),
  buyer: BuyerSchema,
});
export type OrderCreate = v.InferOutput<typeof OrderCreateSchema>;

/** An order id in a query (`?id=`). */
export const OrderIdQuerySchema = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalid')) });

export interface OrderView {
  id: string;
  mode: PaidMode;
  period: BillingPeriod;
  provider: PaymentProvider;
  state: OrderState;
  net: number;
  tax: number;
  total: number;
  currency: string;
  created: number;
  paid: number | null;
  /** The invoice of a paid order. */
  invoice: string | null;
  /** Where the buyer pays (the card provider's checkout page) while the order is submitted. */
  checkout_url: string | null;
  /** Bank transfer: the reference the buyer writes on the transfer (the order id). */
  reference: string;
}

export interface InvoiceView {
  id: string;
  /** The printed number (`{prefix}{sequence}`), sequential without gaps. */
  number: string;
  order: string;
  issued: number;
  total: number;
  currency: string;
  language: (typeof LANGUAGES)[number];
}

export const OrderViewSchema = v.object({
  id: v.string(),
  mode: v.picklist(PAID_MODES),
  period: v.picklist(BILLING_PERIODS),
  provider: v.picklist(PAYMENT_PROVIDERS),
  state: v.picklist(ORDER_STATES),
  net: count(),
  tax: count(),
  total: count(),
  currency: v.string(),
  created: epochMs(),
  paid: v.nullable(epochMs()),
  invoice: v.nullable(v.string()),
  checkout_url: v.nullable(v.string()),
  reference: v.string(),
});

/** GET {api}/account/order/: what can be bought here and the caller's orders (newest first). */
export interface BillingOverview {
  /** Whether this site sells plans (QUIRE_BILLING_PROVIDERS). */
  enabled: boolean;
  plans: Plan[];
  providers: PaymentProvider[];
  /** Tax rate in basis points (0 on a reverse-charge order). */
  tax_rate: number;
  seller_country: string;
  /** Bank transfer instructions (manual provider). */
  bank: string;
  /** Defaults of the buyer form. */
  account: { name: string; country: string };
  orders: OrderView[];
}

export interface InvoiceList {
  invoices: InvoiceView[];
}

export const InvoiceViewSchema = v.object({
  id: v.string(),
  number: v.string(),
  order: v.string(),
  issued: epochMs(),
  total: count(),
  currency: v.string(),
  language: v.picklist(LANGUAGES),
});

/** GET {api}/account/invoice/ as the client reads it. */
export const InvoiceListSchema = v.object({ invoices: v.array(InvoiceViewSchema) });

export const PlanSchema = v.object({
  mode: v.picklist(PAID_MODES),
  period: v.picklist(BILLING_PERIODS),
  amount: count(),
  currency: v.string(),
});

/** GET {api}/account/order/ as the client reads it. */
export const BillingOverviewSchema = v.object({
  enabled: v.boolean(),
  plans: v.array(PlanSchema),
  providers: v.array(v.picklist(PAYMENT_PROVIDERS)),
  tax_rate: count(),
  seller_country: v.string(),
  bank: v.string(),
  account: v.object({ name: v.string(), country: v.string() }),
  orders: v.array(OrderViewSchema),
});

/** The order states a buyer may still cancel (src/contracts/order-machine.ts: `order.cancel`). */
export const OPEN_ORDER_STATES: readonly OrderState[] = ['started', 'submitted'];

/** While the page shows a submitted order (back from the checkout), it asks for its state this often. */
export const ORDER_POLL_MS = 3000;
