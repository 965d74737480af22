import type { Kysely } from 'kysely';

/**
 * Refunds made at the card provider (issue 21 follow-up): Stripe tells of a refund with `charge.refunded`,
 * whose charge names its PaymentIntent, not the Checkout Session Quire keeps in `provider_ref`.
 *  - orders.provider_payment: the provider's payment (Stripe PaymentIntent id), recorded when the
 *    checkout completes; a refund event finds its order by it (indexed).
 *  - orders.refunded: the amount refunded so far, in minor units (the charge's cumulative
 *    `amount_refunded`; a refunded order has its whole total). A partial refund records it here and
 *    leaves the order paid and the plan as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('provider_payment', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('orders_provider_payment').on('orders').column('provider_payment').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_provider_payment').execute();
  await db.schema.alterTable('orders').dropColumn('refunded').execute();
  await db.schema.alterTable('orders').dropColumn('provider_payment').execute();
}
