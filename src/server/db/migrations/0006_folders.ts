import { type Kysely, sql } from 'kysely';

/**
 * Folders (SPEC §3 Subscription (folder): id, name; §7 `account/subscription/`). A book names its
 * folder in its settings JSON (`subscription.id`, like every other SPEC §3 setting without a column),
 * so this table only holds the folders themselves. Names are unique per account ignoring case (an
 * expression index, the same text on SQLite and PostgreSQL). Dialect-neutral like 0004: epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('folders_account_name').on('folders').unique().expression(sql`account_id, lower(name)`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('folders').ifExists().execute();
}
