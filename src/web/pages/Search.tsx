import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { paramsFromQuery, queryFromParams, type SearchQuery, type SearchResults, searchParamsOf } from '../../../machines/search/query';
import { searchMachine } from '../../../machines/search.machine';
import { searchApi } from '../../api/search';
import { useApp } from '../app/context';
import { SearchView } from '../components/search/SearchView';
import { buildFragment } from '../routing/fragment';
import { useLocation } from '../routing/link';
import type { PageProps } from './routes';

export const SEARCH_PATH = '/search';

/**
 * Search results (SPEC §2: /search#search-{term}/books, or /publishers): the search machine with its
 * real side effects — the search API, and the URL fragment kept in step with the query both ways (the
 * header's search box changes the fragment; page, sort and tab here change it too).
 */
export default function Search({ params }: PageProps) {
  const { api } = useApp();
  const [, navigate] = useLocation();
  const calls = useMemo(() => searchApi(api), [api]);
  const query = queryFromParams(params);

  const actor = useActorRef(
    searchMachine.provide({
      actors: {
        search: fromPromise(async ({ input, signal }: { input: SearchQuery; signal: AbortSignal }): Promise<SearchResults> => {
          const request = searchParamsOf(input);
          return input.tab === 'books'
            ? { tab: 'books', content: await calls.books(request, signal) }
            : { tab: 'publishers', content: await calls.publishers(request, signal) };
        }),
      },
      actions: {
        syncUrl: ({ context }) => navigate(`${SEARCH_PATH}${buildFragment(paramsFromQuery(context.query))}`),
      },
    }),
    { input: { query } },
  );

  // The URL leads when it changes by itself (the header, back and forward); the machine ignores its own echo.
  // A new term from the header keeps the fragment's other parameters: it starts at its first page.
  const { term, tab, page, sort } = query;
  const lastTerm = useRef(term);
  useEffect(() => {
    const newTerm = lastTerm.current !== term;
    lastTerm.current = term;
    if (newTerm && page > 1) {
      navigate(`${SEARCH_PATH}${buildFragment(paramsFromQuery({ term, tab, page: 1, sort }))}`, { replace: true });
      return;
    }
    actor.send({ type: 'query.changed', query: { term, tab, page, sort } });
  }, [actor, navigate, term, tab, page, sort]);

  return <SearchView actor={actor} />;
}
