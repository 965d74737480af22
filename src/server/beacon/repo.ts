import { SHARE_DEVICES, SHARE_SOURCES, type ShareCounts, type ShareDevice, type ShareSource } from '../../contracts/share';
import type { Db } from '../db/index';

/** Ids per `in (…)` list and rows per insert: well under both dialects' parameter limits. */
const CHUNK = 500;

/** One counter the beacon holds until its next write: hits of a day, by owner, book, source and device. */
export interface PendingCount {
  accountId: string | null;
  bookId: string | null;
  source: ShareSource;
  device: ShareDevice;
  day: string;
  count: number;
}

const chunks = <T>(list: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
};

/**
 * Writes a batch of the beacon's counters in one transaction and answers how many were written.
 * Every counter is checked here, once per batch instead of once per hit: a book share counts for the
 * book's owner (an aid that names someone else drops it), an account share needs an existing account.
 * Counters that check out are added to their row (upsert), so a batch is one statement per 500 rows.
 */
export async function writeShareCounts(db: Db, pending: PendingCount[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const bookIds = [...new Set(pending.flatMap((p) => (p.bookId ? [p.bookId] : [])))];
    const accountIds = [...new Set(pending.flatMap((p) => (p.bookId || !p.accountId ? [] : [p.accountId])))];
    const owners = new Map<string, string>();
    for (const ids of chunks(bookIds)) {
      const rows = await trx.selectFrom('books').select(['id', 'account_id']).where('id', 'in', ids).execute();
      for (const r of rows) owners.set(r.id, r.account_id);
    }
    const accounts = new Set<string>();
    for (const ids of chunks(accountIds)) {
      const rows = await trx.selectFrom('accounts').select('id').where('id', 'in', ids).execute();
      for (const r of rows) accounts.add(r.id);
    }
    // Two pending counters may land on one row (an aid given or not for the same book): sum them first,
    // since one upsert statement may not touch a row twice (PostgreSQL refuses it).
    const merged = new Map<string, { account_id: string; book_id: string; source: string; device: string; day: string; count: number }>();
    for (const p of pending) {
      let account: string | undefined;
      if (p.bookId) {
        account = owners.get(p.bookId);
        if (p.accountId && p.accountId !== account) account = undefined;
      } else if (p.accountId && accounts.has(p.accountId)) account = p.accountId;
      if (!account) continue;
      const key = `${account}|${p.bookId ?? ''}|${p.source}|${p.device}|${p.day}`;
      const row = merged.get(key);
      if (row) row.count += p.count;
      else
        merged.set(key, { account_id: account, book_id: p.bookId ?? '', source: p.source, device: p.device, day: p.day, count: p.count });
    }
    const values = [...merged.values()];
    for (const part of chunks(values)) {
      await trx
        .insertInto('share_counts')
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'book_id', 'source', 'device', 'day'])
            .doUpdateSet((eb) => ({ count: eb(eb.ref('share_counts.count'), '+', eb.ref('excluded.count')) })),
        )
        .execute();
    }
    return values.length;
  });
}

/** An owner's counts: one book's shares, or (bookId null) the shares of the account's own page. */
export async function shareCounts(db: Db, accountId: string, bookId: string | null): Promise<ShareCounts> {
  const rows = await db
    .selectFrom('share_counts')
    .select(['source', 'device', 'day', 'count'])
    .where('account_id', '=', accountId)
    .where('book_id', '=', bookId ?? '')
    .execute();
  const sources = Object.fromEntries(SHARE_SOURCES.map((s) => [s, 0])) as ShareCounts['sources'];
  const devices = Object.fromEntries(SHARE_DEVICES.map((d) => [d, 0])) as ShareCounts['devices'];
  const days = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    // bigint comes back as a string from PostgreSQL.
    const n = Number(r.count);
    total += n;
    if (r.source in sources) sources[r.source as keyof typeof sources] += n;
    if (r.device in devices) devices[r.device as keyof typeof devices] += n;
    days.set(r.day, (days.get(r.day) ?? 0) + n);
  }
  return {
    total,
    sources,
    devices,
    days: [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, count]) => ({ day, count })),
  };
}
