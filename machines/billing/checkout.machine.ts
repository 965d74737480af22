import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  BILLING_LIMITS,
  type BillingOverview,
  type BillingPeriod,
  type Buyer,
  type OrderView,
  type PaidMode,
  type PaymentProvider,
  type Plan,
} from '../../src/contracts/billing';
import { isCountryCode } from '../../src/contracts/countries';

/**
 * Buying a plan (issue 21), from /upgrade's buy buttons (`/account/order?buy=<MODE>`):
 *   loading (what this site sells) → choosing | unavailable | failed (Try again).
 *   choosing: the plan and period (only those sold), the provider (card or bank transfer) → Next
 *   (`trackStarted`: the tracker's "upgrade order started") → details.
 *   details: the buyer (name, address, country, optional VAT number), Back → choosing, Submit →
 *   submitting → the order is created and handed to the provider (`trackSubmitted`): a card order goes
 *   to the provider's checkout page (`redirect`, state redirecting), a bank transfer order to its order
 *   page with the bank details (`showOrder`, state done); a refusal returns to details with its reason.
 */
export type BuyerField = keyof Buyer;

export interface CheckoutContext {
  plans: Plan[];
  providers: PaymentProvider[];
  taxRate: number;
  mode: PaidMode | null;
  period: BillingPeriod | null;
  provider: PaymentProvider | null;
  buyer: Buyer;
  /** The message id of the last refusal, or null. */
  error: string | null;
  /** The plan asked for in the address (`?buy=PREMIUM`). */
  wanted: PaidMode | null;
}

export type CheckoutEvent =
  | { type: 'user.retry' }
  | { type: 'user.plan'; mode: PaidMode; period: BillingPeriod }
  | { type: 'user.provider'; provider: PaymentProvider }
  | { type: 'user.next' }
  | { type: 'user.edit'; field: BuyerField; value: string }
  | { type: 'user.back' }
  | { type: 'user.submit' };

const EMPTY_BUYER: Buyer = { name: '', address: '', country: '', vat_id: '' };
const FIELD_MAX: Record<BuyerField, number> = {
  name: BILLING_LIMITS.nameMax,
  address: BILLING_LIMITS.addressMax,
  country: 2,
  vat_id: BILLING_LIMITS.vatIdMax * 2,
};

/** The message id of a refusal (an API error's own, when it has one). */
const reasonOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { messageId?: unknown }).messageId === 'string'
    ? (error as { messageId: string }).messageId
    : 'billing.checkout.failed';

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as { mode?: string | null } | undefined,
  },
  actors: {
    loadOverview: fromPromise<BillingOverview>(async () => {
      throw new Error('not provided');
    }),
    createOrder: fromPromise<OrderView, { mode: PaidMode; period: BillingPeriod; provider: PaymentProvider; buyer: Buyer }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    trackStarted: (_, _params: { mode: PaidMode; period: BillingPeriod }) => {},
    trackSubmitted: (_, _params: { order: OrderView }) => {},
    /** Leaves for the card provider's checkout page. */
    redirect: (_, _params: { url: string }) => {},
    /** Shows the order's page (`/account/order?order=<id>`). */
    showOrder: (_, _params: { id: string }) => {},
  },
  guards: {
    sells: (_, params: { overview: BillingOverview }) =>
      params.overview.enabled && params.overview.plans.length > 0 && params.overview.providers.length > 0,
    sold: ({ context, event }) =>
      event.type === 'user.plan' && context.plans.some((p) => p.mode === event.mode && p.period === event.period),
    offered: ({ context, event }) => event.type === 'user.provider' && context.providers.includes(event.provider),
    chosen: ({ context }) => context.mode !== null && context.period !== null && context.provider !== null,
    buyerComplete: ({ context }) => context.buyer.name.trim() !== '' && isCountryCode(context.buyer.country),
    toCheckout: (_, params: { order: OrderView }) => params.order.checkout_url !== null && params.order.checkout_url !== '',
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    plans: [],
    providers: [],
    taxRate: 0,
    mode: null,
    period: null,
    provider: null,
    buyer: EMPTY_BUYER,
    error: null,
    wanted: input?.mode === 'PREMIUM' || input?.mode === 'PLATINUM' ? input.mode : null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: [
          {
            guard: { type: 'sells', params: ({ event }) => ({ overview: event.output }) },
            target: 'choosing',
            actions: assign(({ context, event }) => {
              const o = event.output;
              // The plan asked for (its first period), else the first plan sold.
              const first = o.plans.find((p) => p.mode === context.wanted) ?? o.plans[0];
              return {
                plans: o.plans,
                providers: o.providers,
                taxRate: o.tax_rate,
                mode: first?.mode ?? null,
                period: first?.period ?? null,
                provider: o.providers[0] ?? null,
                buyer: { ...EMPTY_BUYER, name: o.account.name, country: isCountryCode(o.account.country) ? o.account.country : '' },
              };
            }),
          },
          { target: 'unavailable' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    unavailable: {},
    choosing: {
      on: {
        'user.plan': { guard: 'sold', actions: assign(({ event }) => ({ mode: event.mode, period: event.period })) },
        'user.provider': { guard: 'offered', actions: assign(({ event }) => ({ provider: event.provider })) },
        'user.next': {
          guard: 'chosen',
          target: 'details',
          actions: {
            type: 'trackStarted',
            params: ({ context }) => ({ mode: context.mode as PaidMode, period: context.period as BillingPeriod }),
          },
        },
      },
    },
    details: {
      on: {
        'user.edit': {
          actions: assign(({ context, event }) => ({
            buyer: { ...context.buyer, [event.field]: event.value.slice(0, FIELD_MAX[event.field]) },
            error: null,
          })),
        },
        'user.back': { target: 'choosing', actions: assign({ error: null }) },
        'user.submit': { guard: 'buyerComplete', target: 'submitting', actions: assign({ error: null }) },
      },
    },
    submitting: {
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          mode: context.mode as PaidMode,
          period: context.period as BillingPeriod,
          provider: context.provider as PaymentProvider,
          buyer: context.buyer,
        }),
        onDone: [
          {
            guard: { type: 'toCheckout', params: ({ event }) => ({ order: event.output }) },
            target: 'redirecting',
            actions: [
              { type: 'trackSubmitted', params: ({ event }) => ({ order: event.output }) },
              { type: 'redirect', params: ({ event }) => ({ url: event.output.checkout_url ?? '' }) },
            ],
          },
          {
            target: 'done',
            actions: [
              { type: 'trackSubmitted', params: ({ event }) => ({ order: event.output }) },
              { type: 'showOrder', params: ({ event }) => ({ id: event.output.id }) },
            ],
          },
        ],
        onError: { target: 'details', actions: assign({ error: ({ event }) => reasonOf(event.error) }) },
      },
    },
    redirecting: {},
    done: {},
  },
});

/** A running checkoutMachine, as the buy panel gets it. */
export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>;
