import type { Executor } from '../db/index';
import { bookKeys, isSafeId } from './paths';
import type { FileStore } from './store';

/**
 * Orphan uploads (issue 19 follow-up). An upload is stored as `books/<id>/source` *before* the
 * transaction that inserts its book (publish/create.ts), so a crash between the two leaves files that
 * no row names and nothing else would ever remove. The sweep lists the book folders of the store and
 * removes those whose id has no `books` row and whose newest file is older than ORPHAN_MIN_AGE_MS.
 *
 * The age is the safety margin: an upload being placed, or committed right now, is seconds old, and a
 * row committed meanwhile is looked for once more just before the removal. A deleted book's folder that
 * its deletion failed to remove (a store outage) is swept the same way.
 */

/** A book folder without a row is removed only when its newest file is older than this. */
export const ORPHAN_MIN_AGE_MS = 24 * 3_600_000;
/** How often the sweep runs (once across every process: the `orphan-books` row of scheduled_runs). */
export const ORPHAN_SWEEP_EVERY_MS = 6 * 3_600_000;
/** Book ids looked up in the database at once. */
const ID_BATCH = 500;

export interface SweepResult {
  /** Book folders found in the store. */
  folders: number;
  /** Book ids whose folders were removed. */
  removed: string[];
}

async function existingBooks(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('books').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Removes the book folders of the store that have no `books` row and nothing newer than `minAgeMs`. */
export async function sweepOrphanBooks(db: Executor, store: FileStore, now: number, minAgeMs = ORPHAN_MIN_AGE_MS): Promise<SweepResult> {
  // Not a book id (nothing the server would have made): left alone.
  const ids = (await store.folders('books')).filter(isSafeId);
  const removed: string[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const batch = ids.slice(i, i + ID_BATCH);
    const known = await existingBooks(db, batch);
    for (const id of batch) {
      if (known.has(id)) continue;
      const dir = bookKeys(id).dir;
      const files = await store.list(dir);
      if (files.length === 0) continue;
      const newest = Math.max(...files.map((file) => file.modifiedMs));
      if (!(now - newest >= minAgeMs)) continue;
      // A row committed since the batch's look (it cannot be, at this age, but the removal is final).
      if ((await existingBooks(db, [id])).size > 0) continue;
      await store.remove(dir);
      removed.push(id);
    }
  }
  return { folders: ids.length, removed };
}
