import { randomBytes } from 'node:crypto';
import { type Insertable, type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import { STATS_LIMITS, type StatBrowser, type StatDevice, type StatEvent, type StatSource } from '../../contracts/stats';
import type { BookRow, Database } from '../db/schema';
import { dayOf, visitorHash } from './classify';
import { STATS_DAILY_COUNTERS, type StatsDailyCounter } from './tables';

/**
 * The statistics' write path (issue 17): a flush of the ingest buffer (src/server/stats/ingest.ts)
 * becomes one transaction that writes the raw events and keeps every rollup exact at once, so a
 * dashboard never scans raw events (DESIGN "Statistics"):
 *   - an `open` → views + 1 on the book's day and on each dimension row of the visit;
 *   - a visitor first seen for a book and day (its stats_visitors insert succeeds) → readers + 1, on the
 *     day and on the dimension rows of the batch that brought it;
 *   - `page` events → pages + 1 and time_ms + ms on the day, views + 1 and time_ms + ms on the page's row;
 *     the visit's time grows in stats_visits and the visit becomes a read (reads + 1, on the visit's
 *     day) the first time it reaches STATS_LIMITS.readMinMs;
 *   - the visit's last page (by event order) holds its exit: when it changes, exits move from the old
 *     page to the new one (on the visit's day);
 *   - download / print / share / lead / zoom / search / link → their counter on the day; a share that
 *     names its service (or `copy`) also counts on the day's `share` dimension row of that service.
 * Counters are summed in memory per row first (one upsert statement may touch a row once on
 * PostgreSQL), then written as increments (`col = col + excluded.col`), chunked.
 */

/** Rows per statement: small enough that one statement holds SQLite's connection (and the event loop) briefly. */
const CHUNK = 200;

/** One batch as the ingest keeps it until its flush: what the request said, never stored as such. */
export interface PendingBatch {
  /** The parsed batch (src/contracts/stats.ts). */
  b: string;
  t?: string | undefined;
  visit: string;
  device: StatDevice;
  ev: StatEvent[];
  /** Source worked out at ingest (classify.ts). */
  source: StatSource;
  host: string;
  country: string;
  browser: StatBrowser;
  language: string;
  /** The address and user agent, only to hash the visitor with the day's salt at flush (never stored). */
  address: string;
  userAgent: string;
  /** The signed-in caller's account, if the request carried a session (the owner's reads are left out). */
  account?: string | undefined;
  /** When the server received it (epoch ms): its day is the events' day. */
  at: number;
}

export interface WriteDeps {
  /** Whether an anonymous visitor may read the book (src/server/reader/access.ts visitorGate). */
  readable: (row: BookRow, token: string | undefined, now: number) => boolean;
  now: number;
  /** Salts of days (kept across flushes by the ingest; filled from stats_salts here). */
  salts: Map<string, string>;
  /** Lets other work run between statements (SQLite runs them on the event loop). */
  pause?: () => Promise<void>;
}

export interface WriteResult {
  /** Batches and events counted (others were dropped: unknown or unreadable book, owner's own). */
  batches: number;
  events: number;
  dropped: number;
}

type Trx = Transaction<Database>;

const COUNTER_OF: Partial<Record<StatEvent['k'], StatsDailyCounter>> = {
  download: 'downloads',
  print: 'prints',
  share: 'shares',
  lead: 'leads',
  zoom: 'zooms',
  search: 'searches',
  link: 'links',
};

const DIMS = ['source', 'country', 'device', 'browser', 'language'] as const;

interface Dims {
  source: { value: string; detail: string };
  country: { value: string; detail: string };
  device: { value: string; detail: string };
  browser: { value: string; detail: string };
  language: { value: string; detail: string };
}

const dimsOf = (p: PendingBatch): Dims => ({
  source: { value: p.source, detail: p.host },
  country: { value: p.country, detail: '' },
  // The device class with its browser family (StatsDeviceRow pairs them); the family has its own rows too.
  device: { value: p.device, detail: p.browser },
  browser: { value: p.browser, detail: '' },
  language: { value: p.language, detail: '' },
});

const cmpText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const chunks = <T>(list: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The salt of a day: created on first use by whichever process comes first, the same for all. */
async function saltOf(trx: Trx, salts: Map<string, string>, day: string): Promise<string> {
  const kept = salts.get(day);
  if (kept) return kept;
  await trx
    .insertInto('stats_salts')
    .values({ day, salt: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await trx.selectFrom('stats_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  salts.set(day, row.salt);
  return row.salt;
}

export async function writeStatsBatches(db: Kysely<Database>, pending: PendingBatch[], deps: WriteDeps): Promise<WriteResult> {
  const pause = deps.pause ?? (async () => {});
  return db.transaction().execute(async (trx) => {
    // The books of the flush, once (the batch's gate and owner).
    const books = new Map<string, BookRow>();
    for (const ids of chunks([...new Set(pending.map((p) => p.b))], 500)) {
      for (const row of await trx.selectFrom('books').selectAll().where('id', 'in', ids).execute()) books.set(row.id, row);
    }

    const daily = new Map<string, { book_id: string; account_id: string; day: string } & Record<StatsDailyCounter, number>>();
    const pages = new Map<string, { book_id: string; day: string; page: number; views: number; time_ms: number; exits: number }>();
    const dims = new Map<
      string,
      { book_id: string; account_id: string; day: string; dim: string; value: string; detail: string; views: number; readers: number }
    >();
    const events: Insertable<Database['stats_events']>[] = [];
    const visitors = new Map<string, { book_id: string; day: string; visitor: string; dims: Dims; account: string }>();
    const visits = new Map<string, { book: BookRow; visit: string; day: string; ms: number; last: number | null; started: number }>();

    const dayRow = (book: BookRow, day: string) => {
      const key = `${book.id}|${day}`;
      let row = daily.get(key);
      if (!row) {
        row = {
          book_id: book.id,
          account_id: book.account_id,
          day,
          ...(Object.fromEntries(STATS_DAILY_COUNTERS.map((c) => [c, 0])) as Record<StatsDailyCounter, number>),
        };
        daily.set(key, row);
      }
      return row;
    };
    const pageRow = (bookId: string, day: string, page: number) => {
      const key = `${bookId}|${day}|${page}`;
      let row = pages.get(key);
      if (!row) {
        row = { book_id: bookId, day, page, views: 0, time_ms: 0, exits: 0 };
        pages.set(key, row);
      }
      return row;
    };
    const dimRow = (book: BookRow, day: string, dim: string, value: string, detail: string) => {
      const key = `${book.id}|${day}|${dim}|${value}|${detail}`;
      let row = dims.get(key);
      if (!row) {
        row = { book_id: book.id, account_id: book.account_id, day, dim, value, detail, views: 0, readers: 0 };
        dims.set(key, row);
      }
      return row;
    };
    const addDims = (book: BookRow, day: string, d: Dims, field: 'views' | 'readers') => {
      for (const dim of DIMS) dimRow(book, day, dim, d[dim].value, d[dim].detail)[field]++;
    };

    let batches = 0;
    let counted = 0;
    let dropped = 0;
    for (const p of pending) {
      const book = books.get(p.b);
      // Unknown or unreadable for a visitor (private without its link, deactivated, blocked, not yet
      // published or converted), or read by its owner: not counted.
      if (!book || !deps.readable(book, p.t, deps.now) || (p.account !== undefined && p.account === book.account_id)) {
        dropped++;
        continue;
      }
      const day = dayOf(p.at);
      const salt = await saltOf(trx, deps.salts, day);
      const visitor = visitorHash(salt, p.address, p.userAgent, book.id);
      const d = dimsOf(p);
      const row = dayRow(book, day);
      const visitorKey = `${book.id}|${day}|${visitor}`;
      if (!visitors.has(visitorKey)) visitors.set(visitorKey, { book_id: book.id, day, visitor, dims: d, account: book.account_id });
      const visitKey = `${book.id}|${p.visit}`;
      let visit = visits.get(visitKey);
      if (!visit) {
        visit = { book, visit: p.visit, day, ms: 0, last: null, started: p.at };
        visits.set(visitKey, visit);
      }
      // Events in their order within the batch (`at`: ms since the visit began).
      const ordered = p.ev.length > 1 ? [...p.ev].sort((a, b) => (a.at ?? 0) - (b.at ?? 0)) : p.ev;
      // A page the book does not have is not a page view.
      const kept = ordered.filter((e) => e.p === undefined || e.p <= book.pages_total);
      if (kept.length > 0) {
        events.push({
          book_id: book.id,
          day,
          at: p.at,
          visit: p.visit,
          visitor,
          source: p.source,
          host: p.host,
          country: p.country,
          device: p.device,
          browser: p.browser,
          language: p.language,
          events: JSON.stringify(kept),
          n: kept.length,
        });
      }
      for (const e of kept) {
        counted++;
        if (e.k === 'open') {
          row.views++;
          addDims(book, day, d, 'views');
          if (e.p !== undefined) visit.last = e.p;
        } else if (e.k === 'page') {
          if (e.p === undefined) continue;
          const ms = Math.min(e.ms ?? 0, STATS_LIMITS.pageMsMax);
          row.pages++;
          row.time_ms += ms;
          const pr = pageRow(book.id, day, e.p);
          pr.views++;
          pr.time_ms += ms;
          visit.ms += ms;
          visit.last = e.p;
        } else {
          const counter = COUNTER_OF[e.k];
          if (counter) row[counter]++;
          // Shares per service (dimension `share`, value: the service or `copy`; `views` counts the shares).
          if (e.k === 'share' && e.s !== undefined) dimRow(book, day, 'share', e.s, '').views++;
        }
      }
      batches++;
    }

    // Unique readers: the visitors whose insert succeeds are new for their book and day.
    const visitorList = [...visitors.values()];
    for (const part of chunks(visitorList)) {
      const inserted = await trx
        .insertInto('stats_visitors')
        .values(part.map(({ book_id, day, visitor }) => ({ book_id, day, visitor })))
        .onConflict((oc) => oc.columns(['book_id', 'day', 'visitor']).doNothing())
        .returning(['book_id', 'day', 'visitor'])
        .execute();
      for (const r of inserted) {
        const v = visitors.get(`${r.book_id}|${r.day}|${r.visitor}`);
        const book = v && books.get(v.book_id);
        if (!v || !book) continue;
        dayRow(book, v.day).readers++;
        addDims(book, v.day, v.dims, 'readers');
      }
      await pause();
    }

    // Visits: their time (a read once it reaches readMinMs) and last page (exits move with it). What a
    // visit had is read and written back in this transaction, so two flushes with batches of one visit
    // (two processes, or PostgreSQL's pool) must not both read the old time: every visit of the flush
    // gets its row first (an empty one if new; a concurrent insert of the same row waits for the other
    // transaction), in one order (no deadlock between flushes), then its row is read locked (FOR UPDATE
    // on PostgreSQL; SQLite's write transactions run one at a time) until this transaction ends.
    const visitList = [...visits.values()].sort((a, b) => cmpText(a.book.id, b.book.id) || cmpText(a.visit, b.visit));
    for (const part of chunks(visitList)) {
      await trx
        .insertInto('stats_visits')
        .values(
          part.map((v) => ({ book_id: v.book.id, visit: v.visit, day: v.day, ms: 0, last_page: null, is_read: 0, started_at: v.started })),
        )
        .onConflict((oc) => oc.columns(['visit', 'book_id']).doNothing())
        .execute();
    }
    const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
    const known = new Map<string, { day: string; ms: number; last_page: number | null; is_read: number; started_at: number }>();
    for (const part of chunks(visitList, 500)) {
      const rows = await trx
        .selectFrom('stats_visits')
        .select(['book_id', 'visit', 'day', 'ms', 'last_page', 'is_read', 'started_at'])
        .where('visit', 'in', [...new Set(part.map((v) => v.visit))])
        .orderBy('book_id')
        .orderBy('visit')
        .$if(postgres, (q) => q.forUpdate())
        .execute();
      for (const r of rows) {
        known.set(`${r.book_id}|${r.visit}`, {
          day: r.day,
          ms: Number(r.ms),
          last_page: r.last_page,
          is_read: Number(r.is_read),
          started_at: Number(r.started_at),
        });
      }
    }
    const visitRows: Insertable<Database['stats_visits']>[] = [];
    for (const v of visitList) {
      const before = known.get(`${v.book.id}|${v.visit}`);
      const day = before?.day ?? v.day;
      const ms = (before?.ms ?? 0) + v.ms;
      const wasRead = (before?.is_read ?? 0) === 1;
      const isRead = wasRead || ms >= STATS_LIMITS.readMinMs;
      if (isRead && !wasRead) dayRow(v.book, day).reads++;
      const oldLast = before?.last_page ?? null;
      const last = v.last ?? oldLast;
      if (last !== oldLast && last !== null) {
        if (oldLast !== null) pageRow(v.book.id, day, oldLast).exits--;
        pageRow(v.book.id, day, last).exits++;
      }
      visitRows.push({
        book_id: v.book.id,
        visit: v.visit,
        day,
        ms,
        last_page: last,
        is_read: isRead ? 1 : 0,
        started_at: before?.started_at ?? v.started,
      });
    }
    for (const part of chunks(visitRows)) {
      await trx
        .insertInto('stats_visits')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['visit', 'book_id']).doUpdateSet((eb) => ({
            ms: eb.ref('excluded.ms'),
            last_page: eb.ref('excluded.last_page'),
            is_read: eb.ref('excluded.is_read'),
          })),
        )
        .execute();
      await pause();
    }

    // The rollups, as increments.
    for (const part of chunks([...daily.values()])) {
      await trx
        .insertInto('stats_daily')
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(['book_id', 'day'])
            .doUpdateSet((eb) =>
              Object.fromEntries(STATS_DAILY_COUNTERS.map((c) => [c, eb(eb.ref(`stats_daily.${c}`), '+', eb.ref(`excluded.${c}`))])),
            ),
        )
        .execute();
      await pause();
    }
    for (const part of chunks([...pages.values()])) {
      await trx
        .insertInto('stats_daily_pages')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['book_id', 'day', 'page']).doUpdateSet((eb) => ({
            views: eb(eb.ref('stats_daily_pages.views'), '+', eb.ref('excluded.views')),
            time_ms: eb(eb.ref('stats_daily_pages.time_ms'), '+', eb.ref('excluded.time_ms')),
            exits: eb(eb.ref('stats_daily_pages.exits'), '+', eb.ref('excluded.exits')),
          })),
        )
        .execute();
      await pause();
    }
    for (const part of chunks([...dims.values()])) {
      await trx
        .insertInto('stats_daily_dims')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['book_id', 'day', 'dim', 'value', 'detail']).doUpdateSet((eb) => ({
            views: eb(eb.ref('stats_daily_dims.views'), '+', eb.ref('excluded.views')),
            readers: eb(eb.ref('stats_daily_dims.readers'), '+', eb.ref('excluded.readers')),
          })),
        )
        .execute();
      await pause();
    }
    // The raw events (kept QUIRE_STATS_RAW_DAYS days).
    for (const part of chunks(events)) {
      await trx.insertInto('stats_events').values(part).execute();
      await pause();
    }
    return { batches, events: counted, dropped };
  });
}

/** Oldest day kept by a retention of `days` days (today included). */
export const firstKeptDay = (now: number, days: number): string => dayOf(now - (days - 1) * 86_400_000);

/**
 * Removes raw events, visits, visitors and salts older than the retention (the rollups stay). Run by
 * the server's periodic pruning (src/server/app.ts). Answers the raw rows (batches) removed.
 */
export async function purgeStatistics(db: Kysely<Database>, now: number, days: number): Promise<number> {
  const keep = firstKeptDay(now, days);
  const keepMs = Date.parse(`${keep}T00:00:00Z`);
  const removed = await db.deleteFrom('stats_events').where('at', '<', keepMs).executeTakeFirst();
  await db.deleteFrom('stats_visits').where('started_at', '<', keepMs).execute();
  await db.deleteFrom('stats_visitors').where('day', '<', keep).execute();
  await db.deleteFrom('stats_salts').where('day', '<', keep).execute();
  return Number(removed.numDeletedRows);
}
