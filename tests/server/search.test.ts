import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSearchContent, BookSearchHit, PublisherSearchContent } from '../../src/contracts/search';
import { updateAccount } from '../../src/server/accounts/repo';
import { indexBook, indexMissing, searchBooks } from '../../src/server/search/repo';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { waitForOutcome } from './fixtures/books';
import { makePdf } from './fixtures/pdf';
import { DIALECTS } from './helpers';
import { upload } from './publish-support';
import { makeBook, makeReaderPublicDir } from './reader-support';

/**
 * The site search (issue 15): `GET {api}/public/search/book` and `/public/search/publisher` over the
 * index that conversion writes, with the public gates applied at query time, on both databases.
 */
describe.each(DIALECTS)('site search on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let accountId = '';

  const search = async (q: string, extra = '', cookie?: string) => {
    const res = await call(ctx.app, `/public/search/book?q=${encodeURIComponent(q)}${extra}`, undefined, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as BookSearchContent;
  };
  const ids = (content: { list: { id: string }[] }) => content.list.map((b) => b.id);
  /** A hand-made DONE book (reader-support) indexed the way conversion indexes it. */
  const book = async (spec: Parameters<typeof makeBook>[2] & { account?: string }) => {
    const id = await makeBook(ctx.app, spec.account ?? accountId, spec);
    await indexBook(ctx.app.db, ctx.app.storage, id);
    return id;
  };
  /** The snippet with its marks in brackets: "…the [zebra] runs…". */
  const marked = (hit: BookSearchHit | undefined) => {
    if (!hit) return '';
    let out = '';
    let at = 0;
    for (const [from, length] of hit.snippet.marks) {
      out += `${hit.snippet.text.slice(at, from)}[${hit.snippet.text.slice(from, from + length)}]`;
      at = from + length;
    }
    return out + hit.snippet.text.slice(at);
  };

  beforeAll(async () => {
    owner = await signedIn(ctx, 'search-owner');
    accountId = owner.content.account.id;
  });

  it('finds a word that is only on page 12 of an uploaded PDF once it is converted, with page 12', async () => {
    const pdf = makePdf({ pages: 14, lines: 3, pageWords: { 12: 'Xylophonist' } });
    const res = await upload(ctx.app, owner.token, { name: 'Orchestra notes.pdf', data: pdf }, { name: 'Orchestra notes' });
    expect(res.json().status, res.body).toBe('ok');
    const id: string = res.json().content.id;
    const done = await waitForOutcome(ctx.app.db, id);
    expect(done.status).toBe('DONE');
    const found = await search('xylophonist');
    expect(ids(found)).toEqual([id]);
    const [hit] = found.list;
    expect(hit?.page).toBe(12);
    expect(hit?.title).toBe('Orchestra notes');
    expect(hit?.publisher.id).toBe(accountId);
    expect(hit?.cover).toMatch(new RegExp(`/thumbs/${id}/medium\\.webp`));
    expect(hit?.reader).toMatch(new RegExp(`/read/${id}$`));
    expect(marked(hit)).toContain('Page 12 [Xylophonist]');
    // Stemming and accents: the plural and the capitals find the same page.
    expect((await search('XYLOPHONISTS')).list[0]?.page).toBe(12);
  });

  it('matches title, description, publisher and page text, accent-insensitive, every word required', async () => {
    const id = await book({
      name: 'Les Misérables illustrés',
      description: 'Victor Hugo, abridged for the quokka readers.',
      texts: ['Cover', 'Jean Valjean steals the bishop candlesticks', 'Cosette at the inn'],
    });
    expect(ids(await search('miserables'))).toContain(id);
    expect(ids(await search('quokka'))).toEqual([id]);
    const candle = await search('valjean candlesticks');
    expect(ids(candle)).toEqual([id]);
    expect(candle.list[0]?.page).toBe(2);
    expect(marked(candle.list[0])).toBe('Jean [Valjean] steals the bishop [candlesticks]');
    expect(ids(await search('valjean cosette'))).toEqual([]);
    // A title-only hit has no page; its snippet is the title row's.
    const title = await search('illustres');
    expect(title.list[0]?.page).toBeNull();
    expect(marked(title.list[0])).toContain('[illustrés]');
    // Punctuation and FTS/tsquery syntax are only text.
    expect(ids(await search('"valjean" AND (NEAR* OR -cosette'))).toEqual([]);
    expect((await search('*** ((( ---')).total).toBe(0);
  });

  it('never returns private, scheduled, blocked, deactivated or unconverted books; explicit ones only after confirming', async () => {
    const word = 'Quillwort';
    const visible = await book({ name: `Visible ${word}` });
    const hidden = await Promise.all([
      book({ name: `Private ${word}`, columns: { publishing_mode: 2 } }),
      book({ name: `Scheduled ${word}`, columns: { publish_at: Date.now() + 86_400_000 } }),
      book({ name: `Blocked ${word}`, columns: { is_valid: 0, invalid_reason: 'test' } }),
      book({ name: `Deactivated ${word}`, columns: { is_published: 0 } }),
      book({ name: `Converting ${word}`, columns: { status: 'CONVERTING' } }),
    ]);
    const explicit = await book({ name: `Explicit ${word}`, columns: { is_adult: 1 } });
    expect(ids(await search(word))).toEqual([visible]);
    expect((await search(word)).total).toBe(1);
    expect(ids(await search(word, '', 'quire_explicit=1')).sort()).toEqual([visible, explicit].sort());
    expect(hidden).toHaveLength(5);

    // The gates are read when searching: a schedule reached, a book made public, an unblock count at once.
    await ctx.app.db
      .updateTable('books')
      .set({ publishing_mode: 1 })
      .where('id', '=', hidden[0] ?? '')
      .execute();
    ctx.advance(2 * 86_400_000);
    try {
      expect(ids(await search(word)).sort()).toEqual([visible, hidden[0], hidden[1]].sort());
    } finally {
      ctx.advance(-2 * 86_400_000);
    }
    // Made private again through the API: gone.
    const update = await call(ctx.app, '/account/book/update', { id: visible, publishing_mode: 2 }, { token: owner.token });
    expect(update.json().status, update.body).toBe('ok');
    expect(ids(await search(word))).toEqual([hidden[0]]);
  });

  it('follows edits of title and description, account name changes and deletes', async () => {
    const id = await book({ name: 'Gazetteer of marshes', description: 'Fens and bogs', texts: ['Sphagnum moss everywhere'] });
    expect(ids(await search('gazetteer'))).toEqual([id]);
    const edited = await call(
      ctx.app,
      '/account/book/update',
      { id, name: 'Atlas of wetlands', description: 'Estuaries' },
      { token: owner.token },
    );
    expect(edited.json().status, edited.body).toBe('ok');
    expect(ids(await search('gazetteer'))).toEqual([]);
    expect(ids(await search('bogs'))).toEqual([]);
    expect(ids(await search('wetlands estuaries'))).toEqual([id]);
    expect(ids(await search('sphagnum'))).toEqual([id]);

    const other = await signedIn(ctx, 'search-renamed');
    const theirs = await book({ account: other.content.account.id, name: 'Moorland birds' });
    await updateAccount(ctx.app.db, other.content.account.id, { name: 'Ptarmigan Press' }, Date.now());
    const byPublisher = await search('ptarmigan');
    expect(ids(byPublisher)).toEqual([theirs]);
    expect(byPublisher.list[0]?.publisher.name).toBe('Ptarmigan Press');
    const publishers = (await call(ctx.app, '/public/search/publisher?q=ptarmigan')).json().content as PublisherSearchContent;
    expect(publishers.list).toEqual([{ id: other.content.account.id, name: 'Ptarmigan Press', books: 1 }]);
    expect(publishers.total).toBe(1);

    const removed = await call(ctx.app, '/account/book/delete', { id }, { token: owner.token });
    expect(removed.json().status, removed.body).toBe('ok');
    expect(ids(await search('sphagnum'))).toEqual([]);
    expect(ids(await search('wetlands'))).toEqual([]);
    // Nothing of it stays in the index (on SQLite, not in the FTS5 table either).
    const docs = await sql<{ n: number }>`select count(*) as n from search_docs where book_id = ${id}`.execute(ctx.app.db);
    expect(Number(docs.rows[0]?.n)).toBe(0);
    if (dialect === 'sqlite') {
      const fts = await sql<{ n: number }>`select count(*) as n from search_fts where search_fts match ${'"sphagnum"'}`.execute(ctx.app.db);
      expect(Number(fts.rows[0]?.n)).toBe(0);
    }
  });

  it('pages 25 at a time and sorts by relevance, newest and most read', async () => {
    const word = 'Marmoset';
    const made: string[] = [];
    const base = Date.now() - 10 * 86_400_000;
    for (let i = 0; i < 30; i++)
      made.push(
        await book({
          name: i === 7 ? `${word} ${word} handbook` : `Volume ${i}`,
          texts: [i === 7 ? 'Nothing here' : `A ${word} on page one`],
          columns: { publish_at: base + i * 60_000 },
        }),
      );
    const first = await search(word);
    expect(first.total).toBe(30);
    expect(first.list).toHaveLength(25);
    expect(first.step).toBe(25);
    // The title counts most.
    expect(first.list[0]?.id).toBe(made[7]);
    const second = await search(word, '&start=25');
    expect(second.list).toHaveLength(5);
    expect(second.total).toBe(30);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(30);
    expect((await search(word, '&start=100')).total).toBe(30);

    const newest = await search(word, '&sortby=newest&step=3');
    expect(ids(newest)).toEqual([made[29], made[28], made[27]]);
    expect(newest.sortby).toBe('newest');

    // Readers (the statistics' daily rollup, summed over the days) make a book "most read".
    const read = (bookId: string | undefined, n: number) =>
      ctx.app.db
        .insertInto('stats_daily')
        .values(
          Array.from({ length: n }, (_, k) => ({
            book_id: bookId ?? '',
            account_id: 'someone',
            day: new Date(base - k * 86_400_000).toISOString().slice(0, 10),
            readers: 1,
            views: 2,
          })),
        )
        .execute();
    await read(made[3], 3);
    await read(made[12], 5);
    const reads = await search(word, '&sortby=reads&step=2');
    expect(ids(reads)).toEqual([made[12], made[3]]);
    expect(reads.list.map((b) => b.reads)).toEqual([5, 3]);
  });

  it('scores at most the capped number of matching documents, the newest first on SQLite', async () => {
    const older = await book({ name: 'Older almanac', texts: ['Wombat', 'Wombat', 'Wombat'] });
    const newer = await book({ name: 'Newer almanac', texts: ['Wombat', 'Wombat', 'Wombat'] });
    const all = await searchBooks(ctx.app.db, { q: 'wombat', start: 0, step: 25, sort: 'relevance', explicit: false, now: Date.now() });
    expect(all.list.map((b) => b.id).sort()).toEqual([older, newer].sort());
    const capped = await searchBooks(ctx.app.db, {
      q: 'wombat',
      start: 0,
      step: 25,
      sort: 'relevance',
      explicit: false,
      now: Date.now(),
      cap: 3,
    });
    // SQLite keeps the newest documents; PostgreSQL any three (no order to keep: scoring is what costs).
    if (dialect === 'sqlite') expect(capped.list.map((b) => b.id)).toEqual([newer]);
    else expect(capped.list.length).toBeLessThanOrEqual(2);
    expect(capped.total).toBe(capped.list.length);
    expect(capped.list[0]?.page).not.toBeNull();
  });

  it('indexes converted books that have no documents yet (books converted before the index existed)', async () => {
    const id = await makeBook(ctx.app, accountId, { name: 'Forgotten lighthouse logbook', texts: ['Fresnel lens'] });
    expect(ids(await search('fresnel'))).toEqual([]);
    expect(await indexMissing(ctx.app.db, ctx.app.storage)).toBe(1);
    expect(ids(await search('fresnel'))).toEqual([id]);
    expect(await indexMissing(ctx.app.db, ctx.app.storage)).toBe(0);
  });

  it('refuses bad input with the envelope and never answers 5xx', async () => {
    const cases: [string, string][] = [
      ['/public/search/book', 'q'],
      ['/public/search/book?q=', 'q'],
      ['/public/search/book?q=%20%20', 'q'],
      [`/public/search/book?q=${'a'.repeat(201)}`, 'q'],
      ['/public/search/book?q=x&start=-1', 'start'],
      ['/public/search/book?q=x&start=99999999999999999999', 'start'],
      ['/public/search/book?q=x&step=51', 'step'],
      ['/public/search/book?q=x&sortby=price', 'sortby'],
      ['/public/search/book?q=a%00b', 'q'],
      ['/public/search/publisher?q=', 'q'],
      [`/public/search/publisher?q=${'b'.repeat(201)}`, 'q'],
    ];
    for (const [url, field] of cases) {
      const res = await call(ctx.app, url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      const body = res.json();
      expect(body.status, url).toBe('error');
      expect(body.content.type, url).toBe('VALIDATION');
      expect(body.content.fields, url).toContain(field);
    }
    const empty = await call(ctx.app, '/public/search/book?q=');
    expect(empty.json().content.message).toBe('validation.required');
    // Long and odd text that passes validation still answers.
    for (const q of ['a'.repeat(200), '🦊 ∑ ﷽', 'NEAR(a b)', "l'école d'été", '1e400', '"'])
      expect((await call(ctx.app, `/public/search/book?q=${encodeURIComponent(q)}`)).statusCode, q).toBe(200);
  });
});
