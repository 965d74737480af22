import { type Kysely, sql } from 'kysely';

/**
 * Account security (issue 16, /account/security):
 * - profiles: `mfa_email` (the e-mailed second factor at sign-in, on by default) and `totp_last_step`
 *   (the newest authenticator time step accepted: a code is accepted once in its window);
 * - `recovery_codes`: single-use codes of the authenticator app, stored as keyed hashes;
 * - sessions and trusted devices: what the user agent is (device class, browser, system) and the
 *   country of the address (never the address), last seen / last used; trusted devices get a short id
 *   the owner revokes them by (their key stays the sha256 of the cookie);
 * - one_time_tokens: `data` (the new address of an e-mail change).
 * The authenticator secrets become encrypted at rest: that needs the instance key, so the server
 * seals the values still in plain text when it starts (src/server/auth/totp-store.ts), not this file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('mfa_email', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('profiles').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['profile_id', 'code_hash'])
    .execute();

  for (const table of ['sessions', 'trusted_devices']) {
    for (const column of ['device', 'browser', 'os', 'country']) {
      await db.schema.alterTable(table).addColumn(column, 'text').execute();
    }
  }
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('trusted_devices').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('trusted_devices').addColumn('id', 'text').execute();
  await sql`update trusted_devices set id = substr(token_hash, 1, 20)`.execute(db);
  await db.schema.createIndex('trusted_devices_id').on('trusted_devices').column('id').unique().execute();
  await db.schema.createIndex('trusted_devices_profile_id').on('trusted_devices').column('profile_id').execute();

  await db.schema.alterTable('one_time_tokens').addColumn('data', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('one_time_tokens').dropColumn('data').execute();
  await db.schema.dropIndex('trusted_devices_profile_id').ifExists().execute();
  await db.schema.dropIndex('trusted_devices_id').ifExists().execute();
  for (const column of ['id', 'last_used_at', 'device', 'browser', 'os', 'country']) {
    await db.schema.alterTable('trusted_devices').dropColumn(column).execute();
  }
  for (const column of ['last_seen_at', 'device', 'browser', 'os', 'country']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.alterTable('profiles').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('profiles').dropColumn('mfa_email').execute();
}
