import type { Db } from '../db/index';

const DAY = 86_400_000;

/** Deletes rows nobody can use any more (expired challenges, tokens, counters, devices, sessions). */
export async function pruneExpired(db: Db, now: number): Promise<void> {
  await db.deleteFrom('used_captchas').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('auth_attempts')
    .where('window_start', '<', now - DAY)
    .execute();
  await db
    .deleteFrom('login_challenges')
    .where('expires_at', '<', now - DAY)
    .execute();
  await db
    .deleteFrom('one_time_tokens')
    .where('expires_at', '<', now - 30 * DAY)
    .execute();
  await db.deleteFrom('trusted_devices').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', now - 30 * DAY)
    .execute();
}
