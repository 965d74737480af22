import * as v from 'valibot';
import { type AccountMode, MAX_FILES_PREMIUM } from './accounts';
import { count, digitsAsNumber, epochMs, intIn, isCalendarDate, pageNumber, unixSeconds } from './limits';
import { isBackgroundValue, isHttpUrl, isSelectorValue, isSoundValue } from './presets';

/**
 * Publishing contracts (SPEC §3 Book, Book defaults, Book list item, Stack item, Paged list response;
 * §5 Files; §7 Preflight, Upload, Books, Edit book; §9 limits; DESIGN §8). Shared by the server
 * (input validation, answers) and the client (file checks before anything is sent, response parsing).
 * Messages are message ids, never English.
 */

// ── Constants (SPEC §6, §9) ──────────────────────────────────────────────────────────────────────
// Max files per upload (an account mode's limit, kept beside the modes: the app's first load needs it).
export { MAX_FILES_BASIC, MAX_FILES_PREMIUM, maxFilesFor } from './accounts';
/** Default page size and first page of lists (SPEC §9). */
export const DEFAULT_PAGE_SIZE = 25;
export const FIRST_PAGE = 1;
export const MAX_PAGE_SIZE = 200;
/** Titles in lists are truncated at 40 characters (120 in a dropdown header). */
export const TITLE_TRUNCATE = 40;
export const TITLE_TRUNCATE_HEADER = 120;
export const BOOK_NAME_MAX = 255;
export const BOOK_DESCRIPTION_MAX = 5000;
/** Ids in one bulk edit or delete. */
export const BULK_MAX = 200;
export const DEFAULT_SKIN = '2021';

/** Publishing mode: 1 public, 2 private (SPEC §3). */
export const PUBLISHING_MODES = [1, 2] as const;
export type PublishingMode = (typeof PUBLISHING_MODES)[number];

/**
 * document.status (SPEC §4): DONE is normal, ERROR is an error with a code, anything else is
 * "converting" (QUEUED waits for a worker, CONVERTING has progress).
 */
export const DOCUMENT_STATUSES = ['QUEUED', 'CONVERTING', 'DONE', 'ERROR'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** What the upload page shows of a book while it converts (read from the upload answer and `book/get`). */
export interface BookProgress {
  id: string;
  /** SPEC §4: DONE is ready, ERROR failed, anything else converting. */
  status: DocumentStatus | string;
  /** document.error_code of a failed conversion. */
  errorCode: string | null;
  pagesDone: number;
  pagesTotal: number;
  /** image.small once the first page is rendered. */
  thumbnail: string | null;
}

/**
 * document.error_code of a book whose conversion failed. Each has a translated tooltip
 * (`book.error.code.<code>`) in the book list and, for some, a help link.
 */
export const CONVERSION_ERROR_CODES = [
  'ENCRYPTED', // password-protected PDF
  'CORRUPT', // unreadable PDF / office file
  'EMPTY', // zero bytes
  'NO_PAGES', // a document without pages
  'UNSUPPORTED', // the content is not one of the accepted types
  'UNSAFE_ARCHIVE', // an OOXML/ODF container that expands beyond the limits (zip bomb)
  'TIMEOUT', // a step ran past its time limit on every attempt
  'TOO_MANY_PAGES',
  'FAILED', // anything else after the last retry
] as const;
export type ConversionErrorCode = (typeof CONVERSION_ERROR_CODES)[number];

/** Accepted document kinds, recognised from the content (magic bytes, OOXML/ODF container), never the name. */
export const DOCUMENT_KINDS = [
  'pdf',
  'docx',
  'dotx',
  'pptx',
  'potx',
  'ppsx',
  'xlsx',
  'xltx',
  // Macro-enabled OOXML: converted with macros disabled; the original is not kept once converted.
  'docm',
  'dotm',
  'pptm',
  'potm',
  'ppsm',
  'xlsm',
  'xltm',
  'odt',
  'ott',
  'odp',
  'otp',
  'ods',
  'ots',
  'doc',
  'ppt',
  'xls',
  'rtf',
  'txt',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** File name extensions the publish modal accepts (SPEC §5 allowed types), for the chooser and the first check. */
export const ACCEPTED_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.dot',
  '.dotx',
  '.ppt',
  '.pptx',
  '.pps',
  '.ppsx',
  '.pot',
  '.potx',
  '.xls',
  '.xlsx',
  '.xlt',
  '.xltx',
  '.docm',
  '.dotm',
  '.pptm',
  '.potm',
  '.ppsm',
  '.xlsm',
  '.xltm',
  '.odt',
  '.ott',
  '.odp',
  '.otp',
  '.ods',
  '.ots',
  '.rtf',
  '.txt',
] as const;
/** Human-readable groups of accepted types shown in the publish modal. */
export const ACCEPTED_TYPE_GROUPS = ['PDF', 'Word', 'PowerPoint', 'Excel', 'OpenDocument', 'RTF', 'TXT'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

export const hasAcceptedExtension = (name: string): boolean => {
  const lower = name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
};

// ── File checks before anything is sent (SPEC §5 Files) ───────────────────────────────────────────
export type FileProblem =
  | { id: 'publish.msg.nofile' }
  | { id: 'publish.msg.filesize.empty'; name: string }
  | { id: 'publish.msg.filesize.limit'; name: string; limit: number }
  | { id: 'publish.msg.maxfiles'; limit: number }
  | { id: 'publish.msg.type'; name: string };

/** Validates a selection for an account: the first problem of the whole selection, then per file. */
export function checkFiles(
  files: readonly { name: string; size: number }[],
  limits: { filesize: number; maxFiles: number },
): FileProblem[] {
  if (files.length === 0) return [{ id: 'publish.msg.nofile' }];
  if (files.length > limits.maxFiles) return [{ id: 'publish.msg.maxfiles', limit: limits.maxFiles }];
  const problems: FileProblem[] = [];
  for (const f of files) {
    if (!hasAcceptedExtension(f.name)) problems.push({ id: 'publish.msg.type', name: f.name });
    else if (f.size === 0) problems.push({ id: 'publish.msg.filesize.empty', name: f.name });
    else if (f.size > limits.filesize) problems.push({ id: 'publish.msg.filesize.limit', name: f.name, limit: limits.filesize });
  }
  return problems;
}

// ── Book (SPEC §3) ────────────────────────────────────────────────────────────────────────────────
export const DOCUMENT_VIEWS = ['auto', 'book', 'scroll', 'slide'] as const;
export const LICENSE_MODES = ['', 'by', 'by_nc', 'by_nc_nd', 'by_nc_sa', 'by_nd', 'by_sa', 'pd'] as const;
export type LicenseMode = (typeof LICENSE_MODES)[number];
/**
 * What each licence mode is: its Creative Commons deed (4.0) and name, never translated ('' = all
 * rights reserved and 'pd' = public domain have no deed of that kind: CC0 for the public domain).
 */
export const LICENSE_DEEDS: Readonly<Record<Exclude<LicenseMode, ''>, { name: string; url: string }>> = {
  by: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  by_nc: { name: 'CC BY-NC 4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
  by_nc_nd: { name: 'CC BY-NC-ND 4.0', url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/' },
  by_nc_sa: { name: 'CC BY-NC-SA 4.0', url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/' },
  by_nd: { name: 'CC BY-ND 4.0', url: 'https://creativecommons.org/licenses/by-nd/4.0/' },
  by_sa: { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  pd: { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
};
export const COMMENT_MODES = [0, 1, 4] as const;
/** download_mode / print_mode: checked 2, unchecked 0 (1 = the account default, SPEC §3 Book defaults). */
export const FILE_MODES = [0, 1, 2] as const;

const bit = v.picklist([0, 1] as const);
const intFrom = <T extends readonly number[]>(values: T) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+$/), v.transform(Number))]),
    v.picklist(values as unknown as number[] as T[number][]),
  );
/**
 * Presentation values (SPEC §5; owned with the presets, src/contracts/presets.ts): optional, '' or null
 * clears; otherwise the field's rule. Never `javascript:`, `data:` or relative URLs.
 */
const presentationValue = (valid: (value: string) => boolean, message: 'validation.url' | 'validation.invalid') =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(2048, 'validation.max'),
        v.check((value) => value === '' || valid(value), message),
      ),
    ),
  );

/** The settings a book carries besides its identity (SPEC §3 Book). Every field optional in updates. */
export const BookSettingsSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(BOOK_NAME_MAX, 'validation.max'))),
  description: v.optional(v.pipe(v.string(), v.maxLength(BOOK_DESCRIPTION_MAX, 'validation.max'))),
  is_adult: v.optional(intFrom([0, 1] as const)),
  adult_mode: v.optional(intFrom([0, 1] as const)),
  'document.view': v.optional(v.picklist(DOCUMENT_VIEWS)),
  'skin.url': presentationValue(isSelectorValue, 'validation.invalid'),
  'bg.url': presentationValue(isBackgroundValue, 'validation.invalid'),
  'logo.url': presentationValue(isSelectorValue, 'validation.invalid'),
  'logo.link': presentationValue(isHttpUrl, 'validation.url'),
  'music.url': presentationValue(isSoundValue, 'validation.url'),
  'music.mode': v.optional(intFrom([0, 1] as const)),
  'sfx.url': presentationValue(isSoundValue, 'validation.url'),
  'sfx.mode': v.optional(intFrom([0, 1] as const)),
  read_mode: v.optional(intFrom([0, 1] as const)),
  comment_mode: v.optional(intFrom(COMMENT_MODES)),
  download_mode: v.optional(intFrom(FILE_MODES)),
  print_mode: v.optional(intFrom(FILE_MODES)),
  share_mode: v.optional(intFrom([0, 1] as const)),
  license_mode: v.optional(v.picklist(LICENSE_MODES)),
  publishing_mode: v.optional(intFrom(PUBLISHING_MODES)),
  private_url: v.optional(intFrom([0, 1] as const)),
  subscribe_mode: v.optional(intFrom([0, 1] as const)),
  'subscription.id': v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  /** YYYY-MM-DD, a real day from 1900 to 2100. */
  date: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid'), v.check(isCalendarDate, 'validation.invalid'))),
  /** Scheduled publication, unix seconds up to the end of 2100 (a past one means now); null = now. */
  publish_date: v.optional(v.nullable(unixSeconds())),
  /** Active (1) or deactivated (0) by its owner. */
  is_published: v.optional(bit),
});
export type BookSettings = v.InferOutput<typeof BookSettingsSchema>;

/** The presentation choices "save as presets" keeps for later uploads (config.bookPresets, SPEC §3). */
export const PRESET_FIELDS = [
  'document.view',
  'read_mode',
  'skin.url',
  'bg.url',
  'logo.url',
  'logo.link',
  'music.url',
  'music.mode',
  'sfx.url',
  'sfx.mode',
] as const satisfies readonly (keyof BookSettings)[];

/** Book defaults (SPEC §3); free accounts have no download or print prefilled. */
export function bookDefaults(
  mode: AccountMode,
  today: string,
): Required<
  Pick<
    BookSettings,
    'document.view' | 'read_mode' | 'publishing_mode' | 'date' | 'share_mode' | 'comment_mode' | 'download_mode' | 'print_mode' | 'skin.url'
  >
> {
  const files = mode === 'FREE' ? 0 : 1;
  return {
    'document.view': 'auto',
    read_mode: 0,
    publishing_mode: 1,
    date: today,
    share_mode: 1,
    comment_mode: 4,
    download_mode: files,
    print_mode: files,
    'skin.url': DEFAULT_SKIN,
  };
}

export interface BookImages {
  small: string | null;
  medium: string | null;
  large: string | null;
}

/** Conversion progress of a book that is not DONE yet. */
export interface DocumentProgress {
  status: DocumentStatus;
  error_code: ConversionErrorCode | null;
  /** Pages converted so far and the page count (0 until known). */
  pages_done: number;
  pages_total: number;
}

/** A book as its owner sees it (get, create, update answers). */
export interface Book extends Required<Omit<BookSettings, 'publish_date' | 'is_published'>> {
  id: string;
  files: { name: string; size: number; kind: DocumentKind }[];
  is_scheduled: boolean;
  /** Publication time, unix seconds. */
  publication: number;
  publish_date: number | null;
  is_published: boolean;
  image: BookImages;
  /** private: the private link (publishing_mode 2 with private_url 1), for its owner to share. */
  url: { overview: string; viewer: string; private?: string };
  document: DocumentProgress & { pages: number; direction: 'ltr' | 'rtl' };
  /** Creation time of the upload job (ms); the upload page polls until DONE/ERROR. */
  start_time: number;
  triggers: unknown[];
}

/** Book list item (SPEC §3). */
export interface BookListItem {
  id: string;
  name: string;
  image: BookImages;
  url: { overview: string };
  account: { name: string; url: { overview: string } };
  document: DocumentProgress;
  is_valid: boolean;
  invalid_reason: string | null;
  is_scheduled: boolean;
  /** Unix seconds. */
  publication: number;
  is_published: boolean;
  is_awarded: boolean;
  is_adult: boolean;
  publishing_mode: PublishingMode;
}

/** Stack item (SPEC §3): a group of books; type 1 is private. */
export interface StackItem {
  stats: { books: number };
  type: number;
  items: { image: BookImages }[];
}

export interface SortOption {
  id: string;
  /** Message id of its label. */
  label: string;
}

/** Paged list response (SPEC §3). */
export interface PagedList<T> {
  list: T[];
  total: number;
  start: number;
  step: { current: number };
  sortby: { available: SortOption[]; selected: string };
  currency: string | null;
  from: number;
  to: number;
  max: number;
  metadata: Record<string, unknown>;
  all: number;
}

/** Sort options of the book list. */
export const BOOK_SORTS = ['date_desc', 'date_asc', 'name_asc', 'name_desc'] as const;
export type BookSort = (typeof BOOK_SORTS)[number];

// ── Calls (SPEC §7, DESIGN §8) ────────────────────────────────────────────────────────────────────

/** GET {api}/account/book/?start&step&sortby&search. */
export const BookListQuerySchema = v.object({
  start: pageNumber(0, 1_000_000),
  step: pageNumber(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  sortby: v.optional(v.picklist(BOOK_SORTS), 'date_desc'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
});
export type BookListQuery = v.InferOutput<typeof BookListQuerySchema>;

/** GET {data}/account/book/preflight?publishing_mode&name&size → {host}. */
export const PreflightQuerySchema = v.object({
  publishing_mode: v.optional(intFrom(PUBLISHING_MODES), 1),
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('publish.msg.nofile'), v.maxLength(BOOK_NAME_MAX, 'validation.max')),
  size: v.pipe(v.union([v.number(), digitsAsNumber()]), count()),
});
export type PreflightQuery = v.InferOutput<typeof PreflightQuerySchema>;
export interface PreflightContent {
  /** Base URL of the upload host: the upload goes to `{host}/pinwheel/document/create`. */
  host: string;
  /** Largest accepted size in bytes for this account. */
  limit: number;
}

/** Form fields sent with the file (SPEC §7 Upload): book settings, start_time, delay, upload_mode=html. */
export const UploadFieldsSchema = v.object({
  ...BookSettingsSchema.entries,
  /** When the client started the upload (epoch ms). */
  start_time: v.optional(v.pipe(v.union([v.number(), digitsAsNumber()]), epochMs())),
  /** Position of the file in its batch (SPEC §9: the delay grows by 1 per file). */
  delay: v.optional(v.pipe(v.union([v.number(), digitsAsNumber()]), intIn(0, MAX_FILES_PREMIUM))),
  upload_mode: v.optional(v.picklist(['html'])),
});

/** Edit book: changed fields plus one id or a list of ids (SPEC §7). */
export const BookUpdateRequestSchema = v.object({
  ...BookSettingsSchema.entries,
  id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.minLength(1), v.maxLength(BULK_MAX))),
  start_time: v.optional(epochMs()),
});
export type BookUpdateRequest = v.InferOutput<typeof BookUpdateRequestSchema>;

/** Renew the private link (POST {api}/account/book/private/renew): `{id}`; answers the Book with its new url.private. */
export const BookRenewRequestSchema = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });

/** Delete: `{id}` or `{ids}`. */
export const BookDeleteRequestSchema = v.object({
  id: v.optional(v.pipe(v.string(), v.maxLength(64))),
  ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.minLength(1), v.maxLength(BULK_MAX))),
});

/** Per-item result of a bulk edit or delete (SPEC §7: per-item content with status and code). */
export interface BulkItemResult {
  id: string;
  status: 'ok' | 'error';
  code?: number;
  book?: BookListItem;
}
