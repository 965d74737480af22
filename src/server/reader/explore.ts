import type { FastifyInstance } from 'fastify';
import { thumbUrl } from '../publish/views';
import { dayOf } from '../stats/classify';
import { type PublicBook, publicBook, publicBooks } from './overview';

/**
 * The explorer's lists (GET /explorer, site/explorer.tsx): public books only — the gates of the
 * publication page (reader/overview.ts publicBooks: public, published, valid, converted, not scheduled
 * ahead) — 25 a page, in one of three orders:
 * - `latest`: newest publication first (the scheduled date, else the upload);
 * - `week`: most read in the last seven days (today and the six days before, UTC) — readers of the
 *   statistics' daily rollup (stats_daily: unique visitors per day, nothing personal); books nobody
 *   read this week are not in this list;
 * - `featured`: the books the operator marks as featured (books.is_awarded, SPEC "featured (awarded)"),
 *   the most read of all time first.
 * The language of a book is not recorded, so there is no list by language.
 */
export const EXPLORE_TABS = ['latest', 'week', 'featured'] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];
export const EXPLORE_PAGE_SIZE = 25;
export const WEEK_MS = 7 * 86_400_000;

export interface ExploreBook extends PublicBook {
  publisher: { id: string; name: string };
}

export interface ExploreList {
  tab: ExploreTab;
  books: ExploreBook[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of a list, or undefined for a page past the last (page 1 always exists). */
export async function exploreList(app: FastifyInstance, tab: ExploreTab, page: number): Promise<ExploreList | undefined> {
  if (!Number.isSafeInteger(page) || page < 1) return undefined;
  const now = app.clock();
  const db = app.db;
  // Readers per book (daily rollup): of the last seven days, or of all time.
  const reads = (since: string | undefined) =>
    db
      .selectFrom('stats_daily')
      .select((eb) => ['book_id', eb.fn.sum<number | string | bigint>('readers').as('readers')])
      .where('readers', '>', 0)
      .$if(since !== undefined, (qb) => qb.where('day', '>=', since as string))
      .groupBy('book_id')
      .as('reads');
  const base = () => {
    const books = publicBooks(db, undefined, now).innerJoin('accounts', 'accounts.id', 'books.account_id');
    if (tab === 'week') return books.innerJoin(reads(dayOf(now - WEEK_MS + 86_400_000)), 'reads.book_id', 'books.id');
    if (tab === 'featured') return books.where('books.is_awarded', '=', 1).leftJoin(reads(undefined), 'reads.book_id', 'books.id');
    return books.leftJoin(reads(undefined), 'reads.book_id', 'books.id');
  };
  const counted = await base()
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / EXPLORE_PAGE_SIZE));
  if (page > pageCount) return undefined;
  let query = base().selectAll('books').select(['accounts.name as publisher_name']);
  if (tab !== 'latest') query = query.orderBy((eb) => eb.fn.coalesce('reads.readers', eb.lit(0)), 'desc');
  const rows = await query
    .orderBy((eb) => eb.fn.coalesce('books.publish_at', 'books.created_at'), 'desc')
    .orderBy('books.id')
    .limit(EXPLORE_PAGE_SIZE)
    .offset((page - 1) * EXPLORE_PAGE_SIZE)
    .execute();
  return {
    tab,
    page,
    pageCount,
    total,
    books: rows.map(({ publisher_name, ...row }) => ({
      ...publicBook(app.config, row),
      cover: thumbUrl(app.config, row, 'medium'),
      publisher: { id: row.account_id, name: publisher_name },
    })),
  };
}
