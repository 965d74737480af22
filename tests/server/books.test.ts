import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookListItem, PagedList } from '../../src/contracts/books';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { bookFiles, upload } from './publish-support';
import { pagesTokenOf } from './reader-support';

/** Books API: list (paged, sorted, searched), get, update (one and bulk), delete, ownership, thumbnails. */
describe.each(DIALECTS)('books API on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);
  let owner = { token: '', accountId: '', name: '' };
  let other = { token: '', accountId: '' };

  beforeAll(async () => {
    const a = await signedIn(ctx, 'owner');
    owner = { token: a.token, accountId: a.content.account.id, name: a.content.account.name };
    const b = await signedIn(ctx, 'other');
    other = { token: b.token, accountId: b.content.account.id };
  });

  /** A new book of `token`'s account from a small text file; the clock moves so creation times differ. */
  async function book(token: string, name: string, status: 'QUEUED' | 'DONE' = 'DONE'): Promise<string> {
    ctx.advance(1000);
    const res = await upload(ctx.app, token, { name: `${name}.txt`, data: Buffer.from(`text of ${name}`) });
    const id: string = res.json().content.id;
    if (status !== 'QUEUED')
      await ctx.app.db.updateTable('books').set({ status, pages_total: 1, pages_done: 1 }).where('id', '=', id).execute();
    return id;
  }
  const list = async (token: string, query: string): Promise<PagedList<BookListItem>> => {
    const res = await call(ctx.app, `/account/book/?${query}`, undefined, { token });
    expect(res.json().status).toBe('ok');
    return res.json().content;
  };

  describe('list', () => {
    let lister = '';
    beforeAll(async () => {
      lister = (await signedIn(ctx, 'lister')).token;
      for (const name of ['Alpha', 'beta', 'Gamma', 'delta 100%', 'Epsilon']) await book(lister, name);
    });

    it('pages newest first with the paged-list fields', async () => {
      const first = await list(lister, 'start=0&step=2');
      expect(first.list.map((b) => b.name)).toEqual(['Epsilon', 'delta 100%']);
      expect(first).toMatchObject({ total: 5, all: 5, start: 0, step: { current: 2 }, from: 1, to: 2, currency: null });
      expect(first.sortby).toEqual({
        selected: 'date_desc',
        available: ['date_desc', 'date_asc', 'name_asc', 'name_desc'].map((id) => ({ id, label: `book.sort.${id}` })),
      });
      const last = await list(lister, 'start=4&step=2');
      expect(last.list.map((b) => b.name)).toEqual(['Alpha']);
      expect(last).toMatchObject({ from: 5, to: 5 });
      const beyond = await list(lister, 'start=10&step=2');
      expect(beyond).toMatchObject({ list: [], from: 0, to: 10, total: 5 });
      expect((await list(lister, '')).step.current).toBe(25);
    });

    it('sorts by date and by name (case-insensitive)', async () => {
      expect((await list(lister, 'sortby=date_asc')).list.map((b) => b.name)).toEqual(['Alpha', 'beta', 'Gamma', 'delta 100%', 'Epsilon']);
      expect((await list(lister, 'sortby=name_asc')).list.map((b) => b.name)).toEqual(['Alpha', 'beta', 'delta 100%', 'Epsilon', 'Gamma']);
      expect((await list(lister, 'sortby=name_desc')).list.map((b) => b.name)).toEqual(['Gamma', 'Epsilon', 'delta 100%', 'beta', 'Alpha']);
      const bad = await call(ctx.app, '/account/book/?sortby=size', undefined, { token: lister });
      expect(bad.json().content).toMatchObject({ type: 'VALIDATION', fields: ['sortby'] });
    });

    it('filters by a search term (case-insensitive, wildcards taken literally)', async () => {
      const ta = await list(lister, 'search=TA&sortby=name_asc');
      expect(ta.list.map((b) => b.name)).toEqual(['beta', 'delta 100%']);
      expect(ta).toMatchObject({ total: 2, all: 5 });
      expect((await list(lister, `search=${encodeURIComponent('%')}`)).list.map((b) => b.name)).toEqual(['delta 100%']);
      expect((await list(lister, 'search=_')).total).toBe(0);
    });

    it('shows only the caller’s books, with the list-item flags', async () => {
      expect((await list(other.token, '')).list.every((b) => b.account.url.overview === `/publisher/${other.accountId}`)).toBe(true);
      const id = await book(owner.token, 'Flags');
      const future = ctx.app.clock() + 86_400_000;
      await ctx.app.db
        .updateTable('books')
        .set({
          is_valid: 0,
          invalid_reason: 'copyright',
          publish_at: future,
          is_awarded: 1,
          is_adult: 1,
          publishing_mode: 2,
          is_published: 0,
        })
        .where('id', '=', id)
        .execute();
      const item = (await list(owner.token, 'search=Flags')).list[0];
      // A private book's covers carry its pages token (they are gated like its page images).
      const t = `&t=${await pagesTokenOf(ctx.app, id)}`;
      expect(item).toEqual({
        id,
        name: 'Flags',
        image: {
          small: `/thumbs/${id}/small.webp?r=1${t}`,
          medium: `/thumbs/${id}/medium.webp?r=1${t}`,
          large: `/thumbs/${id}/large.webp?r=1${t}`,
        },
        url: { overview: `/read/${id}` },
        account: { name: owner.name, url: { overview: `/publisher/${owner.accountId}` } },
        document: { status: 'DONE', error_code: null, pages_done: 1, pages_total: 1 },
        is_valid: false,
        invalid_reason: 'copyright',
        is_scheduled: true,
        publication: Math.floor(future / 1000),
        is_published: false,
        is_awarded: true,
        is_adult: true,
        publishing_mode: 2,
      });
    });
  });

  it('gets one book; another account’s or an unknown id is bookNotFound', async () => {
    const id = await book(owner.token, 'Mine');
    const res = await call(ctx.app, `/account/book/get?id=${id}`, undefined, { token: owner.token });
    expect(res.json().content).toMatchObject({
      id,
      name: 'Mine',
      files: [{ name: 'Mine.txt', kind: 'txt' }],
      document: { status: 'DONE', pages: 1 },
    });
    for (const [token, bookId] of [
      [other.token, id],
      [owner.token, 'nope'],
    ] as const) {
      const miss = await call(ctx.app, `/account/book/get?id=${bookId}`, undefined, { token });
      expect(miss.statusCode).toBe(404);
      expect(miss.json().content).toMatchObject({ type: 'BOOK', code: 404 });
    }
  });

  it('updates one book (JSON or form); refuses blocked, converting-mode changes, foreign ids and bad values', async () => {
    const id = await book(owner.token, 'Before');
    const later = Math.floor(ctx.app.clock() / 1000) + 3600;
    const res = await call(
      ctx.app,
      '/account/book/update',
      { id, name: 'After', publishing_mode: 2, comment_mode: 1, license_mode: 'by_sa' },
      { token: owner.token, method: 'PATCH' },
    );
    expect(res.json().content).toMatchObject({
      id,
      name: 'After',
      publishing_mode: 2,
      comment_mode: 1,
      license_mode: 'by_sa',
      download_mode: 0,
    });
    const form = await call(
      ctx.app,
      '/account/book/update',
      { id, is_published: '0', description: 'Quiet' },
      { token: owner.token, form: true },
    );
    expect(form.json().content).toMatchObject({ is_published: false, description: 'Quiet', name: 'After' });
    expect((await call(ctx.app, '/account/book/update', { id, name: '  ' }, { token: owner.token })).json().content).toMatchObject({
      type: 'VALIDATION',
      fields: ['name'],
    });
    // Scheduling is premium-gated; a premium account may.
    expect(
      (await call(ctx.app, '/account/book/update', { id, publish_date: later }, { token: owner.token })).json().content.fields,
    ).toEqual(['publish_date']);
    await ctx.app.db.updateTable('accounts').set({ mode: 'PREMIUM' }).where('id', '=', owner.accountId).execute();
    const scheduled = await call(ctx.app, '/account/book/update', { id, publish_date: later }, { token: owner.token });
    expect(scheduled.json().content).toMatchObject({ is_scheduled: true, publish_date: later, publication: later });
    await ctx.app.db.updateTable('accounts').set({ mode: 'FREE' }).where('id', '=', owner.accountId).execute();

    expect((await call(ctx.app, '/account/book/update', { id, name: 'Theirs' }, { token: other.token })).json().content.code).toBe(404);
    const converting = await book(owner.token, 'Converting', 'QUEUED');
    expect(
      (await call(ctx.app, '/account/book/update', { id: converting, publishing_mode: 2 }, { token: owner.token })).json().content.code,
    ).toBe(409);
    expect(
      (await call(ctx.app, '/account/book/update', { id: converting, name: 'Renamed' }, { token: owner.token })).json().content.name,
    ).toBe('Renamed');
    await ctx.app.db.updateTable('books').set({ is_valid: 0 }).where('id', '=', id).execute();
    expect((await call(ctx.app, '/account/book/update', { id, name: 'Blocked' }, { token: owner.token })).json().content.code).toBe(423);
  });

  it('bulk update answers a status and code per item, and an error envelope when every item failed', async () => {
    const done = await book(owner.token, 'Done');
    const blocked = await book(owner.token, 'Blocked');
    const converting = await book(owner.token, 'Busy', 'QUEUED');
    const foreign = await book(other.token, 'Foreign');
    await ctx.app.db.updateTable('books').set({ is_valid: 0 }).where('id', '=', blocked).execute();
    const res = await call(
      ctx.app,
      '/account/book/update',
      { ids: [done, blocked, converting, foreign, 'unknown'], publishing_mode: 2 },
      { token: owner.token },
    );
    expect(res.json().status).toBe('ok');
    expect(res.json().content.map((i: { id: string; status: string; code: number }) => [i.id, i.status, i.code])).toEqual([
      [done, 'ok', 200],
      [blocked, 'error', 423],
      [converting, 'error', 409],
      [foreign, 'error', 404],
      ['unknown', 'error', 404],
    ]);
    expect(res.json().content[0].book).toMatchObject({ id: done, publishing_mode: 2 });
    const foreignRow = await ctx.app.db.selectFrom('books').select('publishing_mode').where('id', '=', foreign).executeTakeFirstOrThrow();
    expect(foreignRow.publishing_mode).toBe(1);
    const allFailed = await call(ctx.app, '/account/book/update', { ids: [blocked, foreign], publishing_mode: 2 }, { token: owner.token });
    expect(allFailed.json()).toMatchObject({
      status: 'error',
      content: {
        type: 'BOOK',
        code: 423,
        items: [
          { id: blocked, status: 'error', code: 423 },
          { id: foreign, status: 'error', code: 404 },
        ],
      },
    });
    expect((await call(ctx.app, '/account/book/update', { name: 'no id' }, { token: owner.token })).json().content.fields).toEqual(['id']);
  });

  it('deletes books with their files and jobs (single and bulk); foreign ids are left alone', async () => {
    const one = await book(owner.token, 'One', 'QUEUED');
    const two = await book(owner.token, 'Two');
    const foreign = await book(other.token, 'Keep');
    expect(await bookFiles(ctx.config.dataDir, one)).toEqual(['source']);
    const res = await call(ctx.app, '/account/book/delete', { id: one }, { token: owner.token });
    expect(res.json()).toMatchObject({ status: 'ok', content: { id: one } });
    expect(await bookFiles(ctx.config.dataDir, one)).toEqual([]);
    expect(await ctx.app.db.selectFrom('jobs').select('id').where('book_id', '=', one).execute()).toEqual([]);
    expect((await call(ctx.app, '/account/book/delete', { id: foreign }, { token: owner.token })).json().content.code).toBe(404);
    const bulk = await call(ctx.app, '/account/book/delete', { ids: [two, foreign] }, { token: owner.token });
    expect(bulk.json().content).toEqual([
      { id: two, status: 'ok', code: 200 },
      { id: foreign, status: 'error', code: 404 },
    ]);
    expect(await bookFiles(ctx.config.dataDir, two)).toEqual([]);
    expect(await bookFiles(ctx.config.dataDir, foreign)).toEqual(['source']);
    expect(await ctx.app.db.selectFrom('books').select('id').where('id', 'in', [one, two]).execute()).toEqual([]);
    const again = await call(ctx.app, '/account/book/delete', { ids: [two] }, { token: owner.token });
    expect(again.json()).toMatchObject({ status: 'error', content: { code: 404, items: [{ id: two, status: 'error', code: 404 }] } });
  });

  it('serves thumbnails with a long cache and lists them as soon as they exist', async () => {
    const id = await book(owner.token, 'Pictured', 'QUEUED');
    const fresh = (await call(ctx.app, `/account/book/get?id=${id}`, undefined, { token: owner.token })).json().content;
    expect(fresh.image).toEqual({ small: null, medium: null, large: null });
    // The converter made the small one first (a converting book shows what exists).
    const webp = Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake', 'latin1');
    const dir = path.join(ctx.config.dataDir, 'files', 'books', id, 'thumbs');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'small.webp'), webp);
    await ctx.app.db.updateTable('books').set({ status: 'CONVERTING', revision: 3 }).where('id', '=', id).execute();
    const item = (await list(owner.token, 'search=Pictured')).list[0];
    expect(item?.image).toEqual({ small: `/thumbs/${id}/small.webp?r=3`, medium: null, large: null });

    const res = await ctx.app.inject({ method: 'GET', url: item?.image.small ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.rawPayload.equals(webp)).toBe(true);
    for (const url of [
      `/thumbs/${id}/medium.webp`,
      `/thumbs/${id}/huge.webp`,
      `/thumbs/${id}/small.png`,
      '/thumbs/..%2F..%2Fetc/small.webp',
      '/thumbs/nope/small.webp',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('requires a session for every books call', async () => {
    for (const [url, body] of [
      ['/account/book/', undefined],
      ['/account/book/get?id=x', undefined],
      ['/account/book/update', { id: 'x', name: 'y' }],
      ['/account/book/delete', { id: 'x' }],
    ] as const) {
      expect((await call(ctx.app, url, body)).json().content.code, url).toBe(301);
    }
  });
});
