import { type ActorRefFrom, assign, fromPromise, raise, setup } from 'xstate';
import type { BookListItem, BookSort, BulkItemResult, PagedList } from '../src/contracts/books';
import { BOOK_SORTS, DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../src/contracts/books';
import { errorMessageId } from './accounts/errors';
import type { AlertRequest } from './alert.machine';
import {
  DEFAULT_QUERY,
  emptyList,
  hasConverting,
  isDeletable,
  isSelectable,
  type ListQuery,
  pageCount,
  SEARCH_MAX,
  sameQuery,
} from './book-list/items';
import { type Applied, applyResults, failedAll, type Pending } from './book-list/outcome';
import type { BookListContext, BookListEvent, BookListInput, DeleteInput, ListDialog, LoadInput, UpdateInput } from './book-list/types';
import { BOOK_LIST_POLL_MS, BOOK_SEARCH_DEBOUNCE_MS } from './constants';

export type { ListQuery } from './book-list/items';
export type { Outcome, Pending } from './book-list/outcome';
export type {
  BookListContext,
  BookListEvent,
  BookListInput,
  DeleteInput,
  ListDialog,
  LoadInput,
  UpdateInput,
} from './book-list/types';

type Ctx = { context: BookListContext };
const itemById = (context: BookListContext, id: string) => context.items.find((item) => item.id === id);
const selectableIds = (items: readonly BookListItem[]) => items.filter(isSelectable).map((item) => item.id);
/** What the server's answer (or failure) leaves: computed for the alerts, then assigned. */
const resultsOf = ({ context, event }: Ctx & { event: unknown }): Applied | null =>
  context.pending && applyResults(context.items, context.pending, (event as { output?: BulkItemResult[] }).output ?? []);
const failureOf = ({ context, event }: Ctx & { event: unknown }): Applied | null =>
  context.pending && failedAll(context.pending, (event as { error?: unknown }).error);

/** How a bulk delete or edit ends: the server's per-item results, or a failure of the whole call (SPEC §4 restore). */
const settleBulk = {
  onDone: {
    target: 'settled',
    actions: [
      { type: 'notify', params: (a: Ctx & { event: unknown }) => ({ alerts: resultsOf(a)?.alerts ?? [] }) },
      { type: 'applySettled', params: resultsOf },
    ],
  },
  onError: {
    target: 'settled',
    actions: [
      { type: 'notify', params: (a: Ctx & { event: unknown }) => ({ alerts: failureOf(a)?.alerts ?? [] }) },
      { type: 'applySettled', params: failureOf },
    ],
  },
} as const;

/**
 * The book list of /account/book (SPEC §2 "Lists of books…", §4 Book document status and flags, Save/delete
 * failure restore; §8; §9 page size 25, first page 1). Three regions: `search` debounces the search box,
 * `list` loads pages, polls the shown page while a book converts, and runs deletes and publishing-mode
 * changes optimistically, restoring what the server refused (a query change during an edit waits for it);
 * `dialog` holds the settings, share or embed modal open over the list.
 */
export const bookListMachine = setup({
  types: {
    context: {} as BookListContext,
    events: {} as BookListEvent,
    input: {} as BookListInput | undefined,
  },
  actors: {
    /** GET {api}/account/book/?start&step&sortby&search. */
    loadBooks: fromPromise<PagedList<BookListItem>, LoadInput>(async () => emptyList()),
    /** POST {api}/account/book/delete; resolves per-item results (a refusal of every item included). */
    deleteBooks: fromPromise<BulkItemResult[], DeleteInput>(async ({ input }) => input.ids.map((id) => ({ id, status: 'ok' as const }))),
    /** POST {api}/account/book/update with ids and fields; per-item results. */
    updateBooks: fromPromise<BulkItemResult[], UpdateInput>(async ({ input }) => input.ids.map((id) => ({ id, status: 'ok' as const }))),
  },
  actions: {
    // ── provided by the app (harmless defaults) ──
    /** Mirrors `context.query` (as this transition's assigns left it) in the URL fragment (#page-2/sort-name_asc/search-foo). */
    syncUrl: () => {},
    /** Pushes alerts (message ids). */
    notify: (_, _params: { alerts: AlertRequest[] }) => {},
    // ── pure ──
    applyPage: assign(({ context }, output: PagedList<BookListItem>) => ({
      items: output.list,
      total: output.total,
      step: output.step.current || DEFAULT_PAGE_SIZE,
      sorts: output.sortby.available,
      selectedSort: output.sortby.selected,
      loaded: context.query,
      selected: [],
      loadError: null,
      outcome: null,
    })),
    /** A poll or a refill after a delete: same page, selection kept where still possible. */
    applyRefresh: assign(({ context }, output: PagedList<BookListItem>) => {
      const still = new Set(selectableIds(output.list));
      return { items: output.list, total: output.total, selected: context.selected.filter((id) => still.has(id)) };
    }),
    applySettled: assign(({ context }, applied: Applied | null) => {
      if (!applied) return { pending: null };
      const present = new Set(applied.items.map((item) => item.id));
      return {
        items: applied.items,
        total: applied.total,
        outcome: applied.outcome,
        pending: null,
        selected: context.selected.filter((id) => present.has(id)),
      };
    }),
    setQuery: assign(({ context }, patch: Partial<ListQuery>) => ({ query: { ...context.query, ...patch } })),
    setSearchText: assign({ searchText: ({ event }) => (event.type === 'user.searchInput' ? event.text.slice(0, SEARCH_MAX) : '') }),
    openDialog: assign((_, dialog: ListDialog) => ({ dialog })),
    closeDialog: assign({ dialog: null }),
    reload: raise({ type: 'list.reload' }),
    settleSearch: raise({ type: 'search.settled' }),
  },
  guards: {
    differentQuery: ({ context, event }) => event.type === 'query.changed' && !sameQuery(context.query, event.query),
    validPage: ({ context, event }) =>
      event.type === 'user.page' &&
      Number.isInteger(event.page) &&
      event.page >= FIRST_PAGE &&
      event.page <= pageCount(context.total, context.step) &&
      event.page !== context.query.page,
    newSort: ({ context, event }) =>
      event.type === 'user.sort' &&
      (BOOK_SORTS as readonly string[]).includes(event.sort) &&
      event.sort !== (context.query.sort ?? context.selectedSort),
    searchChanged: ({ context }) => context.searchText.trim().slice(0, SEARCH_MAX) !== context.query.search,
    searchApplied: ({ context }) => context.query.search !== '',
    searchTyped: ({ context }) => context.searchText !== '',
    queryStale: ({ context }) => !sameQuery(context.query, context.loaded),
    beyondLastPage: ({ context, event }) => {
      const output = (event as { output?: PagedList<BookListItem> }).output;
      return !!output && output.list.length === 0 && output.total > 0 && context.query.page > pageCount(output.total, output.step.current);
    },
    pageEmptied: ({ context }) => context.items.length === 0 && context.query.page > FIRST_PAGE,
    deletedSome: ({ context }) => context.outcome?.action === 'delete' && context.outcome.ok > 0,
    hasConverting: ({ context }) => hasConverting(context.items),
    toggleable: ({ context, event }) => {
      if (event.type !== 'user.toggle') return false;
      const item = itemById(context, event.id);
      return !!item && isSelectable(item);
    },
    pageNotAllSelected: ({ context }) => selectableIds(context.items).some((id) => !context.selected.includes(id)),
    hasSelection: ({ context }) => context.selected.length > 0,
    deletable: ({ context, event }) => {
      if (event.type !== 'user.deleteOne') return false;
      const item = itemById(context, event.id);
      return !!item && isDeletable(item);
    },
    /** Settings open for any book that is not blocked (a converting one included: its options apply when done). */
    settingsOpen: ({ context, event }) => {
      if (event.type !== 'user.openSettings') return false;
      const item = itemById(context, event.id);
      return !!item && item.is_valid;
    },
    /** Sharing and embedding need a finished, valid book (something to read at its address). */
    shareable: ({ context, event }) => {
      if (event.type !== 'user.openShare' && event.type !== 'user.openEmbed') return false;
      const item = itemById(context, event.id);
      return !!item && isSelectable(item);
    },
    saved: ({ event }) => event.type === 'dialog.closed' && event.saved === true,
    modeChanges: ({ context, event }) =>
      event.type === 'user.setMode' &&
      (event.mode === 1 || event.mode === 2) &&
      context.items.some((item) => context.selected.includes(item.id) && item.publishing_mode !== event.mode),
  },
  delays: {
    searchDebounce: BOOK_SEARCH_DEBOUNCE_MS,
    pollInterval: BOOK_LIST_POLL_MS,
  },
}).createMachine({
  id: 'bookList',
  type: 'parallel',
  context: ({ input }) => {
    const query = input?.query ?? DEFAULT_QUERY;
    return {
      query,
      loaded: null,
      searchText: query.search,
      items: [],
      total: 0,
      step: DEFAULT_PAGE_SIZE,
      sorts: [],
      selectedSort: null,
      selected: [],
      confirm: null,
      pending: null,
      loadError: null,
      outcome: null,
      dialog: null,
    };
  },
  on: {
    'query.changed': {
      guard: 'differentQuery',
      actions: [assign({ query: ({ event }) => event.query, searchText: ({ event }) => event.query.search }), 'reload'],
    },
    'user.page': {
      guard: 'validPage',
      actions: [{ type: 'setQuery', params: ({ event }) => ({ page: event.page }) }, 'syncUrl', 'reload'],
    },
    'user.sort': {
      guard: 'newSort',
      actions: [{ type: 'setQuery', params: ({ event }) => ({ sort: event.sort as BookSort, page: FIRST_PAGE }) }, 'syncUrl', 'reload'],
    },
    'search.settled': {
      guard: 'searchChanged',
      actions: [
        { type: 'setQuery', params: ({ context }) => ({ search: context.searchText.trim().slice(0, SEARCH_MAX), page: FIRST_PAGE }) },
        'syncUrl',
        'reload',
      ],
    },
    'user.clearSearch': [
      {
        guard: 'searchApplied',
        actions: [assign({ searchText: '' }), { type: 'setQuery', params: { search: '', page: FIRST_PAGE } }, 'syncUrl', 'reload'],
      },
      { guard: 'searchTyped', actions: assign({ searchText: '' }) },
    ],
  },
  states: {
    search: {
      initial: 'idle',
      // Handled by each child: a reentering transition declared on this region would re-enter the
      // whole parallel root (its domain), restarting the list region too.
      states: {
        idle: {
          on: { 'user.searchInput': { target: 'typing', actions: 'setSearchText' } },
        },
        typing: {
          after: { searchDebounce: { target: 'idle', actions: 'settleSearch' } },
          on: {
            'user.searchInput': { target: 'typing', reenter: true, actions: 'setSearchText' },
            'user.searchSubmit': { target: 'idle', actions: 'settleSearch' },
          },
        },
      },
    },
    // The dialog over the list (settings, share, embed): one at a time; a saved settings change reloads the page.
    dialog: {
      initial: 'none',
      states: {
        none: {
          on: {
            'user.openSettings': {
              guard: 'settingsOpen',
              target: 'settings',
              actions: { type: 'openDialog', params: ({ event }) => ({ kind: 'settings', ids: [event.id] }) },
            },
            'user.openBulkSettings': {
              guard: 'hasSelection',
              target: 'settings',
              actions: { type: 'openDialog', params: ({ context }) => ({ kind: 'settings', ids: context.selected }) },
            },
            'user.openShare': {
              guard: 'shareable',
              target: 'share',
              actions: {
                type: 'openDialog',
                params: ({ context, event }) => ({ kind: 'share', book: itemById(context, event.id) as BookListItem }),
              },
            },
            'user.openEmbed': {
              guard: 'shareable',
              target: 'embed',
              actions: {
                type: 'openDialog',
                params: ({ context, event }) => ({ kind: 'embed', book: itemById(context, event.id) as BookListItem }),
              },
            },
            'user.openEmbedLibrary': {
              target: 'embed',
              actions: { type: 'openDialog', params: { kind: 'embed', book: null } },
            },
            'user.openShareAccount': {
              target: 'share',
              actions: { type: 'openDialog', params: { kind: 'share', book: null } },
            },
          },
        },
        settings: {
          on: {
            'dialog.closed': [
              { guard: 'saved', target: 'none', actions: ['closeDialog', 'reload'] },
              { target: 'none', actions: 'closeDialog' },
            ],
          },
        },
        share: { on: { 'dialog.closed': { target: 'none', actions: 'closeDialog' } } },
        embed: { on: { 'dialog.closed': { target: 'none', actions: 'closeDialog' } } },
      },
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadBooks',
            src: 'loadBooks',
            input: ({ context }) => ({ query: context.query, step: context.step }),
            onDone: [
              {
                // Past the last page (the URL named one, or the last book of it went elsewhere): go to the last one.
                guard: 'beyondLastPage',
                target: 'loading',
                reenter: true,
                actions: [
                  { type: 'setQuery', params: ({ event }) => ({ page: pageCount(event.output.total, event.output.step.current) }) },
                  'syncUrl',
                ],
              },
              { target: 'ready', actions: { type: 'applyPage', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessageId(event.error), loaded: null }) },
          },
          on: { 'list.reload': { target: 'loading', reenter: true } },
        },
        failed: {
          on: { 'user.retry': 'loading', 'list.reload': 'loading' },
        },
        ready: {
          initial: 'browsing',
          on: {
            'user.toggle': {
              guard: 'toggleable',
              actions: assign({
                selected: ({ context, event }) =>
                  context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
              }),
            },
            'user.selectPage': {
              guard: 'pageNotAllSelected',
              actions: assign({ selected: ({ context }) => selectableIds(context.items) }),
            },
            'user.clearSelection': { guard: 'hasSelection', actions: assign({ selected: [] }) },
          },
          states: {
            browsing: {
              initial: 'idle',
              on: {
                'list.reload': '#bookList.list.loading',
                'user.deleteOne': { guard: 'deletable', target: 'confirming', actions: assign({ confirm: ({ event }) => [event.id] }) },
                'user.deleteSelected': {
                  guard: 'hasSelection',
                  target: 'confirming',
                  actions: assign({ confirm: ({ context }) => context.selected }),
                },
                'user.setMode': {
                  guard: 'modeChanges',
                  target: 'updating',
                  actions: assign(({ context, event }) => {
                    const ids = context.items
                      .filter((i) => context.selected.includes(i.id) && i.publishing_mode !== event.mode)
                      .map((i) => i.id);
                    return {
                      pending: {
                        action: 'update',
                        ids,
                        fields: { publishing_mode: event.mode },
                        before: context.items,
                        totalBefore: context.total,
                      } satisfies Pending,
                      items: context.items.map((i) => (ids.includes(i.id) ? { ...i, publishing_mode: event.mode } : i)),
                      outcome: null,
                    };
                  }),
                },
              },
              states: {
                idle: {
                  after: { pollInterval: { guard: 'hasConverting', target: 'refreshing' } },
                },
                refreshing: {
                  invoke: {
                    id: 'refreshBooks',
                    src: 'loadBooks',
                    input: ({ context }) => ({ query: context.loaded ?? context.query, step: context.step }),
                    onDone: { target: 'idle', actions: { type: 'applyRefresh', params: ({ event }) => event.output } },
                    // A failed poll is not worth an alert: the next one (or a reload) will tell.
                    onError: { target: 'idle' },
                  },
                },
              },
            },
            confirming: {
              on: {
                'list.reload': { target: '#bookList.list.loading', actions: assign({ confirm: null }) },
                'user.cancel': { target: 'browsing', actions: assign({ confirm: null }) },
                'user.confirm': {
                  target: 'deleting',
                  actions: assign(({ context }) => {
                    const ids = context.confirm ?? [];
                    return {
                      pending: { action: 'delete', ids, before: context.items, totalBefore: context.total } satisfies Pending,
                      items: context.items.filter((i) => !ids.includes(i.id)),
                      total: Math.max(0, context.total - ids.length),
                      selected: context.selected.filter((id) => !ids.includes(id)),
                      confirm: null,
                      outcome: null,
                    };
                  }),
                },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteBooks',
                src: 'deleteBooks',
                input: ({ context }) => ({ ids: context.pending?.ids ?? [] }),
                ...settleBulk,
              },
            },
            updating: {
              invoke: {
                id: 'updateBooks',
                src: 'updateBooks',
                input: ({ context }) => {
                  const pending = context.pending;
                  return {
                    ids: pending?.ids ?? [],
                    fields: pending?.action === 'update' ? pending.fields : { publishing_mode: 1 as const },
                  };
                },
                ...settleBulk,
              },
            },
            settled: {
              always: [
                { guard: 'queryStale', target: '#bookList.list.loading' },
                {
                  guard: 'pageEmptied',
                  target: '#bookList.list.loading',
                  actions: [{ type: 'setQuery', params: ({ context }) => ({ page: context.query.page - 1 }) }, 'syncUrl'],
                },
                // Refill the page from the next one and get the server's counts.
                { guard: 'deletedSome', target: 'browsing.refreshing' },
                { target: 'browsing' },
              ],
            },
          },
        },
      },
    },
  },
});

/** A running bookListMachine, as the views get it. */
export type BookListActorRef = ActorRefFrom<typeof bookListMachine>;
