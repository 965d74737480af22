import type { BulkItemResult } from '../../src/contracts/books';
import { type BookListContext, bookListMachine } from '../book-list.machine';
import type { MachineEntry } from '../registry-types';
import { beyondPage, emptyPage, fullPage, lastOnePage, quietPage } from './fixtures';
import { DEFAULT_QUERY, pageCount, sameQuery } from './items';

/** Registry entry of the book list machine (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
/** An event offered to the explorer (payloads included). */
type Offered = { type: string; [key: string]: unknown };
const ctx = (s: Snap) => s.context as BookListContext;
const value = (s: Snap) => s.value as { search: string; list: unknown; dialog: string };

const ids = (c: BookListContext) => c.items.map((i) => `${i.id}:${i.publishing_mode}`).join(',');
const BASE_PAGES = new Set([ids({ items: fullPage.list } as BookListContext), ids({ items: quietPage.list } as BookListContext), 'b1:1']);
const isDefault = (c: BookListContext) => c.query.page === 1 && c.query.sort === null && c.query.search === '';
const networkError = { name: 'ApiCallError', kind: 'network', status: 0, message: 'network' };
const allOk = (list: string[]): BulkItemResult[] => list.map((id) => ({ id, status: 'ok' }));
/** The first id refused with a code, the others accepted (a partial failure). */
const firstRefused = (list: string[], code: number): BulkItemResult[] =>
  list.map((id, i) => (i === 0 ? { id, status: 'error', code } : { id, status: 'ok' }));

function listEvents(c: BookListContext, list: string): Offered[] {
  const pendingIds = c.pending?.ids ?? [];
  const base = BASE_PAGES.has(ids(c));
  return [
    // Query changes: kept to the default query and one step away from it, so exploration ends.
    ...(isDefault(c)
      ? [
          { type: 'user.page', page: 2 },
          { type: 'user.sort', sort: 'name_asc' },
        ]
      : []),
    ...(c.query.page === 2 ? [{ type: 'user.page', page: 1 }] : []),
    ...(isDefault(c) ? [] : [{ type: 'query.changed', query: DEFAULT_QUERY }]),
    { type: 'user.retry' },
    { type: 'xstate.done.actor.loadBooks', output: fullPage },
    { type: 'xstate.done.actor.loadBooks', output: quietPage },
    { type: 'xstate.done.actor.loadBooks', output: emptyPage },
    ...(c.query.page === 2
      ? [
          { type: 'xstate.done.actor.loadBooks', output: lastOnePage },
          { type: 'xstate.done.actor.loadBooks', output: beyondPage },
        ]
      : []),
    { type: 'xstate.error.actor.loadBooks', error: networkError },
    { type: 'xstate.after.pollInterval.bookList.list.ready.browsing.idle' },
    { type: 'xstate.done.actor.refreshBooks', output: quietPage },
    { type: 'xstate.done.actor.refreshBooks', output: fullPage },
    { type: 'xstate.error.actor.refreshBooks', error: networkError },
    // Selection and edits only from the pages as loaded, not from every leftover of an edit.
    ...(base && list !== 'deleting' && list !== 'updating'
      ? [
          { type: 'user.toggle', id: 'b1' },
          { type: 'user.toggle', id: 'b2' },
          { type: 'user.selectPage' },
          { type: 'user.clearSelection' },
          { type: 'user.deleteOne', id: 'b4' },
          { type: 'user.deleteOne', id: 'b1' },
          { type: 'user.deleteSelected' },
          { type: 'user.setMode', mode: 2 },
          { type: 'user.setMode', mode: 1 },
        ]
      : []),
    { type: 'user.confirm' },
    { type: 'user.cancel' },
    { type: 'xstate.done.actor.deleteBooks', output: allOk(pendingIds) },
    { type: 'xstate.done.actor.deleteBooks', output: firstRefused(pendingIds, 423) },
    { type: 'xstate.error.actor.deleteBooks', error: networkError },
    { type: 'xstate.done.actor.updateBooks', output: allOk(pendingIds) },
    { type: 'xstate.done.actor.updateBooks', output: firstRefused(pendingIds, 409) },
    { type: 'xstate.error.actor.updateBooks', error: networkError },
  ];
}

/** Dialogs open only from a loaded default page at rest (b1 finished, b3 converting, b5 blocked). */
function dialogEvents(c: BookListContext, list: string): Offered[] {
  if (!isDefault(c) || !BASE_PAGES.has(ids(c)) || !list.includes('browsing')) return [];
  return [
    { type: 'user.openSettings', id: 'b1' },
    { type: 'user.openSettings', id: 'b5' },
    { type: 'user.openBulkSettings' },
    { type: 'user.openShare', id: 'b1' },
    { type: 'user.openShare', id: 'b3' },
    { type: 'user.openEmbed', id: 'b1' },
    { type: 'user.openEmbedLibrary' },
    { type: 'user.openShareAccount' },
  ];
}

export const bookListMachines: MachineEntry[] = [
  {
    id: 'book-list',
    title: 'Book list',
    description:
      'The publications of /account/book: pages of 25 from page 1 with the server’s sorts and a debounced search (all in the URL fragment), polling while a book converts, selection of finished valid books, and deletes and publishing-mode changes applied at once and restored per item when the server refuses.',
    machine: bookListMachine,
    paths: {
      input: { query: DEFAULT_QUERY },
      events: (s) => {
        const c = ctx(s);
        const v = value(s);
        const list = JSON.stringify(v.list);
        const search: Offered[] = [
          ...(c.searchText === '' && isDefault(c) ? [{ type: 'user.searchInput', text: ' x ' }] : []),
          { type: 'user.searchSubmit' },
          { type: 'user.clearSearch' },
          { type: 'xstate.after.searchDebounce.bookList.search.typing' },
        ];
        // While a dialog is open, only its closing: the regions would otherwise multiply.
        if (v.dialog !== 'none') return [{ type: 'dialog.closed' }, { type: 'dialog.closed', saved: true }];
        // While the search box waits, only search events (same reason).
        if (v.search === 'typing') return search;
        return [
          ...search,
          ...listEvents(c, list.includes('deleting') ? 'deleting' : list.includes('updating') ? 'updating' : list),
          ...dialogEvents(c, list),
        ];
      },
      // Only what guards read: while loading (or failed) the old page does not matter; in a page, whether
      // it is stale, the items with their modes, the page count, the selection as a set.
      serializeState: (s) => {
        const c = ctx(s);
        const list = JSON.stringify(value(s).list);
        const page =
          list === '"loading"' || list === '"failed"' ? '-' : [ids(c), pageCount(c.total, c.step), sameQuery(c.query, c.loaded)].join('|');
        return [
          JSON.stringify(s.value),
          JSON.stringify(c.query),
          page,
          [...c.selected].sort().join(','),
          c.confirm?.join(',') ?? '-',
          c.pending?.action ?? '-',
          c.pending?.ids.join(',') ?? '-',
          c.searchText,
        ].join('|');
      },
      limit: 5000,
    },
  },
];
