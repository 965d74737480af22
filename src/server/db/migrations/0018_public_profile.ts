import type { Kysely } from 'kysely';

/**
 * The public profile and account details (issue 16): a description (plain text), the account's
 * website, its social links (JSON object, service → address) and its avatar (the version of the
 * files under `files/avatars/<accountId>/`, null when there is none; `image_small` stays the URL of
 * an avatar set by other means).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('accounts').addColumn('website', 'text').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('social', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('accounts').addColumn('avatar', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['avatar', 'social', 'website', 'description']) await db.schema.alterTable('accounts').dropColumn(column).execute();
}
