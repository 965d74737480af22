import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe that Quire uses (issue 21), for the server tests and
 * Playwright: the API endpoints the `stripe` package calls (create and retrieve a Checkout Session,
 * form-encoded, bearer secret key, Idempotency-Key honoured), a hosted "checkout page" (`/pay/<id>`)
 * whose Pay button completes the payment and redirects to the session's success_url, and webhooks
 * signed exactly as Stripe documents (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "t.payload")>`).
 * A paid session gets a PaymentIntent and its Charge; `refund` refunds (part of) that charge as the
 * dashboard does, and posts what Stripe posts then: `refund.created` (the Refund) and `charge.refunded`
 * (the Charge with its cumulative `amount_refunded`, `refunded` once all of it is).
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  /** Null until paid (mode payment, as Stripe answers since API 2022-08-01). */
  payment_intent: string | null;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  url: string | null;
  livemode: false;
  created: number;
}

/** The parts of Stripe's Charge object that a refund event carries and Quire reads. */
export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  paid: true;
  status: 'succeeded';
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface StripeFake {
  url: string;
  sessions: Map<string, FakeSession>;
  /** The charges of paid sessions, by PaymentIntent id. */
  charges: Map<string, FakeCharge>;
  /** Every API request the fake answered (method, path, form fields). */
  requests: { method: string; path: string; form: Record<string, string> }[];
  /** Completes a session (paid) and posts `checkout.session.completed`; answers the webhook's HTTP status. */
  complete(id: string): Promise<number>;
  /**
   * Refunds `amount` (default: all that is left) of a paid session's charge, as in Stripe's dashboard:
   * posts `refund.created` then `charge.refunded`; answers the latter's delivery.
   */
  refund(sessionId: string, amount?: number): Promise<SentEvent>;
  /** Posts an event about an object (a session, a charge): signed with the secret (or another), at a time (unix seconds; default now). */
  send(
    type: string,
    object: FakeSession | FakeCharge | Record<string, unknown>,
    options?: { secret?: string; timestamp?: number; eventId?: string; body?: string },
  ): Promise<SentEvent>;
  close(): Promise<void>;
}

export interface SentEvent {
  status: number;
  body: string;
  eventId: string;
  payload: string;
  header: string;
}

/** Stripe's documented signature scheme v1. */
export function stripeSignature(secret: string, payload: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

function json(res: ServerResponse, status: number, data: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(data));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeFake(options: {
  secretKey: string;
  webhookSecret: string;
  /** Where signed events go (Quire's POST /webhooks/stripe); a function when known only later. */
  webhookUrl: string | (() => string);
  port?: number;
  host?: string;
}): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const charges = new Map<string, FakeCharge>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: StripeFake['requests'] = [];
  let base = '';

  const send: StripeFake['send'] = async (type, object, o = {}) => {
    const eventId = o.eventId ?? `evt_${randomBytes(12).toString('hex')}`;
    const payload =
      o.body ??
      JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
    const header = stripeSignature(o.secret ?? options.webhookSecret, payload, o.timestamp ?? Math.floor(Date.now() / 1000));
    const res = await fetch(typeof options.webhookUrl === 'function' ? options.webhookUrl() : options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return { status: res.status, body: await res.text(), eventId, payload, header };
  };

  const complete = async (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    session.payment_status = 'paid';
    session.status = 'complete';
    const paymentIntent = `pi_${randomBytes(12).toString('hex')}`;
    session.payment_intent = paymentIntent;
    charges.set(paymentIntent, {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      refunded: false,
      currency: session.currency,
      payment_intent: paymentIntent,
      paid: true,
      status: 'succeeded',
      metadata: {},
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    });
    return (await send('checkout.session.completed', session)).status;
  };

  const refund: StripeFake['refund'] = async (sessionId, amount) => {
    const charge = charges.get(sessions.get(sessionId)?.payment_intent ?? '');
    if (!charge) throw new Error(`no paid session ${sessionId}`);
    const left = charge.amount_captured - charge.amount_refunded;
    const value = amount ?? left;
    if (!Number.isSafeInteger(value) || value <= 0 || value > left) throw new Error(`cannot refund ${value} of ${left}`);
    charge.amount_refunded += value;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    await send('refund.created', {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount: value,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    });
    return send('charge.refunded', { ...charge });
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    try {
      if (url.pathname.startsWith('/v1/')) {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`)
          return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        const form = Object.fromEntries(new URLSearchParams(body));
        requests.push({ method: req.method ?? '', path: url.pathname, form });
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const key = req.headers['idempotency-key'];
          const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
          if (known) return json(res, 200, sessions.get(known));
          const amount = Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1);
          if (!Number.isSafeInteger(amount) || amount <= 0 || !form.success_url || !form.cancel_url)
            return json(res, 400, { error: { type: 'invalid_request_error', message: 'Missing required param' } });
          const id = `cs_test_${randomBytes(16).toString('hex')}`;
          const metadata: Record<string, string> = {};
          for (const [k, v] of Object.entries(form)) {
            const m = /^metadata\[(.+)\]$/.exec(k);
            if (m?.[1]) metadata[m[1]] = v;
          }
          const session: FakeSession = {
            id,
            object: 'checkout.session',
            amount_total: amount,
            currency: form['line_items[0][price_data][currency]'] ?? 'eur',
            client_reference_id: form.client_reference_id ?? null,
            metadata,
            customer_email: form.customer_email ?? null,
            mode: form.mode ?? 'payment',
            payment_status: 'unpaid',
            payment_intent: null,
            status: 'open',
            success_url: form.success_url,
            cancel_url: form.cancel_url,
            url: `${base}/pay/${id}`,
            livemode: false,
            created: Math.floor(Date.now() / 1000),
          };
          sessions.set(id, session);
          if (typeof key === 'string') byIdempotencyKey.set(key, id);
          return json(res, 200, session);
        }
        const m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
        if (req.method === 'GET' && m?.[1] && sessions.has(m[1])) return json(res, 200, sessions.get(m[1]));
        return json(res, 404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
      }
      // The hosted checkout page: a Pay button and a way back.
      const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
      const session = pay?.[1] ? sessions.get(pay[1]) : undefined;
      if (!session) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
      }
      if (req.method === 'POST') {
        await complete(session.id);
        res.writeHead(303, { location: session.success_url });
        return res.end();
      }
      const amount = new Intl.NumberFormat('en', { style: 'currency', currency: session.currency.toUpperCase() }).format(
        session.amount_total / 100,
      );
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body>
<main><h1>Fake Stripe Checkout</h1><p>Pay <strong data-amount>${escapeHtml(amount)}</strong> to Quire (${escapeHtml(session.customer_email ?? '')})</p>
<form method="post"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back to the shop</a></p></main></body></html>`);
    } catch (error) {
      json(res, 500, { error: { type: 'api_error', message: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  base = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    charges,
    requests,
    complete,
    refund,
    send,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
