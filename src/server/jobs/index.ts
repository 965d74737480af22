import { type Kysely, sql } from 'kysely';
import type { PublicationContext } from '../api-keys/publication';
import { enqueuePublicationEvent } from '../api-keys/webhooks';
import type { Config } from '../config';
import { stopEncoders } from '../convert/encoder';
import { convertBook, markBookFailed, markBookQueued } from '../convert/index';
import { OfficeConverter } from '../convert/office';
import { configureTools, reapOrphanTools } from '../convert/tools';
import type { DbHandle } from '../db/index';
import type { Database } from '../db/schema';
import type { FileStore } from '../storage/index';
import { enqueueConversion, JOBS_CHANNEL } from './queue';
import { type JobRunner, type Logger, JobRunner as Runner, type RunnerOptions } from './runner';

export { enqueueConversion, enqueueJob } from './queue';
export { JobRunner } from './runner';

export interface Worker {
  runner: JobRunner;
  wake(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Graceful: stops claiming, lets running conversions finish up to `timeoutMs`, then puts the rest back (answers how many). */
  drain(timeoutMs: number): Promise<number>;
}

/**
 * The conversion worker of this process: a job runner with the `convert` handler and one kept-warm
 * LibreOffice per slot. `config.convert.concurrency` 0 gives a worker that never claims a job (another
 * process or instance converts; `wake()` is then a no-op). It also sets up the conversion tools of the
 * whole process (the reader runs some too): their memory budget, their owner mark, and at start the
 * killing of tools a dead server on the same data folder left running.
 */
export function createWorker(
  deps: {
    db: Kysely<Database>;
    config: Pick<Config, 'dataDir' | 'convert'>;
    /** Where the conversion fetches the upload and stores what it makes (src/server/storage). */
    storage: FileStore;
    /** A process that serves no files (npm run worker): its cache forgets a book once it is stored. */
    dropLocal?: boolean;
    log: Logger;
    clock?: () => number;
    /** PostgreSQL: jobs other processes queue wake this worker at once (LISTEN/NOTIFY). */
    listen?: DbHandle['listen'];
    /**
     * API webhooks (issue 18): a conversion that ends (DONE or ERROR) queues publication.converted /
     * publication.failed for the account's endpoints, in the transaction that records it, with
     * publications described from `ctx` (configuration and keys); `wake` tells the deliverer of this
     * process (a worker process of its own leaves them to the servers' deliverers, which poll).
     */
    apiEvents?: { ctx: PublicationContext; wake?: () => void };
  },
  overrides: Partial<RunnerOptions> = {},
): Worker {
  const { db, config, log } = deps;
  const clock = deps.clock ?? Date.now;
  configureTools({ dataDir: config.dataDir, memoryBudgetBytes: config.convert.memoryBudgetBytes });
  const office = new OfficeConverter({
    slots: config.convert.concurrency,
    memoryBytes: config.convert.memoryBytes,
    timeoutMs: config.convert.timeoutMs + 10_000,
    log,
  });
  const { listen, apiEvents, storage, dropLocal } = deps;
  // A final outcome queues the API webhooks' event in its transaction; the deliverer looks after the commit.
  const ended = async (trx: Kysely<Database>, bookId: string) => {
    if (apiEvents) await enqueuePublicationEvent(trx, apiEvents.ctx, bookId, clock());
  };
  const wakeDeliverer = () => apiEvents?.wake?.();
  const runner = new Runner({
    db,
    clock,
    log,
    notifications: listen
      ? (onJob) => listen(JOBS_CHANNEL, onJob, (err) => log.warn({ err }, 'jobs: the connection listening for new jobs failed'))
      : undefined,
    concurrency: config.convert.concurrency,
    timeoutMs: config.convert.timeoutMs,
    handlers: {
      convert: {
        run: (job, { signal }) =>
          convertBook(
            { db, config, storage, dropLocal, office, clock, log, converted: { during: ended, after: wakeDeliverer } },
            job,
            signal,
          ),
        failed: async (trx, job, code) => {
          if (!job.book_id) return;
          await markBookFailed(trx, job.book_id, code);
          await ended(trx, job.book_id);
        },
        afterFailed: wakeDeliverer,
        retrying: (trx, job) => (job.book_id ? markBookQueued(trx, job.book_id) : Promise.resolve()),
      },
    },
    ...overrides,
  });
  return {
    runner,
    wake: () => runner.wake(),
    async start() {
      const reaped = reapOrphanTools(config.dataDir);
      if (reaped.length > 0) log.warn({ pids: reaped }, 'jobs: killed conversion tools left running by a server that is gone');
      if (config.convert.concurrency <= 0) return;
      await requeueOrphans(db, clock()).catch((err: unknown) => log.warn({ err }, 'jobs: could not check for books without a job'));
      await runner.start();
    },
    async stop() {
      await runner.stop();
      await office.close();
      stopEncoders();
    },
    async drain(timeoutMs) {
      const requeued = await runner.drain(timeoutMs);
      await office.close();
      stopEncoders();
      return requeued;
    },
  };
}

/**
 * Books still waiting for or in conversion without a live job (a job row removed by hand, a crash
 * between two writes of an older version): they get a new job, so none stays "converting" for ever.
 */
export async function requeueOrphans(db: Kysely<Database>, now: number): Promise<number> {
  const orphans = await db
    .selectFrom('books')
    .select('id')
    .where('status', 'in', ['QUEUED', 'CONVERTING'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('jobs')
            .select(sql<number>`1`.as('one'))
            .whereRef('jobs.book_id', '=', 'books.id')
            .where('jobs.state', 'in', ['queued', 'running']),
        ),
      ),
    )
    .execute();
  for (const { id } of orphans) await enqueueConversion(db, id, now);
  return orphans.length;
}
