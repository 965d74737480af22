import { sql } from 'kysely';
import type { Executor } from '../db/index';

/** Limits of the sign-in area (DESIGN §2 Auth; issue 12: failures count per account and address). */
export const LIMITS = {
  /** Sign-in attempts from one IP, right or wrong, whatever the account (× QUIRE_IP_LIMIT_SCALE). */
  login: { max: 10, windowMs: 60_000 },
  /** Wrong passwords and login codes for one account from one IP; beyond them that address is refused. */
  loginFailures: { max: 10, windowMs: 60_000 },
  /**
   * Wrong secrets for one account from every address together: beyond them each attempt on the account
   * waits (SLOW_DOWN) and the owner gets one mail per window; nobody is refused for it.
   */
  accountFailures: { max: 20, windowMs: 60 * 60_000 },
  /** Mails to one address from forgot, resend and register-with-a-known-address. */
  mailPerAddress: { max: 5, windowMs: 10 * 60_000 },
  /** Wrong authenticator-app codes outside login (set-up, removal), per account and IP. */
  totpCodes: { max: 5, windowMs: 10 * 60_000 },
} as const;

/** Wait before checking a secret of an account over LIMITS.accountFailures: 0.5 s, doubling, at most 3 s. */
export const SLOW_DOWN = { firstMs: 500, maxMs: 3000 } as const;

/**
 * Fixed-window counters by key. Kept in the `auth_attempts` table, so every server process sees the
 * same counts; pruneExpired() deletes windows older than a day, so the table does not grow without bound.
 */
export interface AttemptCounter {
  /** Counts one under `key` and answers the count of the current window, this one included. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  /** The count of the current window, without counting. */
  peek(key: string, windowMs: number, now: number): Promise<number>;
  /** Forgets the keys (a new window starts with the next count). */
  clear(keys: string[]): Promise<void>;
}

export function dbAttemptCounter(db: Executor): AttemptCounter {
  return {
    count: (key, windowMs, now) => countAttempt(db, key, windowMs, now),
    peek: (key, windowMs, now) => attemptsSoFar(db, key, windowMs, now),
    clear: async (keys) => {
      if (keys.length > 0) await db.deleteFrom('auth_attempts').where('key', 'in', keys).execute();
    },
  };
}

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
