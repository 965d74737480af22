import { addAbortSignal, Readable } from 'node:stream';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { ZipFile } from 'yazl';
import { jsonObject } from '../accounts/views';
import { shareCounts } from '../beacon/repo';
import type { Database } from '../db/schema';
import { jsonSettingsOf } from '../publish/views';
import { bookStatistics } from '../stats/book-export';
import type { FileStore } from '../storage/index';
import { bookKeys, exportKey } from '../storage/paths';
import { setExport } from './repo';

/**
 * Writes the ZIP of an account's data (issue 16 "download all my data"): account and profile JSON,
 * every publication's original file and settings, comments, leads, statistics. Streamed from the
 * database and the store's files (opened one at a time: from this process's folder or straight from
 * the bucket) to the store's `exports/<account>/<id>.zip` (S3: a streamed multipart upload; this
 * process keeps no copy), never held in memory: JSON lists are read page by page
 * (keyset), files through lazy read streams (one open at a time), and yazl writes ZIP64 where sizes
 * need it. Progress (`done` of `total` steps: the account's files, then one per publication) is
 * written as the archive's output passes each step, at most every PROGRESS_MS.
 */

const PAGE = 500;
const PROGRESS_MS = 250;

export interface ExportDeps {
  db: Kysely<Database>;
  /** Where the publications' files are read from and the ZIP is stored (src/server/storage). */
  store: FileStore;
  clock: () => number;
}

/** A file or folder name of the archive: letters, digits, dot, dash and underscore, at most 80 characters. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return cleaned || fallback;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** A JSON array written as its rows arrive (one page in memory at a time). */
function jsonArray<T>(pages: () => AsyncGenerator<T[]>): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const rows of pages()) {
        for (const row of rows) {
          yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
          first = false;
        }
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
}

type Key = { created_at: number; id: string };

/**
 * One keyset page of a list ordered by (created_at, id): the rows after `after`, PAGE of them.
 * `prefix` names the table of the two columns when the query joins another (`book_comments.`).
 */
// biome-ignore lint/suspicious/noExplicitAny: any table and selection of the database; the builder's own type is kept.
function pageAfter<QB extends SelectQueryBuilder<Database, any, any>>(qb: QB, after: Key | undefined, prefix = ''): QB {
  const created = sql.ref(`${prefix}created_at`);
  const id = sql.ref(`${prefix}id`);
  const rest =
    after === undefined
      ? qb
      : qb.where(sql<boolean>`(${created} > ${after.created_at} or (${created} = ${after.created_at} and ${id} > ${after.id}))`);
  return rest.orderBy(created).orderBy(id).limit(PAGE) as QB;
}

/** Keyset pages of (created_at, id) ordered rows. */
async function* keyset<R extends { created_at: number; id: string }>(
  load: (after: { created_at: number; id: string } | undefined) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: { created_at: number; id: string } | undefined;
  for (;;) {
    const rows = await load(after);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1] as R;
    after = { created_at: Number(last.created_at), id: last.id };
    if (rows.length < PAGE) return;
  }
}

/** A file's content, opened only when the archive reaches it; a file gone meanwhile is an empty entry. */
function lazyFile(store: FileStore, key: string): Readable {
  return Readable.from(
    (async function* () {
      const opened = await store.open(key);
      if (!opened) return; // removed meanwhile: an empty entry
      try {
        for await (const chunk of opened.stream) yield chunk as Buffer;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    })(),
  );
}

const exists = async (store: FileStore, key: string) => (await store.stat(key)) !== undefined;

/** Compressing these gains nothing (already compressed formats). */
const STORED = /\.(pdf|docx?|xlsx?|pptx?|od[tps]|ot[tps]|zip|jpe?g|png|webp|gif|mp3|ogg)$/i;

const README = (notes: string[]) =>
  [
    'Your Quire data',
    '===============',
    '',
    'This archive holds everything your Quire account stores about you and your publications:',
    '',
    '  account.json             your account (name, plan, usage context, company, city, country)',
    '  profile.json             your profile (name, e-mail address, language, consents, sign-in methods;',
    '                           never your password or authenticator secret, which are not kept readable)',
    '  sessions.json            when you signed in, and until when each session was valid',
    '  folders.json             your folders',
    '  integrations.json        your lead forms and webhooks (webhook secrets left out)',
    '  leads.json               the contacts readers left through your lead forms',
    '  subscribers.json         the readers who follow you (their public name and since when)',
    '  following.json           the publishers you follow',
    '  comments-written.json    the comments you wrote on any publication',
    '  contact-messages.json    the messages you sent with the contact form',
    '  publications/<n>-<name>/ one folder per publication:',
    '      settings.json        its settings (title, description, modes, folder, triggers, dates)',
    '      original-<file>      the file you uploaded, as received',
    '      comments.json        the comments readers wrote on it',
    '      statistics.json      its statistics (totals, days, pages, sources, countries, devices, languages; shares)',
    '',
    'Files are JSON (UTF-8); times are milliseconds since 1970-01-01 UTC unless named otherwise.',
    ...(notes.length > 0 ? ['', 'Notes', '-----', '', ...notes.map((n) => `- ${n}`)] : []),
    '',
  ].join('\n');

/** What the account's export contains, planned before writing (the steps are the progress). */
async function plan(db: Kysely<Database>, accountId: string) {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!account) return undefined;
  const profiles = await db.selectFrom('profiles').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
  const books = await db.selectFrom('books').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  return { account, profiles, books };
}

/**
 * Writes the export `exportId` of `accountId`; resolves once `<id>.zip` is complete (its size and steps),
 * or undefined when the account or the export row is gone (deleted meanwhile: nothing is left behind).
 */
export async function writeExport(
  deps: ExportDeps,
  ids: { exportId: string; accountId: string },
  signal: AbortSignal,
): Promise<{ size: number; total: number } | undefined> {
  const { db, store } = deps;
  const planned = await plan(db, ids.accountId);
  if (!planned) return undefined;
  const { account, profiles, books } = planned;
  const profileIds = profiles.map((p) => p.id);
  const total = 1 + books.length;
  let done = 0;
  let reported = 0;
  const report = async (force = false) => {
    const now = deps.clock();
    if (!force && now - reported < PROGRESS_MS) return;
    reported = now;
    if (!(await setExport(db, ids.exportId, { state: 'running', done, total }))) throw new Error('export deleted meanwhile');
  };
  await report(true);

  const zip = new ZipFile();
  const mtime = new Date(deps.clock());
  const notes: string[] = [];
  const addJson = (name: string, value: unknown) => zip.addBuffer(json(value), name, { mtime });
  const addList = <T>(name: string, pages: () => AsyncGenerator<T[]>, onEnd?: () => void) =>
    zip.addReadStreamLazy(name, { mtime }, (cb) => {
      const stream = jsonArray(pages);
      if (onEnd) stream.once('end', onEnd);
      cb(null, stream);
    });
  const step = () => {
    done += 1;
    void report().catch(() => {});
  };

  // Which originals are kept (documents with macros keep only their PDF: convert/index.ts).
  const originals = await Promise.all(
    books.map(async (book) => {
      const keys = bookKeys(book.id);
      if (await exists(store, keys.source)) return { key: keys.source, name: `original-${safeName(book.source_name, 'document')}` };
      if (await exists(store, keys.pdf)) return { key: keys.pdf, name: 'converted-document.pdf' };
      return undefined;
    }),
  );
  books.forEach((book, i) => {
    const original = originals[i];
    if (!original) notes.push(`"${book.name}": no file is kept (its conversion failed before the upload was stored, or it was removed).`);
    else if (original.name === 'converted-document.pdf')
      notes.push(
        `"${book.name}": the uploaded file contained macros, so Quire deleted it once converted (macros are never kept or served); its converted PDF is included instead.`,
      );
  });

  zip.addBuffer(Buffer.from(README(notes)), 'README.txt', { mtime });
  const {
    attributes,
    ats: _ats,
    ...accountFields
  } = account as typeof account & {
    attributes: string;
  };
  addJson('account.json', { ...accountFields, attributes: jsonObject(attributes) });
  const identities = await db
    .selectFrom('social_identities')
    .select(['profile_id', 'provider', 'email', 'created_at', 'last_used_at'])
    .where('profile_id', 'in', profileIds.length ? profileIds : [''])
    .execute();
  addJson(
    'profile.json',
    profiles.map(({ password_hash, totp_secret, totp_pending, consents, tour, ...p }) => ({
      ...p,
      has_password: password_hash !== null,
      authenticator_app: totp_secret !== null,
      consents: jsonObject(consents),
      tours_seen: jsonObject(tour),
      social_sign_in: identities.filter((s) => s.profile_id === p.id).map(({ profile_id: _p, ...s }) => s),
    })),
  );
  addJson(
    'sessions.json',
    await db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at', 'revoked_at'])
      .where('profile_id', 'in', profileIds.length ? profileIds : [''])
      .orderBy('created_at')
      .execute(),
  );
  addJson(
    'folders.json',
    await db.selectFrom('folders').select(['id', 'name', 'created_at']).where('account_id', '=', account.id).execute(),
  );
  addJson(
    'integrations.json',
    await db
      .selectFrom('integration_triggers')
      .select(['id', 'kind', 'name', 'is_enabled', 'url', 'created_at', 'modified_at'])
      .where('account_id', '=', account.id)
      .execute(),
  );
  addList('leads.json', () =>
    keyset((after) =>
      pageAfter(
        db
          .selectFrom('leads')
          .select(['id', 'book_id', 'book_name', 'trigger_type', 'integration_name', 'name', 'email', 'created_at'])
          .where('account_id', '=', account.id),
        after,
      ).execute(),
    ),
  );
  addJson(
    'subscribers.json',
    (
      await db
        .selectFrom('publisher_subscribers')
        .innerJoin('profiles', 'profiles.id', 'publisher_subscribers.profile_id')
        .innerJoin('accounts', 'accounts.id', 'profiles.account_id')
        .select(['profiles.firstname', 'profiles.lastname', 'accounts.name as account_name', 'publisher_subscribers.created_at'])
        .where('publisher_subscribers.account_id', '=', account.id)
        .orderBy('publisher_subscribers.created_at')
        .execute()
    ).map((r) => ({
      name: [r.firstname, r.lastname].filter(Boolean).join(' ').trim() || r.account_name,
      since: Number(r.created_at),
    })),
  );
  addJson(
    'following.json',
    await db
      .selectFrom('publisher_subscribers')
      .innerJoin('accounts', 'accounts.id', 'publisher_subscribers.account_id')
      .select(['accounts.id as publisher_id', 'accounts.name as publisher', 'publisher_subscribers.created_at'])
      .where('publisher_subscribers.profile_id', 'in', profileIds.length ? profileIds : [''])
      .execute(),
  );
  addList('comments-written.json', () =>
    keyset((after) =>
      pageAfter(
        db
          .selectFrom('book_comments')
          .leftJoin('books', 'books.id', 'book_comments.book_id')
          .select([
            'book_comments.id',
            'book_comments.book_id',
            'books.name as book_name',
            'book_comments.author_name',
            'book_comments.text',
            'book_comments.status',
            'book_comments.created_at',
          ])
          .where('book_comments.profile_id', 'in', profileIds.length ? profileIds : ['']),
        after,
        'book_comments.',
      ).execute(),
    ),
  );
  addList(
    'contact-messages.json',
    () =>
      keyset((after) =>
        pageAfter(
          db
            .selectFrom('contact_messages')
            .select(['id', 'subject', 'name', 'email', 'text', 'phone', 'url', 'language', 'created_at'])
            .where('profile_id', 'in', profileIds.length ? profileIds : ['']),
          after,
        ).execute(),
      ),
    step,
  );

  const width = String(books.length).length;
  books.forEach((book, i) => {
    const folder = `publications/${String(i + 1).padStart(width, '0')}-${safeName(book.name, 'publication')}`;
    const { token_secret: _secret, settings, ...columns } = book;
    zip.addReadStreamLazy(`${folder}/settings.json`, { mtime }, async (cb) => {
      try {
        const triggers = await db
          .selectFrom('book_triggers')
          .innerJoin('integration_triggers', 'integration_triggers.id', 'book_triggers.integration_id')
          .select([
            'book_triggers.id',
            'book_triggers.type',
            'book_triggers.is_mandatory',
            'book_triggers.repeating_mode',
            'integration_triggers.name as integration',
            'book_triggers.created_at',
          ])
          .where('book_triggers.book_id', '=', book.id)
          .execute();
        cb(null, Readable.from([json({ ...columns, settings: jsonSettingsOf({ ...book, settings }), triggers })]));
      } catch (err) {
        cb(err as Error, undefined as unknown as Readable);
      }
    });
    const original = originals[i];
    if (original)
      zip.addReadStreamLazy(`${folder}/${original.name}`, { mtime, compress: !STORED.test(original.name) }, (cb) =>
        cb(null, lazyFile(store, original.key)),
      );
    addList(`${folder}/comments.json`, () =>
      keyset((after) =>
        pageAfter(
          db.selectFrom('book_comments').select(['id', 'author_name', 'text', 'status', 'created_at']).where('book_id', '=', book.id),
          after,
        ).execute(),
      ),
    );
    zip.addReadStreamLazy(`${folder}/statistics.json`, { mtime }, async (cb) => {
      try {
        const stream = Readable.from([
          json({
            ...(await bookStatistics(db, book.id)),
            shares: await shareCounts(db, account.id, book.id),
          }),
        ]);
        stream.once('end', step);
        cb(null, stream);
      } catch (err) {
        cb(err as Error, undefined as unknown as Readable);
      }
    });
  });
  zip.end();

  // Written under a temporary name and renamed when complete, then stored; an abort or a failure
  // leaves nothing (writeStream removes its temporary file).
  const key = exportKey(account.id, ids.exportId);
  const size = await store.writeStream(key, addAbortSignal(signal, zip.outputStream as Readable), { contentType: 'application/zip' });
  // S3: downloads stream from the bucket, this process's folder need not keep the archive.
  await store.dropLocal(key);
  return { size, total };
}
