import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LICENSE_MODES, type LicenseMode } from '../../contracts/books';
import type { SocialLinks } from '../../contracts/profile';
import type { AccountRow, BookRow, Database } from '../db/schema';
import { isDeleting } from '../privacy/deletion';
import { avatarImages, socialLinksOf } from '../profile/views';
import { jsonSettingsOf, thumbUrl } from '../publish/views';
import type { FileStore } from '../storage/index';
import { isSafeId } from '../storage/paths';
import { readPageText } from './search';

/**
 * The data of the public pages (issue "Reading", Public pages): a publication's overview
 * (`/publication/<id>`) and a publisher's page (`/publisher/<accountId>`). Only what anyone may see:
 * public (publishing_mode 1), published by its owner, valid (not blocked), converted (DONE) and not
 * scheduled ahead. Anything else answers "not found", whoever asks (a private book's owner too), so
 * these pages never tell that a book exists.
 */

export const PUBLISHER_PAGE_SIZE = 25;
/** Text put into one overview page at most: bounds the page for very long documents (2,000 pages). */
export const OVERVIEW_TEXT_MAX = 1_000_000;
/** Text files read at once. */
const PARALLEL = 16;

export const publicationPath = (bookId: string) => `/publication/${bookId}`;

/** A row that passes every gate of a public page at `now`. */
export function isPubliclyListed(row: BookRow, now: number): boolean {
  return (
    row.publishing_mode === 1 &&
    row.is_published === 1 &&
    row.is_valid === 1 &&
    row.status === 'DONE' &&
    (row.publish_at === null || row.publish_at <= now)
  );
}

/** The same gates in SQL (the publisher's list, the sitemap, the explorer). */
export function publicBooks(db: Kysely<Database>, accountId: string | undefined, now: number) {
  return db
    .selectFrom('books')
    .$if(accountId !== undefined, (qb) => qb.where('account_id', '=', accountId as string))
    .where('publishing_mode', '=', 1)
    .where('is_published', '=', 1)
    .where('is_valid', '=', 1)
    .where('status', '=', 'DONE')
    .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now)]));
}

export interface Publisher {
  id: string;
  name: string;
  /** Usage context 'pro' reads as an organisation (schema.org), anything else as a person. */
  organization: boolean;
}

/** What the publisher page shows of the account's public profile (issue 16, /account/profile). */
export interface PublisherProfile {
  description: string;
  website: string | null;
  /** Service → address, in SOCIAL_SERVICES order. */
  social: SocialLinks;
  /** The avatar's large size (thumbs host; may be a path), or null. */
  avatar: string | null;
}

const publisherOf = (account: Pick<AccountRow, 'id' | 'name' | 'context'>): Publisher => ({
  id: account.id,
  name: account.name,
  organization: account.context === 'pro',
});

export interface PublicBook {
  id: string;
  name: string;
  description: string;
  /** Publication time (epoch ms): the scheduled date, else the upload. */
  publishedAt: number;
  pages: number;
  /** Large thumbnail URL (the thumbs host; may be a path). */
  cover: string;
  isAdult: boolean;
  share: boolean;
  /** The owner's licence ('' = all rights reserved). */
  license: LicenseMode;
}

export function publicBook(config: FastifyInstance['config'], row: BookRow): PublicBook {
  const settings = jsonSettingsOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    publishedAt: row.publish_at ?? row.created_at,
    pages: row.pages_total,
    cover: thumbUrl(config, row, 'large'),
    isAdult: row.is_adult === 1,
    share: settings.share_mode === 1,
    license: (LICENSE_MODES as readonly string[]).includes(settings.license_mode) ? (settings.license_mode as LicenseMode) : '',
  };
}

export interface PublicationOverview {
  book: PublicBook;
  publisher: Publisher;
  /** Text of pages 1…n, in order ('' for a page without text or past OVERVIEW_TEXT_MAX). */
  texts: string[];
}

/** Text of every page, read in small batches; pages past the size bound read as empty. */
async function pageTexts(store: FileStore, bookId: string, pages: number): Promise<string[]> {
  const texts: string[] = [];
  let total = 0;
  for (let first = 1; first <= pages; first += PARALLEL) {
    if (total >= OVERVIEW_TEXT_MAX) {
      texts.push(...Array.from({ length: pages - first + 1 }, () => ''));
      break;
    }
    const batch = Array.from({ length: Math.min(PARALLEL, pages - first + 1) }, (_, i) => first + i);
    for (const text of await Promise.all(batch.map((page) => readPageText(store, bookId, page)))) {
      const kept = total < OVERVIEW_TEXT_MAX ? text : '';
      total += kept.length;
      texts.push(kept);
    }
  }
  return texts;
}

/** The overview of a public publication, or undefined (unknown or gated: both read as not found). */
export async function findPublication(app: FastifyInstance, bookId: string): Promise<PublicationOverview | undefined> {
  if (!isSafeId(bookId)) return undefined;
  const found = await app.db
    .selectFrom('books')
    .innerJoin('accounts', 'accounts.id', 'books.account_id')
    .selectAll('books')
    .select(['accounts.name as account_name', 'accounts.context as account_context'])
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  if (!found || !isPubliclyListed(found, app.clock())) return undefined;
  const { account_name, account_context, ...row } = found;
  return {
    book: publicBook(app.config, row),
    publisher: publisherOf({ id: row.account_id, name: account_name, context: account_context }),
    texts: await pageTexts(app.storage, row.id, row.pages_total),
  };
}

export interface PublisherOverview {
  publisher: Publisher;
  profile: PublisherProfile;
  books: PublicBook[];
  /** 1-based page of the list, and the number of pages (at least 1). */
  page: number;
  pageCount: number;
  total: number;
}

/**
 * A publisher's public publications, newest first, PUBLISHER_PAGE_SIZE a page; undefined for an
 * unknown account or a page past the last (page 1 of an account without public books exists).
 */
export async function findPublisher(app: FastifyInstance, accountId: string, page: number): Promise<PublisherOverview | undefined> {
  if (!isSafeId(accountId) || !Number.isSafeInteger(page) || page < 1) return undefined;
  const account = await app.db
    .selectFrom('accounts')
    .select(['id', 'name', 'context', 'description', 'website', 'social', 'avatar', 'image_small'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  // An account scheduled for deletion reads like an unknown one (issue 16; its books are hidden too).
  if (!account || (await isDeleting(app.db, accountId))) return undefined;
  const now = app.clock();
  const counted = await publicBooks(app.db, accountId, now)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / PUBLISHER_PAGE_SIZE));
  if (page > pageCount) return undefined;
  const rows = await publicBooks(app.db, accountId, now)
    .selectAll()
    .orderBy((eb) => eb.fn.coalesce('publish_at', 'created_at'), 'desc')
    .orderBy('id')
    .limit(PUBLISHER_PAGE_SIZE)
    .offset((page - 1) * PUBLISHER_PAGE_SIZE)
    .execute();
  const profile: PublisherProfile = {
    description: account.description,
    website: account.website,
    social: socialLinksOf(account),
    avatar: avatarImages(app.config, account).large,
  };
  return { publisher: publisherOf(account), profile, books: rows.map((row) => publicBook(app.config, row)), page, pageCount, total };
}

/**
 * What the sitemap lists: public publications that are not explicit (they are never indexed), the most
 * recently changed first, at most `max`, and the accounts publishing them.
 */
export async function sitemapEntries(
  app: FastifyInstance,
  max: number,
): Promise<{ books: { id: string; updatedAt: number }[]; publishers: string[] }> {
  const rows = await publicBooks(app.db, undefined, app.clock())
    .where('is_adult', '=', 0)
    .select(['id', 'account_id', 'modified_at'])
    .orderBy('modified_at', 'desc')
    .orderBy('id')
    .limit(Math.max(0, max))
    .execute();
  const publishers = [...new Set(rows.map((row) => row.account_id))];
  const room = Math.max(0, max - publishers.length);
  return { books: rows.slice(0, room).map((row) => ({ id: row.id, updatedAt: row.modified_at })), publishers };
}
