import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Language } from '../../contracts/languages';
import { type MarkedText, type SearchSort, searchWords } from '../../contracts/search';
import type { Database } from '../db/schema';
import { readPageText } from '../reader/search';
import type { FileStore } from '../storage/index';

/**
 * The site search's one repository (issue 15): full text over public books — title, description,
 * publisher name and the text of every page — on SQLite FTS5 or PostgreSQL text search (migration
 * 0011 has the tables and the triggers that keep titles, descriptions and publisher names current).
 *
 * A book's documents are written when its conversion reaches DONE (`indexBook`, convert/index.ts):
 * page 0 holds title, description and publisher, page n the text of page n. Nothing about who may see
 * a book is stored in the index: every search joins `books` and applies the public gates at that moment
 * (public, published by its owner, not blocked, DONE, not scheduled ahead; explicit only when the
 * visitor confirmed it), so a change of publishing mode, a block or a schedule counts at once.
 *
 * Snippets come from the engine (FTS5 `snippet`, PostgreSQL `ts_headline`) with control characters
 * around the matches, turned into plain text and ranges (`markedText`): no HTML leaves the server.
 */

/** Text of one page kept in the index at most (the rest of a very long page is not searched). */
export const PAGE_TEXT_MAX = 50_000;
/**
 * Matching documents one search scores at most (the newest first on SQLite). A word on a large share
 * of all pages ("the") would otherwise have every one of them scored, seconds of work on a large
 * index (tests/bench/search.mjs); with the cap such a search ranks the newest MATCH_CAP pages it is on,
 * and every rarer word (on fewer documents) is ranked exactly.
 */
export const MATCH_CAP = 20_000;
/** Documents written by one statement. */
const BATCH = 100;
/** Match delimiters in snippets: control characters no indexed text keeps (`cleanText`). */
const OPEN = '\u0002';
const CLOSE = '\u0003';

/**
 * PostgreSQL text search configurations (migration 0011: PostgreSQL's own per language — stemming,
 * stop words — with `unaccent` first, so "ecole" finds "École" as on SQLite); a book takes its
 * publisher's language. Every language of the platform has one; quire_simple otherwise.
 */
export const PG_CONFIGS: Record<Language, string> = {
  de: 'quire_german',
  en: 'quire_english',
  es: 'quire_spanish',
  fr: 'quire_french',
  it: 'quire_italian',
  pt: 'quire_portuguese',
  ru: 'quire_russian',
};
const ALL_PG_CONFIGS = [...new Set([...Object.values(PG_CONFIGS), 'quire_simple'])];
export const pgConfigOf = (language: string | undefined): string => PG_CONFIGS[language as Language] ?? 'quire_simple';

type Db = Kysely<Database>;
const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Control characters (page breaks, the snippet delimiters) read as spaces; a page is cut at PAGE_TEXT_MAX. */
export const cleanText = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  text.slice(0, PAGE_TEXT_MAX).replace(/[\u0000-\u0008\u000b-\u001f\u007f]+/g, ' ');

/** A snippet with OPEN/CLOSE around the matches → plain text and `[offset, length]` ranges. */
export function markedText(raw: string): MarkedText {
  const flat = raw.replace(/\s+/g, ' ').trim();
  let text = '';
  const marks: [number, number][] = [];
  let open = -1;
  for (const ch of flat) {
    if (ch === OPEN) open = text.length;
    else if (ch === CLOSE) {
      if (open >= 0 && text.length > open) marks.push([open, text.length - open]);
      open = -1;
    } else text += ch;
  }
  return { text, marks };
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────────────

async function removeDocs(db: Db, bookId: string): Promise<void> {
  if (!isPostgres(db)) await sql`delete from search_fts where rowid in (select id from search_docs where book_id = ${bookId})`.execute(db);
  await sql`delete from search_docs where book_id = ${bookId}`.execute(db);
}

interface Doc {
  page: number;
  title: string;
  description: string;
  publisher: string;
  body: string;
}

/**
 * (Re)writes a converted book's documents from its row and its text files (text/<n>.txt). A book
 * deleted meanwhile has none. Called when a conversion reaches DONE, and for DONE books without
 * documents when the server starts (`indexMissing`).
 */
export async function indexBook(db: Db, store: FileStore, bookId: string): Promise<void> {
  const book = await db
    .selectFrom('books')
    .innerJoin('accounts', 'accounts.id', 'books.account_id')
    .select(['books.id', 'books.name', 'books.description', 'books.pages_total', 'books.account_id', 'accounts.name as account_name'])
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  if (!book) return;
  const docs: Doc[] = [
    { page: 0, title: cleanText(book.name), description: cleanText(book.description), publisher: cleanText(book.account_name), body: '' },
  ];
  for (let page = 1; page <= book.pages_total; page++) {
    const body = cleanText(await readPageText(store, bookId, page)).trim();
    if (body) docs.push({ page, title: '', description: '', publisher: '', body });
  }
  const postgres = isPostgres(db);
  const language = postgres
    ? (
        await db
          .selectFrom('profiles')
          .select('language')
          .where('account_id', '=', book.account_id)
          .orderBy('created_at')
          .orderBy('id')
          .executeTakeFirst()
      )?.language
    : undefined;
  await db.transaction().execute(async (trx) => {
    await removeDocs(trx, bookId);
    // Deleted while its text was read: its documents would stay behind (SQLite's search_fts has no cascade).
    if (!(await trx.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst())) return;
    for (let i = 0; i < docs.length; i += BATCH) {
      const batch = docs.slice(i, i + BATCH);
      if (postgres) {
        const config = pgConfigOf(language);
        await sql`insert into search_docs (book_id, page, config, title, description, publisher, body) values ${sql.join(
          batch.map((d) => sql`(${bookId}, ${d.page}, ${config}::regconfig, ${d.title}, ${d.description}, ${d.publisher}, ${d.body})`),
        )}`.execute(trx);
        continue;
      }
      const ids = await sql<{ id: number; page: number }>`insert into search_docs (book_id, page) values ${sql.join(
        batch.map((d) => sql`(${bookId}, ${d.page})`),
      )} returning id, page`.execute(trx);
      const idOf = new Map(ids.rows.map((r) => [r.page, r.id]));
      await sql`insert into search_fts (rowid, title, description, publisher, body) values ${sql.join(
        batch.map((d) => sql`(${idOf.get(d.page)}, ${d.title}, ${d.description}, ${d.publisher}, ${d.body})`),
      )}`.execute(trx);
    }
  });
}

/** Converted books without documents (converted before the index existed); oldest first. */
export async function booksToIndex(db: Db, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`select b.id from books b
    where b.status = 'DONE' and not exists (select 1 from search_docs d where d.book_id = b.id)
    order by b.created_at, b.id limit ${limit}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Indexes every converted book without documents, BATCH at a time, until none is left or `stopped()`. */
export async function indexMissing(db: Db, store: FileStore, stopped: () => boolean = () => false): Promise<number> {
  let done = 0;
  for (let ids = await booksToIndex(db, BATCH); ids.length > 0 && !stopped(); ids = await booksToIndex(db, BATCH))
    for (const id of ids) {
      if (stopped()) return done;
      await indexBook(db, store, id);
      done += 1;
    }
  return done;
}

// ── Searching ───────────────────────────────────────────────────────────────────────────────────────

export interface SearchOptions {
  q: string;
  start: number;
  step: number;
  /** The visitor confirmed explicit content (SPEC §2 safe mode): explicit books are found too. */
  explicit: boolean;
  now: number;
  /** Matching documents scored at most (default MATCH_CAP). */
  cap?: number;
}

/** One book found, before the URLs are made. */
export interface FoundBook {
  id: string;
  name: string;
  account_id: string;
  account_name: string;
  revision: number;
  pages_total: number;
  published_at: number;
  is_adult: number;
  reads: number;
  snippet: MarkedText;
  page: number | null;
}

export interface FoundPublisher {
  id: string;
  name: string;
  books: number;
}

/** Every gate of a public page, at `now` (reader/overview.ts's `isPubliclyListed` in SQL). */
const gates = (now: number, explicit: boolean) =>
  sql`b.publishing_mode = 1 and b.is_published = 1 and b.is_valid = 1 and b.status = 'DONE'
    and (b.publish_at is null or b.publish_at <= ${now})${explicit ? sql`` : sql` and b.is_adult = 0`}`;

/** The engine's side of one search: matching documents and their score (higher is better). */
interface Engine {
  /** `select id, book_id, page, score` of the matching documents, at most MATCH_CAP of them. */
  docs(): RawBuilder<{ id: string | number; book_id: string; page: number; score: number }>;
  /** The same documents of these books; `floor` is the least id `docs()` answered (SQLite: the cap's end). */
  docsOf(bookIds: string[], floor: string | number): RawBuilder<{ id: string | number; book_id: string; page: number; score: number }>;
  /** `select id, snippet` of these documents. */
  snippets(docIds: (string | number)[]): RawBuilder<{ id: string | number; snippet: string }>;
  /** `select book_id` of the page-0 documents whose publisher name matches. */
  publisherDocs(): RawBuilder<unknown>;
}

/** The FTS5 expression of the words: each a quoted string (no operator of the user's reaches FTS5), all required. */
const ftsMatch = (words: string[]) => words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' ');

function sqliteEngine(words: string[], cap: number): Engine {
  const match = ftsMatch(words);
  // Title counts most, then description and publisher, then page text.
  const score = sql`-bm25(search_fts, 10.0, 4.0, 4.0, 1.0)`;
  return {
    // Newest documents first (the rowid grows), so a capped search keeps the newest pages.
    docs: () =>
      sql`select d.id, d.book_id, d.page, ${score} as score from search_fts join search_docs d on d.id = search_fts.rowid
        where search_fts match ${match} order by search_fts.rowid desc limit ${cap}`,
    // Scores only the documents of these books, from the ids docs() reached down to (a rowid range FTS5 seeks).
    docsOf: (ids, floor) =>
      sql`select d.id, d.book_id, d.page, ${score} as score from search_fts join search_docs d on d.id = search_fts.rowid
        where search_fts match ${match} and search_fts.rowid >= ${floor} and d.book_id in (${sql.join(ids)})`,
    snippets: (ids) =>
      sql`select rowid as id, snippet(search_fts, -1, ${OPEN}, ${CLOSE}, '…', 24) as snippet from search_fts
        where search_fts match ${match} and rowid in (${sql.join(ids)})`,
    publisherDocs: () =>
      sql`select d.book_id from search_fts join search_docs d on d.id = search_fts.rowid
        where search_fts match ${`publisher : (${match})`} and d.page = 0`,
  };
}

function postgresEngine(words: string[], cap: number): Engine {
  const text = words.join(' ');
  const query = (config: string) => sql`plainto_tsquery(${sql.lit(config)}::regconfig, ${text})`;
  // One condition per configuration, each with a constant query: the GIN index answers each (BitmapOr).
  const matches = sql`(${sql.join(
    ALL_PG_CONFIGS.map((c) => sql`(d.config = ${sql.lit(c)}::regconfig and d.tsv @@ ${query(c)})`),
    sql` or `,
  )})`;
  const queryOfRow = sql`case d.config ${sql.join(
    ALL_PG_CONFIGS.map((c) => sql`when ${sql.lit(c)}::regconfig then ${query(c)}`),
    sql` `,
  )} end`;
  const score = sql`ts_rank(d.tsv, ${queryOfRow})`;
  const options = `StartSel="${OPEN}", StopSel="${CLOSE}", MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "`;
  // The cap first, then the scores (ts_rank of MATCH_CAP documents at most).
  const docs = () =>
    sql<{
      id: string;
      book_id: string;
      page: number;
      score: number;
    }>`select d.book_id || ':' || d.page as id, d.book_id, d.page, ${score} as score
      from (select d.book_id, d.page, d.config, d.tsv from search_docs d where ${matches} limit ${cap}) d`;
  return {
    docs,
    // The same capped documents (no order to resume from), those of these books.
    docsOf: (ids) =>
      sql`with matched as materialized (${docs()}) select m.id, m.book_id, m.page, m.score from matched m
        where m.book_id in (${sql.join(ids)})`,
    snippets: (ids) =>
      sql`select d.book_id || ':' || d.page as id, ts_headline(d.config,
          case when d.page = 0 then concat_ws(' · ', nullif(d.title, ''), nullif(d.description, ''), nullif(d.publisher, '')) else d.body end,
          ${queryOfRow}, ${options}) as snippet
        from search_docs d where d.book_id || ':' || d.page in (${sql.join(ids)})`,
    publisherDocs: () =>
      sql`select d.book_id from search_docs d
        where d.page = 0 and to_tsvector(d.config, d.publisher) @@ ${sql`plainto_tsquery(d.config, ${text})`}`,
  };
}

const engineOf = (db: Db, words: string[], cap = MATCH_CAP) => (isPostgres(db) ? postgresEngine(words, cap) : sqliteEngine(words, cap));

const ORDER: Record<SearchSort, RawBuilder<unknown>> = {
  relevance: sql`hits.score desc, b.id`,
  newest: sql`coalesce(b.publish_at, b.created_at) desc, b.id`,
  reads: sql`reads desc, hits.score desc, b.id`,
};

/** Public books matching every word of `q`, `step` from `start` in `sort` order, with their total. */
export async function searchBooks(db: Db, options: SearchOptions & { sort: SearchSort }): Promise<{ list: FoundBook[]; total: number }> {
  const words = searchWords(options.q);
  if (words.length === 0) return { list: [], total: 0 };
  const engine = engineOf(db, words, options.cap);
  const found = await sql<Omit<FoundBook, 'snippet' | 'page'> & { total: number; floor: string | number }>`
    with matched as materialized (${engine.docs()}),
      hits as (select m.book_id, max(m.score) as score from matched m group by m.book_id)
    select b.id, b.name, b.account_id, a.name as account_name, b.revision, b.pages_total, b.is_adult,
      coalesce(b.publish_at, b.created_at) as published_at,
      (select coalesce(sum(d.readers), 0) from stats_daily d where d.book_id = b.id) as reads,
      count(*) over () as total, (select min(m.id) from matched m) as floor
    from hits join books b on b.id = hits.book_id join accounts a on a.id = b.account_id
    where ${gates(options.now, options.explicit)}
    order by ${ORDER[options.sort]}
    limit ${options.step} offset ${options.start}`.execute(db);
  const rows = found.rows;
  const total = rows.length > 0 ? Number(rows[0]?.total) : options.start > 0 ? await countBooks(db, engine, options) : 0;
  if (rows.length === 0) return { list: [], total };

  // The best document of each book: its best page when the page text matched, else its title row.
  const docs = await engine
    .docsOf(
      rows.map((r) => r.id),
      rows[0]?.floor ?? 0,
    )
    .execute(db);
  const best = new Map<string, { id: string | number; page: number; score: number }>();
  for (const doc of docs.rows) {
    const held = best.get(doc.book_id);
    const better =
      !held ||
      (held.page === 0 && doc.page > 0) ||
      (doc.page > 0 === held.page > 0 && (doc.score > held.score || (doc.score === held.score && doc.page < held.page)));
    if (better) best.set(doc.book_id, { id: doc.id, page: doc.page, score: Number(doc.score) });
  }
  const chosen = [...best.values()];
  const snippets = new Map<string, string>();
  if (chosen.length > 0)
    for (const s of (await engine.snippets(chosen.map((d) => d.id)).execute(db)).rows) snippets.set(String(s.id), s.snippet);
  return {
    total,
    list: rows.map(({ total: _, floor: __, ...row }) => {
      const doc = best.get(row.id);
      return {
        ...row,
        reads: Number(row.reads),
        published_at: Number(row.published_at),
        snippet: markedText(doc ? (snippets.get(String(doc.id)) ?? '') : ''),
        page: doc && doc.page > 0 ? doc.page : null,
      };
    }),
  };
}

async function countBooks(db: Db, engine: Engine, options: SearchOptions): Promise<number> {
  const counted = await sql<{ n: number }>`
    with matched as materialized (${engine.docs()}), hits as (select distinct m.book_id from matched m)
    select count(*) as n from hits join books b on b.id = hits.book_id where ${gates(options.now, options.explicit)}`.execute(db);
  return Number(counted.rows[0]?.n ?? 0);
}

/** Publishers with public books whose name matches every word of `q`: most books first. */
export async function searchPublishers(db: Db, options: SearchOptions): Promise<{ list: FoundPublisher[]; total: number }> {
  const words = searchWords(options.q);
  if (words.length === 0) return { list: [], total: 0 };
  const engine = engineOf(db, words);
  const found = await sql<FoundPublisher & { total: number }>`
    with hits as (${engine.publisherDocs()})
    select a.id, a.name, count(*) as books, count(*) over () as total
    from hits join books b on b.id = hits.book_id join accounts a on a.id = b.account_id
    where ${gates(options.now, options.explicit)}
    group by a.id, a.name
    order by count(*) desc, a.name, a.id
    limit ${options.step} offset ${options.start}`.execute(db);
  const rows = found.rows;
  let total = rows.length > 0 ? Number(rows[0]?.total) : 0;
  if (rows.length === 0 && options.start > 0) {
    const counted = await sql<{ n: number }>`
      with hits as (${engine.publisherDocs()})
      select count(distinct b.account_id) as n from hits join books b on b.id = hits.book_id
      where ${gates(options.now, options.explicit)}`.execute(db);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { total, list: rows.map(({ total: _, ...row }) => ({ ...row, books: Number(row.books) })) };
}
