import { FAVORITES_MAX } from '../../contracts/favorite-limits';
import { FAVORITE_ANCHOR, type FavoriteBox, favoriteFormPath } from '../favorites/page';
import type { PageContext } from '../site/context';
import { FAVORITE_MESSAGES as M } from './overview-favorite-messages';

/** The path of the account's favourites (/account/favorite, an app page). */
const FAVORITES_PAGE = '/account/favorite';

/** A heart, outlined or filled (24 px, the reader's icon grid). */
export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5 4.6 13.3a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.4.4.4-.4a4.9 4.9 0 0 1 7 0 4.9 4.9 0 0 1 0 7z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The publication page's heart (issue 16): a toggle button in a form that posts without script
 * (routes/reader/favorite-site.ts) and comes back to this place of the page. Signed out, the same
 * button says that signing in comes first and leads there, back to this page afterwards.
 */
export function FavoriteForm({ ctx, bookId, box }: { ctx: PageContext; bookId: string; box: FavoriteBox }) {
  const { t } = ctx;
  const on = box.state === 'on';
  const hint = box.state === 'signedOut' ? 'ov-favorite-hint' : undefined;
  return (
    <form id={FAVORITE_ANCHOR} className="ov-favorite" method="post" action={favoriteFormPath(bookId, !on)}>
      <button type="submit" className={on ? 'btn ov-heart ov-heart--on' : 'btn ov-heart'} aria-pressed={on} aria-describedby={hint}>
        <HeartIcon filled={on} />
        <span>{t(on ? M.on : M.add)}</span>
      </button>
      {box.count > 0 && <span className="ov-favorite__count">{t(M.count, { count: box.count })}</span>}
      {hint && (
        <span id={hint} className="ov-favorite__note">
          {t(M.signIn)}
        </span>
      )}
      {on && (
        <a className="ov-favorite__note" href={FAVORITES_PAGE}>
          {t(M.list)}
        </a>
      )}
      {box.full && (
        <p className="callout callout--danger ov-favorite__full" role="alert">
          {t(M.full, { max: new Intl.NumberFormat(ctx.lang).format(FAVORITES_MAX) })}
        </p>
      )}
    </form>
  );
}
