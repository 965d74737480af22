import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { ConversionError } from '../../src/server/convert/errors';
import { markBookFailed, markBookQueued } from '../../src/server/convert/index';
import { createDb, type DbHandle, migrateToLatest } from '../../src/server/db/index';
import type { JobRow } from '../../src/server/db/schema';
import { requeueOrphans } from '../../src/server/jobs/index';
import { type JobHandler, JobRunner, type RunnerOptions } from '../../src/server/jobs/runner';
import { getBook, getJob, insertAccount, insertBook, waitFor } from './fixtures/books';
import { DIALECTS, testConfig } from './helpers';

/**
 * The durable job runner on both databases, with handlers standing in for the conversion: claiming,
 * leases, retries with backoff, the final error on the book, time-outs and shutdown.
 */
describe.each(DIALECTS)('job runner on %s', (dialect) => {
  let config: Config;
  let handle: DbHandle;
  let accountId: string;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    config = await testConfig(dialect);
    handle = createDb(config);
    await migrateToLatest(handle.db);
    accountId = await insertAccount(handle.db);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await handle?.destroy();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  /** A book (no source file needed) with its queued convert job. */
  const newBook = async (now?: number) => {
    const { bookId, jobId } = await insertBook(handle.db, config.dataDir, accountId, { file: null, kind: 'pdf' }, { now });
    return { bookId, jobId: jobId as string };
  };
  /** The book side of the conversion handler, around a fake `run`. */
  const handler = (run: JobHandler['run']): JobHandler => ({
    run,
    failed: (trx, job, code) => markBookFailed(trx, job.book_id as string, code),
    retrying: (trx, job) => markBookQueued(trx, job.book_id as string),
  });
  const runner = (run: JobHandler['run'], options: Partial<RunnerOptions> = {}) => {
    const r = new JobRunner({
      db: handle.db,
      handlers: { convert: handler(run) },
      concurrency: 1,
      timeoutMs: 10_000,
      pollMs: 20,
      backoffMs: 50,
      ...options,
    });
    runners.push(r);
    return r;
  };
  const settled = (jobId: string) =>
    waitFor(
      async () => {
        const job = await getJob(handle.db, jobId);
        return job.state === 'done' || job.state === 'failed' ? job : undefined;
      },
      20_000,
      `job ${jobId} to settle`,
    );

  it('claims a job exactly once when several runners compete', async () => {
    const { jobId } = await newBook();
    const runs: string[] = [];
    const make = (name: string) =>
      runner(async () => {
        runs.push(name);
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
    const all = [make('a'), make('b'), make('c')];
    await Promise.all(all.map((r) => r.start()));
    const job = await settled(jobId);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(runs).toHaveLength(1);
    expect({ state: job.state, attempts: job.attempts, lease: job.lease_until }).toEqual({ state: 'done', attempts: 1, lease: null });
    expect(all.map((r) => r.workerId)).toContain(job.worker);
  });

  it('wake() starts a queued job before the next poll', async () => {
    const r = runner(async () => {}, { pollMs: 60_000 });
    await r.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { jobId } = await newBook();
    const before = Date.now();
    r.wake();
    await settled(jobId);
    expect(Date.now() - before).toBeLessThan(5_000);
  });

  it('runs a retry when it is due, without waiting for a poll', async () => {
    let calls = 0;
    const r = runner(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('transient');
      },
      { pollMs: 60_000, backoffMs: 100 },
    );
    await r.start();
    const { jobId } = await newBook();
    const before = Date.now();
    r.wake();
    const job = await settled(jobId);
    expect({ state: job.state, attempts: job.attempts, calls }).toEqual({ state: 'done', attempts: 2, calls: 2 });
    expect(Date.now() - before).toBeLessThan(5_000);
  });

  it.runIf(dialect === 'postgres')('starts a job another process queued at once (LISTEN/NOTIFY), without a poll', async () => {
    const listen = handle.listen;
    expect(listen).toBeDefined();
    const r = runner(async () => {}, {
      pollMs: 60_000,
      notifications: (onJob) => (listen as NonNullable<typeof listen>)('quire_jobs', onJob),
    });
    await r.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Another connection (another process's pool) queues the job; nobody calls wake().
    const other = createDb(config);
    try {
      const { jobId } = await insertBook(other.db, config.dataDir, accountId, { file: null, kind: 'pdf' });
      const before = Date.now();
      await settled(jobId as string);
      expect(Date.now() - before).toBeLessThan(5_000);
    } finally {
      await other.destroy();
    }
  });

  it('leaves a running job with a live lease alone, and reclaims it once the lease runs out', async () => {
    let now = Date.now();
    const { jobId } = await newBook(now);
    await handle.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 1, worker: 'another-host:4242:abc', lease_until: now + 60_000 })
      .where('id', '=', jobId)
      .execute();
    const seen: JobRow[] = [];
    const r = runner(
      async (job) => {
        seen.push(job);
      },
      { clock: () => now },
    );
    await r.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toHaveLength(0);
    expect((await getJob(handle.db, jobId)).worker).toBe('another-host:4242:abc');

    now += 61_000; // the other worker stopped renewing its lease
    const job = await settled(jobId);
    expect(seen.map((j) => j.attempts)).toEqual([2]);
    expect({ state: job.state, attempts: job.attempts, worker: job.worker }).toEqual({ state: 'done', attempts: 2, worker: r.workerId });
  });

  it('renews the lease while a long job runs', async () => {
    const { jobId } = await newBook();
    let release!: () => void;
    const r = runner(() => new Promise<void>((resolve) => (release = resolve)), { leaseMs: 300 });
    await r.start();
    const first = await waitFor(async () => {
      const job = await getJob(handle.db, jobId);
      return job.state === 'running' ? (job.lease_until as number) : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await getJob(handle.db, jobId)).lease_until as number).toBeGreaterThan(first);
    release();
    expect((await settled(jobId)).state).toBe('done');
  });

  it('retries with a growing backoff, then fails: the book ends in ERROR with the code', async () => {
    const { bookId, jobId } = await newBook();
    const starts: number[] = [];
    const statuses: string[] = [];
    const r = runner(
      async (job) => {
        starts.push(Date.now());
        statuses.push((await getBook(handle.db, job.book_id as string)).status);
        throw new Error('renderer crashed');
      },
      { backoffMs: 150 },
    );
    await r.start();
    const job = await settled(jobId);
    expect(starts).toHaveLength(3);
    expect({ state: job.state, attempts: job.attempts }).toEqual({ state: 'failed', attempts: 3 });
    expect(job.last_error).toBe('FAILED: renderer crashed');
    const [a, b, c] = starts as [number, number, number];
    // 150 ms then 300 ms (±20%), plus polling.
    expect(b - a).toBeGreaterThanOrEqual(115);
    expect(c - b).toBeGreaterThanOrEqual(235);
    expect(c - b).toBeGreaterThan(b - a);
    // Between attempts the book waits in the queue again.
    expect(statuses.slice(1)).toEqual(['QUEUED', 'QUEUED']);
    const book = await getBook(handle.db, bookId);
    expect({ status: book.status, code: book.error_code }).toEqual({ status: 'ERROR', code: 'FAILED' });
  });

  it('does not retry an error of the document itself', async () => {
    const { bookId, jobId } = await newBook();
    let runs = 0;
    const r = runner(async () => {
      runs += 1;
      throw new ConversionError('ENCRYPTED', 'needs a password', true);
    });
    await r.start();
    const job = await settled(jobId);
    expect({ runs, state: job.state, attempts: job.attempts }).toEqual({ runs: 1, state: 'failed', attempts: 1 });
    expect((await getBook(handle.db, bookId)).error_code).toBe('ENCRYPTED');
  });

  it('times an attempt out, retries, and ends in ERROR TIMEOUT', async () => {
    const { bookId, jobId } = await newBook();
    await handle.db.updateTable('jobs').set({ max_attempts: 2 }).where('id', '=', jobId).execute();
    const aborted: unknown[] = [];
    const r = runner(
      (_job, { signal }) =>
        new Promise<void>((_, reject) => {
          signal.addEventListener('abort', () => {
            aborted.push(signal.reason);
            reject(signal.reason);
          });
        }),
      { timeoutMs: 150 },
    );
    await r.start();
    const job = await settled(jobId);
    expect(aborted).toHaveLength(2);
    expect(aborted.every((reason) => reason instanceof ConversionError && reason.code === 'TIMEOUT')).toBe(true);
    expect({ state: job.state, attempts: job.attempts }).toEqual({ state: 'failed', attempts: 2 });
    const book = await getBook(handle.db, bookId);
    expect({ status: book.status, code: book.error_code }).toEqual({ status: 'ERROR', code: 'TIMEOUT' });
  });

  it('frees the slot of a handler that ignores its time limit', async () => {
    const { bookId, jobId } = await newBook();
    await handle.db.updateTable('jobs').set({ max_attempts: 1 }).where('id', '=', jobId).execute();
    const r = runner(() => new Promise<void>(() => {}), { timeoutMs: 100, graceMs: 100 });
    await r.start();
    expect((await settled(jobId)).state).toBe('failed');
    expect((await getBook(handle.db, bookId)).error_code).toBe('TIMEOUT');
  });

  it('fails a reclaimed job whose worker died during its last attempt, without running it again', async () => {
    const { bookId, jobId } = await newBook();
    await handle.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 3, max_attempts: 3, worker: 'another-host:1:x', lease_until: Date.now() - 1, last_error: null })
      .where('id', '=', jobId)
      .execute();
    let runs = 0;
    const r = runner(async () => {
      runs += 1;
    });
    await r.start();
    const job = await settled(jobId);
    expect({ runs, state: job.state }).toEqual({ runs: 0, state: 'failed' });
    expect((await getBook(handle.db, bookId)).status).toBe('ERROR');
  });

  it('stop() puts a running job back in the queue without using up an attempt', async () => {
    const { jobId } = await newBook();
    const r = runner((_job, { signal }) => new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    await r.start();
    await waitFor(async () => ((await getJob(handle.db, jobId)).state === 'running' ? true : undefined));
    await r.stop();
    const job = await getJob(handle.db, jobId);
    expect({ state: job.state, attempts: job.attempts, worker: job.worker, lease: job.lease_until }).toEqual({
      state: 'queued',
      attempts: 0,
      worker: null,
      lease: null,
    });
    const next = runner(async () => {});
    await next.start();
    expect(await settled(jobId)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('gives a book left converting without a job a new job', async () => {
    // The fake handlers above leave their books QUEUED: settle them so only this book is an orphan.
    await handle.db.updateTable('books').set({ status: 'DONE' }).execute();
    const { bookId, jobId } = await newBook();
    await handle.db.deleteFrom('jobs').where('id', '=', jobId).execute();
    await handle.db.updateTable('books').set({ status: 'CONVERTING' }).where('id', '=', bookId).execute();
    expect(await requeueOrphans(handle.db, Date.now())).toBe(1);
    expect(await requeueOrphans(handle.db, Date.now())).toBe(0);
    const job = await handle.db.selectFrom('jobs').selectAll().where('book_id', '=', bookId).executeTakeFirstOrThrow();
    expect({ kind: job.kind, state: job.state }).toEqual({ kind: 'convert', state: 'queued' });
  });
});
