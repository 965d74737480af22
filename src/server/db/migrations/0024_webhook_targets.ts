import { type Kysely, sql } from 'kysely';

/**
 * Webhook deliveries for two kinds of target (issue 18): an integration trigger's webhook (issue 6) or
 * an API user's webhook endpoint (`api_webhooks`, migration 0022). The one durable queue of 0007 (lease,
 * backoff, max attempts) serves both, told apart by `target_kind`:
 *  - 'trigger': integration_id and lead_id set, as before (every existing row is one);
 *  - 'api': api_webhook_id and event set; deleting the endpoint drops its pending deliveries (cascade).
 * integration_id and lead_id become nullable, which SQLite cannot alter in place: the table is rebuilt
 * (same on both dialects), its rows copied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('target_kind', 'text', (c) => c.notNull().defaultTo('trigger'))
    .addColumn('integration_id', 'text', (c) => c.references('integration_triggers.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('cascade'))
    .addColumn('api_webhook_id', 'text', (c) => c.references('api_webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into webhook_deliveries_next
      (id, target_kind, integration_id, lead_id, body, state, attempts, max_attempts, run_at, lease_until, last_status, last_error, created_at, updated_at)
    select id, 'trigger', integration_id, lead_id, body, state, attempts, max_attempts, run_at, lease_until, last_status, last_error, created_at, updated_at
    from webhook_deliveries`.execute(db);
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.alterTable('webhook_deliveries_next').renameTo('webhook_deliveries').execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('webhook_deliveries_api_webhook').on('webhook_deliveries').column('api_webhook_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries_prev')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integration_triggers.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // API deliveries have no place in the old table: they go.
  await sql`insert into webhook_deliveries_prev
      (id, integration_id, lead_id, body, state, attempts, max_attempts, run_at, lease_until, last_status, last_error, created_at, updated_at)
    select id, integration_id, lead_id, body, state, attempts, max_attempts, run_at, lease_until, last_status, last_error, created_at, updated_at
    from webhook_deliveries where target_kind = 'trigger' and integration_id is not null and lead_id is not null`.execute(db);
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.alterTable('webhook_deliveries_prev').renameTo('webhook_deliveries').execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'run_at']).execute();
}
