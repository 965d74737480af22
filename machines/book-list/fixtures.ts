import type { BookListItem, DocumentStatus, PagedList } from '../../src/contracts/books';
import { BOOK_SORTS, DEFAULT_PAGE_SIZE } from '../../src/contracts/books';

/**
 * Book list items in every status and with every flag (SPEC §4), for the path tests, the unit tests and
 * the stories. `publication` is a fixed instant so stories and tests render the same date.
 */

export const PUBLICATION = 1_767_268_800; // 2026-01-01T12:00:00Z

export function makeBook(id: string, overrides: Partial<BookListItem> = {}, status: DocumentStatus = 'DONE'): BookListItem {
  const converting = status !== 'DONE' && status !== 'ERROR';
  // Thumbnails exist once a conversion is done (null while converting, none after a failure).
  const thumb = (size: number) => (status === 'DONE' ? `/thumbs/${id}/${size}.webp` : null);
  return {
    id,
    name: `Book ${id}`,
    image: { small: thumb(120), medium: thumb(300), large: thumb(600) },
    url: { overview: `/read/${id}` },
    account: { name: 'Ada', url: { overview: '/ada' } },
    document: {
      status,
      error_code: status === 'ERROR' ? 'ENCRYPTED' : null,
      pages_done: converting ? 3 : 12,
      pages_total: converting ? 12 : 12,
    },
    is_valid: true,
    invalid_reason: null,
    is_scheduled: false,
    publication: PUBLICATION,
    is_published: true,
    is_awarded: false,
    is_adult: false,
    publishing_mode: 1,
    ...overrides,
  };
}

/** A public finished book and a private one (both selectable). */
export const donePublic = makeBook('b1', { name: 'Annual report 2025' });
export const donePrivate = makeBook('b2', { name: 'Board minutes', publishing_mode: 2 });
export const converting = makeBook('b3', { name: 'Catalogue spring' }, 'CONVERTING');
export const failed = makeBook('b4', { name: 'Locked brochure' }, 'ERROR');
export const blocked = makeBook('b5', { name: 'Removed flyer', is_valid: false, invalid_reason: 'Copyright claim' });

/** Every flag and status, for stories (SPEC §4). */
export const showcase: BookListItem[] = [
  makeBook('s1', { name: 'A very long publication title that goes on well past forty characters' }),
  makeBook('s2', { name: 'Spring catalogue', is_scheduled: true, is_published: false, publication: PUBLICATION }),
  makeBook('s3', { name: 'Old price list', is_published: false }),
  makeBook('s4', { name: 'Award winner', is_awarded: true }),
  makeBook('s5', { name: 'Adults only', is_adult: true }),
  makeBook('s6', { name: 'Removed flyer', is_valid: false, invalid_reason: 'Copyright claim' }),
  makeBook('s7', { name: 'Blocked without reason', is_valid: false, invalid_reason: null }),
  makeBook('s8', { name: 'Team handbook', publishing_mode: 2 }),
  makeBook('s9', { name: 'Just uploaded' }, 'QUEUED'),
  makeBook(
    's10',
    { name: 'Converting report', document: { status: 'CONVERTING', error_code: null, pages_done: 7, pages_total: 20 } },
    'CONVERTING',
  ),
  makeBook('s11', { name: 'Password protected' }, 'ERROR'),
  makeBook('s12', { name: 'Damaged file', document: { status: 'ERROR', error_code: 'CORRUPT', pages_done: 0, pages_total: 0 } }, 'ERROR'),
];

export const SORT_OPTIONS = BOOK_SORTS.map((id) => ({ id, label: `book.sort.${id}` }));

export function pageOf(list: BookListItem[], total: number = list.length, start = 0): PagedList<BookListItem> {
  return {
    list,
    total,
    start,
    step: { current: DEFAULT_PAGE_SIZE },
    sortby: { available: SORT_OPTIONS, selected: 'date_desc' },
    currency: null,
    from: list.length ? start + 1 : 0,
    to: start + list.length,
    max: total,
    metadata: {},
    all: total,
  };
}

/** First of two pages: every status (b3 converts, so the page polls). */
export const fullPage = pageOf([donePublic, donePrivate, converting, failed, blocked], 30);
/** Nothing converts: no polling. */
export const quietPage = pageOf([donePublic, donePrivate], 2);
export const emptyPage = pageOf([], 0);
/** The second page holding one book. */
export const lastOnePage = pageOf([donePublic], 26, 25);
/** Page 2 asked for while everything fits on page 1 (the URL is old, or books went away). */
export const beyondPage = pageOf([], 20, 25);
