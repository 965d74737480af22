import type { Kysely } from 'kysely';

/**
 * Triggers (issue 6): the account's integrations (lead form, webhook), the triggers of each book,
 * the leads readers sent and the durable webhook deliveries. Dialect-neutral like 0004/0005: epoch ms
 * bigint, integer flags, text. Table types: src/server/triggers/tables.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integration_triggers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('url', 'text')
    .addColumn('secret', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('integration_triggers_account').on('integration_triggers').column('account_id').execute();

  await db.schema
    .createTable('book_triggers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('book_id', 'text', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('integration_id', 'text', (c) => c.notNull().references('integration_triggers.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('is_mandatory', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repeating_mode', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    // SPEC §5: a trigger type can be added once per book (also under concurrent requests).
    .addUniqueConstraint('book_triggers_book_type', ['book_id', 'type'])
    .execute();
  await db.schema.createIndex('book_triggers_integration').on('book_triggers').column('integration_id').execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('book_id', 'text', (c) => c.references('books.id').onDelete('set null'))
    .addColumn('book_name', 'text', (c) => c.notNull())
    .addColumn('trigger_type', 'integer', (c) => c.notNull())
    .addColumn('integration_id', 'text', (c) => c.references('integration_triggers.id').onDelete('set null'))
    .addColumn('integration_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_account_created').on('leads').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
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
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('leads').ifExists().execute();
  await db.schema.dropTable('book_triggers').ifExists().execute();
  await db.schema.dropTable('integration_triggers').ifExists().execute();
}
