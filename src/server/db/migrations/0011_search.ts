import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The search index of public books (src/server/search): one document per book (page 0: its title,
 * description and publisher name) and one per page of its text (page n ≥ 1). Written when a book's
 * conversion reaches DONE; the triggers below keep the title, description and publisher name current
 * and drop a deleted book's documents, whatever code path changed them. Who may see a book (public,
 * published, valid, converted, not scheduled, explicit) is never stored here: searches join `books`.
 *
 * SQLite: `search_docs` names each document (its integer id is the FTS5 rowid), `search_fts` is an FTS5
 * table (unicode61 folding case and accents, porter stemming) holding the text.
 * PostgreSQL: `search_docs` holds the text, the document's text search configuration (the publisher's
 * language: quire_english, quire_french… — PostgreSQL's own with `unaccent` first) and its weighted
 * tsvector, with a GIN index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return upPostgres(db);
  await sql`create table search_docs (
    id integer primary key,
    book_id text not null references books(id) on delete cascade,
    page integer not null,
    unique (book_id, page)
  )`.execute(db);
  await sql`create virtual table search_fts using fts5(
    title, description, publisher, body,
    tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger search_book_meta after update of name, description on books begin
    update search_fts set title = new.name, description = new.description
      where rowid = (select id from search_docs where book_id = new.id and page = 0);
  end`.execute(db);
  // Before the delete: the documents' cascade would leave their text behind in search_fts.
  await sql`create trigger search_book_delete before delete on books begin
    delete from search_fts where rowid in (select id from search_docs where book_id = old.id);
  end`.execute(db);
  await sql`create trigger search_publisher_name after update of name on accounts begin
    update search_fts set publisher = new.name
      where rowid in (select d.id from search_docs d join books b on b.id = d.book_id where b.account_id = new.id and d.page = 0);
  end`.execute(db);
}

/** PostgreSQL's configurations the search uses (repo.ts PG_CONFIGS), each as quire_<name> with unaccent. */
const PG_BASES = ['english', 'french', 'german', 'spanish', 'italian', 'portuguese', 'russian', 'simple'];
const PG_DICTIONARY: Record<string, string> = { simple: 'simple' };

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Accents folded like SQLite's remove_diacritics (a trusted extension of PostgreSQL's contrib).
  await sql`create extension if not exists unaccent`.execute(db);
  for (const base of PG_BASES) {
    const name = sql.raw(`quire_${base}`);
    await sql`create text search configuration ${name} (copy = ${sql.raw(base)})`.execute(db);
    await sql`alter text search configuration ${name} alter mapping for hword, hword_part, word
      with unaccent, ${sql.raw(PG_DICTIONARY[base] ?? `${base}_stem`)}`.execute(db);
  }
  await sql`create table search_docs (
    book_id text not null references books(id) on delete cascade,
    page integer not null,
    config regconfig not null,
    title text not null default '',
    description text not null default '',
    publisher text not null default '',
    body text not null default '',
    tsv tsvector not null,
    primary key (book_id, page)
  )`.execute(db);
  await sql`create index search_docs_tsv on search_docs using gin (tsv)`.execute(db);
  // The tsvector from the text, title first (weight A), publisher and description (B), page text (D).
  await sql`create function search_docs_vector() returns trigger language plpgsql as $$
  begin
    new.tsv := setweight(to_tsvector(new.config, new.title), 'A')
      || setweight(to_tsvector(new.config, new.publisher), 'B')
      || setweight(to_tsvector(new.config, new.description), 'B')
      || setweight(to_tsvector(new.config, new.body), 'D');
    return new;
  end $$`.execute(db);
  await sql`create trigger search_docs_vector before insert or update on search_docs
    for each row execute function search_docs_vector()`.execute(db);
  await sql`create function search_book_meta() returns trigger language plpgsql as $$
  begin
    update search_docs set title = new.name, description = new.description where book_id = new.id and page = 0;
    return null;
  end $$`.execute(db);
  await sql`create trigger search_book_meta after update of name, description on books
    for each row when (old.name is distinct from new.name or old.description is distinct from new.description)
    execute function search_book_meta()`.execute(db);
  await sql`create function search_publisher_name() returns trigger language plpgsql as $$
  begin
    update search_docs d set publisher = new.name from books b
      where b.id = d.book_id and b.account_id = new.id and d.page = 0;
    return null;
  end $$`.execute(db);
  await sql`create trigger search_publisher_name after update of name on accounts
    for each row when (old.name is distinct from new.name) execute function search_publisher_name()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists search_publisher_name on accounts`.execute(db);
    await sql`drop trigger if exists search_book_meta on books`.execute(db);
    await sql`drop table if exists search_docs`.execute(db);
    await sql`drop function if exists search_publisher_name()`.execute(db);
    await sql`drop function if exists search_book_meta()`.execute(db);
    await sql`drop function if exists search_docs_vector()`.execute(db);
    for (const base of PG_BASES) await sql`drop text search configuration if exists ${sql.raw(`quire_${base}`)}`.execute(db);
    return;
  }
  await sql`drop trigger if exists search_publisher_name`.execute(db);
  await sql`drop trigger if exists search_book_delete`.execute(db);
  await sql`drop trigger if exists search_book_meta`.execute(db);
  await sql`drop table if exists search_fts`.execute(db);
  await sql`drop table if exists search_docs`.execute(db);
}
