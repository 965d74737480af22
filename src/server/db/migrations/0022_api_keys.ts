import type { Kysely } from 'kysely';

/**
 * The public API (issue 18; src/contracts/api-keys.ts, api-v1.ts). Dialect-neutral like 0016: epoch ms
 * bigint, text ids. Deleting the account removes everything here.
 *  - api_keys: one row per key. `secret_hash` = SHA-256 of the secret (bearer), `signing_key` = the
 *    sealed signing key (signed calls), `rights` = the rights joined by ',' (API_KEY_RIGHTS order).
 *    Revoked keys stay (revoked_at) so the list can show them; they never authenticate again.
 *  - api_key_hits: the rate limits' counters, one row per key, limit kind and window start
 *    (fixed windows of the limit's length; the limiter sums the current and previous window, weighted).
 *  - api_idempotency: the answer of a publishing call per key and Idempotency-Key, for
 *    API_IDEMPOTENCY_TTL_MS (request_hash tells a retry from another body under the same key).
 *  - api_webhooks: API users' webhook endpoints (events joined by ','; the signing secret sealed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('signing_key', 'text', (c) => c.notNull())
    .addColumn('rights', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('api_key_hits')
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_hits_pk', ['key_id', 'kind', 'window_start'])
    .execute();

  await db.schema
    .createTable('api_idempotency')
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Null while the first call runs; then the answer's HTTP status and envelope content (JSON).
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_idempotency_pk', ['key_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('api_idempotency_created').on('api_idempotency').column('created_at').execute();

  await db.schema
    .createTable('api_webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_delivery_at', 'bigint')
    .addColumn('last_status', 'text')
    .execute();
  await db.schema.createIndex('api_webhooks_account').on('api_webhooks').column('account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['api_webhooks', 'api_idempotency', 'api_key_hits', 'api_keys']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
