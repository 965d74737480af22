import type { Kysely } from 'kysely';

/**
 * Billing (issue 21): orders, invoices, the invoice number counter and the payment provider events
 * already processed.
 *  - orders: one purchase of a plan (mode, period) by an account; amounts in minor units; `state`
 *    moves only along the order machine (src/contracts/order-machine.ts); `provider_ref` is the card
 *    provider's checkout session; `period_start`/`period_end` the time the payment added to the account.
 *  - invoices: one per paid order; `number` from the counter row, in the payment's transaction, so
 *    numbers never skip or repeat; seller, buyer and lines are frozen as JSON when issued.
 *  - billing_counters: `invoice` → the last number issued.
 *  - billing_events: a provider event id once processed (a duplicate webhook is acknowledged, not redone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('profile_id', 'text')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('period_start', 'bigint')
    .addColumn('period_end', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_account').on('orders').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('orders_provider_ref').on('orders').column('provider_ref').execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'bigint', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('reverse_charge', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_account').on('invoices').columns(['account_id', 'issued_at']).execute();

  await db.schema
    .createTable('billing_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('billing_counters' as never)
    .values({ name: 'invoice', value: 0 } as never)
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('billing_counters').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('orders').execute();
}
