import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Config } from '../config';
import type { DbHandle } from '../db/index';
import type { Database, JobRow } from '../db/schema';
import { enqueueJob, JOBS_CHANNEL } from '../jobs/queue';
import { type JobHandler, JobRunner, type Logger } from '../jobs/runner';
import { greetingName } from '../mail/greeting';
import type { Mailer } from '../mail/index';
import { digestHandlers, scheduleDigest } from '../stats/digest';
import type { FileStore } from '../storage/index';
import { exportKey } from '../storage/paths';
import { purgeDeletion } from './deletion';
import { writeExport } from './export';
import { daysMs, findExport, setExport } from './repo';

/**
 * The jobs of /account/privacy, run by a runner of their own (so a long export never holds a
 * conversion slot, and QUIRE_CONVERT_CONCURRENCY=0 does not stop them): `export` writes the ZIP and
 * mails the link, `exportExpire` removes it when the link expires, `purge` deletes an account whose
 * grace period is over. Jobs are durable rows (src/server/jobs): they survive restarts and are retried.
 * QUIRE_ACCOUNT_JOBS (config.privacy.jobs) sets how many run at once in this process; 0 leaves them to
 * another process (`npm run worker` runs them too). The weekly statistics digest (`statsDigest`,
 * src/server/stats/digest.ts) is one of them.
 */

/** Longest time one export or purge attempt may take (a very large account's archive). */
const ATTEMPT_TIMEOUT_MS = 6 * 3_600_000;

const ExportPayload = v.object({ exportId: v.string(), accountId: v.string(), base: v.optional(v.string()) });
const PurgePayload = v.object({ deletion: v.string() });

const payloadOf = <T extends v.GenericSchema>(schema: T, job: JobRow): v.InferOutput<T> => {
  let raw: unknown;
  try {
    raw = JSON.parse(job.payload);
  } catch {
    raw = undefined;
  }
  return v.parse(schema, raw);
};

export interface PrivacyDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'dataDir' | 'privacy' | 'publicUrl'>;
  mailer: Mailer;
  /** The file store: exports are read from and written to it, purges remove from it (src/server/storage). */
  storage: FileStore;
  log: Logger;
  clock: () => number;
}

/** Queues the export of an account's data (inside the caller's transaction); `base` is the public URL its mail links to. */
export const enqueueExport = (db: Kysely<Database>, ids: { exportId: string; accountId: string; base: string }, now: number) =>
  enqueueJob(db, { kind: 'export', bookId: null, payload: ids }, now);

/** Mails every profile of an account (a failed delivery is logged, never retried: the work is done). */
async function mailAccount(deps: PrivacyDeps, accountId: string, data: (name: string) => Parameters<Mailer['send']>[2]) {
  const account = await deps.db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  const profiles = await deps.db.selectFrom('profiles').selectAll().where('account_id', '=', accountId).execute();
  for (const profile of profiles) {
    try {
      await deps.mailer.send(profile.email, profile.language, data(greetingName(profile, account?.name)));
    } catch (err) {
      deps.log.warn({ err, accountId }, 'privacy: could not send a mail');
    }
  }
}

export function privacyHandlers(deps: PrivacyDeps): Record<'export' | 'exportExpire' | 'purge', JobHandler> {
  const { db, config } = deps;
  return {
    export: {
      async run(job, { signal }) {
        const p = payloadOf(ExportPayload, job);
        const row = await findExport(db, p.exportId);
        if (!row || (row.state !== 'queued' && row.state !== 'running')) return;
        const written = await writeExport({ db, store: deps.storage, clock: deps.clock }, p, signal);
        if (!written) return;
        const { size, total } = written;
        const now = deps.clock();
        const expiresAt = now + daysMs(config.privacy.exportDays);
        const kept = await db.transaction().execute(async (trx) => {
          if (!(await setExport(trx, p.exportId, { state: 'ready', done: total, total, size, finished_at: now, expires_at: expiresAt })))
            return false;
          await enqueueJob(
            trx,
            { kind: 'exportExpire', bookId: null, payload: { exportId: p.exportId, accountId: p.accountId } },
            now,
            expiresAt,
          );
          return true;
        });
        if (!kept) {
          // Replaced or deleted with its account while it was being written.
          await deps.storage.remove(exportKey(p.accountId, p.exportId));
          return;
        }
        const url = `${(p.base ?? config.publicUrl).replace(/\/+$/, '')}/account/privacy`;
        await mailAccount(deps, p.accountId, (name) => ({ kind: 'exportReady', name, url, at: expiresAt }));
        deps.log.info({ exportId: p.exportId, size }, 'privacy: export ready');
      },
      failed: async (trx, job) => {
        const p = v.safeParse(ExportPayload, safeJson(job.payload));
        if (p.success) await setExport(trx, p.output.exportId, { state: 'failed' });
      },
      retrying: async (trx, job) => {
        const p = v.safeParse(ExportPayload, safeJson(job.payload));
        if (p.success) await setExport(trx, p.output.exportId, { state: 'queued' });
      },
    },
    exportExpire: {
      async run(job) {
        const p = payloadOf(ExportPayload, job);
        await deps.storage.remove(exportKey(p.accountId, p.exportId));
        await db
          .updateTable('data_exports')
          .set({ state: 'expired', size: null })
          .where('id', '=', p.exportId)
          .where('state', '=', 'ready')
          .execute();
      },
    },
    purge: {
      async run(job) {
        const p = payloadOf(PurgePayload, job);
        const purged = await purgeDeletion({ db, store: deps.storage, clock: deps.clock }, p.deletion);
        if (!purged) return;
        for (const profile of purged.profiles) {
          try {
            await deps.mailer.send(profile.email, profile.language, { kind: 'accountDeleted', name: greetingName(profile, purged.name) });
          } catch (err) {
            deps.log.warn({ err }, 'privacy: could not send the goodbye mail');
          }
        }
        deps.log.info({ profiles: purged.profiles.length }, 'privacy: account purged');
      },
    },
  };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export interface PrivacyWorker {
  runner: JobRunner;
  wake(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops claiming, lets running jobs finish up to `timeoutMs`, then puts the rest back (answers how many). */
  drain(timeoutMs: number): Promise<number>;
}

export function createPrivacyWorker(deps: PrivacyDeps & { listen?: DbHandle['listen']; pollMs?: number }): PrivacyWorker {
  const { listen, log } = deps;
  const runner = new JobRunner({
    db: deps.db,
    clock: deps.clock,
    log,
    concurrency: deps.config.privacy.jobs,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    graceMs: 30_000,
    pollMs: deps.pollMs,
    notifications: listen
      ? (onJob) => listen(JOBS_CHANNEL, onJob, (err) => log.warn({ err }, 'privacy jobs: the connection listening for new jobs failed'))
      : undefined,
    // The weekly statistics digest (issue 17) runs here too: account mail, not conversion work.
    handlers: { ...privacyHandlers(deps), ...digestHandlers(deps) },
  });
  return {
    runner,
    wake: () => runner.wake(),
    async start() {
      await runner.start();
      // The next Monday's digest job, unless a process queued it already.
      try {
        if (await scheduleDigest(deps.db, deps.clock())) runner.wake();
      } catch (err) {
        log.warn({ err }, 'stats digest: could not queue the next digest');
      }
    },
    stop: () => runner.stop(),
    drain: (timeoutMs) => runner.drain(timeoutMs),
  };
}
