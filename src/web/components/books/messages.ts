import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BookFlag } from '../../../../machines/book-list/items';
import { type BookSort, CONVERSION_ERROR_CODES, type ConversionErrorCode } from '../../../contracts/books';

/**
 * Messages of the book list chosen at run time (sort labels the server names by id, error codes, flags,
 * alerts the machine pushes). Declared with explicit ids so `lingui extract` finds them.
 */

/** SPEC §8 alerts of the list's edits and deletes (machines/book-list/outcome.ts). */
export const BOOK_LIST_ALERTS: MessageDescriptor[] = [
  msg({ id: 'publish.error', message: 'Something went wrong. Please try again.' }),
  msg({ id: 'publish.updateSuccess', message: 'Your changes are saved.' }),
  msg({ id: 'book.delete.success', message: '{count, plural, one {The publication is deleted.} other {# publications are deleted.}}' }),
];

/** Labels of `sortby.available` (the server sends `book.sort.<id>`). */
export const SORT_LABELS: Record<BookSort, MessageDescriptor> = {
  date_desc: msg({ id: 'book.sort.date_desc', message: 'Newest first' }),
  date_asc: msg({ id: 'book.sort.date_asc', message: 'Oldest first' }),
  name_asc: msg({ id: 'book.sort.name_asc', message: 'Title A–Z' }),
  name_desc: msg({ id: 'book.sort.name_desc', message: 'Title Z–A' }),
};
const SORT_BY_LABEL = new Map<string, MessageDescriptor>(Object.values(SORT_LABELS).map((d) => [d.id, d]));
/** The descriptor of a server label id (with its English fallback for builds without catalogs). */
export const sortLabel = (label: string): MessageDescriptor => SORT_BY_LABEL.get(label) ?? { id: label };

/** SPEC §4: a code-specific tooltip for a failed conversion (`book.error.code.<CODE>`). */
export const ERROR_CODE_TEXT: Record<ConversionErrorCode, MessageDescriptor> = {
  ENCRYPTED: msg({
    id: 'book.error.code.ENCRYPTED',
    message: 'The document is protected by a password. Remove the protection and publish it again.',
  }),
  CORRUPT: msg({ id: 'book.error.code.CORRUPT', message: 'The file is damaged and could not be read.' }),
  EMPTY: msg({ id: 'book.error.code.EMPTY', message: 'The file is empty.' }),
  NO_PAGES: msg({ id: 'book.error.code.NO_PAGES', message: 'The document has no pages.' }),
  UNSUPPORTED: msg({ id: 'book.error.code.UNSUPPORTED', message: 'This type of file cannot be converted.' }),
  UNSAFE_ARCHIVE: msg({ id: 'book.error.code.UNSAFE_ARCHIVE', message: 'The file expands far beyond its size and was refused as unsafe.' }),
  TIMEOUT: msg({ id: 'book.error.code.TIMEOUT', message: 'The conversion took too long. Try a smaller document.' }),
  TOO_MANY_PAGES: msg({ id: 'book.error.code.TOO_MANY_PAGES', message: 'The document has more pages than a publication can hold.' }),
  FAILED: msg({ id: 'book.error.code.FAILED', message: 'The conversion failed. Please publish the document again.' }),
};
export const UNKNOWN_ERROR_CODE = ERROR_CODE_TEXT.FAILED;
export const errorCodeText = (code: string | null): MessageDescriptor =>
  (CONVERSION_ERROR_CODES as readonly string[]).includes(code ?? '') ? ERROR_CODE_TEXT[code as ConversionErrorCode] : UNKNOWN_ERROR_CODE;

/** Codes the help centre explains (what to do with the file), at `{QUIRE_HELP_URL}#error-<code>`. */
export const HELP_LINK_CODES: readonly ConversionErrorCode[] = ['ENCRYPTED', 'UNSUPPORTED', 'UNSAFE_ARCHIVE', 'TOO_MANY_PAGES'];

export const FLAG_LABELS: Record<BookFlag, MessageDescriptor> = {
  blocked: msg({ id: 'book.flag.blocked', message: 'Blocked' }),
  scheduled: msg({ id: 'book.flag.scheduled', message: 'Scheduled' }),
  deactivated: msg({ id: 'book.flag.deactivated', message: 'Deactivated' }),
  private: msg({ id: 'book.flag.private', message: 'Private' }),
  featured: msg({ id: 'book.flag.featured', message: 'Featured' }),
  explicit: msg({ id: 'book.flag.explicit', message: 'Explicit' }),
};
