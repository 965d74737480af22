import type { Kysely } from 'kysely';

/**
 * Managers and association (child) accounts (issue 20, SPEC §1, §3, §6; src/server/managers). Dialect-neutral
 * like 0022: epoch ms bigint, text ids. Deleting either account removes its links and invitations.
 *  - manager_links: one row per child account; a child has at most one manager (unique child_account_id).
 *    `origin`: 'created' (the manager made the account) or 'invited' (its owner accepted an invitation).
 *  - manager_invitations: an invitation by e-mail; `token_hash` = SHA-256 of the mailed token; accepted
 *    or expired invitations stay until pruned with their manager.
 *  - manager_audit: every state-changing call a manager made on behalf of a child (the account id
 *    header): who (manager account and profile), for whom (child), what (method and route), the HTTP
 *    status, when. Kept after a detach, so both sides still read their history; it goes with the child.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('manager_links')
    .addColumn('child_account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('manager_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('manager_links_manager').on('manager_links').columns(['manager_account_id', 'created_at']).execute();

  await db.schema
    .createTable('manager_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('manager_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .execute();
  await db.schema.createIndex('manager_invitations_manager').on('manager_invitations').columns(['manager_account_id', 'email']).execute();

  await db.schema
    .createTable('manager_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('manager_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('manager_profile_id', 'text', (c) => c.notNull())
    .addColumn('manager_name', 'text', (c) => c.notNull())
    .addColumn('child_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('manager_audit_child').on('manager_audit').columns(['child_account_id', 'created_at']).execute();
  await db.schema.createIndex('manager_audit_manager').on('manager_audit').columns(['manager_account_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['manager_audit', 'manager_invitations', 'manager_links']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
