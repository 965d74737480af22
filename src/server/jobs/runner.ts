import { hostname } from 'node:os';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { ConversionErrorCode } from '../../contracts/books';
import { ConversionError, timeoutError } from '../convert/errors';
import { isAlive } from '../convert/tools';
import type { Database, JobRow } from '../db/schema';
import type { JobRunner as JobRunnerApi } from '../types';
import type { JobKind } from './queue';

/**
 * Durable job runner over the `jobs` table, the same on SQLite and PostgreSQL (plain Kysely).
 *
 *  - Claim: a due `queued` row, or a `running` row whose lease ran out (its worker died), is taken
 *    with one conditional UPDATE … WHERE id = ? AND <still claimable> RETURNING *, so two workers
 *    (processes or instances) never run the same job; each claim counts as an attempt.
 *  - Lease: the worker renews lease_until every lease/3 while it runs; losing the row (another worker
 *    reclaimed it) aborts the attempt. At start, running rows of dead processes on this host are
 *    released at once instead of waiting for their lease.
 *  - Outcome: done; or retried after an exponential backoff while attempts remain and the error is not
 *    permanent; otherwise failed, and the handler records the final error code (the book shows ERROR)
 *    in the same transaction — a job never stays running or queued for ever.
 *  - Time limit: each attempt's signal is aborted after timeoutMs (→ TIMEOUT). stop() aborts running
 *    attempts and puts their jobs back in the queue without counting the attempt.
 */
export interface JobContext {
  signal: AbortSignal;
}

export interface JobHandler {
  run(job: JobRow, ctx: JobContext): Promise<void>;
  /** The job will not run again: record its outcome (inside the transaction that marks it failed). */
  failed?(db: Kysely<Database>, job: JobRow, code: ConversionErrorCode): Promise<void>;
  /** A retry was scheduled (inside the same transaction). */
  retrying?(db: Kysely<Database>, job: JobRow): Promise<void>;
  /** After the transaction that recorded `failed` committed (wake what it queued). */
  afterFailed?(job: JobRow): void;
}

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunnerOptions {
  db: Kysely<Database>;
  handlers: Partial<Record<JobKind, JobHandler>>;
  /** Jobs at once (0: this runner claims nothing). */
  concurrency: number;
  timeoutMs: number;
  clock?: () => number;
  /**
   * Longest wait between two looks for work. Work is found without it: `wake()` after an enqueue in
   * this process, `notifications` for the others', and a timer for the next retry or lease end.
   * Default 500 ms without notifications (SQLite: another process's job is seen by looking), 60 s with.
   */
  pollMs?: number;
  /** Subscribes to new jobs of other processes (PostgreSQL LISTEN); resolves with the unsubscribe. */
  notifications?: (onJob: () => void) => Promise<() => Promise<void>>;
  leaseMs?: number;
  /** First retry delay; doubles with each attempt (±20% jitter). */
  backoffMs?: number;
  /** How long an aborted attempt may take to wind down before its slot is reused. */
  graceMs?: number;
  log?: Logger;
  workerId?: string;
}

const SHUTDOWN = Symbol('shutdown');
const LOST_LEASE = Symbol('lost lease');
const silent: Logger = { info() {}, warn() {}, error() {} };

interface Running {
  job: JobRow;
  controller: AbortController;
  done: Promise<void>;
}

export class JobRunner implements JobRunnerApi {
  readonly workerId: string;
  readonly #db: Kysely<Database>;
  readonly #clock: () => number;
  readonly #log: Logger;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #backoffMs: number;
  readonly #graceMs: number;
  readonly #running = new Map<string, Running>();
  /** The kinds this runner claims: those it has a handler for (other runners take the rest). */
  readonly #kinds: string[];
  #timer: NodeJS.Timeout | undefined;
  #ticking = false;
  #again = false;
  #started = false;
  #stopped = false;
  #unsubscribe: (() => Promise<void>) | undefined;

  constructor(private readonly options: RunnerOptions) {
    this.#db = options.db;
    this.#clock = options.clock ?? Date.now;
    this.#log = options.log ?? silent;
    this.#pollMs = options.pollMs ?? (options.notifications ? 60_000 : 500);
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#backoffMs = options.backoffMs ?? 5_000;
    this.#graceMs = options.graceMs ?? 10_000;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    this.#kinds = Object.keys(options.handlers).filter((kind) => options.handlers[kind as JobKind] !== undefined);
  }

  get active(): number {
    return this.#running.size;
  }

  async start(): Promise<void> {
    if (this.#started || this.options.concurrency <= 0) return;
    this.#started = true;
    await this.#releaseDeadLocalWorkers().catch((err: unknown) => this.#log.warn({ err }, 'jobs: could not check for crashed workers'));
    this.#unsubscribe = await this.options
      .notifications?.(() => this.wake())
      .catch((err: unknown) => {
        this.#log.warn({ err }, 'jobs: cannot listen for new jobs; looking every 500 ms instead');
        return undefined;
      });
    this.#tick();
  }

  /** Look for work now instead of at the next poll (after enqueueing). */
  wake(): void {
    if (this.#started && !this.#stopped) this.#tick();
  }

  /**
   * Graceful drain (the worker's SIGTERM): stops claiming at once, lets the running attempts finish (their
   * leases still renewed) for up to `timeoutMs`, then stops (aborts what still runs and puts those jobs
   * back in the queue). Resolves with the jobs put back. `stop()` during a drain ends it at once.
   */
  async drain(timeoutMs: number): Promise<number> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    const finished = Promise.all([...this.#running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      this.#drainCut = resolve;
    });
    await Promise.race([finished, expired]);
    clearTimeout(timer);
    this.#drainCut = undefined;
    const left = this.#running.size;
    await this.stop();
    return left;
  }

  #drainCut: (() => void) | undefined;

  /** Stops claiming, aborts running attempts and puts their jobs back in the queue. */
  async stop(): Promise<void> {
    this.#drainCut?.();
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#unsubscribe?.();
    for (const r of this.#running.values()) r.controller.abort(SHUTDOWN);
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  #tick(): void {
    if (this.#stopped) return;
    if (this.#ticking) {
      this.#again = true;
      return;
    }
    this.#ticking = true;
    clearTimeout(this.#timer);
    let wait = this.#pollMs;
    void this.#claimAll()
      .then(async () => {
        wait = await this.#untilNextDue(wait);
      })
      .catch((err: unknown) => this.#log.warn({ err }, 'jobs: looking for work failed'))
      .finally(() => {
        this.#ticking = false;
        if (this.#stopped) return;
        if (this.#again) {
          this.#again = false;
          this.#tick();
          return;
        }
        this.#timer = setTimeout(() => this.#tick(), wait);
        this.#timer.unref();
      });
  }

  /** ms until a known job becomes claimable (a retry's run_at, a lease's end), at most `limit`. */
  async #untilNextDue(limit: number): Promise<number> {
    if (this.#running.size >= this.options.concurrency) return limit; // a finishing job wakes the runner
    const now = this.#clock();
    if (this.#kinds.length === 0) return limit;
    const row = await this.#db
      .selectFrom('jobs')
      .where('kind', 'in', this.#kinds)
      .select((eb) => [
        eb.fn.min('run_at').filterWhere('state', '=', 'queued').as('run_at'),
        eb.fn.min('lease_until').filterWhere('state', '=', 'running').as('lease_until'),
      ])
      .executeTakeFirst();
    const next = Math.min(
      ...[row?.run_at, row?.lease_until].filter((t): t is number => t !== null && t !== undefined).map((t) => Number(t) - now + 1),
    );
    return Math.max(1, Math.min(limit, next));
  }

  async #claimAll(): Promise<void> {
    while (!this.#stopped && this.#running.size < this.options.concurrency) {
      const job = await this.#claim();
      if (!job) return;
      this.#execute(job);
    }
  }

  /** Rows a worker may take now: due and queued, or running with an expired lease. */
  #claimable(now: number) {
    return (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.and([
        eb('kind', 'in', this.#kinds),
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      ]);
  }

  async #claim(): Promise<JobRow | undefined> {
    if (this.#kinds.length === 0) return undefined;
    const now = this.#clock();
    const candidates = await this.#db.selectFrom('jobs').select('id').where(this.#claimable(now)).orderBy('run_at').limit(5).execute();
    for (const { id } of candidates) {
      const job = await this.#db
        .updateTable('jobs')
        .set({
          state: 'running',
          attempts: sql<number>`attempts + 1`,
          lease_until: now + this.#leaseMs,
          worker: this.workerId,
          updated_at: now,
        })
        .where('id', '=', id)
        .where(this.#claimable(now))
        .returningAll()
        .executeTakeFirst();
      if (job) return job;
    }
    return undefined;
  }

  #execute(job: JobRow): void {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve() };
    this.#running.set(job.id, entry);
    entry.done = this.#attempt(job, controller)
      .catch((err: unknown) => this.#log.error({ err, jobId: job.id }, 'jobs: could not record the outcome of a job'))
      .finally(() => {
        this.#running.delete(job.id);
        this.wake();
      });
  }

  async #attempt(job: JobRow, controller: AbortController): Promise<void> {
    const handler = this.options.handlers[job.kind as JobKind];
    if (job.attempts > job.max_attempts) {
      // Its worker died during the last attempt (a document that kills the worker must not loop).
      return this.#finish(job, new ConversionError('FAILED', job.last_error ?? 'the worker stopped during the last attempt', true));
    }
    if (!handler) return this.#finish(job, new ConversionError('FAILED', `no handler for jobs of kind ${job.kind}`, true));
    const { signal } = controller;
    const timer = setTimeout(() => controller.abort(timeoutError(this.options.timeoutMs)), this.options.timeoutMs);
    const heartbeat = setInterval(() => void this.#renew(job, controller), Math.max(50, Math.floor(this.#leaseMs / 3)));
    let error: unknown;
    try {
      const run = handler.run(job, { signal });
      // A handler that ignores its signal must not hold the slot for ever.
      const grace = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => setTimeout(() => reject(signal.reason), this.#graceMs).unref(), { once: true }),
      );
      await Promise.race([run, grace]);
      if (signal.aborted) error = signal.reason;
    } catch (e) {
      error = signal.aborted ? signal.reason : e;
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
    }
    if (error === LOST_LEASE) return this.#log.warn({ jobId: job.id }, 'jobs: lease lost; another worker has the job');
    if (error === SHUTDOWN) return this.#requeue(job);
    return this.#finish(job, error);
  }

  async #renew(job: JobRow, controller: AbortController): Promise<void> {
    try {
      const now = this.#clock();
      const r = await this.#db
        .updateTable('jobs')
        .set({ lease_until: now + this.#leaseMs, updated_at: now })
        .where('id', '=', job.id)
        .where('worker', '=', this.workerId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0 && !controller.signal.aborted) controller.abort(LOST_LEASE);
    } catch (err) {
      this.#log.warn({ err, jobId: job.id }, 'jobs: lease not renewed');
    }
  }

  /** Done, retried later, or failed for good. Only while this worker still owns the row. */
  async #finish(job: JobRow, error: unknown): Promise<void> {
    const now = this.#clock();
    const handler = this.options.handlers[job.kind as JobKind];
    if (error === undefined) {
      await this.#db
        .updateTable('jobs')
        .set({ state: 'done', lease_until: null, updated_at: now })
        .where('id', '=', job.id)
        .where('worker', '=', this.workerId)
        .execute();
      return;
    }
    const conversion = error instanceof ConversionError ? error : undefined;
    const code: ConversionErrorCode = conversion?.code ?? 'FAILED';
    const message = `${code}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 2000);
    const retry = !conversion?.permanent && job.attempts < job.max_attempts;
    const recorded = await this.#db.transaction().execute(async (trx) => {
      const update = retry
        ? {
            state: 'queued',
            run_at: now + this.#backoff(job.attempts),
            lease_until: null,
            worker: null,
            last_error: message,
            updated_at: now,
          }
        : { state: 'failed', lease_until: null, last_error: message, updated_at: now };
      const r = await trx.updateTable('jobs').set(update).where('id', '=', job.id).where('worker', '=', this.workerId).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false; // deleted with its book, or taken over
      if (retry) await handler?.retrying?.(trx, job);
      else await handler?.failed?.(trx, job, code);
      return true;
    });
    if (recorded && !retry) handler?.afterFailed?.(job);
    const log = { jobId: job.id, bookId: job.book_id, attempt: job.attempts, code, error: message };
    if (retry) this.#log.warn(log, 'jobs: attempt failed, will retry');
    else this.#log.warn(log, 'jobs: job failed');
  }

  async #requeue(job: JobRow): Promise<void> {
    await this.#db
      .updateTable('jobs')
      .set({ state: 'queued', attempts: sql<number>`attempts - 1`, run_at: this.#clock(), lease_until: null, worker: null })
      .where('id', '=', job.id)
      .where('worker', '=', this.workerId)
      .execute();
  }

  #backoff(attempts: number): number {
    return Math.round(this.#backoffMs * 2 ** Math.max(0, attempts - 1) * (0.8 + Math.random() * 0.4));
  }

  /** Running rows of processes on this host that no longer exist: their lease can end now. */
  async #releaseDeadLocalWorkers(): Promise<void> {
    const host = `${hostname()}:`;
    const rows = await this.#db
      .selectFrom('jobs')
      .select(['id', 'worker'])
      .where('state', '=', 'running')
      .where('worker', 'like', `${host}%`)
      .$if(this.#kinds.length > 0, (qb) => qb.where('kind', 'in', this.#kinds))
      .execute();
    for (const row of rows) {
      const pid = Number(row.worker?.slice(host.length).split(':')[0]);
      if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
      await this.#db.updateTable('jobs').set({ lease_until: 0 }).where('id', '=', row.id).where('worker', '=', row.worker).execute();
      this.#log.info({ jobId: row.id, worker: row.worker }, 'jobs: reclaiming the job of a crashed worker');
    }
  }
}
