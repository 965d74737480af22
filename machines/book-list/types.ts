import type { BookListItem, PublishingMode, SortOption } from '../../src/contracts/books';
import type { ListQuery } from './items';
import type { Outcome, Pending } from './outcome';

/** Context, events and actor inputs of the book list machine (machines/book-list.machine.ts). */

export interface BookListContext {
  /** What the URL (or the user) asks for. */
  query: ListQuery;
  /** The query of the page on screen; differs from `query` while a change waits for a running edit. */
  loaded: ListQuery | null;
  /** The search box text; applied to `query.search` after a pause or on Enter. */
  searchText: string;
  items: BookListItem[];
  total: number;
  step: number;
  sorts: SortOption[];
  /** The sort the server applied (the select shows it when the URL names none). */
  selectedSort: string | null;
  /** Ids of selected books (only selectable ones of the page on screen). */
  selected: string[];
  /** Ids waiting for the delete confirmation. */
  confirm: string[] | null;
  /** The optimistic change the server has not answered yet. */
  pending: Pending | null;
  /** Message id of the last load failure. */
  loadError: string | null;
  /** The last edit or delete, for the aria-live summary. */
  outcome: Outcome | null;
  /** The dialog open over the list (the `dialog` region's payload). */
  dialog: ListDialog | null;
}

/**
 * A dialog over the list: the settings of one book or of the selection (bulk), the share modal of a book,
 * or the embed (widget) modal of a book or, with `book: null`, of the whole account's library.
 */
export type ListDialog =
  | { kind: 'settings'; ids: string[] }
  /** The share modal of a book or, with `book: null`, of the account's publisher page. */
  | { kind: 'share'; book: BookListItem | null }
  | { kind: 'embed'; book: BookListItem | null };

export type BookListEvent =
  /** The URL fragment changed (back/forward, a link): the list follows it. */
  | { type: 'query.changed'; query: ListQuery }
  | { type: 'user.page'; page: number }
  | { type: 'user.sort'; sort: string }
  | { type: 'user.searchInput'; text: string }
  /** Enter in the search box: apply now. */
  | { type: 'user.searchSubmit' }
  | { type: 'user.clearSearch' }
  | { type: 'user.retry' }
  | { type: 'user.toggle'; id: string }
  | { type: 'user.selectPage' }
  | { type: 'user.clearSelection' }
  | { type: 'user.deleteOne'; id: string }
  | { type: 'user.deleteSelected' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.setMode'; mode: PublishingMode }
  | { type: 'user.openSettings'; id: string }
  /** Settings of the selection (bulk edit). */
  | { type: 'user.openBulkSettings' }
  | { type: 'user.openShare'; id: string }
  | { type: 'user.openEmbed'; id: string }
  /** The account widget ("Embed library"). */
  | { type: 'user.openEmbedLibrary' }
  /** Share the account's publisher page. */
  | { type: 'user.openShareAccount' }
  /** The open dialog closed; `saved` (settings) reloads the page. */
  | { type: 'dialog.closed'; saved?: boolean }
  /** Internal: the search pause ended. */
  | { type: 'search.settled' }
  /** Internal: the query changed; the list region decides whether to load now or after the edit. */
  | { type: 'list.reload' };

export interface BookListInput {
  query?: ListQuery;
}

export interface LoadInput {
  query: ListQuery;
  step: number;
}
export interface DeleteInput {
  ids: string[];
}
export interface UpdateInput {
  ids: string[];
  fields: { publishing_mode: PublishingMode };
}
