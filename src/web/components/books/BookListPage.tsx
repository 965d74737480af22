import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { type ListQuery, paramsFromQuery, queryFromParams } from '../../../../machines/book-list/items';
import { bookListMachine, type DeleteInput, type LoadInput, type UpdateInput } from '../../../../machines/book-list.machine';
import { booksApi } from '../../../api/books';
import { useApp } from '../../app/context';
import { buildFragment, parseFragment } from '../../routing/fragment';
import { useLocation } from '../../routing/link';
import { BookListView } from './BookListView';

export const BOOK_LIST_PATH = '/account/book';

/**
 * /account/book: the book list machine with its real side effects (DESIGN §4): the books API, alerts,
 * and the URL fragment (#page-2/sort-name_asc/search-foo) kept in step with the query both ways.
 */
export function BookListPage({ params }: { params: Record<string, string> }) {
  const { api, alerts, auth } = useApp();
  const user = useSyncExternalStore(auth.store.subscribe, auth.store.get);
  const [, navigate] = useLocation();
  const books = useMemo(() => booksApi(api), [api]);
  const query = queryFromParams(params);

  const actor = useActorRef(
    bookListMachine.provide({
      actors: {
        loadBooks: fromPromise(({ input, signal }: { input: LoadInput; signal: AbortSignal }) =>
          books.list({ page: input.query.page, step: input.step, sort: input.query.sort, search: input.query.search }, signal),
        ),
        deleteBooks: fromPromise(({ input, signal }: { input: DeleteInput; signal: AbortSignal }) => books.remove(input.ids, signal)),
        updateBooks: fromPromise(({ input, signal }: { input: UpdateInput; signal: AbortSignal }) =>
          books.updateMany(input.ids, input.fields, signal),
        ),
      },
      actions: {
        syncUrl: ({ context }) => navigate(...urlFor(context.query)),
        notify: (_, { alerts: list }) => {
          for (const alert of list) alerts.send({ type: 'alert.push', alert });
        },
      },
    }),
    { input: { query } },
  );

  // The URL leads when it changes by itself (back/forward, a link); the machine ignores its own echo.
  const { page, sort, search } = query;
  useEffect(() => {
    actor.send({ type: 'query.changed', query: { page, sort, search } });
  }, [actor, page, sort, search]);

  const accountId = user?.account.id;
  const accountName = user?.account.name ?? '';
  // The publisher page as the server names it (url.overview), else its default path.
  const accountUrl = user?.account.url?.overview || (accountId ? `/publisher/${accountId}` : '');
  const owner = useMemo(
    () => (accountId ? { accountId, name: accountName, url: new URL(accountUrl, location.origin).href } : undefined),
    [accountId, accountName, accountUrl],
  );
  return <BookListView actor={actor} owner={owner} />;
}

/** A new page or sort is a history entry; a refined search replaces the current one. */
function urlFor(query: ListQuery): [string, { replace: boolean }] {
  const current = queryFromParams(parseFragment(globalThis.location?.hash ?? ''));
  const replace = current.page === query.page && current.sort === query.sort;
  return [`${BOOK_LIST_PATH}${buildFragment(paramsFromQuery(query))}`, { replace }];
}
