import * as v from 'valibot';
import type { PagedList } from './books';
import { FAVORITES_PAGE_SIZE, FAVORITES_STEP_MAX } from './favorite-limits';
import { count, epochMs, pageNumber } from './limits';

export { FAVORITE_LIMIT_CODE, FAVORITE_PRIVATE_CODE, FAVORITES_MAX, FAVORITES_PAGE_SIZE, FAVORITES_STEP_MAX } from './favorite-limits';

/**
 * Favourite publications (issue 16, `/account/favorite`): a heart in the reader and on the public
 * publication page, and the paged list of one's favourites. Shared by the server, the reader (types
 * only: its bundle stays free of valibot) and the account section.
 *
 * Who may keep what: a favourite is added only for a publication the caller may read now without a
 * private link: a public one behind the reader's gates, or one of the caller's own. A private book
 * read through its private link is not added (`favoritePrivate`): the list could not show it later
 * without keeping the link. The list shows an entry while the caller may still read it that way; one
 * that became private, deactivated, blocked or scheduled shows as "unavailable", with neither title,
 * cover nor publisher; a deleted publication leaves every list (the rows cascade).
 *
 * Calls:
 *   GET  {api}/public/book/favorite/get?id=&token=   → FavoriteState      (anyone; gated like the book)
 *   POST {api}/public/book/favorite/create {id, token?, added?} → FavoriteState (signed in; gated like the book)
 *   POST {api}/account/favorite/delete {id}          → {id}               (signed in; one's own favourite)
 *   GET  {api}/account/favorite?start=&step=&sortby= → PagedList<FavoriteItem> (signed in, newest first)
 */

export interface FavoriteState {
  /** The caller keeps this publication among their favourites (false for anonymous callers). */
  favorite: boolean;
  /** The caller may add it (signed in or not): public, or their own. False for a private book read by link. */
  allowed: boolean;
}

/** An entry of the list the caller may open: what the card shows. Times are epoch ms. */
export interface AvailableFavorite {
  id: string;
  available: true;
  /** When it was added. */
  created_at: number;
  name: string;
  /** Medium cover thumbnail; null for an explicit publication without the safe-mode confirmation. */
  image: string | null;
  is_adult: boolean;
  account: { name: string; url: { overview: string } };
  url: { viewer: string; overview: string };
}

/** An entry the caller may no longer open: only its id (to remove it) and the date it was added. */
export interface UnavailableFavorite {
  id: string;
  available: false;
  created_at: number;
}

export type FavoriteItem = AvailableFavorite | UnavailableFavorite;
export type FavoritePage = PagedList<FavoriteItem>;

/** The one order of the list (SPEC §3 sortby.available): newest first. */
export const FAVORITE_SORTS = ['date_desc'] as const;

const bookId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const readerToken = v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)));

export const FavoriteRequestSchema = v.object({ id: bookId, token: readerToken });
/**
 * Adding: `added` (epoch ms, not after now) is the list's "Undo" of a removal: the favourite comes
 * back with the date it was first added, at its place in the list. Without it, now.
 */
export const FavoriteCreateSchema = v.object({ ...FavoriteRequestSchema.entries, added: v.optional(epochMs()) });
export const FavoriteDeleteSchema = v.object({ id: bookId });
export const FavoriteListQuerySchema = v.object({
  start: pageNumber(0, 1_000_000),
  step: pageNumber(FAVORITES_PAGE_SIZE, FAVORITES_STEP_MAX),
  sortby: v.optional(v.picklist(FAVORITE_SORTS, 'validation.invalid'), 'date_desc'),
});

// Client-side check of the list's answer (the account section validates what it shows).
const AvailableSchema = v.object({
  id: v.string(),
  available: v.literal(true),
  created_at: epochMs(),
  name: v.string(),
  image: v.nullable(v.string()),
  is_adult: v.boolean(),
  account: v.object({ name: v.string(), url: v.object({ overview: v.string() }) }),
  url: v.object({ viewer: v.string(), overview: v.string() }),
});
const UnavailableSchema = v.object({ id: v.string(), available: v.literal(false), created_at: epochMs() });
export const FavoritePageSchema = v.object({
  list: v.array(v.variant('available', [AvailableSchema, UnavailableSchema])),
  total: count(),
  start: count(),
  step: v.object({ current: count() }),
});
