import type { Kysely } from 'kysely';

/**
 * Publishing: books, their conversion jobs and their source files. Dialect-neutral like 0002: times
 * are epoch ms (bigint), booleans 0/1, JSON as text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('books')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON object of the SPEC §3 settings not kept in their own column. */
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('publishing_mode', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('publish_at', 'bigint')
    .addColumn('is_awarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_adult', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_valid', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('invalid_reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('QUEUED'))
    .addColumn('error_code', 'text')
    .addColumn('pages_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('ltr'))
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('source_kind', 'text', (c) => c.notNull())
    .addColumn('source_size', 'bigint', (c) => c.notNull())
    /** Bumped when the page images change (cache busting of image URLs). */
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('modified_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('books_account_created').on('books').columns(['account_id', 'created_at']).execute();

  // Durable background jobs (conversion). A worker claims a due row by setting lease_until; a row
  // whose lease ran out (its worker died) is claimed again. Attempts grow with each claim.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('book_id', 'text', (c) => c.references('books.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('worker', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_state_run_at').on('jobs').columns(['state', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').ifExists().execute();
  await db.schema.dropTable('books').ifExists().execute();
}
