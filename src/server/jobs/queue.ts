import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { newId } from '../auth/crypto';
import type { Database } from '../db/schema';

/**
 * Job kinds. `convert` turns a book's source into pages, thumbnails and text (src/server/convert);
 * `export`, `exportExpire` and `purge` write an account's data export, remove it when its link
 * expires, and delete an account after its grace period (src/server/privacy). A runner claims only
 * the kinds it has a handler for. `statsDigest` mails the weekly statistics digests and queues the next
 * week's (src/server/stats/digest.ts).
 */
export type JobKind = 'convert' | 'export' | 'exportExpire' | 'purge' | 'statsDigest';

/** The PostgreSQL channel on which a new job is announced (the workers LISTEN on it: runner.ts). */
export const JOBS_CHANNEL = 'quire_jobs';

/**
 * Adds a durable job (in the caller's transaction, so a book and its conversion job exist together
 * or not at all). A worker picks it up at `runAt` (default now): this process's at once when the
 * caller wakes it, the others' on PostgreSQL through NOTIFY (sent when the transaction commits).
 */
export async function enqueueJob(
  db: Kysely<Database>,
  job: { kind: JobKind; bookId: string | null; payload?: unknown; maxAttempts?: number },
  now: number,
  runAt = now,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      book_id: job.bookId,
      payload: JSON.stringify(job.payload ?? {}),
      state: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts ?? 3,
      run_at: runAt,
      lease_until: null,
      worker: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(db);
  return id;
}

/** The conversion job of a freshly uploaded book (`uploadMs`: how long receiving the file took, for the conversion's timing). */
export const enqueueConversion = (db: Kysely<Database>, bookId: string, now: number, payload: { uploadMs?: number } = {}) =>
  enqueueJob(db, { kind: 'convert', bookId, payload }, now);
