import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { BillingPeriod, Buyer, PaidMode, PaymentProvider } from '../../src/contracts/billing';
import { ORDER_STATES } from '../../src/contracts/billing';
import { nextOrderState } from '../../src/contracts/order-machine';
import {
  addPeriod,
  cancelOrder,
  createOrder,
  expireAccounts,
  failOrder,
  getOrder,
  listInvoices,
  listOrders,
  moveOrder,
  payOrder,
  refundOrder,
  reverseCharge,
  submitOrder,
} from '../../src/server/billing/orders';
import { invoicePdf } from '../../src/server/billing/pdf';
import type { BillingConfig } from '../../src/server/config';
import { loadTranslators } from '../../src/server/i18n';
import { purgeDeletion, scheduleDeletion } from '../../src/server/privacy/deletion';
import { accountRow, BILLING_ENV, freeAccount } from './billing-support';
import { DIALECTS, useApp } from './helpers';

const BUYER: Buyer = { name: 'Ada Lovelace', address: '12 Baker Street\nLondon', country: 'GB', vat_id: '' };
const DAY = 86_400_000;

describe('order machine and money rules (no database)', () => {
  it('allows exactly the transitions of the order life', () => {
    const allowed = ORDER_STATES.flatMap((s) =>
      (['order.submit', 'order.cancel', 'payment.succeeded', 'payment.failed', 'payment.refunded'] as const).flatMap((e) => {
        const next = nextOrderState(s, e);
        return next ? [`${s} -${e}-> ${next}`] : [];
      }),
    );
    expect(allowed.sort()).toEqual(
      [
        'started -order.submit-> submitted',
        'started -order.cancel-> cancelled',
        'started -payment.failed-> failed',
        'submitted -payment.succeeded-> paid',
        'submitted -payment.failed-> failed',
        'submitted -order.cancel-> cancelled',
        'paid -payment.refunded-> refunded',
      ].sort(),
    );
  });
  it('reverse charge only for an EU business buyer of another EU country than an EU seller', () => {
    expect(reverseCharge('FR', { country: 'DE', vat_id: 'DE123456789' })).toBe(true);
    expect(reverseCharge('FR', { country: 'FR', vat_id: 'FR12345678901' })).toBe(false);
    expect(reverseCharge('FR', { country: 'DE', vat_id: '' })).toBe(false);
    expect(reverseCharge('FR', { country: 'US', vat_id: 'US123' })).toBe(false);
    expect(reverseCharge('CH', { country: 'DE', vat_id: 'DE123456789' })).toBe(false);
  });
  it('adds calendar months and years (a 31st ends on a shorter month’s last day)', () => {
    expect(new Date(addPeriod(Date.UTC(2026, 0, 31, 10), 'month')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(addPeriod(Date.UTC(2026, 10, 29), 'month')).toISOString()).toBe('2026-12-29T00:00:00.000Z');
    expect(new Date(addPeriod(Date.UTC(2028, 1, 29), 'year')).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});

describe.each(DIALECTS)('orders and invoices on %s', (dialect) => {
  const ctx = useApp(dialect, { env: BILLING_ENV });
  const billing = () => ctx.config.billing as BillingConfig;
  const order = async (
    accountId: string,
    o: { mode?: PaidMode; period?: BillingPeriod; buyer?: Buyer; language?: string; provider?: PaymentProvider } = {},
  ) =>
    createOrder(
      ctx.app.db,
      billing(),
      {
        accountId,
        profileId: null,
        mode: o.mode ?? 'PREMIUM',
        period: o.period ?? 'month',
        provider: o.provider ?? 'manual',
        buyer: o.buyer ?? BUYER,
        language: o.language ?? 'en',
      },
      Date.now(),
    );
  const submitted = async (accountId: string, o: Parameters<typeof order>[1] = {}) =>
    submitOrder(ctx.app.db, await order(accountId, o), { providerRef: null, checkoutUrl: null }, Date.now());

  it('prices an order from the configuration, with the tax rate; refuses a plan or provider not sold', async () => {
    const account = await freeAccount(ctx.app);
    const o = await order(account, { period: 'year' });
    expect(o).toMatchObject({ state: 'started', net: 9900, tax: 1980, tax_rate_bp: 2000, reverse_charge: 0, currency: 'EUR' });
    await expect(order(account, { mode: 'PLATINUM', period: 'year' })).rejects.toMatchObject({ errorName: 'planUnavailable' });
    await expect(order(account, { provider: 'stripe' })).rejects.toMatchObject({ errorName: 'providerUnavailable' });
    const reverse = await order(account, { buyer: { ...BUYER, country: 'DE', vat_id: 'DE123456789' } });
    expect(reverse).toMatchObject({ tax: 0, tax_rate_bp: 0, reverse_charge: 1 });
  });

  it('every transition: submit, pay, refund; fail and cancel; refused moves change nothing', async () => {
    const account = await freeAccount(ctx.app);
    const now = Date.now();
    // started → cancelled, started → failed
    expect((await cancelOrder(ctx.app.db, (await order(account)).id, now)).state).toBe('cancelled');
    expect((await failOrder(ctx.app.db, (await order(account)).id, now)).state).toBe('failed');
    // submitted → failed, submitted → cancelled
    expect((await failOrder(ctx.app.db, (await submitted(account)).id, now)).state).toBe('failed');
    const toCancel = await submitted(account);
    expect((await cancelOrder(ctx.app.db, toCancel.id, now)).state).toBe('cancelled');
    // A final state refuses everything.
    await expect(payOrder(ctx.app.db, billing(), toCancel.id, now)).rejects.toMatchObject({ errorName: 'orderStateRefused' });
    await expect(failOrder(ctx.app.db, toCancel.id, now)).rejects.toMatchObject({ errorName: 'orderStateRefused' });
    expect((await getOrder(ctx.app.db, toCancel.id))?.state).toBe('cancelled');
    // started cannot be paid (not submitted yet), nor refunded.
    const fresh = await order(account);
    await expect(payOrder(ctx.app.db, billing(), fresh.id, now)).rejects.toMatchObject({ errorName: 'orderStateRefused' });
    await expect(refundOrder(ctx.app.db, fresh.id, now)).rejects.toMatchObject({ errorName: 'orderStateRefused' });
    // submitted → paid → refunded
    const s = await submitted(account);
    await expect(moveOrder(ctx.app.db, fresh, 'payment.refunded', now)).rejects.toMatchObject({ errorName: 'orderStateRefused' });
    const { order: paid, invoice } = await payOrder(ctx.app.db, billing(), s.id, now);
    expect(paid.state).toBe('paid');
    expect(invoice).not.toBeNull();
    await expect(cancelOrder(ctx.app.db, s.id, now)).rejects.toMatchObject({ errorName: 'orderStateRefused' });
    expect((await refundOrder(ctx.app.db, s.id, now)).state).toBe('refunded');
    // The refund took the month back: the account is free again at once.
    expect(await accountRow(ctx.app, account)).toMatchObject({ mode: 'FREE', type: 'FREE' });
    await expect(cancelOrder(ctx.app.db, 'nope', now)).rejects.toMatchObject({ errorName: 'orderNotFound' });
  });

  it('payment gives the plan at once, a renewal extends it, a second notice of one payment changes nothing', async () => {
    const account = await freeAccount(ctx.app);
    const before = await accountRow(ctx.app, account);
    const t0 = Date.now();
    const first = await payOrder(ctx.app.db, billing(), (await submitted(account)).id, t0);
    const after = await accountRow(ctx.app, account);
    expect(after).toMatchObject({ mode: 'PREMIUM', type: 'PREMIUM', expiration: addPeriod(t0, 'month') });
    expect(after.ats).toBeGreaterThan(before.ats - 1);
    // The same payment again: no second invoice, no second month.
    const again = await payOrder(ctx.app.db, billing(), first.order.id, t0 + 1000);
    expect(again.invoice).toBeNull();
    expect((await accountRow(ctx.app, account)).expiration).toBe(addPeriod(t0, 'month'));
    // Renewal (same mode, running): from the current end.
    await payOrder(ctx.app.db, billing(), (await submitted(account, { period: 'year' })).id, t0 + 2000);
    expect((await accountRow(ctx.app, account)).expiration).toBe(addPeriod(addPeriod(t0, 'month'), 'year'));
    // Another mode starts now.
    await payOrder(ctx.app.db, billing(), (await submitted(account, { mode: 'PLATINUM' })).id, t0 + 3000);
    expect(await accountRow(ctx.app, account)).toMatchObject({ mode: 'PLATINUM', expiration: addPeriod(t0 + 3000, 'month') });
    const orders = await listOrders(ctx.app.db, account, 50);
    expect(orders.map((o) => o.state)).toEqual(['paid', 'paid', 'paid']);
    expect(orders.every((o) => o.invoice !== null)).toBe(true);
    expect((await listInvoices(ctx.app.db, account, 50)).length).toBe(3);
  });

  it('concurrent payments get distinct invoice numbers without a gap', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, (_, i) => freeAccount(ctx.app, `Concurrent ${i}`)));
    const orders = [];
    for (const a of accounts) for (let i = 0; i < 3; i++) orders.push(await submitted(a));
    const start = Number((await ctx.app.db.selectFrom('billing_counters').select('value').executeTakeFirstOrThrow()).value);
    // Every order paid twice at once (a webhook and its retry): one invoice each.
    const results = await Promise.all([...orders, ...orders].map((o) => payOrder(ctx.app.db, billing(), o.id, Date.now())));
    const numbers = results.flatMap((r) => (r.invoice ? [Number(r.invoice.number)] : [])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: orders.length }, (_, i) => start + i + 1));
    const labels = new Set(results.flatMap((r) => (r.invoice ? [r.invoice.label] : [])));
    expect(labels.size).toBe(orders.length);
    // A failed payment transaction (unknown order) takes no number.
    await expect(payOrder(ctx.app.db, billing(), 'missing', Date.now())).rejects.toMatchObject({ errorName: 'orderNotFound' });
    const next = await payOrder(ctx.app.db, billing(), (await submitted(accounts[0] as string)).id, Date.now());
    expect(Number(next.invoice?.number)).toBe(start + orders.length + 1);
  });

  it('expiry: accounts past their expiration return to free once, publications and settings untouched', async () => {
    const account = await freeAccount(ctx.app);
    const t0 = Date.now();
    await payOrder(ctx.app.db, billing(), (await submitted(account)).id, t0);
    const end = addPeriod(t0, 'month');
    await expireAccounts(ctx.app.db, end - 1);
    expect((await accountRow(ctx.app, account)).mode).toBe('PREMIUM');
    // Two instances at once (other tests' accounts expire too): each account changes once, then never again.
    await Promise.all([expireAccounts(ctx.app.db, end + DAY), expireAccounts(ctx.app.db, end + DAY)]);
    const expired = await accountRow(ctx.app, account);
    expect(expired).toMatchObject({ mode: 'FREE', type: 'FREE', expiration: end });
    expect(await expireAccounts(ctx.app.db, end + DAY)).toBe(0);
    expect((await accountRow(ctx.app, account)).ats).toBe(expired.ats);
  });

  it('the invoice PDF carries the number, seller, buyer, tax lines and, where it applies, the reverse-charge note, in the buyer’s language', async () => {
    const account = await freeAccount(ctx.app);
    const translate = loadTranslators();
    const de = await payOrder(
      ctx.app.db,
      billing(),
      (
        await submitted(account, {
          language: 'de',
          buyer: { name: 'Muster GmbH', address: 'Hauptstr. 1', country: 'DE', vat_id: 'DE123456789' },
        })
      ).id,
      Date.now(),
    );
    const ru = await payOrder(ctx.app.db, billing(), (await submitted(account, { language: 'ru' })).id, Date.now());
    for (const { invoice } of [de, ru]) {
      if (!invoice) throw new Error('no invoice');
      const bytes = await invoicePdf({
        invoice,
        provider: 'manual',
        paidAt: invoice.issued_at,
        translate: translate(invoice.language),
        font: undefined,
      });
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getTitle()).toContain(invoice.label);
    }
    expect(de.invoice).toMatchObject({ reverse_charge: 1, tax: 0, total: 990 });
    expect(ru.invoice).toMatchObject({ reverse_charge: 0, tax: 198, total: 1188, language: 'ru' });
  });

  it('deleting an account keeps its invoices (legal retention): detached, numbers and frozen details unchanged; its orders go', async () => {
    const account = await freeAccount(ctx.app, 'Leaving Ltd');
    const kept = await freeAccount(ctx.app, 'Staying Ltd');
    const now = Date.now();
    const { invoice } = await payOrder(ctx.app.db, billing(), (await submitted(account)).id, now);
    const other = await payOrder(ctx.app.db, billing(), (await submitted(kept)).id, now);
    const open = await submitted(account);
    const before = await ctx.app.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoice?.id as string)
      .executeTakeFirstOrThrow();
    expect(before.account_id).toBe(account);

    const { purgeAt } = await ctx.app.db.transaction().execute((trx) => scheduleDeletion(trx, account, 0, now));
    const deletion = await ctx.app.db
      .selectFrom('account_deletions')
      .select('id')
      .where('account_id', '=', account)
      .executeTakeFirstOrThrow();
    const purged = await purgeDeletion({ db: ctx.app.db, store: ctx.app.storage, clock: () => purgeAt }, deletion.id);
    expect(purged?.accountId).toBe(account);
    expect(await ctx.app.db.selectFrom('accounts').select('id').where('id', '=', account).executeTakeFirst()).toBeUndefined();

    // The invoice stays, detached from the account, everything printed on it as issued.
    const after = await ctx.app.db.selectFrom('invoices').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ ...before, account_id: null });
    expect(JSON.parse(after.buyer)).toMatchObject({ name: BUYER.name, country: BUYER.country });
    // Its orders (paid and open) go with the account; nobody lists the detached invoice.
    expect(await getOrder(ctx.app.db, open.id)).toBeUndefined();
    expect(await getOrder(ctx.app.db, before.order_id)).toBeUndefined();
    expect(await listInvoices(ctx.app.db, account, 50)).toEqual([]);
    // The other account keeps its own, and the numbering goes on after the kept number.
    expect((await listInvoices(ctx.app.db, kept, 50)).map((i) => i.id)).toEqual([other.invoice?.id]);
    const next = await payOrder(ctx.app.db, billing(), (await submitted(kept)).id, Date.now());
    expect(Number(next.invoice?.number)).toBeGreaterThan(Number(after.number));
  });
});
