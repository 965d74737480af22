import type { ReaderContext } from '../reader.machine';
import { readerMachine } from '../reader.machine';
import type { MachineEntry } from '../registry-types';
import { commentsEntry } from './comments.entry';
import { adultBook, convertingBook, convertingBookLater, sampleBook } from './fixtures';
import { leadsEntry } from './leads.entry';

/** Registry entry of the reader machine (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
/** An event offered to the explorer (payloads included). */
type Offered = { type: string; [key: string]: unknown };
type Reading = { zoom: string; panel: string | Record<string, string>; screen: string; share: string; more: string; progress: string };
const ctx = (s: Snap) => s.context as ReaderContext;
const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

/** Reading with every region at rest (navigation and modes are explored only from here). */
const atRest = (r: Reading) => r.zoom === 'off' && r.panel === 'none' && r.screen === 'normal' && r.share === 'idle' && r.more === 'closed';
/** The "home" position (page 1, first mode, wide screen): the regions' own events are explored only from here. */
const atHome = (c: ReaderContext) => c.page === 1 && c.mode === 'auto' && c.viewport.width === WIDE.width;

function readingEvents(s: Snap): Offered[] {
  const r = (s.value as { reading: Reading }).reading;
  const c = ctx(s);
  const nav: Offered[] = atRest(r)
    ? [
        { type: 'nav.next' },
        { type: 'nav.prev' },
        { type: 'nav.first' },
        { type: 'nav.last' },
        { type: 'nav.go', page: 3 },
        { type: 'view.pageShown', page: 2 },
        ...(c.mode === 'auto' ? [{ type: 'user.mode', mode: 'scroll' }] : [{ type: 'user.mode', mode: 'auto' }]),
        { type: 'viewport.changed', ...(c.viewport.width === WIDE.width ? NARROW : WIDE) },
      ]
    : [];
  const regions: Offered[] =
    atHome(c) && r.more === 'closed'
      ? [
          { type: 'user.zoomIn', page: 1 },
          { type: 'user.zoomOut' },
          { type: 'user.zoomToggle' },
          { type: 'user.panel', panel: 'thumbnails' },
          { type: 'user.panel', panel: 'outline' },
          { type: 'user.panel', panel: 'search' },
          { type: 'user.closePanel' },
          { type: 'user.search', query: 'quire' },
          { type: 'user.search', query: ' q ' },
          { type: 'xstate.done.actor.search', output: [{ page: 2, excerpt: '… quire …', count: 1 }] },
          { type: 'xstate.error.actor.search', error: new Error('offline') },
          { type: 'user.fullscreen' },
          { type: 'screen.fullscreenChanged', on: true },
          { type: 'screen.fullscreenChanged', on: false },
          { type: 'user.share' },
          { type: 'xstate.done.actor.copyLink', output: undefined },
          { type: 'xstate.error.actor.copyLink', error: new Error('denied') },
          { type: 'xstate.after.shareFeedback.reader.reading.share.copied' },
          { type: 'xstate.after.shareFeedback.reader.reading.share.copyFailed' },
        ]
      : [];
  // The More menu is explored on its own (the other regions at rest), so it does not multiply them.
  const more: Offered[] =
    atHome(c) && r.zoom === 'off' && r.panel === 'none' && r.screen === 'normal' && r.share === 'idle'
      ? [{ type: 'user.moreToggle' }, { type: 'user.moreClose' }]
      : [];
  // Progressive reading: the book asked for again while it converts, from the home position at rest.
  const progress: Offered[] =
    atRest(r) && (r.progress === 'waiting' || r.progress === 'polling')
      ? [
          { type: 'xstate.after.poll.reader.reading.progress.waiting' },
          { type: 'xstate.done.actor.pollBook', output: convertingBook },
          { type: 'xstate.done.actor.pollBook', output: convertingBookLater },
          { type: 'xstate.done.actor.pollBook', output: sampleBook },
          { type: 'xstate.error.actor.pollBook', error: { failure: 'failed' } },
          { type: 'xstate.error.actor.pollBook', error: { failure: 'notFound' } },
          { type: 'xstate.error.actor.pollBook', error: new TypeError('Failed to fetch') },
        ]
      : [];
  // A book being converted (or whose conversion stopped) is explored for its progress only (and a zoom
  // on a page not drawn yet, refused): navigating it takes the same transitions as a whole book.
  if (c.book?.converting || r.progress === 'failed' || r.progress === 'stopped')
    return [...progress, ...(atRest(r) ? [{ type: 'user.zoomIn', page: 5 }] : [])];
  return [...nav, ...regions, ...more];
}

export const readerMachines: MachineEntry[] = [
  {
    id: 'reader',
    title: 'Reader',
    description:
      'The flipbook reader: load, explicit-content question, gate pages (with retry while converting), then reading with modes, navigation, zoom, panels, full screen, share and the toolbar More menu; the owner reads a book being converted as its pages come (progress), replaced in place once whole.',
    machine: readerMachine,
    paths: {
      input: { bookId: 'b1', page: 2, viewport: WIDE, explicitAccepted: false },
      events: (s) => {
        const v = s.value;
        if (v === 'loading')
          return [
            { type: 'xstate.done.actor.loadBook', output: sampleBook },
            { type: 'xstate.done.actor.loadBook', output: adultBook },
            { type: 'xstate.done.actor.loadBook', output: convertingBook },
            { type: 'xstate.error.actor.loadBook', error: { failure: 'failed' } },
            { type: 'xstate.error.actor.loadBook', error: { failure: 'converting' } },
            { type: 'xstate.error.actor.loadBook', error: { failure: 'private' } },
            { type: 'xstate.error.actor.loadBook', error: new TypeError('Failed to fetch') },
          ];
        if (v === 'consent') return [{ type: 'user.continue' }, { type: 'user.leave' }];
        if (v === 'failed') return [{ type: 'user.retry' }, { type: 'xstate.after.convertingRetry.reader.failed' }];
        if (typeof v === 'object' && v !== null && 'reading' in v) return readingEvents(s);
        return [];
      },
      serializeState: (s) => {
        const c = ctx(s);
        return `${JSON.stringify(s.value)}|${c.failure}|${c.page}|${c.mode}|${c.viewport.width}|${c.book?.id ?? ''}|${c.zoomPage}|${c.book?.converting?.pages_done ?? ''}`;
      },
      limit: 1000,
    },
  },
  commentsEntry,
  leadsEntry,
];
