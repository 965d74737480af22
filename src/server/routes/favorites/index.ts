import type { FastifyPluginAsync } from 'fastify';
import {
  FAVORITE_SORTS,
  FAVORITES_MAX,
  FAVORITES_PAGE_SIZE,
  FAVORITES_STEP_MAX,
  FavoriteCreateSchema,
  FavoriteDeleteSchema,
  type FavoriteItem,
  FavoriteListQuerySchema,
  type FavoritePage,
  FavoriteRequestSchema,
  type FavoriteState,
} from '../../../contracts/favorites';
import { EXPLICIT_COOKIE } from '../../../contracts/reader';
import { readCookie } from '../../auth/cookies';
import { owner, reader, SIGNED_IN } from '../../auth/rules';
import { authOf, optionalAuth } from '../../auth/session';
import { ApiError, ok, parse } from '../../envelope';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from '../../favorites/repo';
import { favoriteItem } from '../../favorites/views';
import { rateLimit } from '../../plugins/security';
import { pagesToken, type ReaderAccess, requireAccess } from '../../reader/access';

/**
 * Favourite publications (issue 16; calls and the rules of who may keep what in
 * src/contracts/favorites.ts). Adding passes the reader's gates (reader/access.ts) and then keeps only
 * what the caller may read without a private link; removing names one of the caller's own favourites
 * (by book id), whatever became of the book, so an unavailable entry can always be removed.
 */
const favoriteRoutes: FastifyPluginAsync = async (app) => {
  const readerGet = reader({ book: 'query.id', token: 'query.token', key: 'link' });
  const readerPost = reader({ book: 'body.id', token: 'body.token', key: 'link', signedIn: true });
  /** A public publication, or the caller's own: what a favourite may name. */
  const allowed = (access: ReaderAccess) => access.owner || access.row.publishing_mode === 1;

  app.get('/public/book/favorite/get', { config: { ...readerGet, ...rateLimit(120, '1 minute') } }, async (request, reply) => {
    const query = parse(FavoriteRequestSchema, request.query);
    const access = await requireAccess(app, request, query.id, query.token);
    const auth = await optionalAuth(app, request);
    const state: FavoriteState = {
      favorite: !!auth && (await isFavorite(app.db, auth.profile.id, access.row.id)),
      allowed: allowed(access),
    };
    reply.header('cache-control', 'private, no-store');
    return ok(reply, state);
  });

  const addOptions = { preHandler: app.requireSession, config: { ...readerPost, ...rateLimit(60, '1 minute') } };
  app.post('/public/book/favorite/create', addOptions, async (request, reply) => {
    const { profile } = authOf(request);
    const body = parse(FavoriteCreateSchema, request.body);
    const access = await requireAccess(app, request, body.id, body.token);
    if (!allowed(access)) throw new ApiError('favoritePrivate');
    // An undo puts back the first date (never a later one than now).
    const now = app.clock();
    const added = Math.min(body.added ?? now, now);
    const result = await addFavorite(app.db, { profileId: profile.id, bookId: access.row.id }, added, FAVORITES_MAX);
    if (result === 'full') throw new ApiError('favoriteLimit');
    const state: FavoriteState = { favorite: true, allowed: true };
    return ok(reply, state);
  });

  const ownFavorite = owner({ 'body.id': 'favorite' });
  const removeOptions = { preHandler: app.requireSession, config: { ...ownFavorite, ...rateLimit(60, '1 minute') } };
  app.post('/account/favorite/delete', removeOptions, async (request, reply) => {
    const { profile } = authOf(request);
    const { id } = parse(FavoriteDeleteSchema, request.body);
    if (!(await removeFavorite(app.db, profile.id, id))) throw new ApiError('favoriteNotFound');
    return ok(reply, { id });
  });

  app.get('/account/favorite', { preHandler: app.requireSession, config: SIGNED_IN }, async (request, reply) => {
    const { profile, account } = authOf(request);
    const query = parse(FavoriteListQuerySchema, request.query);
    const step = query.step === 0 ? FAVORITES_PAGE_SIZE : query.step;
    const { rows, total } = await listFavorites(app.db, profile.id, { start: query.start, step });
    const ctx = {
      config: app.config,
      now: app.clock(),
      accountId: account.id,
      explicitOk: readCookie(request, EXPLICIT_COOKIE) === '1',
      pagesToken: (book: Parameters<typeof pagesToken>[1]) => pagesToken(app, book),
    };
    const list: FavoriteItem[] = rows.map((row) => favoriteItem(row, ctx));
    const page: FavoritePage = {
      list,
      total,
      start: query.start,
      step: { current: step },
      sortby: { available: FAVORITE_SORTS.map((id) => ({ id, label: `book.sort.${id}` })), selected: query.sortby },
      currency: null,
      from: list.length > 0 ? query.start + 1 : 0,
      to: query.start + list.length,
      max: FAVORITES_STEP_MAX,
      metadata: { limit: FAVORITES_MAX },
      all: total,
    };
    reply.header('cache-control', 'private, no-store');
    return ok(reply, page);
  });
};

export default favoriteRoutes;
