import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { PUBLIC } from '../auth/rules';
import { processEventOnce } from '../billing/orders';
import { createProviders } from '../billing/providers';
import { applyStripeEvent } from '../billing/stripe-events';
import { fail } from '../envelope';
import { rateLimit } from '../plugins/security';

/** Where Stripe posts its events (configure this address, on QUIRE_PUBLIC_URL, as the webhook endpoint). */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';
/** Stripe's default: a signature older than this (seconds) is a replay. */
export const STRIPE_TOLERANCE_S = 300;
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /webhooks/stripe (issue 21): Stripe Checkout's signed events. Not under /api (Stripe sends no
 * `v=2` and reads no envelope but the status). The raw body is verified against `Stripe-Signature`
 * (`t=…,v1=HMAC-SHA256(secret, "t.payload")`) with the `stripe` package, refusing a timestamp older
 * than STRIPE_TOLERANCE_S (a replay), and each event id is processed once (billing_events); an event
 * that fails is not recorded, so Stripe's retry runs it again.
 */
const billingWebhookRoutes: FastifyPluginAsync = async (app) => {
  const billing = app.config.billing;
  const stripe = createProviders(billing).stripe;
  const secret = billing?.stripe?.webhookSecret;
  // The signature covers the exact bytes: this scope reads every body as a string.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    STRIPE_WEBHOOK_PATH,
    { config: { ...PUBLIC, ...rateLimit(600, '1 minute') }, bodyLimit: WEBHOOK_BODY_LIMIT },
    async (request, reply) => {
      if (!billing || !stripe || !secret) return fail(reply, 'billingDisabled');
      const header = request.headers['stripe-signature'];
      const body = typeof request.body === 'string' ? request.body : '';
      let event: Stripe.Event;
      try {
        if (typeof header !== 'string') throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(body, header, secret, STRIPE_TOLERANCE_S, undefined, app.clock());
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'stripe webhook refused');
        return fail(reply, 'webhookSignatureInvalid');
      }
      const now = app.clock();
      let outcome = 'ignored';
      const done = await processEventOnce(app.db, { id: event.id, provider: 'stripe', type: event.type }, now, async (trx) => {
        outcome = await applyStripeEvent(trx, billing, event, now);
      });
      request.log.info({ event: event.id, type: event.type, done, outcome }, 'stripe webhook');
      return reply.send({ received: true, duplicate: done === 'duplicate' });
    },
  );
};

export default billingWebhookRoutes;
