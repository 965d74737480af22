import type { Kysely } from 'kysely';

/**
 * The guided tours a profile has seen or skipped (SPEC §2 "a guided tour is shown once per tour name",
 * §3 current user `tour`, §7 "tour flags: user record save"): a JSON object, tour name → true. Kept
 * on the server so that a tour seen in one browser is not shown again in another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('tour', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('tour').execute();
}
