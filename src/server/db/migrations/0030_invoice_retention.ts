import { type Kysely, sql } from 'kysely';

/**
 * Invoices outlive their account (issue 21, legal retention): deleting an account (the privacy purge,
 * issue 16) must not delete its invoices. In 0029 an invoice hung from its account and its order with
 * ON DELETE CASCADE; it now only points at them (ON DELETE SET NULL): the purge leaves the invoice
 * with its number, seller, buyer and lines frozen as issued, detached from the deleted account and order.
 * SQLite cannot alter a foreign key in place: the table is rebuilt (same on both dialects), its rows copied.
 */
const COLUMNS =
  'id, number, order_id, account_id, label, seller, buyer, lines, currency, net, tax, total, tax_rate_bp, reverse_charge, language, issued_at';

async function rebuild(db: Kysely<unknown>, name: string, onDelete: 'set null' | 'cascade'): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'bigint', (c) => c.notNull().unique())
    // Up: the order's reference only (printed on the invoice), no foreign key, so the order row may go.
    .addColumn('order_id', 'text', (c) => {
      const col = c.notNull().unique();
      return onDelete === 'cascade' ? col.references('orders.id').onDelete('cascade') : col;
    })
    .addColumn('account_id', 'text', (c) => {
      const col = c.references('accounts.id').onDelete(onDelete);
      return onDelete === 'cascade' ? col.notNull() : col;
    })
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('tax', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('reverse_charge', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .execute();
  const where = onDelete === 'cascade' ? sql` where account_id is not null and order_id in (select id from orders)` : sql``;
  await sql`insert into ${sql.table(name)} (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from invoices${where}`.execute(db);
  await db.schema.dropTable('invoices').execute();
  await db.schema.alterTable(name).renameTo('invoices').execute();
  await db.schema.createIndex('invoices_account').on('invoices').columns(['account_id', 'issued_at']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, 'invoices_next', 'set null');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Detached invoices (of deleted accounts) have no place in the old table: they go.
  await rebuild(db, 'invoices_prev', 'cascade');
}
