import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import { newId } from '../../src/server/auth/crypto';
import { insertComment } from '../../src/server/comments/repo';
import { insertFolder } from '../../src/server/folders/repo';
import { createPrivacyWorker, type PrivacyWorker } from '../../src/server/privacy/worker';
import { avatarDir, avatarKey, bookKeys, bookPaths, libraryKeys, libraryPaths } from '../../src/server/storage/paths';
import { makeBook } from './reader-support';

/** Helpers of the /account/privacy tests: an account with one of everything, a ZIP reader, a scan for leftovers. */

export const SOURCE_BYTES = Buffer.from('%PDF-1.4\n% the uploaded original, byte for byte\n');

export interface Filled {
  accountId: string;
  profileId: string;
  books: string[];
  /** The book that was scheduled before the deletion request (its publish_at must come back). */
  scheduled: { id: string; publishAt: number };
}

/**
 * One of every kind of row an account can own or cause, through the tables' own columns: books
 * (one public with its uploaded original, one scheduled ahead), their files, a folder, a lead form
 * with a trigger and a lead, comments (on its own book and on `other`'s), followers both ways,
 * reading statistics and share counts, a social identity, a trusted device, a contact message.
 */
export async function fillAccount(app: FastifyInstance, accountId: string, other: { accountId: string; book: string }): Promise<Filled> {
  const db = app.db;
  const now = Date.now();
  const profile = await db.selectFrom('profiles').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
  const book = await makeBook(app, accountId, { name: 'My first flipbook', pages: 2, settings: { comment_mode: 4 } });
  await writeFile(bookPaths(app.config.dataDir, book).source, SOURCE_BYTES);
  const publishAt = now + 30 * 86_400_000;
  const later = await makeBook(app, accountId, { name: 'Coming soon', pages: 1, columns: { publish_at: publishAt } });
  const folder = newId();
  await insertFolder(db, { id: folder, account_id: accountId, name: 'Magazines', created_at: now });
  const integration = newId();
  await db
    .insertInto('integration_triggers')
    .values({
      id: integration,
      account_id: accountId,
      kind: 'leadform',
      name: 'Form',
      url: null,
      secret: null,
      created_at: now,
      modified_at: now,
    })
    .execute();
  await db
    .insertInto('book_triggers')
    .values({ id: newId(), book_id: book, integration_id: integration, type: 1, repeating_mode: 3, created_at: now, modified_at: now })
    .execute();
  await db
    .insertInto('leads')
    .values({
      id: newId(),
      account_id: accountId,
      book_id: book,
      book_name: 'My first flipbook',
      trigger_type: 1,
      integration_id: integration,
      integration_name: 'Form',
      name: 'Lea Reader',
      email: 'lea.reader@example.com',
      created_at: now,
    })
    .execute();
  await insertComment(
    db,
    { bookId: book, profileId: profile.id, authorName: 'Ada', text: 'Comment on my own book', status: 'published' },
    now,
  );
  await insertComment(
    db,
    { bookId: other.book, profileId: profile.id, authorName: 'Ada', text: 'Comment on another book', status: 'published' },
    now,
  );
  const otherProfile = await db.selectFrom('profiles').select('id').where('account_id', '=', other.accountId).executeTakeFirstOrThrow();
  await db.insertInto('publisher_subscribers').values({ account_id: other.accountId, profile_id: profile.id, created_at: now }).execute();
  await db.insertInto('publisher_subscribers').values({ account_id: accountId, profile_id: otherProfile.id, created_at: now }).execute();
  const day = new Date(now).toISOString().slice(0, 10);
  await db
    .insertInto('stats_daily')
    .values({ book_id: book, account_id: accountId, day, views: 2, readers: 1, pages: 1, time_ms: 4000 })
    .execute();
  await db.insertInto('stats_daily_pages').values({ book_id: book, day, page: 1, views: 1, time_ms: 4000 }).execute();
  await db
    .insertInto('stats_daily_dims')
    .values({ book_id: book, account_id: accountId, day, dim: 'device', value: 'phone', views: 2, readers: 1 })
    .execute();
  await db
    .insertInto('share_counts')
    .values([
      { account_id: accountId, book_id: book, source: 'copy', device: 'desktop', day: '2026-01-02', count: 3 },
      { account_id: accountId, book_id: '', source: 'mail', device: 'desktop', day: '2026-01-02', count: 1 },
    ])
    .execute();
  await db
    .insertInto('social_identities')
    .values({
      provider: 'google',
      subject: `sub-${newId()}`,
      profile_id: profile.id,
      email: profile.email,
      created_at: now,
      last_used_at: now,
    })
    .execute();
  await db
    .insertInto('trusted_devices')
    .values({ token_hash: newId(), id: newId(), profile_id: profile.id, created_at: now, expires_at: now + 86_400_000 })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      id: newId(),
      subject: 'deletion',
      name: 'Ada',
      email: profile.email,
      text: 'Please delete my account',
      phone: '',
      url: '',
      profile_id: profile.id,
      language: 'en',
      mailed_at: null,
      created_at: now,
    })
    .execute();
  // The other account-area tables (issue 16): a favourite, and a library background with its files.
  await db.insertInto('favorites').values({ profile_id: profile.id, book_id: book, created_at: now }).execute();
  const item = newId()
    .replace(/[^0-9a-f]/g, '')
    .padEnd(8, 'a');
  await db
    .insertInto('library_items')
    .values({
      id: item,
      account_id: accountId,
      kind: 'background',
      name: 'Sea',
      design: null,
      width: 1600,
      height: 1200,
      bytes: 4,
      created_at: now,
    })
    .execute();
  const files = libraryPaths(app.config.dataDir, accountId, item);
  await mkdir(files.dir, { recursive: true });
  await writeFile(files.image, 'RIFF');
  await writeFile(files.preview, 'RIFF');
  const avatar = avatarDir(app.config.dataDir, accountId);
  await mkdir(avatar, { recursive: true });
  await writeFile(path.join(avatar, '1-small.webp'), 'RIFF');
  // Into the store too: PostgreSQL apps keep their files in a bucket (the data folder is their cache).
  for (const key of [bookKeys(book).dir, bookKeys(later).dir, libraryKeys(accountId).dir, avatarKey(accountId)]) {
    if ((await app.storage.putTree(key)) === 0) throw new Error(`nothing to store under ${key}`);
  }
  return { accountId, profileId: profile.id, books: [book, later], scheduled: { id: later, publishAt } };
}

/** Every entry of a ZIP file (name → content), read with yauzl. */
export function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Reads a ZIP from memory (a download's body) through a temporary file. */
export async function readZipBuffer(dir: string, body: Buffer): Promise<Map<string, Buffer>> {
  const file = path.join(dir, `download-${newId()}.zip`);
  await writeFile(file, body);
  return readZip(file);
}

/**
 * Generic leftover scan: every row of every table of the database, each value as text, searched for
 * each needle (ids of the account, its profiles and books). Tables other features add are covered
 * without naming them. Answers `table: row` for each hit.
 */
export async function scanDatabase(app: FastifyInstance, needles: string[]): Promise<string[]> {
  const tables = (await app.db.introspection.getTables()).map((t) => t.name).filter((name) => !name.startsWith('kysely_'));
  const hits: string[] = [];
  for (const table of tables) {
    const rows = await app.db
      .selectFrom(table as 'books')
      .selectAll()
      .execute();
    for (const row of rows) {
      const text = Object.values(row as Record<string, unknown>)
        .map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value)))
        .join('\u0000');
      for (const needle of needles) if (text.includes(needle)) hits.push(`${table}: ${JSON.stringify(row).slice(0, 300)}`);
    }
  }
  return hits;
}

/** Every file and folder path under a folder (relative), recursively. */
export async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    out.push(full);
    if (entry.isDirectory()) out.push(...(await walk(full)));
  }
  return out;
}

export const readJson = (entries: Map<string, Buffer>, name: string): unknown => {
  const data = entries.get(name);
  if (!data) throw new Error(`no ${name} in the archive: ${[...entries.keys()].join(', ')}`);
  return JSON.parse(data.toString('utf8'));
};

/** A privacy job runner on the app's database (the tests' apps run none: QUIRE_ACCOUNT_JOBS=0). */
export function privacyRunner(app: FastifyInstance): PrivacyWorker {
  return createPrivacyWorker({
    db: app.db,
    config: { ...app.config, privacy: { ...app.config.privacy, jobs: 1 } },
    mailer: app.mailer,
    storage: app.storage,
    log: { info() {}, warn() {}, error() {} },
    clock: app.clock,
    pollMs: 20,
  });
}

export const fileText = (file: string) => readFile(file, 'utf8');
