import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { preferencesOf } from '../accounts/views';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { JOBS_CHANNEL } from '../jobs/queue';
import type { JobHandler, Logger } from '../jobs/runner';
import { greetingName } from '../mail/greeting';
import type { Mailer } from '../mail/index';
import { addDays, closedThrough, dayOf, mondayOf, statsBooks, statsTotals } from './queries';

export { mondayOf } from './queries';

/**
 * The weekly statistics digest (issue 17): every Monday (SPEC §9: weeks start on Monday) each active
 * profile that switched on `statistics_digest` (/account/notification, off by default) and whose account
 * had views in the week before gets a short mail in its language: the week's views, readers and
 * reads against the week before, its three most viewed publications, a link to /account/stats and the
 * way to switch it off. A durable job of the account jobs' runner (src/server/privacy/worker.ts) does
 * it: `statsDigest`, one per week with the id `stats-digest-<Monday>` (so processes that queue it at
 * once queue it once), at DIGEST_HOUR_UTC; it queues the next week's when it is done. `stats_digests`
 * records each profile's sent week: a retried or repeated run never mails a week twice.
 */

/** The hour (UTC) of Monday the digests go out. */
export const DIGEST_HOUR_UTC = 6;
/** Publications a digest names. */
export const DIGEST_TOP = 3;
const HOUR_MS = 3_600_000;

/** The last whole week before `now` (Monday to Sunday) and the one before it. */
export function digestWeek(now: number): { from: string; to: string; previous: { from: string; to: string } } {
  const monday = mondayOf(dayOf(now));
  const from = addDays(monday, -7);
  return { from, to: addDays(monday, -1), previous: { from: addDays(from, -7), to: addDays(from, -1) } };
}

/** When the next digests go out: this Monday at DIGEST_HOUR_UTC if still ahead, else next Monday's. */
export function nextDigestAt(now: number): number {
  const at = Date.parse(`${mondayOf(dayOf(now))}T00:00:00Z`) + DIGEST_HOUR_UTC * HOUR_MS;
  return at > now ? at : at + 7 * 24 * HOUR_MS;
}

export interface DigestDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  log: Logger;
  clock: () => number;
}

/**
 * Queues the digest job at `at` (default: the next Monday's) unless it is queued already; answers
 * whether it queued one. The job's id names its Monday, so this is safe from any number of processes.
 */
export async function scheduleDigest(db: Kysely<Database>, now: number, at = nextDigestAt(now)): Promise<boolean> {
  const id = `stats-digest-${dayOf(at)}`;
  const result = await db
    .insertInto('jobs')
    .values({
      id,
      kind: 'statsDigest',
      book_id: null,
      payload: '{}',
      state: 'queued',
      attempts: 0,
      max_attempts: 5,
      run_at: at,
      lease_until: null,
      worker: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  const queued = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (queued && db.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(db);
  return queued;
}

/**
 * Mails the digest of the last whole week before `now` to every profile that wants it and has not
 * had it: answers how many were sent. A delivery that fails is released (its week not recorded) and
 * the run then fails, so the job's retry sends the rest and nothing twice.
 */
export async function sendDigests(deps: DigestDeps, now = deps.clock()): Promise<{ sent: number; failed: number }> {
  const { db } = deps;
  const week = digestWeek(now);
  const accounts = await db
    .selectFrom('stats_daily')
    .select('account_id')
    .where('day', '>=', week.from)
    .where('day', '<=', week.to)
    .where('views', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('account_deletions')
            .select('account_deletions.id')
            .whereRef('account_deletions.account_id', '=', 'stats_daily.account_id'),
        ),
      ),
    )
    .groupBy('account_id')
    .orderBy('account_id')
    .execute();
  const base = deps.config.publicUrl.replace(/\/+$/, '');
  let sent = 0;
  let failed = 0;
  for (const { account_id: accountId } of accounts) {
    const profiles = (
      await db
        .selectFrom('profiles')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('is_active', '=', 1)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('stats_digests')
                .select('stats_digests.profile_id')
                .whereRef('stats_digests.profile_id', '=', 'profiles.id')
                .where('stats_digests.week', '=', week.from),
            ),
          ),
        )
        .orderBy('created_at')
        .execute()
    ).filter((profile) => preferencesOf(profile).statistics_digest);
    if (profiles.length === 0) continue;
    const scope = { accountId, from: week.from, to: week.to, closed: closedThrough(dayOf(now)) };
    const totals = await statsTotals(db, scope);
    const previous = await statsTotals(db, { accountId, ...week.previous });
    const top = (await statsBooks(db, scope)).slice(0, DIGEST_TOP).map((book) => ({ name: book.name, views: book.views }));
    const account = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
    for (const profile of profiles) {
      // Claimed first: another run at the same time skips it.
      const claim = await db
        .insertInto('stats_digests')
        .values({ profile_id: profile.id, week: week.from, sent_at: now })
        .onConflict((oc) => oc.columns(['profile_id', 'week']).doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      try {
        await deps.mailer.send(profile.email, profile.language, {
          kind: 'statsDigest',
          name: greetingName(profile, account?.name),
          from: week.from,
          to: week.to,
          totals: { views: totals.views, readers: totals.readers, reads: totals.reads },
          previous: { views: previous.views, readers: previous.readers, reads: previous.reads },
          top,
          url: `${base}/account/stats`,
          settingsUrl: `${base}/account/notification`,
        });
        sent += 1;
      } catch (err) {
        failed += 1;
        deps.log.warn({ err, profileId: profile.id }, 'stats digest: could not send a mail');
        await db.deleteFrom('stats_digests').where('profile_id', '=', profile.id).where('week', '=', week.from).execute();
      }
    }
  }
  return { sent, failed };
}

/** The `statsDigest` job: the digests of the week before, then the next week's job. */
export function digestHandlers(deps: DigestDeps): { statsDigest: JobHandler } {
  return {
    statsDigest: {
      async run() {
        const now = deps.clock();
        const { sent, failed } = await sendDigests(deps, now);
        await scheduleDigest(deps.db, now);
        if (sent > 0 || failed > 0) deps.log.info({ sent, failed }, 'stats digest: sent');
        if (failed > 0) throw new Error(`stats digest: ${failed} mails could not be sent`);
      },
    },
  };
}
