import type { Kysely } from 'kysely';

/**
 * Messages of the contact modal (`POST {api}/contact/send`, SPEC §2 Other, §3 Contact message): kept
 * whether or not they could be mailed to the support address (QUIRE_SUPPORT_EMAIL), listed by
 * `npm run quire -- contact list`. profile_id is the signed-in sender (null for a visitor); the row
 * stays when the profile goes (the deletion request must outlive the account it asks to delete).
 * Dialect-neutral like 0002/0004: epoch ms bigint, text ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** support | deletion (src/contracts/contact.ts). */
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    /** When the mail to the support address went out; null when there is none or it failed. */
    .addColumn('mailed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').ifExists().execute();
}
