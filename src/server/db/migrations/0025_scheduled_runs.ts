import type { Kysely } from 'kysely';

/**
 * Periodic tasks that must run once across every process on one database (issue 19: several app
 * instances and workers): the hourly pruning of expired sign-in rows and old raw statistics, the API's
 * counter and idempotency pruning. A row per task: `due_at` is when it may run next; a process claims
 * it with one conditional UPDATE (due_at <= now → due_at = now + interval, owner, lease_until), so of N
 * processes whose timers fire together exactly one runs the task (src/server/cluster/schedule.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('last_run_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').ifExists().execute();
}
