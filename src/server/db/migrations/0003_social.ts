import type { Kysely } from 'kysely';

/**
 * Social sign-in: the provider identities linked to a profile. One row per (provider, subject) — the
 * provider's stable user id — and at most one identity per provider for a profile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'subject'])
    .addUniqueConstraint('social_identities_provider_profile', ['provider', 'profile_id'])
    .execute();
  await db.schema.createIndex('social_identities_profile_id').on('social_identities').column('profile_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_identities').ifExists().execute();
}
