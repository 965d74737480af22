import type { Kysely } from 'kysely';

/**
 * /account/privacy (issue 16): the exports of an account's data and the pending deletions of accounts.
 * Every row hangs from its account with ON DELETE CASCADE, so the purge that deletes the account row
 * takes them along. Dialect-neutral like 0002/0004: epoch ms bigint, integer counters, text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One export per account at a time (a new one replaces the old, file included): the ZIP at
  // files/exports/<account_id>/<id>.zip, downloadable by its owner with a token derived from its id.
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** queued | running | ready | failed | expired (src/contracts/privacy.ts EXPORT_STATES). */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('data_exports_account').on('data_exports').column('account_id').execute();

  // An account scheduled for deletion: signed out everywhere, its publications answered like unknown
  // ones (hidden_books keeps each book's publish_at to give back if the owner signs in before purge_at).
  await db.schema
    .createTable('account_deletions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().unique().references('accounts.id').onDelete('cascade'))
    /** scheduled (signing in cancels it) | purging (the purge has begun: nothing cancels it any more). */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('purge_at', 'bigint', (c) => c.notNull())
    /** JSON object: book id → its publish_at before the request (null: published at creation). */
    .addColumn('hidden_books', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  // The e-mailed code that confirms the deletion of an account without a password (HMAC kept).
  await db.schema
    .createTable('deletion_codes')
    .addColumn('profile_id', 'text', (c) => c.primaryKey().references('profiles.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deletion_codes').ifExists().execute();
  await db.schema.dropTable('account_deletions').ifExists().execute();
  await db.schema.dropTable('data_exports').ifExists().execute();
}
