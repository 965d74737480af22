import { rm } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_LIMIT_CODE, FAVORITES_MAX, FAVORITES_PAGE_SIZE } from '../../src/contracts/favorite-limits';
import type { FavoriteItem, FavoritePage, FavoriteState } from '../../src/contracts/favorites';
import { newId } from '../../src/server/auth/crypto';
import { addFavorite } from '../../src/server/favorites/repo';
import { newTokenSecret } from '../../src/server/reader/access';
import { call, nextIp, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { elementsOf, textOf } from './html-support';
import { linkToken, makeBook, makeReaderPublicDir } from './reader-support';

/**
 * Favourite publications (issue 16): every call and every refusal, on both databases. Who may keep
 * what (src/contracts/favorites.ts): a publication the caller may read now without a private link; the
 * list shows an entry that became unreadable as "unavailable", without its title; a deleted book leaves
 * it. The publication page's heart is a plain form (routes/reader/favorite-site.ts).
 */
describe.each(DIALECTS)('favourites on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));

  /** The publisher (owner of every book below but `foreign`), a reader and another reader. */
  let owner = { token: '', account: '', profile: '' };
  let reader = { token: '', account: '', profile: '' };
  let other = { token: '', account: '', profile: '' };
  const ids: Record<string, string> = {};

  const person = async (name: string) => {
    const s = await signedIn(ctx, name);
    const account = s.content.account.id as string;
    const profile = (await ctx.app.db.selectFrom('profiles').select('id').where('account_id', '=', account).executeTakeFirstOrThrow()).id;
    return { token: s.token, account, profile };
  };

  beforeAll(async () => {
    owner = await person('favorites-owner');
    reader = await person('favorites-reader');
    other = await person('favorites-other');
    const make = (name: string, columns: NonNullable<Parameters<typeof makeBook>[2]>['columns'] = {}, settings = {}) =>
      makeBook(ctx.app, owner.account, { name, columns, settings, pages: 1 });
    ids.public = await make('Public almanac');
    ids.second = await make('Second almanac');
    ids.private = await make('Private almanac', { publishing_mode: 2 }, { private_url: 1 });
    ids.deactivated = await make('Deactivated almanac', { is_published: 0 });
    ids.blocked = await make('Blocked almanac', { is_valid: 0, invalid_reason: 'spam' });
    ids.scheduled = await make('Scheduled almanac', { publish_at: Date.now() + 86_400_000 });
    ids.explicit = await make('Explicit almanac', { is_adult: 1 });
  });

  const errorOf = (res: LightMyRequestResponse) => {
    const body = res.json();
    return body.status === 'error' ? `${body.content.type}:${body.content.code}` : 'ok';
  };
  const state = (id: string, token?: string, extra = '') =>
    call(ctx.app, `/public/book/favorite/get?id=${id}${extra}`, undefined, token ? { token } : {});
  const add = (id: string, token?: string, extra: Record<string, unknown> = {}) =>
    call(ctx.app, '/public/book/favorite/create', { id, ...extra }, token ? { token } : {});
  const remove = (id: unknown, token?: string) => call(ctx.app, '/account/favorite/delete', { id }, token ? { token } : {});
  const list = async (token: string, query = '', cookie?: string) => {
    const res = await call(ctx.app, `/account/favorite?${query}`, undefined, { token, ...(cookie ? { cookie } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as FavoritePage;
  };
  const rows = (profile: string) =>
    ctx.app.db.selectFrom('favorites').select(['book_id', 'created_at']).where('profile_id', '=', profile).execute();
  const clear = (profile: string) => ctx.app.db.deleteFrom('favorites').where('profile_id', '=', profile).execute();

  it('tells anyone whether they may add a publication, and a signed-in reader whether it is theirs', async () => {
    const anonymous = await state(ids.public as string);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect(anonymous.json().content).toEqual({ favorite: false, allowed: true } satisfies FavoriteState);
    expect((await state(ids.public as string, reader.token)).json().content).toEqual({ favorite: false, allowed: true });
  });

  it('adds a public publication once, newest first, and says so', async () => {
    await clear(reader.profile);
    expect(errorOf(await add(ids.public as string))).toBe('SESSION:301');
    const first = await add(ids.public as string, reader.token);
    expect(errorOf(first)).toBe('ok');
    expect(first.json().content).toEqual({ favorite: true, allowed: true });
    // Again: nothing changes (one row, the first date).
    const before = await rows(reader.profile);
    expect(errorOf(await add(ids.public as string, reader.token))).toBe('ok');
    expect(await rows(reader.profile)).toEqual(before);
    expect(before).toHaveLength(1);
    expect((await state(ids.public as string, reader.token)).json().content).toEqual({ favorite: true, allowed: true });
    // Someone else's favourites are theirs alone.
    expect((await state(ids.public as string, other.token)).json().content.favorite).toBe(false);
  });

  it('puts an undone removal back with its first date, never a later one than now', async () => {
    await clear(reader.profile);
    expect(errorOf(await add(ids.public as string, reader.token, { added: 1_600_000_000_000 }))).toBe('ok');
    expect(await rows(reader.profile)).toEqual([{ book_id: ids.public, created_at: 1_600_000_000_000 }]);
    await clear(reader.profile);
    const before = Date.now();
    expect(errorOf(await add(ids.public as string, reader.token, { added: Date.now() + 86_400_000 }))).toBe('ok');
    const [row] = await rows(reader.profile);
    expect(row?.created_at).toBeGreaterThanOrEqual(before);
    expect(row?.created_at).toBeLessThanOrEqual(Date.now());
    for (const added of [-1, 1.5, 1e20, '1600000000000'])
      expect(errorOf(await add(ids.second as string, reader.token, { added }))).toBe('VALIDATION:1');
  });

  it('refuses what the reader may not read, and a private publication read through its link', async () => {
    await clear(reader.profile);
    expect(errorOf(await add(ids.private as string, reader.token))).toBe('BOOK:403');
    expect(errorOf(await add(ids.deactivated as string, reader.token))).toBe('BOOK:410');
    expect(errorOf(await add(ids.blocked as string, reader.token))).toBe('BOOK:423');
    expect(errorOf(await add(ids.scheduled as string, reader.token))).toBe('BOOK:404');
    expect(errorOf(await add('no-such-book', reader.token))).toBe('BOOK:404');
    // The link opens the book, but a favourite could not show it later without keeping the link.
    const token = await linkToken(ctx.app, ids.private as string);
    expect((await state(ids.private as string, reader.token, `&token=${token}`)).json().content).toEqual({
      favorite: false,
      allowed: false,
    });
    expect(errorOf(await add(ids.private as string, reader.token, { token }))).toBe('FAVORITE:952');
    // Bad input is refused with the validation error.
    expect(errorOf(await add('../etc', reader.token))).toBe('VALIDATION:1');
    expect(errorOf(await add(ids.public as string, reader.token, { token: 'short' }))).toBe('VALIDATION:1');
    expect(await rows(reader.profile)).toEqual([]);
  });

  it('lets the owner keep their own publications, private or deactivated, and shows them', async () => {
    await clear(owner.profile);
    expect((await state(ids.private as string, owner.token)).json().content).toEqual({ favorite: false, allowed: true });
    expect(errorOf(await add(ids.private as string, owner.token))).toBe('ok');
    expect(errorOf(await add(ids.deactivated as string, owner.token))).toBe('ok');
    // Blocked: not even the owner reads it.
    expect(errorOf(await add(ids.blocked as string, owner.token))).toBe('BOOK:423');
    const page = await list(owner.token);
    expect(page.list.map((f) => [f.id, f.available])).toEqual([
      [ids.deactivated, true],
      [ids.private, true],
    ]);
    const priv = page.list.find((f) => f.id === ids.private);
    // The private book's cover carries its pages token, and it opens in the reader (it has no public page).
    expect(priv?.available && priv.image).toMatch(new RegExp(`/thumbs/${ids.private}/medium\\.webp\\?r=\\d+&t=[0-9a-f]{32}$`));
    expect(priv?.available && priv.url).toEqual({ viewer: `/read/${ids.private}`, overview: `/read/${ids.private}` });
  });

  it('removes one’s own favourite only; another’s or an unknown one is not found', async () => {
    await clear(reader.profile);
    await clear(other.profile);
    expect(errorOf(await add(ids.public as string, reader.token))).toBe('ok');
    expect(errorOf(await remove(ids.public, other.token))).toBe('FAVORITE:951');
    expect(errorOf(await remove(ids.public))).toBe('SESSION:301');
    expect(await rows(reader.profile)).toHaveLength(1);
    const removed = await remove(ids.public, reader.token);
    expect(errorOf(removed)).toBe('ok');
    expect(removed.json().content).toEqual({ id: ids.public });
    expect(await rows(reader.profile)).toEqual([]);
    expect(errorOf(await remove(ids.public, reader.token))).toBe('FAVORITE:951');
    expect(errorOf(await remove('no-such-book', reader.token))).toBe('FAVORITE:951');
    expect(errorOf(await remove(42, reader.token))).toBe('VALIDATION:1');
  });

  it('lists 25 a page, newest first, as a SPEC §3 paged list', async () => {
    await clear(other.profile);
    const books: string[] = [];
    for (let i = 0; i < FAVORITES_PAGE_SIZE + 2; i++) {
      const id = newId();
      books.push(id);
      await insertBook(id, `Shelf ${String(i).padStart(2, '0')}`);
      await ctx.app.db
        .insertInto('favorites')
        .values({ profile_id: other.profile, book_id: id, created_at: 1_700_000_000_000 + i * 1000 })
        .execute();
    }
    const first = await list(other.token);
    expect(first.total).toBe(FAVORITES_PAGE_SIZE + 2);
    expect(first.all).toBe(FAVORITES_PAGE_SIZE + 2);
    expect(first.step.current).toBe(FAVORITES_PAGE_SIZE);
    expect(first.start).toBe(0);
    expect([first.from, first.to]).toEqual([1, FAVORITES_PAGE_SIZE]);
    expect(first.sortby).toEqual({ available: [{ id: 'date_desc', label: 'book.sort.date_desc' }], selected: 'date_desc' });
    expect(first.max).toBe(100);
    expect(first.currency).toBeNull();
    expect(first.metadata).toEqual({ limit: FAVORITES_MAX });
    expect(first.list.map((f) => (f.available ? f.name : ''))[0]).toBe('Shelf 26');
    const second = await list(other.token, `start=${FAVORITES_PAGE_SIZE}`);
    expect(second.list.map((f) => (f.available ? f.name : ''))).toEqual(['Shelf 01', 'Shelf 00']);
    expect([second.from, second.to]).toEqual([FAVORITES_PAGE_SIZE + 1, FAVORITES_PAGE_SIZE + 2]);
    const item = first.list[0] as FavoriteItem;
    expect(item).toEqual({
      id: books.at(-1),
      available: true,
      created_at: 1_700_000_000_000 + 26_000,
      name: 'Shelf 26',
      image: `/thumbs/${books.at(-1)}/medium.webp?r=1`,
      is_adult: false,
      account: { name: expect.any(String), url: { overview: `/publisher/${owner.account}` } },
      url: { viewer: `/read/${books.at(-1)}`, overview: `/publication/${books.at(-1)}` },
    });
    expect((await list(other.token, 'start=1&step=2')).list.map((f) => (f.available ? f.name : ''))).toEqual(['Shelf 25', 'Shelf 24']);
    // An empty page past the end; the limits of the query are refused.
    expect((await list(other.token, 'start=1000')).list).toEqual([]);
    for (const bad of ['step=101', 'start=-1', 'sortby=name_asc', 'start=x'])
      expect(errorOf(await call(ctx.app, `/account/favorite?${bad}`, undefined, { token: other.token }))).toBe('VALIDATION:1');
    expect(errorOf(await call(ctx.app, '/account/favorite'))).toBe('SESSION:301');
  });

  /** A list-only public book (no files) of the owner. */
  async function insertBook(id: string, name: string, columns: Record<string, unknown> = {}) {
    const now = Date.now();
    await ctx.app.db
      .insertInto('books')
      .values({
        id,
        account_id: owner.account,
        name,
        status: 'DONE',
        pages_total: 1,
        pages_done: 1,
        source_name: 'x.pdf',
        source_kind: 'pdf',
        source_size: 1,
        start_time: now,
        created_at: now,
        modified_at: now,
        token_secret: newTokenSecret(),
        ...columns,
      })
      .execute();
  }

  it('shows a favourite that became unreadable as unavailable, without its title, and drops a deleted one', async () => {
    await clear(reader.profile);
    const changes: Record<string, Record<string, unknown>> = {
      'Made private': { publishing_mode: 2 },
      'Made deactivated': { is_published: 0 },
      'Made blocked': { is_valid: 0, invalid_reason: 'spam' },
      'Made scheduled': { publish_at: Date.now() + 86_400_000 },
      'Made converting': { status: 'CONVERTING' },
    };
    const made: string[] = [];
    for (const name of [...Object.keys(changes), 'Stays public', 'Gets deleted']) {
      const id = newId();
      await insertBook(id, name);
      made.push(id);
      expect(errorOf(await add(id, reader.token))).toBe('ok');
    }
    for (const [i, [, columns]] of Object.entries(changes).entries())
      await ctx.app.db
        .updateTable('books')
        .set(columns)
        .where('id', '=', made[i] as string)
        .execute();
    await ctx.app.db
      .deleteFrom('books')
      .where('id', '=', made.at(-1) as string)
      .execute();
    const res = await call(ctx.app, '/account/favorite', undefined, { token: reader.token });
    const page = res.json().content as FavoritePage;
    expect(page.total).toBe(6);
    expect(page.list.filter((f) => f.available).map((f) => (f.available ? f.name : ''))).toEqual(['Stays public']);
    const unavailable = page.list.filter((f) => !f.available);
    expect(unavailable.map((f) => f.id).sort()).toEqual(made.slice(0, 5).sort());
    for (const f of unavailable) expect(Object.keys(f).sort()).toEqual(['available', 'created_at', 'id']);
    // Nothing of them in the answer: no title, no publisher.
    for (const name of Object.keys(changes)) expect(res.body).not.toContain(name);
    expect(res.body).not.toContain('favorites-owner');
    // An unavailable one can still be removed.
    expect(errorOf(await remove(made[0], reader.token))).toBe('ok');
    expect((await list(reader.token)).total).toBe(5);
    // Its owner still sees the deactivated and the private one (their own).
    await clear(owner.profile);
    for (const id of made.slice(0, 2))
      await ctx.app.db.insertInto('favorites').values({ profile_id: owner.profile, book_id: id, created_at: Date.now() }).execute();
    expect((await list(owner.token)).list.every((f) => f.available)).toBe(true);
  });

  it('hides an explicit cover unless the visitor confirmed explicit content', async () => {
    await clear(reader.profile);
    expect(errorOf(await add(ids.explicit as string, reader.token))).toBe('ok');
    const hidden = (await list(reader.token)).list[0];
    expect(hidden).toMatchObject({ available: true, name: 'Explicit almanac', is_adult: true, image: null });
    const shown = (await list(reader.token, '', 'quire_explicit=1')).list[0];
    expect(shown?.available && shown.image).toMatch(/\/medium\.webp\?r=\d+$/);
  });

  let collector = { token: '', account: '', profile: '' };
  it(`keeps at most ${FAVORITES_MAX} favourites a person`, async () => {
    collector = await person('favorites-collector');
    const heavy = collector;
    const now = Date.now();
    const books = Array.from({ length: FAVORITES_MAX }, () => newId());
    for (let i = 0; i < books.length; i += 250) {
      const chunk = books.slice(i, i + 250);
      await ctx.app.db
        .insertInto('books')
        .values(
          chunk.map((id) => ({
            id,
            account_id: owner.account,
            name: 'Bulk',
            status: 'DONE',
            pages_total: 1,
            pages_done: 1,
            source_name: 'x.pdf',
            source_kind: 'pdf',
            source_size: 1,
            start_time: now,
            created_at: now,
            modified_at: now,
            token_secret: 'x',
          })),
        )
        .execute();
      await ctx.app.db
        .insertInto('favorites')
        .values(chunk.map((id, j) => ({ profile_id: heavy.profile, book_id: id, created_at: now + i + j })))
        .execute();
    }
    const refused = await add(ids.public as string, heavy.token);
    expect(errorOf(refused)).toBe(`FAVORITE:${FAVORITE_LIMIT_CODE}`);
    expect(refused.statusCode).toBe(409);
    expect((await rows(heavy.profile)).length).toBe(FAVORITES_MAX);
    // One already kept is still answered as kept; after a removal there is room again.
    expect(errorOf(await add(books[0] as string, heavy.token))).toBe('ok');
    expect(errorOf(await remove(books[0], heavy.token))).toBe('ok');
    expect(errorOf(await add(ids.public as string, heavy.token))).toBe('ok');
    // The list pages through them.
    expect((await list(heavy.token, 'start=4990')).list).toHaveLength(10);
    // The repository's own answer at the limit (smaller limits are the same code).
    expect(await addFavorite(ctx.app.db, { profileId: reader.profile, bookId: ids.second as string }, now, 0)).toBe('full');
  });

  it('limits adding and removing per address', async () => {
    const ip = nextIp();
    const results: string[] = [];
    for (let i = 0; i < 61; i++)
      results.push(errorOf(await call(ctx.app, '/public/book/favorite/create', { id: ids.public }, { token: reader.token, ip })));
    expect(results.slice(0, 60).every((r) => r === 'ok')).toBe(true);
    expect(results[60]).toBe('API:429');
  });

  it('removes a person’s favourites with their account, and a book’s with the book', async () => {
    const leaving = await person('favorites-leaving');
    expect(errorOf(await add(ids.public as string, leaving.token))).toBe('ok');
    await ctx.app.db.deleteFrom('profiles').where('id', '=', leaving.profile).execute();
    expect(await rows(leaving.profile)).toEqual([]);
    const gone = newId();
    await insertBook(gone, 'Short-lived');
    expect(errorOf(await add(gone, reader.token))).toBe('ok');
    await ctx.app.db.deleteFrom('books').where('id', '=', gone).execute();
    expect(await ctx.app.db.selectFrom('favorites').select('book_id').where('book_id', '=', gone).execute()).toEqual([]);
  });

  // ── The publication page's heart (a form without script) ──────────────────────────────────────
  const pageOf = (id: string, headers: Record<string, string> = {}, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/publication/${id}${query}`, headers });
  const postForm = (path: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: '',
      remoteAddress: nextIp(),
    });
  const heart = (html: string) => elementsOf(html, 'button').find((b) => b.attribs.class?.includes('ov-heart'));
  const formOf = (html: string) => elementsOf(html, 'form').find((f) => f.attribs.id === 'favorite');
  const cookieOf = (token: string) => ({ cookie: `quire_token=${token}` });

  it('shows the heart and the count on the publication page, pressed for a reader who keeps it', async () => {
    await clear(reader.profile);
    await clear(other.profile);
    const anonymous = await pageOf(ids.second as string);
    expect(anonymous.statusCode).toBe(200);
    expect(textOf(heart(anonymous.body) as never)).toBe('Add to favourites');
    expect(heart(anonymous.body)?.attribs['aria-pressed']).toBe('false');
    expect(textOf(anonymous.body)).toContain('Sign in to keep it in your favourites.');
    expect(formOf(anonymous.body)?.attribs).toMatchObject({ method: 'post', action: `/publication/${ids.second}/favorite` });
    expect(textOf(anonymous.body)).not.toContain('keep it in their favourites');

    expect(errorOf(await add(ids.second as string, reader.token))).toBe('ok');
    expect(errorOf(await add(ids.second as string, other.token))).toBe('ok');
    const mine = await pageOf(ids.second as string, cookieOf(reader.token));
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    // The form posts with the session cookie: the page lets same-origin requests carry its origin (CSRF guard).
    expect(mine.headers['referrer-policy']).toBe('same-origin');
    expect(textOf(heart(mine.body) as never)).toBe('In your favourites');
    expect(heart(mine.body)?.attribs['aria-pressed']).toBe('true');
    expect(formOf(mine.body)?.attribs.action).toBe(`/publication/${ids.second}/favorite/delete`);
    expect(textOf(mine.body)).toContain('2 readers keep it in their favourites');
    expect(elementsOf(mine.body, 'a').some((a) => a.attribs.href === '/account/favorite')).toBe(true);
    const notMine = await pageOf(ids.second as string, cookieOf(owner.token));
    expect(heart(notMine.body)?.attribs['aria-pressed']).toBe('false');
    expect(textOf(notMine.body)).not.toContain('Sign in to keep it');
  });

  it('adds and removes from the publication page’s form, back at the heart', async () => {
    await clear(reader.profile);
    const added = await postForm(`/publication/${ids.second}/favorite`, cookieOf(reader.token));
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/publication/${ids.second}#favorite`);
    expect((await rows(reader.profile)).map((r) => r.book_id)).toEqual([ids.second]);
    const removed = await postForm(`/publication/${ids.second}/favorite/delete`, cookieOf(reader.token));
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe(`/publication/${ids.second}#favorite`);
    expect(await rows(reader.profile)).toEqual([]);
    // Removing again changes nothing and comes back too.
    expect((await postForm(`/publication/${ids.second}/favorite/delete`, cookieOf(reader.token))).statusCode).toBe(303);
    // From another site, the cookie's form is refused (the CSRF guard), and nothing changes.
    const forged = await postForm(`/publication/${ids.second}/favorite`, { ...cookieOf(reader.token), 'sec-fetch-site': 'cross-site' });
    expect(forged.statusCode).toBe(403);
    expect(await rows(reader.profile)).toEqual([]);
  });

  it('sends a signed-out visitor to sign in, coming back to the page', async () => {
    const res = await postForm(`/publication/${ids.second}/favorite`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toBe(
      `quire_login_redirect=${encodeURIComponent(`/publication/${ids.second}#favorite`)}; Path=/; Max-Age=1800; SameSite=Lax`,
    );
    expect(cookie).not.toContain('HttpOnly');
  });

  it('answers the page’s 404 for any publication the page does not show, and changes nothing', async () => {
    await clear(reader.profile);
    const unknown = await postForm('/publication/no-such-book/favorite', cookieOf(reader.token));
    expect(unknown.statusCode).toBe(404);
    for (const key of ['private', 'deactivated', 'blocked', 'scheduled']) {
      const res = await postForm(`/publication/${ids[key]}/favorite`, cookieOf(reader.token));
      expect(res.statusCode, key).toBe(404);
      expect(res.body.replaceAll(ids[key] as string, '<id>')).toBe(unknown.body.replaceAll('no-such-book', '<id>'));
    }
    // Even the owner's private book: the public page does not know it.
    await clear(owner.profile);
    expect((await postForm(`/publication/${ids.private}/favorite`, cookieOf(owner.token))).statusCode).toBe(404);
    expect(await rows(reader.profile)).toEqual([]);
    expect(await rows(owner.profile)).toEqual([]);
  });

  it('says so on the page when the visitor keeps the most favourites one may keep', async () => {
    // The collector of the limit test keeps FAVORITES_MAX, not this one.
    expect((await rows(collector.profile)).length).toBe(FAVORITES_MAX);
    const res = await postForm(`/publication/${ids.second}/favorite`, cookieOf(collector.token));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/publication/${ids.second}?favorite=full#favorite`);
    expect((await rows(collector.profile)).length).toBe(FAVORITES_MAX);
    const page = await pageOf(ids.second as string, cookieOf(collector.token), '?favorite=full');
    const alert = elementsOf(page.body, 'p').find((p) => p.attribs.role === 'alert');
    expect(textOf(alert as never)).toContain('You already keep 5,000 favourites');
    // Only for a signed-in visitor who does not keep it (the query alone says nothing to others).
    expect(textOf((await pageOf(ids.second as string, {}, '?favorite=full')).body)).not.toContain('You already keep');
    expect(textOf((await pageOf(ids.second as string, cookieOf(reader.token))).body)).not.toContain('You already keep');
  });
});
