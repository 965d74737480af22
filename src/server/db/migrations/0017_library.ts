import type { Kysely } from 'kysely';

/**
 * The account's branding libraries (issue 16: `/account/theme`, `/account/background`, `/account/logo`):
 * one row per skin or uploaded image, addressed as `resource:<id>` from a book's settings JSON
 * (`skin.url`, `bg.url`, `logo.url`). A skin keeps its colours and toolbar style in `design` (JSON);
 * an image its stored width, height and size (the files are under files/library/<account>/).
 * Dialect-neutral like 0006: epoch ms, integer sizes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('library_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('design', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('bytes', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('library_items_account_kind').on('library_items').columns(['account_id', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_items').ifExists().execute();
}
