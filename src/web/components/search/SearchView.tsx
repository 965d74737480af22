import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { pageCount, readerLink, snippetParts } from '../../../../machines/search/query';
import type { SearchActorRef } from '../../../../machines/search.machine';
import type { BookSearchHit, MarkedText, PublisherSearchHit, SearchSort, SearchTab } from '../../../contracts/search';
import { FLAG_LABELS } from '../books/messages';
import { Pager } from '../books/Pager';
import { Button, Select, Tabs } from '../ui';
import '../books/books.css';
import './search.css';

/**
 * The search page's view (issue 15, SPEC §2 Search): what the search machine shows — the tabs
 * (publications, publishers), the sort of publications, the results with cover, title, publisher and
 * the snippet with its matched words marked (React elements from plain text and ranges: no HTML from
 * the server), the page of the hit opening the reader there, the pager, and the idle, loading, empty
 * and failed states.
 */
export function SearchView({ actor }: { actor: SearchActorRef }) {
  const { t } = useLingui();
  const term = useSelector(actor, (s) => s.context.query.term);
  const tab = useSelector(actor, (s) => s.context.query.tab);
  const sort = useSelector(actor, (s) => s.context.query.sort);
  const idle = useSelector(actor, (s) => s.matches('idle'));
  const sortOptions: { value: SearchSort; label: string }[] = [
    { value: 'relevance', label: t({ id: 'search.sort.relevance', message: 'Relevance' }) },
    { value: 'newest', label: t({ id: 'search.sort.newest', message: 'Newest' }) },
    { value: 'reads', label: t({ id: 'search.sort.reads', message: 'Most read' }) },
  ];
  const tabs: { key: SearchTab; label: string }[] = [
    { key: 'books', label: t({ id: 'search.tab.books', message: 'Publications' }) },
    { key: 'publishers', label: t({ id: 'search.tab.publishers', message: 'Publishers' }) },
  ];
  return (
    <section className="container page search-page">
      <h1>
        <Trans id="search.title">Search</Trans>
      </h1>
      {term && (
        <p className="search-page__term" data-testid="search-term">
          <Trans id="search.titleFor">Results for “{term}”</Trans>
        </p>
      )}
      {idle ? (
        <p className="search-page__note">
          <Trans id="search.idle">Type words in the search box to find public publications and their publishers.</Trans>
        </p>
      ) : (
        <Tabs
          items={tabs}
          selected={tab}
          onSelect={(key) => actor.send({ type: 'user.tab', tab: key })}
          label={t({ id: 'search.tabs', message: 'What to search' })}
        >
          {tab === 'books' && (
            <div className="search-page__tools">
              <Select
                label={t({ id: 'search.sort.label', message: 'Sort by' })}
                options={sortOptions}
                value={sort}
                onChange={(e) => actor.send({ type: 'user.sort', sort: e.currentTarget.value as SearchSort })}
              />
            </div>
          )}
          <SearchBody actor={actor} />
        </Tabs>
      )}
    </section>
  );
}

function SearchBody({ actor }: { actor: SearchActorRef }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const empty = useSelector(actor, (s) => s.matches({ found: 'empty' }));
  const results = useSelector(actor, (s) => (s.matches({ found: 'results' }) ? s.context.results : null));
  const term = useSelector(actor, (s) => s.context.query.term);
  const tab = useSelector(actor, (s) => s.context.query.tab);
  if (loading)
    return (
      <p className="search-page__note" role="status" aria-busy="true">
        <Trans id="search.loading">Searching…</Trans>
      </p>
    );
  if (failed)
    return (
      <div className="search-page__note" role="alert">
        <p>
          <Trans id="search.failed">The search did not answer.</Trans>
        </p>
        <Button onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans id="search.retry">Try again</Trans>
        </Button>
      </div>
    );
  if (empty)
    return (
      <p className="search-page__note" role="status" data-testid="search-empty">
        {tab === 'books' ? (
          <Trans id="search.noResults">No public publication matches “{term}” yet.</Trans>
        ) : (
          <Trans id="search.noPublishers">No publisher matches “{term}”.</Trans>
        )}
      </p>
    );
  if (!results) return null;
  const total = results.content.total;
  return (
    <>
      <p className="search-page__count" role="status">
        <Plural id="search.count" value={total} one="# result" other="# results" />
      </p>
      {results.tab === 'books' ? (
        <ol className="search-results">
          {results.content.list.map((hit) => (
            <BookHit key={hit.id} hit={hit} term={term} />
          ))}
        </ol>
      ) : (
        <ul className="search-results">
          {results.content.list.map((hit) => (
            <PublisherHit key={hit.id} hit={hit} />
          ))}
        </ul>
      )}
      <SearchPager actor={actor} />
    </>
  );
}

/** The snippet's matched words in <mark>, the rest as text. */
export function Snippet({ snippet }: { snippet: MarkedText }) {
  return (
    <p className="search-hit__snippet">
      {snippetParts(snippet).map((part, i) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one snippet never move.
          <mark key={i}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

function BookHit({ hit, term }: { hit: BookSearchHit; term: string }) {
  const { t } = useLingui();
  const page = hit.page;
  return (
    <li className="search-hit">
      <div className="search-hit__cover">
        <img src={hit.cover} alt="" loading="lazy" width={120} height={170} />
      </div>
      <div className="search-hit__body">
        <h2 className="search-hit__title">
          <a href={`/publication/${hit.id}`}>{hit.title}</a>
        </h2>
        <p className="search-hit__publisher">
          <Trans id="search.by">
            by <a href={`/publisher/${hit.publisher.id}`}>{hit.publisher.name}</a>
          </Trans>
          {hit.isAdult && <span className="search-hit__flag">{t(FLAG_LABELS.explicit)}</span>}
        </p>
        <Snippet snippet={hit.snippet} />
        {page !== null && (
          <a className="search-hit__page" href={readerLink(hit.reader, page, term)}>
            <Trans id="search.page">page {page}</Trans>
          </a>
        )}
      </div>
    </li>
  );
}

function PublisherHit({ hit }: { hit: PublisherSearchHit }) {
  return (
    <li className="search-hit search-hit--publisher">
      <div className="search-hit__body">
        <h2 className="search-hit__title">
          <a href={`/publisher/${hit.id}`}>{hit.name}</a>
        </h2>
        <p className="search-hit__publisher">
          <Plural id="search.publisher.books" value={hit.books} one="# public publication" other="# public publications" />
        </p>
      </div>
    </li>
  );
}

/** SPEC §9: 25 a page, first page 1; the machine says which pages may be asked for. */
function SearchPager({ actor }: { actor: SearchActorRef }) {
  const { t } = useLingui();
  const page = useSelector(actor, (s) => s.context.query.page);
  const count = useSelector(actor, (s) => pageCount(s.context.results?.content.total ?? 0));
  return (
    <Pager
      page={page}
      count={count}
      label={t({ id: 'book.pager.label', message: 'Pages' })}
      onPage={(p) => actor.send({ type: 'user.page', page: p })}
    />
  );
}
