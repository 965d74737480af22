import { describe, expect, it } from 'vitest';
import { newId } from '../../src/server/auth/crypto';
import { ORPHAN_MIN_AGE_MS, sweepOrphanBooks } from '../../src/server/storage/orphans';
import { bookKeys } from '../../src/server/storage/paths';
import { freeAccount } from './billing-support';
import { DIALECTS, useApp } from './helpers';
import { makeBook } from './reader-support';

/**
 * The orphan uploads' sweep (src/server/storage/orphans.ts) on both stores: SQLite apps keep their files
 * in the data folder, PostgreSQL apps in a bucket of the run's s3rver (tests/server/helpers.ts).
 */
describe.each(DIALECTS)('orphan book files in the store on %s', (dialect) => {
  const ctx = useApp(dialect);

  it('removes a folder without a row once older than the safe age; keeps a fresh one, one with a row, and what is not a book id', async () => {
    const store = ctx.app.storage;
    expect(store.kind).toBe(dialect === 'postgres' && process.env.QUIRE_TEST_STORAGE !== 'local' ? 's3' : 'local');
    const newestOf = async (id: string) => Math.max(...(await store.list(bookKeys(id).dir)).map((file) => file.modifiedMs));

    // A book with its row (stored long ago, as far as the sweep can tell).
    const kept = await makeBook(ctx.app, await freeAccount(ctx.app));
    await store.write(bookKeys(kept).source, 'a committed upload');
    // An upload whose transaction never committed (a crash), with a page a converter had stored.
    const old = newId();
    await store.write(bookKeys(old).source, 'orphan');
    await store.write(`${bookKeys(old).pages}/1240/1.jpg`, 'page');
    // Not something the server names (a book id has no dot): never the sweep's.
    await store.write('books/not.a.book/source', 'foreign');
    // More than a second later (S3 keeps whole seconds): an upload being placed right now.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = newId();
    await store.write(bookKeys(fresh).source, 'in flight');
    expect(await newestOf(fresh)).toBeGreaterThan(await newestOf(old));

    // The fresh upload is just under the safe age, the old orphan past it.
    const now = (await newestOf(fresh)) + ORPHAN_MIN_AGE_MS - 1;
    expect(now - (await newestOf(old))).toBeGreaterThanOrEqual(ORPHAN_MIN_AGE_MS);
    const first = await sweepOrphanBooks(ctx.app.db, store, now);
    expect(first.removed).toEqual([old]);
    expect(first.folders).toBe(3);
    expect(await store.list(bookKeys(old).dir)).toEqual([]);
    expect(await store.stat(bookKeys(old).source)).toBeUndefined();
    expect(await store.folders('books')).not.toContain(old);
    expect((await store.list(bookKeys(fresh).dir)).map((file) => file.key)).toEqual([bookKeys(fresh).source]);
    expect((await store.list(bookKeys(kept).dir)).map((file) => file.key)).toContain(bookKeys(kept).source);
    expect((await store.read('books/not.a.book/source'))?.toString()).toBe('foreign');

    // A day later the fresh one is an orphan too; the book with a row stays whatever its age.
    const later = await sweepOrphanBooks(ctx.app.db, store, now + ORPHAN_MIN_AGE_MS);
    expect(later.removed).toEqual([fresh]);
    expect(await store.list(bookKeys(fresh).dir)).toEqual([]);
    expect((await store.read(bookKeys(kept).source))?.toString()).toBe('a committed upload');
    expect((await store.read('books/not.a.book/source'))?.toString()).toBe('foreign');
    expect((await sweepOrphanBooks(ctx.app.db, store, now + 10 * ORPHAN_MIN_AGE_MS)).removed).toEqual([]);
  });
});
