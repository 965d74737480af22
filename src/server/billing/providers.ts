import Stripe from 'stripe';
import type { PaymentProvider } from '../../contracts/billing';
import type { BillingConfig } from '../config';
import type { OrderRow } from './orders';

/**
 * The payment providers behind one interface (issue 21). `checkout` hands an order in `started` to the
 * provider; the order is then `submitted` with what it answered:
 *  - manual (bank transfer): nothing to call; the buyer transfers with the order id as reference and
 *    the admin marks the order paid (`quire order paid <id>`);
 *  - stripe: a Stripe Checkout session (official `stripe` package); the buyer pays on Stripe's page and
 *    comes back; the signed webhook (routes/billing/webhook.ts) records the payment.
 */
export interface CheckoutRequest {
  order: OrderRow;
  /** Shown on the provider's page. */
  productName: string;
  email: string;
  /** Where the provider sends the buyer back (absolute, from QUIRE_PUBLIC_URL). */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutAnswer {
  providerRef: string | null;
  /** The provider's page where the buyer pays; null for a bank transfer. */
  checkoutUrl: string | null;
}

export interface Provider {
  name: PaymentProvider;
  checkout(request: CheckoutRequest): Promise<CheckoutAnswer>;
}

export const manualProvider: Provider = {
  name: 'manual',
  checkout: async () => ({ providerRef: null, checkoutUrl: null }),
};

/** The `stripe` client of the configuration (QUIRE_STRIPE_API_URL points it at the tests' fake). */
export function stripeClient(settings: NonNullable<BillingConfig['stripe']>): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Quire' },
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

export function stripeProvider(client: Stripe): Provider {
  return {
    name: 'stripe',
    async checkout({ order, productName, email, successUrl, cancelUrl }) {
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.net + order.tax,
                product_data: { name: productName },
              },
            },
          ],
          client_reference_id: order.id,
          metadata: { order_id: order.id },
          customer_email: email,
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        // A retried create (network failure) makes one session, not two.
        { idempotencyKey: `quire-order-${order.id}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { providerRef: session.id, checkoutUrl: session.url };
    },
  };
}

export interface Providers {
  get(name: PaymentProvider): Provider | undefined;
  stripe: Stripe | undefined;
}

export function createProviders(billing: BillingConfig | undefined): Providers {
  const stripe = billing?.stripe ? stripeClient(billing.stripe) : undefined;
  const enabled = new Map<PaymentProvider, Provider>();
  if (billing?.providers.includes('manual')) enabled.set('manual', manualProvider);
  if (stripe) enabled.set('stripe', stripeProvider(stripe));
  return { get: (name) => enabled.get(name), stripe };
}
