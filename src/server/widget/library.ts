import type { FastifyInstance } from 'fastify';
import type { WidgetOptions } from '../../contracts/widget';
import { isDeleting } from '../privacy/deletion';
import { jsonSettingsOf, thumbUrl } from '../publish/views';
import { isSafeId } from '../storage/paths';

/**
 * The data of the library widget (`{embed}/library/?<options>`): an account's (or one of its
 * folders') publications that anyone may see — public, published, valid (not blocked), converted
 * (DONE) and not scheduled ahead, the same gates as the public pages (reader/overview.ts).
 */

/** Books read per request at most (an account's whole public list is sorted, then one page is cut). */
export const LIBRARY_SCAN_MAX = 5000;

export interface LibraryBook {
  id: string;
  name: string;
  accountName: string;
  accountId: string;
  /** Publication time (epoch ms): the scheduled date, else the upload. */
  publishedAt: number;
  pages: number;
  views: number;
  isAdult: boolean;
  thumbs: { small: string; medium: string; large: string };
}

export interface Library {
  books: LibraryBook[];
  /** Books of the whole list (after the folder filter). */
  total: number;
  accountName: string;
}

/** The account a folder belongs to (folders: issue 6), or undefined for an unknown folder. */
async function folderAccount(app: FastifyInstance, folderId: string): Promise<string | undefined> {
  const folder = await app.db.selectFrom('folders').select('account_id').where('id', '=', folderId).executeTakeFirst();
  return folder?.account_id;
}

/**
 * One page of the library from `start` (at most `limit` books), or undefined when the account or
 * folder is unknown. mostViews counts the reader's views (opens, the statistics' daily rollup stats_daily).
 */
export async function findLibrary(app: FastifyInstance, o: WidgetOptions, start: number, limit: number): Promise<Library | undefined> {
  if (!isSafeId(o.id)) return undefined;
  const accountId = o.type === 'folder' ? await folderAccount(app, o.id) : o.id;
  if (!accountId) return undefined;
  const account = await app.db.selectFrom('accounts').select(['id', 'name']).where('id', '=', accountId).executeTakeFirst();
  // An account scheduled for deletion reads like an unknown one (issue 16; its books are hidden too).
  if (!account || (await isDeleting(app.db, accountId))) return undefined;
  const now = app.clock();
  const views = app.db
    .selectFrom('stats_daily')
    .select((eb) => ['book_id', eb.fn.sum<number | string | bigint>('views').as('n')])
    .groupBy('book_id');
  let query = app.db
    .selectFrom('books')
    .leftJoin(views.as('v'), 'v.book_id', 'books.id')
    .selectAll('books')
    .select((eb) => eb.fn.coalesce('v.n', eb.lit(0)).as('views'))
    .where('books.account_id', '=', accountId)
    .where('books.publishing_mode', '=', 1)
    .where('books.is_published', '=', 1)
    .where('books.is_valid', '=', 1)
    .where('books.status', '=', 'DONE')
    .where((eb) => eb.or([eb('books.publish_at', 'is', null), eb('books.publish_at', '<=', now)]));
  switch (o.sortBy) {
    case 'latestIssue':
      // The newest issue: the latest upload, whatever its publication date says.
      query = query.orderBy('books.created_at', 'desc');
      break;
    case 'mostViews':
      query = query.orderBy((eb) => eb.fn.coalesce('v.n', eb.lit(0)), 'desc');
      break;
    case 'mostPages':
      query = query.orderBy('books.pages_total', 'desc');
      break;
    case 'title':
      query = query.orderBy((eb) => eb.fn('lower', ['books.name']), 'asc');
      break;
    default:
      query = query.orderBy((eb) => eb.fn.coalesce('books.publish_at', 'books.created_at'), 'desc');
  }
  const rows = await query.orderBy('books.id').limit(LIBRARY_SCAN_MAX).execute();
  // A book's folder lives in its settings JSON (`subscription.id`): filtered here, on both dialects alike.
  const listed = o.type === 'folder' ? rows.filter((row) => String(jsonSettingsOf(row)['subscription.id'] ?? '') === o.id) : rows;
  const books = listed.slice(start, start + limit).map(
    (row): LibraryBook => ({
      id: row.id,
      name: row.name,
      accountName: account.name,
      accountId: account.id,
      publishedAt: row.publish_at ?? row.created_at,
      pages: row.pages_total,
      views: Number(row.views),
      isAdult: row.is_adult === 1,
      thumbs: {
        small: thumbUrl(app.config, row, 'small'),
        medium: thumbUrl(app.config, row, 'medium'),
        large: thumbUrl(app.config, row, 'large'),
      },
    }),
  );
  return { books, total: listed.length, accountName: account.name };
}
