import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { FavoriteItem } from '../../src/contracts/favorites';

/**
 * /account/favorite (issue 16): one's favourite publications, newest first, a page at a time (SPEC §9:
 * 25 a page, first page 1; the page is in the URL fragment, `#page-2`).
 *   loading → loaded | empty | failed; a page past the end loads the last one instead.
 *   loaded: idle → removing (the card leaves at once) → removed (a note with "Undo") | idle with the
 *   card back where it was when the server refuses (SPEC §4 delete failure restores the item).
 *   removed → undoing (the favourite is added again with its first date, so it returns to its place)
 *   → idle; Undo is offered only for a publication one may still open (an unavailable one cannot be
 *   added again). Another page (the pager while no call is on its way, or the URL on its own) loads it.
 * Side effects are the named actors and `syncUrl` (the app provides them; tests fake them).
 */

/** What the list needs of a page of the list call (SPEC §3 paged list). */
export interface FavoriteListPage {
  list: FavoriteItem[];
  total: number;
  start: number;
  step: { current: number };
}

export interface FavoriteListContext {
  /** 1-based page. */
  page: number;
  step: number;
  items: FavoriteItem[];
  total: number;
  /** The card being removed or just removed, and where it was. */
  removed: { item: FavoriteItem; index: number } | null;
  /** The last undo failed (the card stays removed). */
  undoFailed: boolean;
}

export type FavoriteListEvent =
  | { type: 'user.retry' }
  | { type: 'user.page'; page: number }
  /** The URL's page changed by itself (back/forward, a link): the machine follows it. */
  | { type: 'page.changed'; page: number }
  | { type: 'user.remove'; id: string }
  | { type: 'user.undo' }
  | { type: 'user.dismiss' };

export const FAVORITE_LIST_STEP = 25;

/** Pages of a list (at least 1). */
export const favoritePages = (total: number, step: number) => Math.max(1, Math.ceil(total / Math.max(1, step)));

export const favoriteListMachine = setup({
  types: {
    context: {} as FavoriteListContext,
    events: {} as FavoriteListEvent,
    input: {} as { page?: number } | undefined,
  },
  actors: {
    loadFavorites: fromPromise<FavoriteListPage, { page: number; step: number }>(async ({ input }) => ({
      list: [],
      total: 0,
      start: (input.page - 1) * input.step,
      step: { current: input.step },
    })),
    removeFavorite: fromPromise<unknown, { id: string }>(async () => undefined),
    /** Adds it again with the date it was first added (`added`), so it comes back to its place. */
    restoreFavorite: fromPromise<unknown, { id: string; added: number }>(async () => undefined),
  },
  actions: {
    /** Shows another page in the URL (`#page-N`; page 1 has none): a new entry, or in place of the current one. */
    syncUrl: (_, _params: { page: number; replace?: boolean }) => {},
    takeOut: assign(({ context, event }) => {
      if (event.type !== 'user.remove') return {};
      const index = context.items.findIndex((f) => f.id === event.id);
      const item = context.items[index];
      return item ? { removed: { item, index }, items: context.items.filter((f) => f.id !== item.id), undoFailed: false } : {};
    }),
    putBack: assign(({ context }) => {
      const r = context.removed;
      if (!r) return {};
      const items = [...context.items];
      items.splice(Math.min(r.index, items.length), 0, r.item);
      return { items, removed: null };
    }),
    settleRemoval: assign(({ context }) => ({ total: Math.max(0, context.total - 1) })),
    settleRestore: assign(({ context }) => ({ total: context.total + 1 })),
    forget: assign({ removed: null, undoFailed: false }),
    followUrl: assign({ page: ({ event }) => (event.type === 'page.changed' ? event.page : 1) }),
    /** The pager's page (then `syncUrl` shows it in the URL). */
    turnPage: assign({ page: ({ event }) => (event.type === 'user.page' ? event.page : 1) }),
    /** The card came back: the app shows the server's error as an alert. */
    notifyFailed: () => {},
  },
  guards: {
    noFavorites: (_, params: { total: number }) => params.total === 0,
    pastEnd: (_, params: { count: number; page: number }) => params.count === 0 && params.page > 1,
    otherPage: ({ context, event }) =>
      (event.type === 'user.page' || event.type === 'page.changed') &&
      Number.isSafeInteger(event.page) &&
      event.page >= 1 &&
      event.page !== context.page &&
      (event.type === 'page.changed' || event.page <= favoritePages(context.total, context.step)),
    listed: ({ context, event }) => event.type === 'user.remove' && context.items.some((f) => f.id === event.id),
    canUndo: ({ context }) => context.removed?.item.available === true,
  },
}).createMachine({
  id: 'favoriteList',
  context: ({ input }) => ({
    page: input?.page && Number.isSafeInteger(input.page) && input.page >= 1 ? input.page : 1,
    step: FAVORITE_LIST_STEP,
    items: [],
    total: 0,
    removed: null,
    undoFailed: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'forget',
      on: { 'page.changed': { guard: 'otherPage', target: 'loading', reenter: true, actions: 'followUrl' } },
      invoke: {
        id: 'loadFavorites',
        src: 'loadFavorites',
        input: ({ context }) => ({ page: context.page, step: context.step }),
        onDone: [
          {
            guard: { type: 'noFavorites', params: ({ event }) => ({ total: event.output.total }) },
            target: 'empty',
            actions: assign({ items: [], total: 0, page: 1 }),
          },
          {
            // The list shrank (removed elsewhere): the last page that has favourites.
            guard: { type: 'pastEnd', params: ({ context, event }) => ({ count: event.output.list.length, page: context.page }) },
            target: 'loading',
            reenter: true,
            actions: [
              assign({
                total: ({ event }) => event.output.total,
                page: ({ event }) => favoritePages(event.output.total, event.output.step.current),
              }),
              {
                type: 'syncUrl',
                params: ({ event }) => ({ page: favoritePages(event.output.total, event.output.step.current), replace: true }),
              },
            ],
          },
          {
            target: 'loaded',
            actions: assign({
              items: ({ event }) => event.output.list,
              total: ({ event }) => event.output.total,
              step: ({ event }) => event.output.step.current || FAVORITE_LIST_STEP,
            }),
          },
        ],
        onError: 'failed',
      },
    },
    empty: { on: { 'user.retry': 'loading', 'page.changed': { guard: 'otherPage', target: 'loading', actions: 'followUrl' } } },
    failed: { on: { 'user.retry': 'loading', 'page.changed': { guard: 'otherPage', target: 'loading', actions: 'followUrl' } } },
    loaded: {
      initial: 'idle',
      on: {
        'page.changed': { guard: 'otherPage', target: 'loading', actions: 'followUrl' },
      },
      states: {
        idle: {
          on: {
            'user.remove': { guard: 'listed', target: 'removing', actions: 'takeOut' },
            'user.page': {
              guard: 'otherPage',
              target: '#favoriteList.loading',
              actions: ['turnPage', { type: 'syncUrl', params: ({ event }) => ({ page: event.page }) }],
            },
          },
        },
        removing: {
          invoke: {
            id: 'removeFavorite',
            src: 'removeFavorite',
            input: ({ context }) => ({ id: context.removed?.item.id ?? '' }),
            onDone: { target: 'removed', actions: 'settleRemoval' },
            onError: { target: 'idle', actions: ['putBack', 'notifyFailed'] },
          },
        },
        removed: {
          on: {
            'user.undo': { guard: 'canUndo', target: 'undoing' },
            'user.dismiss': { target: 'idle', actions: 'forget' },
            'user.remove': { guard: 'listed', target: 'removing', actions: 'takeOut' },
            'user.page': {
              guard: 'otherPage',
              target: '#favoriteList.loading',
              actions: ['turnPage', { type: 'syncUrl', params: ({ event }) => ({ page: event.page }) }],
            },
          },
        },
        undoing: {
          invoke: {
            id: 'restoreFavorite',
            src: 'restoreFavorite',
            input: ({ context }) => ({ id: context.removed?.item.id ?? '', added: context.removed?.item.created_at ?? 0 }),
            onDone: { target: 'idle', actions: ['putBack', 'settleRestore'] },
            onError: { target: 'removed', actions: assign({ undoFailed: true }) },
          },
        },
      },
    },
  },
});

/** A running favoriteListMachine, as the account section gets it. */
export type FavoriteListActorRef = ActorRefFrom<typeof favoriteListMachine>;
