import type { Generated } from 'kysely';
import type { BillingPeriod, OrderState, PaidMode, PaymentProvider } from '../../contracts/billing';

/** Tables of migration 0029 (billing, issue 21). Amounts in minor units, times in epoch ms. */
export interface OrdersTable {
  id: string;
  account_id: string;
  profile_id: string | null;
  mode: PaidMode;
  period: BillingPeriod;
  provider: PaymentProvider;
  provider_ref: string | null;
  /** The provider's payment (Stripe PaymentIntent id), recorded when paid (migration 0031); refund events name it. */
  provider_payment: string | null;
  checkout_url: string | null;
  state: OrderState;
  currency: string;
  net: number;
  tax: number;
  tax_rate_bp: number;
  reverse_charge: Generated<number>;
  /** JSON Buyer (src/contracts/billing.ts). */
  buyer: string;
  language: string;
  period_start: number | null;
  period_end: number | null;
  paid_at: number | null;
  /** Refunded so far, minor units (migration 0031): a partial refund at the provider, or the whole total once refunded. */
  refunded: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface InvoicesTable {
  id: string;
  number: number;
  /** The order's reference (printed); no foreign key since migration 0030: the order may be gone with its account. */
  order_id: string;
  /** Null once the account is deleted (the invoice is kept, detached; buyer details are frozen in `buyer`). */
  account_id: string | null;
  /** The printed number (prefix + sequence). */
  label: string;
  /** JSON: the seller's details when issued. */
  seller: string;
  /** JSON Buyer. */
  buyer: string;
  /** JSON InvoiceLine[]. */
  lines: string;
  currency: string;
  net: number;
  tax: number;
  total: number;
  tax_rate_bp: number;
  reverse_charge: number;
  language: string;
  issued_at: number;
}

export interface BillingCountersTable {
  name: string;
  value: number;
}

export interface BillingEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: number;
}
