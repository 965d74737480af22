import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { BILLING_LIMITS, type BillingOverview, OrderCreateSchema, OrderIdQuerySchema, type OrderView } from '../../../contracts/billing';
import { gated, SIGNED_IN } from '../../auth/rules';
import { authOf } from '../../auth/session';
import { INVOICE_MESSAGES } from '../../billing/messages';
import {
  cancelOrder,
  createOrder,
  failOrder,
  getOrder,
  listInvoices,
  listOrders,
  OPEN_ORDERS_MAX,
  openOrders,
  orderView,
  submitOrder,
} from '../../billing/orders';
import { invoicePdf } from '../../billing/pdf';
import { createProviders } from '../../billing/providers';
import { ApiError, ok, parse } from '../../envelope';
import { loadTranslators } from '../../i18n';
import { rateLimit } from '../../plugins/security';
import { publicBase } from '../../public-url';

const IdBodySchema = v.object({ id: OrderIdQuerySchema.entries.id });

/**
 * /account/order and /account/invoice (issue 21; contracts in src/contracts/billing.ts): the caller's
 * own orders and invoices. An id of another account's order or invoice is answered like an unknown one.
 */
const billingRoutes: FastifyPluginAsync = async (app) => {
  const billing = app.config.billing;
  const providers = createProviders(billing);
  const translators = loadTranslators();
  const orderRoute = { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('order') } };
  const invoiceRoute = { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('invoice') } };

  const ownOrder = async (accountId: string, id: string) => {
    const row = await getOrder(app.db, id);
    if (!row || row.account_id !== accountId) throw new ApiError('orderNotFound');
    return row;
  };
  const withInvoice = async (id: string): Promise<OrderView> => {
    const row = await app.db
      .selectFrom('orders')
      .leftJoin('invoices', 'invoices.order_id', 'orders.id')
      .selectAll('orders')
      .select('invoices.id as invoice_id')
      .where('orders.id', '=', id)
      .executeTakeFirstOrThrow();
    return orderView(row, row.invoice_id);
  };

  // What can be bought and the caller's orders, newest first.
  app.get('/account/order/', orderRoute, async (request, reply) => {
    const { account } = authOf(request);
    reply.header('cache-control', 'private, no-store');
    const content: BillingOverview = {
      enabled: billing !== undefined,
      plans: billing?.plans ?? [],
      providers: billing?.providers ?? [],
      tax_rate: billing?.taxRateBp ?? 0,
      seller_country: billing?.seller.country ?? '',
      bank: billing?.bank ?? '',
      account: { name: account.name, country: account.country ?? '' },
      orders: await listOrders(app.db, account.id, BILLING_LIMITS.listMax),
    };
    return ok(reply, content);
  });

  app.get('/account/order/get', orderRoute, async (request, reply) => {
    const { account } = authOf(request);
    const { id } = parse(OrderIdQuerySchema, request.query);
    await ownOrder(account.id, id);
    reply.header('cache-control', 'private, no-store');
    return ok(reply, await withInvoice(id));
  });

  // Choose a plan and a period, hand the order to the provider: the card provider's checkout page, or
  // the bank transfer instructions (the order waits for the admin).
  app.post(
    '/account/order/create',
    { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('order'), ...rateLimit(20, '1 hour') } },
    async (request, reply) => {
      if (!billing) throw new ApiError('billingDisabled');
      const { account, profile } = authOf(request);
      const body = parse(OrderCreateSchema, request.body);
      const provider = providers.get(body.provider);
      if (!provider) throw new ApiError('providerUnavailable');
      if ((await openOrders(app.db, account.id)) >= OPEN_ORDERS_MAX) throw new ApiError('tooManyOpenOrders');
      const now = app.clock();
      const order = await createOrder(
        app.db,
        billing,
        { accountId: account.id, profileId: profile.id, ...body, language: profile.language },
        now,
      );
      const t = translators(order.language);
      const plan = t(order.mode === 'PLATINUM' ? INVOICE_MESSAGES.planPlatinum : INVOICE_MESSAGES.planPremium);
      const back = `${publicBase(app, request)}/account/order?order=${order.id}`;
      let answer: Awaited<ReturnType<typeof provider.checkout>>;
      try {
        answer = await provider.checkout({
          order,
          productName: t(order.period === 'year' ? INVOICE_MESSAGES.lineYear : INVOICE_MESSAGES.lineMonth, { plan }),
          email: profile.email,
          successUrl: back,
          cancelUrl: back,
        });
      } catch (err) {
        request.log.warn({ err, order: order.id }, 'checkout failed');
        await failOrder(app.db, order.id, app.clock());
        throw new ApiError('checkoutFailed');
      }
      await submitOrder(app.db, order, answer, app.clock());
      return ok(reply, await withInvoice(order.id));
    },
  );

  app.post(
    '/account/order/cancel',
    { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('order'), ...rateLimit(30, '1 minute') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const { id } = parse(IdBodySchema, request.body);
      await ownOrder(account.id, id);
      await cancelOrder(app.db, id, app.clock());
      return ok(reply, await withInvoice(id));
    },
  );

  app.get('/account/invoice/', invoiceRoute, async (request, reply) => {
    const { account } = authOf(request);
    reply.header('cache-control', 'private, no-store');
    return ok(reply, { invoices: await listInvoices(app.db, account.id, BILLING_LIMITS.listMax) });
  });

  // The invoice PDF, drawn on request from the frozen invoice row (same bytes every time).
  app.get(
    '/account/invoice/download',
    { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('invoice'), ...rateLimit(60, '1 minute') } },
    async (request, reply) => {
      const { account } = authOf(request);
      const { id } = parse(OrderIdQuerySchema, request.query);
      const invoice = await app.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
      if (!invoice || invoice.account_id !== account.id) throw new ApiError('invoiceNotFound');
      const order = await getOrder(app.db, invoice.order_id);
      const pdf = await invoicePdf({
        invoice,
        provider: order?.provider ?? 'manual',
        paidAt: order?.paid_at ?? invoice.issued_at,
        translate: translators(invoice.language),
        font: billing?.font,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.label.replace(/[^\w.-]/g, '_')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};

export default billingRoutes;
