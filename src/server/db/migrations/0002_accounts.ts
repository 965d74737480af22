import type { Kysely } from 'kysely';

/**
 * Accounts, profiles, sessions and the sign-in machinery (login challenges, trusted devices,
 * one-time tokens, attempt counters, used captchas). Dialect-neutral: schema builder only; times are
 * epoch ms in bigint (except profiles.subscriptions_modification: unix seconds, as the spec sends it),
 * booleans integer 0/1, JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('FREE'))
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('FREE'))
    .addColumn('context', 'text')
    .addColumn('company_activity_sector', 'text')
    .addColumn('company_size', 'text')
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('image_small', 'text')
    .addColumn('expiration', 'bigint')
    .addColumn('management_type', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('ats', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('firstname', 'text')
    .addColumn('lastname', 'text')
    .addColumn('job_title', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login', 'bigint')
    .addColumn('tos_version', 'integer')
    .addColumn('subscriptions_modification', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('consents', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('profiles_account_id').on('profiles').column('account_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_profile_id').on('sessions').column('profile_id').execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('trusted_devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  // Fixed-window attempt counters (login per e-mail and per IP, mails per address, TOTP codes).
  await db.schema
    .createTable('auth_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  // Solved ALTCHA challenges, kept until they expire so a solution is accepted once.
  await db.schema
    .createTable('used_captchas')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'used_captchas',
    'auth_attempts',
    'one_time_tokens',
    'trusted_devices',
    'login_challenges',
    'sessions',
    'profiles',
    'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
