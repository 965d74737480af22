import type { AccountMode } from '../../contracts/accounts';
import {
  type Book,
  type BookImages,
  type BookListItem,
  type BookSettings,
  bookDefaults,
  type ConversionErrorCode,
  type DocumentKind,
  type DocumentProgress,
  type DocumentStatus,
  type PublishingMode,
} from '../../contracts/books';
import { jsonObject } from '../accounts/views';
import type { Config } from '../config';
import type { BookRow } from '../db/schema';
import type { FileStore } from '../storage/index';
import { bookKeys, THUMB_SIZES, type ThumbSize } from '../storage/paths';
import { stored } from '../storage/serve';

/**
 * Books as clients see them (SPEC §3 Book, Book list item). A book row keeps the settings it
 * queries on in columns (name, description, publishing_mode, is_published, publish_at, is_adult) and
 * every other SPEC §3 setting in the `settings` JSON; these are the JSON ones.
 */
export const JSON_SETTINGS = [
  'adult_mode',
  'document.view',
  'skin.url',
  'bg.url',
  'logo.url',
  'logo.link',
  'music.url',
  'music.mode',
  'sfx.url',
  'sfx.mode',
  'read_mode',
  'comment_mode',
  'download_mode',
  'print_mode',
  'share_mode',
  'license_mode',
  'private_url',
  'subscribe_mode',
  'subscription.id',
  'date',
] as const satisfies readonly (keyof BookSettings)[];
export type JsonSetting = (typeof JSON_SETTINGS)[number];
export type JsonSettings = Pick<Book, JsonSetting>;

/** What a book reads as when its JSON lacks a setting (rows written before the setting existed). */
const FALLBACK: Omit<JsonSettings, 'date' | 'download_mode' | 'print_mode'> = {
  adult_mode: 0,
  'document.view': 'auto',
  'skin.url': '2021',
  'bg.url': null,
  'logo.url': null,
  'logo.link': null,
  'music.url': null,
  'music.mode': 0,
  'sfx.url': null,
  'sfx.mode': 0,
  read_mode: 0,
  comment_mode: 4,
  share_mode: 1,
  license_mode: '',
  private_url: 0,
  subscribe_mode: 0,
  'subscription.id': null,
};

export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The SPEC §3 defaults of a new book as stored JSON (free accounts: no download or print). */
export function defaultJsonSettings(mode: AccountMode, now: number): JsonSettings {
  const d = bookDefaults(mode, isoDay(now));
  return {
    ...FALLBACK,
    'document.view': d['document.view'],
    'skin.url': d['skin.url'],
    read_mode: d.read_mode,
    share_mode: d.share_mode,
    comment_mode: d.comment_mode,
    download_mode: d.download_mode,
    print_mode: d.print_mode,
    date: d.date,
  };
}

export function jsonSettingsOf(row: BookRow): JsonSettings {
  const stored = jsonObject(row.settings);
  const out: Record<string, unknown> = { ...FALLBACK, download_mode: 0, print_mode: 0, date: isoDay(row.created_at) };
  for (const key of JSON_SETTINGS) if (key in stored) out[key] = stored[key];
  return out as JsonSettings;
}

/** Everything to show about a book's files and URLs. */
export interface ViewContext {
  config: Pick<Config, 'hosts'>;
  now: number;
  /** The private link's token of a book (src/server/reader/access.ts), shown to its owner. */
  privateToken?: (book: BookRow) => string;
  /** The pages token of a book (reader/access.ts): a private book's thumbnail URLs carry it. */
  pagesToken?: (book: BookRow) => string;
  /** The book's triggers (SPEC §3 Book.triggers), read when given. */
  triggersOf?: (bookId: string) => Promise<unknown[]>;
  /** The file store (issue 19) a converting book's thumbnails are looked for in (another machine may be converting it). */
  storage: FileStore;
}

export const viewerUrl = (config: Pick<Config, 'hosts'>, bookId: string) => `${config.hosts.viewer}/read/${bookId}`;
export const publisherUrl = (accountId: string) => `/publisher/${accountId}`;
/**
 * url.overview: the public publication page for public books (cover, text, share), the reader for
 * private ones (their overview page would reveal nothing: it answers 404 to everyone).
 */
export const overviewUrl = (config: Pick<Config, 'hosts'>, row: Pick<BookRow, 'id' | 'publishing_mode'>) =>
  row.publishing_mode === 1 ? `/publication/${row.id}` : viewerUrl(config, row.id);
export const thumbUrl = (config: Pick<Config, 'hosts'>, row: Pick<BookRow, 'id' | 'revision'>, size: string) =>
  `${config.hosts.thumbs}/thumbs/${row.id}/${size}.webp?r=${row.revision}`;

/**
 * Thumbnail URLs, null while a size is not made yet. A finished book has them all; a converting
 * one may already have them (the first pages come early), which only the files can tell.
 */
export async function bookImages(row: BookRow, ctx: ViewContext): Promise<BookImages> {
  const images: BookImages = { small: null, medium: null, large: null };
  const thumbs = bookKeys(row.id).thumbs;
  // A store that fails shows the thumbnail as not made yet: a list of books does not fail for it.
  const made = (size: ThumbSize) =>
    stored(ctx.storage.stat(`${thumbs}/${size}.webp`), 3000).then(
      (info) => info !== undefined,
      () => false,
    );
  await Promise.all(
    THUMB_SIZES.map(async (size) => {
      if (row.status === 'DONE' || (row.status !== 'ERROR' && (await made(size))))
        images[size] =
          `${thumbUrl(ctx.config, row, size)}${row.publishing_mode === 2 && ctx.pagesToken ? `&t=${ctx.pagesToken(row)}` : ''}`;
    }),
  );
  return images;
}

export function documentProgress(row: BookRow): DocumentProgress {
  return {
    status: row.status as DocumentStatus,
    error_code: (row.error_code as ConversionErrorCode | null) ?? null,
    pages_done: row.pages_done,
    pages_total: row.pages_total,
  };
}

/** Publication flags (SPEC §4): scheduled while publish_at is ahead; publication in unix seconds. */
function publication(row: BookRow, now: number) {
  const at = row.publish_at ?? row.created_at;
  return {
    is_scheduled: row.publish_at !== null && row.publish_at > now,
    publication: Math.floor(at / 1000),
    publish_date: row.publish_at === null ? null : Math.floor(row.publish_at / 1000),
    is_published: row.is_published === 1,
  };
}

/** A book as its owner sees it (get, upload, update). */
/** The private link of a private book whose owner turned it on (publishing_mode 2, private_url 1). */
function privateLink(row: BookRow, url: string, ctx: ViewContext): { private?: string } {
  if (row.publishing_mode !== 2 || !ctx.privateToken || jsonSettingsOf(row).private_url !== 1) return {};
  return { private: `${url}?token=${ctx.privateToken(row)}` };
}

export async function bookView(row: BookRow, ctx: ViewContext): Promise<Book> {
  const url = viewerUrl(ctx.config, row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_adult: row.is_adult === 1 ? 1 : 0,
    publishing_mode: row.publishing_mode as PublishingMode,
    ...jsonSettingsOf(row),
    ...publication(row, ctx.now),
    files: [{ name: row.source_name, size: row.source_size, kind: row.source_kind as DocumentKind }],
    image: await bookImages(row, ctx),
    url: { overview: overviewUrl(ctx.config, row), viewer: url, ...privateLink(row, url, ctx) },
    document: { ...documentProgress(row), pages: row.pages_total, direction: row.direction === 'rtl' ? 'rtl' : 'ltr' },
    start_time: row.start_time,
    triggers: ctx.triggersOf ? await ctx.triggersOf(row.id) : [],
  };
}

/** A book in a list (SPEC §3 Book list item). */
export async function bookListItem(row: BookRow, owner: { id: string; name: string }, ctx: ViewContext): Promise<BookListItem> {
  const { is_scheduled, publication: at, is_published } = publication(row, ctx.now);
  return {
    id: row.id,
    name: row.name,
    image: await bookImages(row, ctx),
    url: { overview: overviewUrl(ctx.config, row) },
    account: { name: owner.name, url: { overview: publisherUrl(owner.id) } },
    document: documentProgress(row),
    is_valid: row.is_valid === 1,
    invalid_reason: row.invalid_reason,
    is_scheduled,
    publication: at,
    is_published,
    is_awarded: row.is_awarded === 1,
    is_adult: row.is_adult === 1,
    publishing_mode: row.publishing_mode as PublishingMode,
  };
}
