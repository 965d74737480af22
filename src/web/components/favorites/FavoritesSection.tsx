import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { type FavoriteListActorRef, favoriteListMachine, favoritePages } from '../../../../machines/favorites/list.machine';
import { type FavoriteItem, FavoritePageSchema } from '../../../contracts/favorites';
import { useApp } from '../../app/context';
import type { SectionProps } from '../../pages/routes';
import { useLocation } from '../../routing/link';
import { FailedCard, formatDate, LoadingCard } from '../account-sections/shared';
import { Pager } from '../books/Pager';
import { Button, ButtonLink, hasSitePage } from '../ui';
import { favoritesUrl, pageParam } from './url';
import './favorites.css';

function Heart() {
  return (
    <svg className="fav-heart" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 20.5 4.6 13.3a4.9 4.9 0 0 1 0-7 4.9 4.9 0 0 1 7 0l.4.4.4-.4a4.9 4.9 0 0 1 7 0 4.9 4.9 0 0 1 0 7z" />
    </svg>
  );
}

function Card({ item, actor }: { item: FavoriteItem; actor: FavoriteListActorRef }) {
  const { t, i18n } = useLingui();
  const canRemove = useSelector(actor, (s) => s.can({ type: 'user.remove', id: item.id }));
  const remove = () => actor.send({ type: 'user.remove', id: item.id });
  const date = formatDate(item.created_at, i18n.locale);
  const added = <Trans id="account.favorites.added">Added {date}</Trans>;
  if (!item.available)
    return (
      <li className="fav-card fav-card--gone" data-testid="favorite">
        <span className="fav-cover fav-cover--empty" aria-hidden="true" />
        <div className="fav-body">
          <h3 className="fav-title">
            <Trans id="account.favorites.unavailable">Unavailable publication</Trans>
          </h3>
          <p className="fav-meta">
            <Trans id="account.favorites.unavailable.text">It can no longer be opened: it was made private, withdrawn or blocked.</Trans>
          </p>
          <p className="fav-meta">{added}</p>
          <div className="fav-actions">
            <Button
              size="sm"
              disabled={!canRemove}
              onClick={remove}
              aria-label={t({
                id: 'account.favorites.remove.unavailable',
                message: 'Remove the unavailable publication from your favourites',
              })}
            >
              <Trans id="account.favorites.remove">Remove</Trans>
            </Button>
          </div>
        </div>
      </li>
    );
  const name = item.name;
  return (
    <li className="fav-card" data-testid="favorite">
      {/* The cover is a picture only: "Read" and the title are the card's links. */}
      <span className="fav-cover">
        {item.image ? (
          <img src={item.image} alt="" loading="lazy" width={160} height={226} />
        ) : (
          <span className="fav-cover__explicit">
            <Trans id="account.favorites.explicit">Explicit content</Trans>
          </span>
        )}
      </span>
      <div className="fav-body">
        <h3 className="fav-title">
          <a href={item.url.overview}>{item.name}</a>
        </h3>
        <p className="fav-meta">
          <a href={item.account.url.overview}>{item.account.name}</a>
        </p>
        <p className="fav-meta">{added}</p>
        <div className="fav-actions">
          <a
            className="btn btn--sm btn--primary"
            href={item.url.viewer}
            aria-label={t({ id: 'account.favorites.read.label', message: `Read “${name}”` })}
          >
            <Trans id="account.favorites.read">Read</Trans>
          </a>
          <Button
            size="sm"
            disabled={!canRemove}
            onClick={remove}
            aria-label={t({ id: 'account.favorites.remove.label', message: `Remove “${name}” from your favourites` })}
          >
            <Trans id="account.favorites.remove">Remove</Trans>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** "Removed. Undo" after a removal (or why the undo failed), in a live region. */
function RemovedNote({ actor }: { actor: FavoriteListActorRef }) {
  const { t } = useLingui();
  const removed = useSelector(actor, (s) =>
    s.matches({ loaded: 'removed' }) || s.matches({ loaded: 'undoing' }) ? s.context.removed : null,
  );
  const undoFailed = useSelector(actor, (s) => s.context.undoFailed);
  const canUndo = useSelector(actor, (s) => s.can({ type: 'user.undo' }));
  const undoing = useSelector(actor, (s) => s.matches({ loaded: 'undoing' }));
  const item = removed?.item;
  const name = item?.available ? item.name : '';
  return (
    <div className="fav-note" role="status" data-testid="favorites-note" hidden={!item}>
      {item && (
        <>
          <p>
            {item.available ? (
              <Trans id="account.favorites.removed">“{name}” was removed from your favourites.</Trans>
            ) : (
              <Trans id="account.favorites.removed.unavailable">The unavailable publication was removed from your favourites.</Trans>
            )}{' '}
            {undoFailed && <Trans id="account.favorites.undoFailed">It could not be put back.</Trans>}
          </p>
          {(canUndo || undoing) && (
            <Button size="sm" variant="primary" disabled={!canUndo} onClick={() => actor.send({ type: 'user.undo' })}>
              <Trans id="account.favorites.undo">Undo</Trans>
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            icon
            disabled={undoing}
            aria-label={t({ id: 'account.favorites.note.close', message: 'Close' })}
            onClick={() => actor.send({ type: 'user.dismiss' })}
          >
            <span aria-hidden="true">×</span>
          </Button>
        </>
      )}
    </div>
  );
}

/** SPEC §9: 25 a page, first page 1; buttons enabled from the machine (`can`). */
function FavoritesPager({ actor }: { actor: FavoriteListActorRef }) {
  const { t } = useLingui();
  const page = useSelector(actor, (s) => s.context.page);
  const count = useSelector(actor, (s) => favoritePages(s.context.total, s.context.step));
  const canPrev = useSelector(actor, (s) => s.can({ type: 'user.page', page: page - 1 }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'user.page', page: page + 1 }));
  const canJump = useSelector(actor, (s) => s.matches({ loaded: 'idle' }) || s.matches({ loaded: 'removed' }));
  return (
    <Pager
      page={page}
      count={count}
      canPrev={canPrev}
      canNext={canNext}
      canJump={canJump}
      block="fav-pager"
      label={t({ id: 'account.favorites.pager', message: 'Pages of your favourites' })}
      onPage={(p) => actor.send({ type: 'user.page', page: p })}
    />
  );
}

/** /account/favorite drawn from the favourite list machine. */
export function FavoritesView({ actor }: { actor: FavoriteListActorRef }) {
  const state = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'loaded',
  );
  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const title = <Trans id="menu.account.favorite">Favourites</Trans>;
  if (state === 'loading') return <LoadingCard title={title} />;
  if (state === 'failed') return <FailedCard title={title} onRetry={() => actor.send({ type: 'user.retry' })} />;
  const none = state === 'empty' || total === 0;
  return (
    <section className="account-card" aria-labelledby="favorites-title">
      <h2 id="favorites-title">{title}</h2>
      <RemovedNote actor={actor} />
      {none ? (
        <div className="fav-empty" data-testid="favorites-empty">
          <Heart />
          <p>
            <Trans id="account.favorites.empty">
              No favourites yet. Select the heart in the reader’s toolbar, or “Add to favourites” on a publication’s page, and the
              publication appears here, newest first, to read again whenever you like.
            </Trans>
          </p>
          {hasSitePage('/explorer') && (
            <ButtonLink href="/explorer" variant="primary">
              <Trans id="account.favorites.explore">Explore publications</Trans>
            </ButtonLink>
          )}
        </div>
      ) : (
        <>
          <p className="fav-count" data-testid="favorites-count">
            <Plural id="account.favorites.count" value={total} one="# favourite" other="# favourites" />
          </p>
          <ul className="fav-grid">
            {items.map((item) => (
              <Card key={item.id} item={item} actor={actor} />
            ))}
          </ul>
          <FavoritesPager actor={actor} />
        </>
      )}
    </section>
  );
}

export default function FavoritesSection({ params }: SectionProps) {
  const { api } = useApp();
  const [, navigate] = useLocation();
  const page = pageParam(params);
  const actor = useActorRef(
    favoriteListMachine.provide({
      actors: {
        loadFavorites: fromPromise(({ input, signal }) =>
          api.call('account/favorite', {
            method: 'GET',
            searchParams: { start: (input.page - 1) * input.step, step: input.step },
            schema: FavoritePageSchema,
            signal,
          }),
        ),
        removeFavorite: fromPromise(({ input }) => api.call('account/favorite/delete', { method: 'POST', json: { id: input.id } })),
        restoreFavorite: fromPromise(({ input }) =>
          // The note says when it could not be put back (no alert besides).
          api.call('public/book/favorite/create', { method: 'POST', json: { id: input.id, added: input.added }, ignoreAlerts: true }),
        ),
      },
      actions: {
        // A new page is a history entry; the last page found instead of one past the end replaces it.
        syncUrl: (_, { page: p, replace }) => navigate(favoritesUrl(p), { replace: !!replace }),
      },
    }),
    { input: { page } },
  );
  // The URL leads when it changes by itself (back/forward, a link); the machine ignores its own echo.
  useEffect(() => {
    actor.send({ type: 'page.changed', page });
  }, [actor, page]);
  return <FavoritesView actor={actor} />;
}
