import type { Executor } from './index';

/** Settings repository: functions take `db` (or a transaction) first. */

export async function getSetting(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function setSetting(db: Executor, key: string, value: string, now = Date.now()): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function listSettings(db: Executor): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
