import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Limits of the sign-in area (DESIGN §2 Auth; brief: login 10/min per e-mail and per IP). */
export const LIMITS = {
  login: { max: 10, windowMs: 60_000 },
  /** Mails to one address from forgot, resend and register-with-a-known-address. */
  mailPerAddress: { max: 5, windowMs: 10 * 60_000 },
  /** Wrong authenticator-app codes outside login (set-up, removal). */
  totpCodes: { max: 5, windowMs: 10 * 60_000 },
} as const;

/**
 * Counts one attempt under `key` in a fixed window and answers the count so far (this one included).
 * One upsert, so concurrent requests (and several server processes) count correctly.
 */
export async function countAttempt(db: Executor, key: string, windowMs: number, now: number): Promise<number> {
  const stale = now - windowMs;
  const row = await db
    .insertInto('auth_attempts')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when auth_attempts.window_start <= ${stale} then 1 else auth_attempts.count + 1 end`,
        window_start: sql<number>`case when auth_attempts.window_start <= ${stale} then ${now} else auth_attempts.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Attempts counted under `key` in the current window (without counting one). */
export async function attemptsSoFar(db: Executor, key: string, windowMs: number, now: number): Promise<number> {
  const row = await db.selectFrom('auth_attempts').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
  return row && row.window_start > now - windowMs ? Number(row.count) : 0;
}

/** Counts the attempt under every key; true when any of them is over `max`. */
export async function overLimit(db: Executor, keys: string[], limit: { max: number; windowMs: number }, now: number): Promise<boolean> {
  let over = false;
  for (const key of keys) {
    if ((await countAttempt(db, key, limit.windowMs, now)) > limit.max) over = true;
  }
  return over;
}
