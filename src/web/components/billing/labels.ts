import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BillingPeriod, OrderState, PaymentProvider } from '../../../contracts/billing';

/** Words of billing (issue 21) shared by the order and invoice pages and the buy flow. */

export const ORDER_STATE_LABELS: Record<OrderState, MessageDescriptor> = {
  started: msg({ id: 'billing.state.started', message: 'Started' }),
  submitted: msg({ id: 'billing.state.submitted', message: 'Awaiting payment' }),
  paid: msg({ id: 'billing.state.paid', message: 'Paid' }),
  failed: msg({ id: 'billing.state.failed', message: 'Payment failed' }),
  cancelled: msg({ id: 'billing.state.cancelled', message: 'Cancelled' }),
  refunded: msg({ id: 'billing.state.refunded', message: 'Refunded' }),
};

export const PERIOD_LABELS: Record<BillingPeriod, MessageDescriptor> = {
  month: msg({ id: 'billing.period.month', message: 'Monthly' }),
  year: msg({ id: 'billing.period.year', message: 'Yearly' }),
};

export const PROVIDER_LABELS: Record<PaymentProvider, MessageDescriptor> = {
  stripe: msg({ id: 'billing.provider.stripe', message: 'Card' }),
  manual: msg({ id: 'billing.provider.manual', message: 'Bank transfer' }),
};

/** An amount in minor units (cents) in the reader's language and the currency's own decimals. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale || 'en', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** The buy panel's refusal without a reason of its own (machines/billing/checkout.machine.ts `reasonOf`). */
export const CHECKOUT_FAILED = msg({ id: 'billing.checkout.failed', message: 'The order could not be placed. Please try again.' });
