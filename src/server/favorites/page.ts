import type { FastifyInstance, FastifyRequest } from 'fastify';
import { optionalAuth } from '../auth/session';
import { countBookFavorites, isFavorite } from './repo';

/**
 * The heart of the public publication page (reader/overview-favorite.tsx): a form that works without
 * script (routes/reader/favorite-site.ts), drawn from what the server knows at the request.
 */
export interface FavoriteBox {
  /** People who keep the publication among their favourites. */
  count: number;
  /** `on`/`off` for a signed-in visitor; `signedOut` leads to sign-in first. */
  state: 'on' | 'off' | 'signedOut';
  /** The last add was refused: the visitor keeps the most favourites one may keep. */
  full: boolean;
}

/** Where the page's heart posts: add, or remove. */
export const favoriteFormPath = (bookId: string, add: boolean) => `/publication/${bookId}/favorite${add ? '' : '/delete'}`;
/** The query the page comes back with when an add was refused for the limit (`?favorite=full`). */
export const FAVORITE_FULL_QUERY = 'full';
/** The heart's anchor on the page: the form comes back scrolled to it. */
export const FAVORITE_ANCHOR = 'favorite';

export async function favoriteBox(app: FastifyInstance, request: FastifyRequest, bookId: string, signedIn: boolean): Promise<FavoriteBox> {
  const auth = signedIn ? await optionalAuth(app, request) : undefined;
  const [count, mine] = await Promise.all([countBookFavorites(app.db, bookId), auth ? isFavorite(app.db, auth.profile.id, bookId) : false]);
  const { favorite } = (request.query ?? {}) as { favorite?: unknown };
  return { count, state: !auth ? 'signedOut' : mine ? 'on' : 'off', full: !!auth && !mine && favorite === FAVORITE_FULL_QUERY };
}
