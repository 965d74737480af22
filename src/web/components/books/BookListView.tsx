import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { isSelectable } from '../../../../machines/book-list/items';
import type { BookListActorRef } from '../../../../machines/book-list.machine';
import { DEFAULT_PAGE_SIZE } from '../../../contracts/books';
import { Button, ButtonLink } from '../ui';
import { BookItem, BookItemSkeleton } from './BookItem';
import { BookListDialogs, type ListOwner } from './BookListDialogs';
import { BookPager } from './BookPager';
import { BookToolbar, BulkBar } from './BookToolbar';
import { ConfirmDelete } from './ConfirmDelete';
import { type Layout, readLayout, writeLayout } from './format';
import './books.css';

const SKELETONS = 6;

/** What screen readers hear after an edit or delete (aria-live). */
function OutcomeText({ actor }: { actor: BookListActorRef }) {
  const outcome = useSelector(actor, (s) => s.context.outcome);
  if (!outcome) return null;
  const { ok, failed } = outcome;
  if (outcome.action === 'delete') {
    return failed === 0 ? (
      <Trans id="book.outcome.deleted">Deleted: {ok}.</Trans>
    ) : (
      <Trans id="book.outcome.deletedPartly">
        Deleted: {ok}. Not deleted: {failed}.
      </Trans>
    );
  }
  return failed === 0 ? (
    <Trans id="book.outcome.updated">Changed: {ok}.</Trans>
  ) : (
    <Trans id="book.outcome.updatedPartly">
      Changed: {ok}. Not changed: {failed}.
    </Trans>
  );
}

function Items({ actor, layout }: { actor: BookListActorRef; layout: Layout }) {
  const items = useSelector(actor, (s) => s.context.items);
  const selected = useSelector(actor, (s) => s.context.selected);
  // Ids the machine accepts a delete for now, as one string so the selector stays stable between polls.
  const deletable = useSelector(actor, (s) =>
    s.context.items
      .filter((b) => s.can({ type: 'user.deleteOne', id: b.id }))
      .map((b) => b.id)
      .join('\n'),
  ).split('\n');
  const settingsIds = useSelector(actor, (s) =>
    s.context.items
      .filter((b) => s.can({ type: 'user.openSettings', id: b.id }))
      .map((b) => b.id)
      .join('\n'),
  ).split('\n');
  const shareIds = useSelector(actor, (s) =>
    s.context.items
      .filter((b) => s.can({ type: 'user.openShare', id: b.id }))
      .map((b) => b.id)
      .join('\n'),
  ).split('\n');
  return (
    <ul className={`book-items book-items--${layout}`}>
      {items.map((book) => (
        <BookItem
          key={book.id}
          book={book}
          layout={layout}
          selected={selected.includes(book.id)}
          selectable={isSelectable(book)}
          canDelete={deletable.includes(book.id)}
          canSettings={settingsIds.includes(book.id)}
          canShare={shareIds.includes(book.id)}
          onToggle={() => actor.send({ type: 'user.toggle', id: book.id })}
          onDelete={() => actor.send({ type: 'user.deleteOne', id: book.id })}
          onSettings={() => actor.send({ type: 'user.openSettings', id: book.id })}
          onShare={() => actor.send({ type: 'user.openShare', id: book.id })}
          onEmbed={() => actor.send({ type: 'user.openEmbed', id: book.id })}
        />
      ))}
    </ul>
  );
}

/** The body under the toolbar: skeleton, failure with retry, empty (or nothing found), or the books. */
function Body({ actor, layout }: { actor: BookListActorRef; layout: Layout }) {
  const { i18n } = useLingui();
  const state = useSelector(actor, (s) =>
    s.matches({ list: 'loading' }) ? 'loading' : s.matches({ list: 'failed' }) ? 'failed' : 'ready',
  );
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const empty = useSelector(actor, (s) => s.context.items.length === 0);
  const search = useSelector(actor, (s) => s.context.query.search);

  if (state === 'loading') {
    return (
      <ul className={`book-items book-items--${layout}`} aria-busy="true">
        {Array.from({ length: Math.min(SKELETONS, DEFAULT_PAGE_SIZE) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <BookItemSkeleton key={i} layout={layout} />
        ))}
      </ul>
    );
  }
  if (state === 'failed') {
    return (
      <div className="book-state" role="alert">
        <p>{i18n._(loadError ?? 'commons.requestError')}</p>
        <Button variant="primary" onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans id="commons.retry">Try again</Trans>
        </Button>
      </div>
    );
  }
  if (empty && search) {
    return (
      <div className="book-state">
        <p>
          <Trans id="book.search.none">No publication matches “{search}”.</Trans>
        </p>
        <Button onClick={() => actor.send({ type: 'user.clearSearch' })}>
          <Trans id="book.search.clear">Clear the search</Trans>
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <div className="book-state">
        <p>
          <Trans id="list.empty">Nothing here yet.</Trans>
        </p>
        <ButtonLink href="/publish" variant="primary">
          <Trans id="home.cta.publish">Publish a document</Trans>
        </ButtonLink>
      </div>
    );
  }
  return <Items actor={actor} layout={layout} />;
}

/**
 * The book list of /account/book, rendered from the book list machine (every state is the machine's; the
 * grid/list layout alone is local presentation, remembered in the browser).
 */
export function BookListView({ actor, initialLayout, owner }: { actor: BookListActorRef; initialLayout?: Layout; owner?: ListOwner }) {
  const [layout, setLayout] = useState<Layout>(() => initialLayout ?? readLayout());
  const total = useSelector(actor, (s) => s.context.total);
  const loaded = useSelector(actor, (s) => s.context.loaded !== null);
  // Not while polling: a page that says "busy" every 3 s would keep screen readers waiting.
  const busy = useSelector(
    actor,
    (s) => s.matches({ list: 'loading' }) || s.matches({ list: { ready: 'deleting' } }) || s.matches({ list: { ready: 'updating' } }),
  );
  const canEmbedLibrary = useSelector(actor, (s) => s.can({ type: 'user.openEmbedLibrary' }));
  const canShareAccount = useSelector(actor, (s) => s.can({ type: 'user.openShareAccount' }));
  const onLayout = (next: Layout) => {
    setLayout(next);
    writeLayout(next);
  };
  return (
    <section className="book-list" aria-labelledby="book-list-title" aria-busy={busy}>
      <header className="book-list__head">
        <h2 id="book-list-title">
          <Trans id="menu.account.book">Publications</Trans>
          {loaded && <span className="book-list__total"> ({total})</span>}
        </h2>
        <div className="book-list__head-actions">
          {owner && (
            <Button
              size="sm"
              data-tour="books-share"
              disabled={!canShareAccount}
              onClick={() => actor.send({ type: 'user.openShareAccount' })}
            >
              <Trans id="book.shareAccount">Share my page</Trans>
            </Button>
          )}
          {owner && (
            <Button
              size="sm"
              data-action="embed-library"
              disabled={!canEmbedLibrary}
              onClick={() => actor.send({ type: 'user.openEmbedLibrary' })}
            >
              <Trans id="book.embedLibrary">Embed library</Trans>
            </Button>
          )}
          <ButtonLink href="/publish" variant="primary" size="sm" data-tour="books-publish">
            <Trans id="home.cta.publish">Publish a document</Trans>
          </ButtonLink>
        </div>
      </header>
      <BookToolbar actor={actor} layout={layout} onLayout={onLayout} />
      <BulkBar actor={actor} />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        <OutcomeText actor={actor} />
      </p>
      <Body actor={actor} layout={layout} />
      <BookPager actor={actor} />
      <ConfirmDelete actor={actor} />
      <BookListDialogs actor={actor} owner={owner} />
    </section>
  );
}
