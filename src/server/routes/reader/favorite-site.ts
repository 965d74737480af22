import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_PATH, LOGIN_REDIRECT_COOKIE, LOGIN_REDIRECT_DAYS } from '../../../contracts/cookies';
import { FAVORITES_MAX } from '../../../contracts/favorite-limits';
import { listed } from '../../auth/rules';
import { optionalAuth } from '../../auth/session';
import { FAVORITE_ANCHOR, FAVORITE_FULL_QUERY } from '../../favorites/page';
import { addFavorite, removeFavorite } from '../../favorites/repo';
import { loadTranslators } from '../../i18n';
import { rateLimit } from '../../plugins/security';
import { secureCookies } from '../../public-url';
import { isPubliclyListed, publicationPath } from '../../reader/overview';
import { notFoundHtml } from '../../reader/overview-html';
import { siteContext } from '../../site/context';
import { isSafeId } from '../../storage/paths';

/**
 * The publication page's heart without script (issue 16; the form of reader/overview-favorite.tsx),
 * registered at the root by app.ts beside the page itself:
 *   POST /publication/<bookId>/favorite          add it to the signed-in visitor's favourites
 *   POST /publication/<bookId>/favorite/delete   take it out again
 * Both answer `303` back to the page, at the heart. A visitor who is not signed in goes to `/login`
 * instead, with the login-redirect cookie (SPEC §4: the stored path is visited after sign-in) set to
 * this page. Like the page, they know only publicly listed publications: any other id answers the
 * page's 404, whoever asks. The session comes from the cookie; the CSRF guard checks the form's origin.
 */
const favoriteSiteRoutes: FastifyPluginAsync = async (app) => {
  const context = siteContext(app, loadTranslators());

  const toggle = (add: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { bookId } = request.params as { bookId: string };
    const row = isSafeId(bookId) ? await app.db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirst() : undefined;
    if (!row || !isPubliclyListed(row, app.clock())) {
      const html = notFoundHtml(await context(request));
      return reply.code(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    const page = publicationPath(row.id);
    reply.header('cache-control', 'no-store');
    const auth = await optionalAuth(app, request);
    if (!auth) {
      // Not HttpOnly: the app reads and clears it after the sign-in (web/app/post-login.ts).
      const secure = secureCookies(app, request) ? '; Secure' : '';
      const maxAge = Math.round(LOGIN_REDIRECT_DAYS * 86_400);
      const value = encodeURIComponent(`${page}#${FAVORITE_ANCHOR}`);
      reply.header('set-cookie', `${LOGIN_REDIRECT_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; SameSite=Lax${secure}`);
      return reply.redirect('/login', 303);
    }
    if (!add) {
      await removeFavorite(app.db, auth.profile.id, row.id);
      return reply.redirect(`${page}#${FAVORITE_ANCHOR}`, 303);
    }
    const result = await addFavorite(app.db, { profileId: auth.profile.id, bookId: row.id }, app.clock(), FAVORITES_MAX);
    return reply.redirect(`${page}${result === 'full' ? `?favorite=${FAVORITE_FULL_QUERY}` : ''}#${FAVORITE_ANCHOR}`, 303);
  };

  const options = { config: { ...listed({ 'params.bookId': 'book' }), ...rateLimit(60, '1 minute') } };
  app.post('/publication/:bookId/favorite', options, toggle(true));
  app.post('/publication/:bookId/favorite/delete', options, toggle(false));
};

export default favoriteSiteRoutes;
