import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, InvoiceView, OrderView } from '../../src/contracts/billing';
import { STRIPE_WEBHOOK_PATH } from '../../src/server/routes/billing-webhook';
import { type StripeFake, startStripeFake } from '../fakes/stripe';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { accountRow, BILLING_ENV } from './billing-support';
import { DIALECTS } from './helpers';

const SECRET_KEY = 'sk_test_quire0123456789';
const WEBHOOK_SECRET = 'whsec_quireTestSecret0123456789';
const BUYER = { name: 'Ada Lovelace', address: '12 Baker Street', country: 'GB', vat_id: '' };

describe.each(DIALECTS)('card payments (Stripe Checkout against the local fake) on %s', (dialect) => {
  const env: Record<string, string> = {
    ...BILLING_ENV,
    QUIRE_BILLING_PROVIDERS: 'stripe,manual',
    QUIRE_STRIPE_SECRET_KEY: SECRET_KEY,
    QUIRE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
  let fake: StripeFake;
  let webhookUrl = '';
  beforeAll(async () => {
    fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: () => webhookUrl });
    env.QUIRE_STRIPE_API_URL = fake.url;
  });
  const ctx = useAccountsApp(dialect, { env });
  // The fake posts its webhooks to the app on a real port (opened by the first test).
  const listening = async () => {
    if (webhookUrl) return;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}${STRIPE_WEBHOOK_PATH}`;
  };
  afterAll(async () => fake?.close());

  const buy = async (token: string, body: Record<string, unknown> = {}) => {
    await listening();
    return call(
      ctx.app,
      '/account/order/create',
      { mode: 'PREMIUM', period: 'month', provider: 'stripe', buyer: BUYER, ...body },
      { token },
    );
  };
  const accountOf = async (token: string) => (await call(ctx.app, '/profile/session', undefined, { token })).json().content.account;

  it('buys premium: checkout session, payment on the provider, signed webhook → paid, premium at once, invoice PDF', async () => {
    const { token } = await signedIn(ctx, 'card');
    const overview: BillingOverview = (await call(ctx.app, '/account/order/', undefined, { token })).json().content;
    expect(overview).toMatchObject({ enabled: true, providers: ['stripe', 'manual'], tax_rate: 2000 });
    expect(overview.plans).toContainEqual({ mode: 'PREMIUM', period: 'year', amount: 9900, currency: 'EUR' });

    const created = await buy(token);
    expect(created.json().status).toBe('ok');
    const order: OrderView = created.json().content;
    expect(order).toMatchObject({ state: 'submitted', provider: 'stripe', net: 990, tax: 198, total: 1188, invoice: null });
    expect(order.checkout_url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === order.id);
    expect(session).toMatchObject({ amount_total: 1188, currency: 'eur', metadata: { order_id: order.id } });
    expect(session?.success_url).toBe(`${ctx.config.publicUrl}/account/order?order=${order.id}`);

    // The buyer pays on the provider's page: it redirects back; the webhook has paid the order by then.
    const page = await fetch(order.checkout_url as string, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(session?.success_url);
    const paid: OrderView = (await call(ctx.app, `/account/order/get?id=${order.id}`, undefined, { token })).json().content;
    expect(paid).toMatchObject({ state: 'paid', checkout_url: null });
    expect(paid.invoice).not.toBeNull();
    const account = await accountOf(token);
    expect(account).toMatchObject({ mode: 'PREMIUM', type: 'PREMIUM' });
    expect(account.expiration).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const invoices: InvoiceView[] = (await call(ctx.app, '/account/invoice/', undefined, { token })).json().content.invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ order: order.id, total: 1188, currency: 'EUR' });
    const pdf = await call(ctx.app, `/account/invoice/download?id=${invoices[0]?.id}`, undefined, { token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoices[0]?.number}.pdf"`);
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(`Invoice ${invoices[0]?.number}`);
  });

  it('refuses unsigned, wrongly signed, tampered and replayed webhooks; processes a duplicate event once', async () => {
    const { token } = await signedIn(ctx, 'hooks');
    const order: OrderView = (await buy(token)).json().content;
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === order.id);
    if (!session) throw new Error('no session');
    const paidSession = { ...session, payment_status: 'paid' as const, status: 'complete' as const };
    const state = async () => (await call(ctx.app, `/account/order/get?id=${order.id}`, undefined, { token })).json().content.state;

    const unsigned = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).content).toMatchObject({ type: 'ORDER', code: 1210 });
    expect((await fake.send('checkout.session.completed', paidSession, { secret: 'whsec_another' })).status).toBe(400);
    // Replays: a signature older than the tolerance (5 minutes), even a correct one.
    const old = await fake.send('checkout.session.completed', paidSession, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(400);
    // Tampered: a valid header of one body with another body.
    const good = await fake.send('checkout.session.expired', { ...session, status: 'expired' }, { secret: 'whsec_notours' });
    const tampered = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': good.header.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`) },
      body: good.payload,
    });
    expect(tampered.status).toBe(400);
    expect(await state()).toBe('submitted');

    // One event delivered three times (two at once): the order is paid once, one invoice.
    const first = await fake.send('checkout.session.completed', paidSession);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false });
    const again = await Promise.all([
      fake.send('checkout.session.completed', paidSession, { eventId: first.eventId, body: first.payload }),
      fake.send('checkout.session.completed', paidSession, { eventId: first.eventId, body: first.payload }),
    ]);
    expect(again.map((r) => [r.status, JSON.parse(r.body).duplicate])).toEqual([
      [200, true],
      [200, true],
    ]);
    // Another event id of the same payment (Stripe may send both completed and async_payment_succeeded): no second invoice.
    expect((await fake.send('checkout.session.async_payment_succeeded', paidSession)).status).toBe(200);
    expect(await state()).toBe('paid');
    const invoices = (await call(ctx.app, '/account/invoice/', undefined, { token })).json().content.invoices;
    expect(invoices).toHaveLength(1);
    // An expiry of the paid session afterwards changes nothing.
    await fake.send('checkout.session.expired', { ...session, status: 'expired' });
    expect(await state()).toBe('paid');
  });

  it('an expired session fails the order; a session of another amount is ignored; other accounts’ orders are not found', async () => {
    const { token } = await signedIn(ctx, 'expired');
    const other = await signedIn(ctx, 'other');
    const order: OrderView = (await buy(token)).json().content;
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === order.id);
    if (!session) throw new Error('no session');
    await fake.send('checkout.session.completed', { ...session, payment_status: 'paid', amount_total: 1 });
    expect((await call(ctx.app, `/account/order/get?id=${order.id}`, undefined, { token })).json().content.state).toBe('submitted');
    expect((await call(ctx.app, `/account/order/get?id=${order.id}`, undefined, { token: other.token })).json().content).toMatchObject({
      code: 1204,
    });
    expect((await call(ctx.app, '/account/order/cancel', { id: order.id }, { token: other.token })).json().content.code).toBe(1204);
    expect((await fake.send('checkout.session.expired', { ...session, status: 'expired' })).status).toBe(200);
    const failed = (await call(ctx.app, `/account/order/get?id=${order.id}`, undefined, { token })).json().content;
    expect(failed).toMatchObject({ state: 'failed', checkout_url: null });
    expect((await accountOf(token)).mode).toBe('FREE');
  });

  it('a refund in Stripe: a partial one is recorded and keeps the plan; the rest refunds the order as `quire order refund` does', async () => {
    const { token, content } = await signedIn(ctx, 'refund');
    const accountId: string = content.account.id;
    const orderRow = (id: string) => ctx.app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const pay = async () => {
      const order: OrderView = (await buy(token)).json().content;
      const session = [...fake.sessions.values()].find((s) => s.client_reference_id === order.id);
      if (!session) throw new Error('no session');
      expect(await fake.complete(session.id)).toBe(200);
      return { order, session };
    };
    // Two months bought: the second renews the first from its end.
    const first = await pay();
    const { order, session } = await pay();
    const paidRow = await orderRow(order.id);
    expect(paidRow).toMatchObject({ state: 'paid', provider_payment: session.payment_intent, refunded: 0 });
    expect(session.payment_intent).toMatch(/^pi_/);
    const paidAccount = await accountRow(ctx.app, accountId);
    expect(paidAccount).toMatchObject({ mode: 'PREMIUM', type: 'PREMIUM', expiration: paidRow.period_end });
    const charge = fake.charges.get(session.payment_intent as string);
    if (!charge) throw new Error('no charge');

    // Refund events signed with another secret are refused like any other event.
    expect(
      (await fake.send('charge.refunded', { ...charge, amount_refunded: 1188, refunded: true }, { secret: 'whsec_another' })).status,
    ).toBe(400);
    expect((await orderRow(order.id)).state).toBe('paid');

    // A partial refund (5.00 of 11.88): recorded; the order stays paid, the plan and its end unchanged.
    const partial = await fake.refund(session.id, 500);
    expect([partial.status, JSON.parse(partial.body)]).toEqual([200, { received: true, duplicate: false }]);
    expect(await orderRow(order.id)).toMatchObject({ state: 'paid', refunded: 500 });
    expect(await accountRow(ctx.app, accountId)).toMatchObject({ mode: 'PREMIUM', expiration: paidAccount.expiration });
    // Its replay is acknowledged as a duplicate; a late event with a smaller running total changes nothing.
    const replay = await fake.send('charge.refunded', {}, { eventId: partial.eventId, body: partial.payload });
    expect([replay.status, JSON.parse(replay.body).duplicate]).toEqual([200, true]);
    expect((await fake.send('charge.refunded', { ...charge, amount_refunded: 200, refunded: false })).status).toBe(200);
    expect((await orderRow(order.id)).refunded).toBe(500);
    // A charge in another currency, and a payment Quire does not know, are acknowledged and ignored.
    expect((await fake.send('charge.refunded', { ...charge, currency: 'usd', amount_refunded: 1188, refunded: true })).status).toBe(200);
    const unknown = await fake.send('charge.refunded', { ...charge, payment_intent: 'pi_unknown', amount_refunded: 1188, refunded: true });
    expect([unknown.status, JSON.parse(unknown.body)]).toEqual([200, { received: true, duplicate: false }]);
    expect((await orderRow(order.id)).state).toBe('paid');

    // The rest, delivered twice at once: refunded once; the month it added comes off, the first month remains.
    const full = await fake.refund(session.id);
    expect(full.status).toBe(200);
    const twice = await Promise.all([
      fake.send('charge.refunded', {}, { eventId: full.eventId, body: full.payload }),
      fake.send('charge.refunded', {}, { eventId: full.eventId, body: full.payload }),
    ]);
    expect(twice.map((r) => [r.status, JSON.parse(r.body).duplicate])).toEqual([
      [200, true],
      [200, true],
    ]);
    const refundedRow = await orderRow(order.id);
    expect(refundedRow).toMatchObject({ state: 'refunded', refunded: 1188 });
    const afterRefund = await accountRow(ctx.app, accountId);
    expect(afterRefund).toMatchObject({ mode: 'PREMIUM', expiration: paidRow.period_start as number });
    expect((await call(ctx.app, `/account/order/get?id=${order.id}`, undefined, { token })).json().content.state).toBe('refunded');
    // The invoice stays (a credit note is the seller's bookkeeping).
    expect((await call(ctx.app, '/account/invoice/', undefined, { token })).json().content.invoices).toHaveLength(2);
    // Another event of the same full refund (a new id) changes nothing more.
    expect((await fake.send('charge.refunded', { ...fake.charges.get(session.payment_intent as string) })).status).toBe(200);
    expect(await accountRow(ctx.app, accountId)).toEqual(afterRefund);

    // The first month refunded in full at once: the account is free again, as after `quire order refund`.
    const whole = await fake.refund(first.session.id);
    expect(JSON.parse(whole.body)).toEqual({ received: true, duplicate: false });
    expect(await orderRow(first.order.id)).toMatchObject({ state: 'refunded', refunded: 1188 });
    expect(await accountRow(ctx.app, accountId)).toMatchObject({ mode: 'FREE', type: 'FREE' });
  });

  it('bank transfer: the order waits, the buyer may cancel; bad input changes nothing', async () => {
    const { token, content } = await signedIn(ctx, 'bank');
    const order: OrderView = (await buy(token, { provider: 'manual', period: 'year' })).json().content;
    expect(order).toMatchObject({ state: 'submitted', provider: 'manual', checkout_url: null, total: 11880, reference: order.id });
    const cancelled = await call(ctx.app, '/account/order/cancel', { id: order.id }, { token });
    expect(cancelled.json().content.state).toBe('cancelled');
    expect((await call(ctx.app, '/account/order/cancel', { id: order.id }, { token })).json().content.code).toBe(1205);
    for (const bad of [
      { mode: 'FREE' },
      { period: 'week' },
      { provider: 'paypal' },
      { buyer: { ...BUYER, country: 'XX' } },
      { buyer: { ...BUYER, name: '' } },
      { buyer: { ...BUYER, vat_id: 'DE-12/34!' } },
      { mode: 'PLATINUM', period: 'year' },
    ]) {
      const res = await buy(token, bad);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().status).toBe('error');
    }
    const orders = (await call(ctx.app, '/account/order/', undefined, { token })).json().content.orders;
    expect(orders).toHaveLength(1);
    expect((await accountRow(ctx.app, content.account.id)).mode).toBe('FREE');
  });
});
