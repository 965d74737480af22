import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorName } from '../../contracts/errors';
import { hmacHex, type Keys } from '../auth/crypto';
import { authenticate, requestToken } from '../auth/session';
import type { BookRow } from '../db/schema';
import { ApiError } from '../envelope';
import { type JsonSettings, jsonSettingsOf } from '../publish/views';

/**
 * Who may read a publication (issue "Reading", SPEC §4 flags). The gates, in the order a visitor meets
 * them, each answered before anything else about the book is told:
 *   unknown id, or scheduled (publish_at ahead)  → bookNotFound (a scheduled book is invisible)
 *   private (publishing_mode 2) without its link → bookPrivate (nothing else is revealed)
 *   blocked (is_valid 0)                         → bookBlocked
 *   deactivated by its owner (is_published 0)    → bookDeactivated
 *   not converted (status other than DONE)       → bookConverting
 * The owner passes every gate except blocked, and a book without pages (converting) has nothing to read.
 *
 * Progressive reading (issue 14, "Speed"): the calls that opt in (`progressive`: the public book call,
 * the /read page and the page images) let the OWNER read a book while it converts (status CONVERTING
 * with pages_done ≥ 1: page images 1…pages_done exist in the store), and tell the owner of a failed
 * conversion (ERROR) bookConversionFailed. Visitors (anonymous, private-link holders) still meet
 * bookConverting until DONE: the book is not published to them before it is whole, and every other
 * reader call (text, search, download, comments, favourites, triggers) keeps the DONE gate.
 */

/** A book row with its publisher's name (the reader shows it). */
export type ReaderRow = BookRow & { account_name: string };

export interface ReaderAccess {
  row: ReaderRow;
  settings: JsonSettings;
  /** The caller is the book's owner (signed in). */
  owner: boolean;
}

export type AccessResult = { ok: true; access: ReaderAccess } | { ok: false; error: ErrorName };

/** Tokens are 32 hex characters (128 bits of an HMAC keyed by the instance secret). */
const TOKEN_CHARS = 32;

/** What a book's tokens are derived from: its id and its own secret (`token_secret`, migration 0010). */
export type TokenSource = Pick<BookRow, 'id' | 'token_secret'>;

/** What deriving a token needs: the instance's code key (an app, or a worker process without one). */
export type TokenKeys = { keys: Pick<Keys, 'codes'> };

const derive = (app: TokenKeys, purpose: string, book: TokenSource) =>
  hmacHex(app.keys.codes, `${purpose}:${book.id}:${book.token_secret}`).slice(0, TOKEN_CHARS);

/**
 * A new book secret (128 random bits). Replacing a book's secret revokes its private link and its pages
 * token at once, on every route that takes them: renewing the link, switching it off, leaving private
 * publishing (routes/book/books.ts, publish/settings.ts).
 */
export const newTokenSecret = (): string => randomBytes(16).toString('hex');

/**
 * The private link's token of a book (`private_url`): derived, so the owner's view can show it at any
 * time; it opens the book only while publishing_mode is 2 and private_url is 1, and only until the
 * book's secret is replaced.
 */
export const privateToken = (app: TokenKeys, book: TokenSource): string => derive(app, 'reader-private', book);

/**
 * The token page-image URLs of a private book carry (`&t=`): a different one from the link, so a
 * reader's image URLs do not reveal the link, and the owner's reader gets images whether or not a
 * private link is on. It opens page images and thumbnails only, until the book's secret is replaced.
 */
export const pagesToken = (app: TokenKeys, book: TokenSource): string => derive(app, 'reader-pages', book);

/** Constant-time comparison of a token from a request with the expected one. */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export async function findReaderRow(app: FastifyInstance, id: string): Promise<ReaderRow | undefined> {
  return app.db
    .selectFrom('books')
    .innerJoin('accounts', 'accounts.id', 'books.account_id')
    .selectAll('books')
    .select('accounts.name as account_name')
    .where('books.id', '=', id)
    .executeTakeFirst();
}

export type PrivateKey = { kind: 'link'; token: string | undefined } | { kind: 'pages'; token: string | undefined };

/** The gate a visitor (not the owner) meets, if any. */
export function visitorGate(
  app: FastifyInstance,
  row: BookRow,
  settings: JsonSettings,
  key: PrivateKey,
  now: number,
): ErrorName | undefined {
  if (row.publish_at !== null && row.publish_at > now) return 'bookNotFound';
  if (row.publishing_mode === 2) {
    const opens =
      key.kind === 'link'
        ? settings.private_url === 1 && sameToken(key.token, privateToken(app, row))
        : sameToken(key.token, pagesToken(app, row));
    if (!opens) return 'bookPrivate';
  }
  if (row.is_valid === 0) return 'bookBlocked';
  if (row.is_published === 0) return 'bookDeactivated';
  if (row.status !== 'DONE') return 'bookConverting';
  return undefined;
}

/** Options of resolveAccess: `progressive` lets the owner read a book being converted (see above). */
export interface AccessOptions {
  progressive?: boolean;
}

/** The gate the owner meets, if any. */
export function ownerGate(row: BookRow, options: AccessOptions = {}): ErrorName | undefined {
  if (row.is_valid === 0) return 'bookBlocked';
  if (row.status === 'DONE') return undefined;
  if (options.progressive && row.status === 'CONVERTING' && row.pages_done >= 1) return undefined;
  if (options.progressive && row.status === 'ERROR') return 'bookConversionFailed';
  return 'bookConverting';
}

/** The signed-in caller's account id, or undefined (no token, or one that no longer opens a session). */
export async function callerAccount(app: FastifyInstance, request: FastifyRequest): Promise<string | undefined> {
  if (!requestToken(request)) return undefined;
  try {
    return (await authenticate(app, request)).account.id;
  } catch {
    // An expired or revoked session reads as anonymous: public books stay readable.
    return undefined;
  }
}

/**
 * Decides whether the caller may read the book. The session is only looked at when the visitor gates
 * refuse (most readers are anonymous and most books public: no session lookup for them).
 */
export async function resolveAccess(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  key: PrivateKey,
  options: AccessOptions = {},
): Promise<AccessResult> {
  const row = await findReaderRow(app, id);
  if (!row) return { ok: false, error: 'bookNotFound' };
  const settings = jsonSettingsOf(row);
  const refused = visitorGate(app, row, settings, key, app.clock());
  if (!refused) return { ok: true, access: { row, settings, owner: false } };
  if (refused === 'bookBlocked') return { ok: false, error: refused };
  if ((await callerAccount(app, request)) !== row.account_id) return { ok: false, error: refused };
  const ownerRefused = ownerGate(row, options);
  return ownerRefused ? { ok: false, error: ownerRefused } : { ok: true, access: { row, settings, owner: true } };
}

/** resolveAccess for API calls: a refusal is the error envelope. */
export async function requireAccess(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  token: string | undefined,
  options: AccessOptions = {},
): Promise<ReaderAccess> {
  const result = await resolveAccess(app, request, id, { kind: 'link', token }, options);
  if (!result.ok) throw new ApiError(result.error);
  return result.access;
}
