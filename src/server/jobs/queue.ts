import type { Kysely } from 'kysely';
import { newId } from '../auth/crypto';
import type { Database } from '../db/schema';

/** Job kinds. `convert` turns a book's source into pages, thumbnails and text (src/server/convert). */
export type JobKind = 'convert';

/**
 * Adds a durable job (in the caller's transaction, so a book and its conversion job exist together
 * or not at all). A worker picks it up at `runAt` (default now).
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
  return id;
}

/** The conversion job of a freshly uploaded book. */
export const enqueueConversion = (db: Kysely<Database>, bookId: string, now: number) => enqueueJob(db, { kind: 'convert', bookId }, now);
