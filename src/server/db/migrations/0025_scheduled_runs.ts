import type { Kysely } from 'kysely';

/**
 * Periodic tasks that must run once across every process on one database (issue 19: several app
 * instances and workers): the hourly pruning of expired sign-in rows and old raw statistics, the API's
 * counter and idempotency pruning. A row per task: `due_at` is when it may run next; a process claims
 * it with one conditional UPDATE (due_at <= now → due_at = now + interval, owner, lease_until), so of N
 * processes whose timers fire together exactly one runs the task (src/server/cluster/schedule.ts).
 *
 * `beacon_ip_minutes`: the beacons' per-address caps shared by every instance (src/server/cluster/ip-caps.ts):
 * hits per `scope|address` and minute, added at each flush; rows older than a few minutes are pruned.
 *
 * `rate_limit_hits`: the routes' per-address limits (@fastify/rate-limit's store on PostgreSQL,
 * src/server/cluster/rate-limit-store.ts): a fixed window per `route|address` key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('last_run_at', 'bigint')
    .execute();
  await db.schema
    .createTable('beacon_ip_minutes')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('beacon_ip_minutes_pk', ['key', 'minute'])
    .execute();
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').ifExists().execute();
  await db.schema.dropTable('beacon_ip_minutes').ifExists().execute();
  await db.schema.dropTable('scheduled_runs').ifExists().execute();
}
