import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ReaderBook, ReaderGate, ReaderSearchHit } from '../src/contracts/reader';
import { READER_CONVERTING_RETRY_MS, READER_POLL_FACTOR, READER_POLL_MAX_MS, READER_SHARE_FEEDBACK_MS } from './constants';
import { anchorPage, clampPage, resolveLayout, step, type ViewMode, type Viewport } from './reader/layout';

/**
 * The flipbook reader (issue "Reading"): loads the public book, asks first for explicit content
 * (SPEC §2 safe-mode modal), shows a clear page for the gates (not found, private, scheduled,
 * deactivated, blocked, still converting, offline), then reads: view mode, current page, zoom,
 * side panels (thumbnails, outline, search), full screen, share and the toolbar's "More" menu (what
 * does not fit in a narrow toolbar; the renderer measures, the machine holds open/closed). Geometry is pure
 * (machines/reader/layout.ts); the renderer (src/viewer) draws snapshots and sends events.
 *
 * Progressive reading (issue 14): the owner's reader may get a book still being converted
 * (`book.converting`: pages 1…pages_done drawn, the rest not yet). The `progress` region then asks for
 * the book again (`pollBook`, every READER_CONVERTING_RETRY_MS, slower while nothing changes), takes
 * each answer's progress, and once the book comes back whole replaces it in place (outline, links,
 * features) on the same page; a failed conversion or a book gone (deleted, blocked…) stops it.
 */

/** Why nothing is shown: the server's gates, a failed conversion (the owner's) and the network being unreachable. */
export type ReaderFailure = ReaderGate | 'failed' | 'offline';
export type ReaderPanel = 'thumbnails' | 'outline' | 'search';

export interface ReaderContext {
  bookId: string;
  token: string | null;
  book: ReaderBook | null;
  failure: ReaderFailure | null;
  /** Current page (1-based; in book layout the first page of the shown spread). */
  page: number;
  /** Page asked for by the deep link, applied once the book is known. */
  requestedPage: number | null;
  mode: ViewMode;
  viewport: Viewport;
  /** The reader already said "continue" to explicit content in this browser session. */
  explicitAccepted: boolean;
  /** The page shown zoomed (null: the current page). */
  zoomPage: number | null;
  query: string;
  hits: ReaderSearchHit[];
  /** The pause before the book is asked for again while it converts (backs off while nothing changes). */
  pollMs: number;
}

export interface ReaderInput {
  bookId: string;
  token?: string | null;
  page?: number | null;
  viewport: Viewport;
  explicitAccepted?: boolean;
  mode?: ViewMode;
}

export type ReaderEvent =
  | { type: 'user.continue' }
  | { type: 'user.leave' }
  | { type: 'user.retry' }
  | { type: 'nav.next' }
  | { type: 'nav.prev' }
  | { type: 'nav.first' }
  | { type: 'nav.last' }
  | { type: 'nav.go'; page: number }
  /** Scroll layout: the page now mostly in view (no scrolling back to it). */
  | { type: 'view.pageShown'; page: number }
  | { type: 'viewport.changed'; width: number; height: number }
  | { type: 'user.mode'; mode: ViewMode }
  | { type: 'user.zoomIn'; page?: number }
  | { type: 'user.zoomOut' }
  | { type: 'user.zoomToggle'; page?: number }
  | { type: 'user.panel'; panel: ReaderPanel }
  | { type: 'user.closePanel' }
  | { type: 'user.search'; query: string }
  | { type: 'user.fullscreen' }
  | { type: 'screen.fullscreenChanged'; on: boolean }
  | { type: 'user.share' }
  /** The toolbar's "More" menu: its button opens or closes it. */
  | { type: 'user.moreToggle' }
  /** Escape, a click outside, an item chosen, or nothing left to show in it. */
  | { type: 'user.moreClose' };

const FAILURES: readonly string[] = ['notFound', 'private', 'scheduled', 'deactivated', 'blocked', 'converting', 'failed', 'offline'];
/** Failures after which a book being converted is no longer asked for (it is gone for this reader). */
const GONE: readonly ReaderFailure[] = ['notFound', 'private', 'scheduled', 'deactivated', 'blocked'];
/** The load actor rejects with `{ failure }`; anything else counts as the network failing. */
export function failureOf(error: unknown): ReaderFailure {
  const f = (error as { failure?: unknown } | null)?.failure;
  return typeof f === 'string' && FAILURES.includes(f) ? (f as ReaderFailure) : 'offline';
}

const total = (c: ReaderContext) => c.book?.pages.length ?? 1;
/** The pages that have images: all, or pages_done of a book being converted. */
export const pagesReady = (book: ReaderBook | null): number =>
  book ? (book.converting ? book.converting.pages_done : book.pages.length) : 0;
const backoff = (ms: number) => Math.min(READER_POLL_MAX_MS, Math.round(ms * READER_POLL_FACTOR));
const outputOf = (event: unknown) => (event as { output: ReaderBook }).output;
const errorOf = (event: unknown) => failureOf((event as { error: unknown }).error);
const layoutOf = (c: ReaderContext) => resolveLayout(c.mode, c.viewport);
const moved = (c: ReaderContext, page: number) => anchorPage(layoutOf(c), clampPage(page, total(c)), total(c)) !== c.page;

/** The panel transitions of one open panel state: the same button closes it, another switches. */
const panelSwitch = (self: ReaderPanel | null) =>
  (['thumbnails', 'outline', 'search'] as const).map((p) =>
    p === self
      ? { guard: { type: 'panelIs' as const, params: { panel: p } }, target: 'none' }
      : { guard: { type: 'panelIs' as const, params: { panel: p } }, target: p },
  );

export const readerMachine = setup({
  types: {
    context: {} as ReaderContext,
    events: {} as ReaderEvent,
    input: {} as ReaderInput,
  },
  actors: {
    loadBook: fromPromise<ReaderBook, { id: string; token: string | null }>(async () => {
      throw { failure: 'offline' };
    }),
    search: fromPromise<ReaderSearchHit[], { id: string; token: string | null; query: string }>(async () => []),
    /** The book asked for again while it converts (the same call as loadBook, never the inlined copy). */
    pollBook: fromPromise<ReaderBook, { id: string; token: string | null }>(async () => {
      throw { failure: 'offline' };
    }),
    copyLink: fromPromise<void, { page: number }>(async () => {}),
  },
  delays: {
    convertingRetry: ({ context }) => context.pollMs,
    poll: ({ context }) => context.pollMs,
    shareFeedback: READER_SHARE_FEEDBACK_MS,
  },
  guards: {
    needsConsent: ({ context, event }) =>
      !context.explicitAccepted && (event as unknown as { output?: ReaderBook }).output?.is_adult === true,
    retryable: ({ context }) => context.failure === 'converting' || context.failure === 'offline',
    isConverting: ({ context }) => context.failure === 'converting',
    canNext: ({ context }) => step(layoutOf(context), context.page, total(context), 1) !== context.page,
    canPrev: ({ context }) => step(layoutOf(context), context.page, total(context), -1) !== context.page,
    notFirst: ({ context }) => context.page !== 1,
    notLast: ({ context }) => moved(context, total(context)),
    movesTo: ({ context, event }) => (event.type === 'nav.go' || event.type === 'view.pageShown') && moved(context, event.page),
    panelIs: ({ context, event }, { panel }: { panel: ReaderPanel }) =>
      event.type === 'user.panel' &&
      event.panel === panel &&
      (panel !== 'outline' || (context.book?.outline.length ?? 0) > 0) &&
      // Thumbnails and search need the whole book (every page's image, the text).
      !(context.book?.converting && (panel === 'thumbnails' || panel === 'search')),
    /** Zoom shows a page with an image (not one still being converted). */
    zoomable: ({ context, event }) => {
      const page = (event as { page?: number }).page ?? context.page;
      return page <= pagesReady(context.book);
    },
    bookConverting: ({ context }) => !!context.book?.converting,
    stillConverting: ({ event }) => !!outputOf(event).converting,
    conversionFailed: ({ event }) => errorOf(event) === 'failed',
    gone: ({ event }) => GONE.includes(errorOf(event)),
    queryValid: ({ event }) => event.type === 'user.search' && event.query.trim().length >= 2,
    canShare: ({ context }) => context.book?.share === true,
    fullscreenLeft: ({ event }) => event.type === 'screen.fullscreenChanged' && !event.on,
    fullscreenEntered: ({ event }) => event.type === 'screen.fullscreenChanged' && event.on,
  },
  actions: {
    /** Keeps `#page=N` in the address (history.replaceState); the viewer provides it. */
    syncHash: (_, _params: { page: number }) => {},
    /** Remembers "continue" to explicit content for this browser session; the viewer provides it. */
    rememberConsent: () => {},
    /** Leaves the reader (to the site root); the viewer provides it. */
    leave: () => {},
    enterFullscreen: () => {},
    exitFullscreen: () => {},
    setBook: assign(({ context, event }) => {
      const book = (event as unknown as { output: ReaderBook }).output;
      const count = book.pages.length;
      const mode = context.mode === 'auto' ? book.view : context.mode;
      const layout = resolveLayout(mode, context.viewport);
      return { book, mode, failure: null, page: anchorPage(layout, clampPage(context.requestedPage ?? 1, count), count) };
    }),
    setFailure: assign({ failure: ({ event }) => failureOf((event as unknown as { error: unknown }).error) }),
    /** The gate page asks again, each time a little later while the book is still converting. */
    backoff: assign({ pollMs: ({ context }) => backoff(context.pollMs) }),
    /** A newer answer for the book being converted: its progress (new pages), same page shown. */
    progressBook: assign(({ context, event }) => {
      const book = outputOf(event);
      const advanced = pagesReady(book) > pagesReady(context.book);
      return {
        book,
        page: anchorPage(layoutOf(context), clampPage(context.page, book.pages.length), book.pages.length),
        pollMs: advanced ? READER_CONVERTING_RETRY_MS : backoff(context.pollMs),
      };
    }),
    /** The finished book replaces the converting one in place: the reader stays on its page. */
    completeBook: assign(({ context, event }) => {
      const book = outputOf(event);
      const count = book.pages.length;
      return { book, page: anchorPage(layoutOf(context), clampPage(context.page, count), count), pollMs: READER_CONVERTING_RETRY_MS };
    }),
    setPollFailure: assign({ failure: ({ event }) => errorOf(event) }),
    goTo: assign(({ context }, { page }: { page: number }) => ({
      page: anchorPage(layoutOf(context), clampPage(page, total(context)), total(context)),
      zoomPage: null,
    })),
    reanchor: assign(({ context }) => ({ page: anchorPage(layoutOf(context), context.page, total(context)) })),
  },
}).createMachine({
  id: 'reader',
  context: ({ input }) => ({
    bookId: input.bookId,
    token: input.token ?? null,
    book: null,
    failure: null,
    page: 1,
    requestedPage: input.page ?? null,
    mode: input.mode ?? 'auto',
    viewport: input.viewport,
    explicitAccepted: input.explicitAccepted ?? false,
    zoomPage: null,
    query: '',
    hits: [],
    pollMs: READER_CONVERTING_RETRY_MS,
  }),
  initial: 'loading',
  on: {
    'viewport.changed': { actions: [assign({ viewport: ({ event }) => ({ width: event.width, height: event.height }) }), 'reanchor'] },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadBook',
        src: 'loadBook',
        input: ({ context }) => ({ id: context.bookId, token: context.token }),
        onDone: [
          { guard: 'needsConsent', target: 'consent', actions: 'setBook' },
          { target: 'reading', actions: 'setBook' },
        ],
        onError: { target: 'failed', actions: 'setFailure' },
      },
    },
    consent: {
      on: {
        'user.continue': { target: 'reading', actions: [assign({ explicitAccepted: true }), 'rememberConsent'] },
        'user.leave': { target: 'left' },
      },
    },
    left: { type: 'final', entry: 'leave' },
    failed: {
      on: { 'user.retry': { guard: 'retryable', target: 'loading' } },
      // A publication still converting is asked for again on its own.
      after: { convertingRetry: { guard: 'isConverting', target: 'loading', actions: 'backoff' } },
    },
    reading: {
      type: 'parallel',
      entry: { type: 'syncHash', params: ({ context }) => ({ page: context.page }) },
      on: {
        'nav.next': {
          guard: 'canNext',
          actions: [
            { type: 'goTo', params: ({ context }) => ({ page: step(layoutOf(context), context.page, total(context), 1) }) },
            { type: 'syncHash', params: ({ context }) => ({ page: context.page }) },
          ],
        },
        'nav.prev': {
          guard: 'canPrev',
          actions: [
            { type: 'goTo', params: ({ context }) => ({ page: step(layoutOf(context), context.page, total(context), -1) }) },
            { type: 'syncHash', params: ({ context }) => ({ page: context.page }) },
          ],
        },
        'nav.first': {
          guard: 'notFirst',
          actions: [
            { type: 'goTo', params: { page: 1 } },
            { type: 'syncHash', params: ({ context }) => ({ page: context.page }) },
          ],
        },
        'nav.last': {
          guard: 'notLast',
          actions: [
            { type: 'goTo', params: ({ context }) => ({ page: total(context) }) },
            { type: 'syncHash', params: ({ context }) => ({ page: context.page }) },
          ],
        },
        'nav.go': {
          guard: 'movesTo',
          actions: [
            { type: 'goTo', params: ({ event }) => ({ page: event.page }) },
            { type: 'syncHash', params: ({ context }) => ({ page: context.page }) },
          ],
        },
        'view.pageShown': {
          guard: 'movesTo',
          actions: [
            assign({ page: ({ context, event }) => clampPage(event.page, total(context)) }),
            { type: 'syncHash', params: ({ context }) => ({ page: context.page }) },
          ],
        },
        'user.mode': { actions: [assign({ mode: ({ event }) => event.mode }), 'reanchor'] },
      },
      states: {
        zoom: {
          initial: 'off',
          states: {
            off: {
              on: {
                'user.zoomIn': { guard: 'zoomable', target: 'on', actions: assign({ zoomPage: ({ event }) => event.page ?? null }) },
                'user.zoomToggle': { guard: 'zoomable', target: 'on', actions: assign({ zoomPage: ({ event }) => event.page ?? null }) },
              },
            },
            on: {
              on: {
                'user.zoomOut': { target: 'off', actions: assign({ zoomPage: null }) },
                'user.zoomToggle': { target: 'off', actions: assign({ zoomPage: null }) },
              },
            },
          },
        },
        panel: {
          initial: 'none',
          on: { 'user.closePanel': { target: '.none' } },
          states: {
            none: { on: { 'user.panel': panelSwitch(null) } },
            thumbnails: { on: { 'user.panel': panelSwitch('thumbnails') } },
            outline: { on: { 'user.panel': panelSwitch('outline') } },
            search: {
              initial: 'idle',
              on: {
                'user.panel': panelSwitch('search'),
                'user.search': { guard: 'queryValid', target: '.searching', actions: assign({ query: ({ event }) => event.query.trim() }) },
              },
              states: {
                idle: {},
                searching: {
                  invoke: {
                    id: 'search',
                    src: 'search',
                    input: ({ context }) => ({ id: context.bookId, token: context.token, query: context.query }),
                    onDone: { target: 'results', actions: assign({ hits: ({ event }) => event.output }) },
                    onError: { target: 'failed', actions: assign({ hits: [] }) },
                  },
                },
                results: {},
                failed: {},
              },
            },
          },
        },
        screen: {
          initial: 'normal',
          states: {
            normal: {
              on: {
                'user.fullscreen': { target: 'full', actions: 'enterFullscreen' },
                'screen.fullscreenChanged': { guard: 'fullscreenEntered', target: 'full' },
              },
            },
            full: {
              on: {
                'user.fullscreen': { target: 'normal', actions: 'exitFullscreen' },
                'screen.fullscreenChanged': { guard: 'fullscreenLeft', target: 'normal' },
              },
            },
          },
        },
        progress: {
          initial: 'check',
          states: {
            check: { always: [{ guard: 'bookConverting', target: 'waiting' }, { target: 'complete' }] },
            waiting: { after: { poll: { target: 'polling' } } },
            polling: {
              invoke: {
                id: 'pollBook',
                src: 'pollBook',
                input: ({ context }) => ({ id: context.bookId, token: context.token }),
                onDone: [
                  { guard: 'stillConverting', target: 'waiting', actions: 'progressBook' },
                  {
                    target: 'complete',
                    actions: ['completeBook', { type: 'syncHash', params: ({ context }) => ({ page: context.page }) }],
                  },
                ],
                onError: [
                  { guard: 'conversionFailed', target: 'failed', actions: 'setPollFailure' },
                  { guard: 'gone', target: 'stopped', actions: 'setPollFailure' },
                  // Offline or a hiccup: asked again, later each time.
                  { target: 'waiting', actions: 'backoff' },
                ],
              },
            },
            /** The book is whole (from the start, or once its conversion finished). */
            complete: {},
            /** The conversion failed: the pages read so far stay, the reader says so. */
            failed: {},
            /** The book is no longer readable here (deleted, blocked…): no more asking. */
            stopped: {},
          },
        },
        more: {
          initial: 'closed',
          states: {
            closed: { on: { 'user.moreToggle': { target: 'open' } } },
            open: { on: { 'user.moreToggle': { target: 'closed' }, 'user.moreClose': { target: 'closed' } } },
          },
        },
        share: {
          initial: 'idle',
          states: {
            idle: { on: { 'user.share': { guard: 'canShare', target: 'copying' } } },
            copying: {
              invoke: {
                id: 'copyLink',
                src: 'copyLink',
                input: ({ context }) => ({ page: context.page }),
                onDone: { target: 'copied' },
                onError: { target: 'copyFailed' },
              },
            },
            copied: { after: { shareFeedback: { target: 'idle' } } },
            copyFailed: { after: { shareFeedback: { target: 'idle' } } },
          },
        },
      },
    },
  },
});

export type ReaderActorRef = ActorRefFrom<typeof readerMachine>;
