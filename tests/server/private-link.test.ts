import { rm } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READER_PRELOAD_ID } from '../../src/contracts/reader';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { linkToken, makeBook, makeReaderPublicDir, pagesTokenOf } from './reader-support';

/**
 * Revoking a private book's links (issue 12): renewing the private link, switching it off, or making the
 * book public replaces the book's token secret, so the link token and the pages token handed out before
 * stop opening the book on every route that takes one; the owner's views carry the new ones at once.
 */

interface Tokens {
  link: string;
  pages: string;
}

const errorOf = (res: LightMyRequestResponse) => {
  const body = res.json();
  return body.status === 'error' ? `${body.content.type}:${body.content.code}` : 'ok';
};

describe.each(DIALECTS)('private link revocation on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let owner = { token: '', accountId: '' };
  let stranger = '';

  beforeAll(async () => {
    const a = await signedIn(ctx, 'link-owner');
    owner = { token: a.token, accountId: a.content.account.id };
    stranger = (await signedIn(ctx, 'link-stranger')).token;
  });

  const makePrivate = () =>
    makeBook(ctx.app, owner.accountId, {
      columns: { publishing_mode: 2 },
      settings: { private_url: 1, download_mode: 2, print_mode: 2 },
      texts: ['Page one of the minutes.', 'Page two.', 'Page three.'],
    });
  const tokensOf = async (id: string): Promise<Tokens> => ({ link: await linkToken(ctx.app, id), pages: await pagesTokenOf(ctx.app, id) });
  const own = (path: string, body?: Record<string, unknown>, token = owner.token) => call(ctx.app, path, body, { token });
  const update = async (body: Record<string, unknown>) => expect(errorOf(await own('/account/book/update', body))).toBe('ok');
  const inject = (url: string) => ctx.app.inject({ method: 'GET', url });
  const preloadHasBook = (html: string) => {
    const m = new RegExp(`<script type="application/json" id="${READER_PRELOAD_ID}">(.*?)</script>`, 's').exec(html);
    return m?.[1] !== undefined && 'book' in JSON.parse(m[1]);
  };

  /** Whether the statistics beacon (POST /e) counts a visit of the book with this link token (issue 17). */
  const counts = async (id: string, link: string) => {
    const raw = () =>
      ctx.app.db
        .selectFrom('stats_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('book_id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    const before = await raw();
    await ctx.app.inject({
      method: 'POST',
      url: '/e',
      headers: {
        'content-type': 'text/plain',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
        'accept-language': 'en',
      },
      payload: JSON.stringify({ b: id, t: link, visit: `v${'0'.repeat(31)}`, ctx: 'reader', device: 'desktop', ev: [{ k: 'open', p: 1 }] }),
    });
    await ctx.app.statsIngest.flush();
    return (await raw()) > before;
  };

  /**
   * Whether each route that takes a token opens the book for an anonymous caller with these tokens. The
   * API calls all pass one gate (reader/access.ts requireAccess), and each is checked here all the same.
   */
  async function opens(id: string, { link, pages }: Tokens): Promise<Record<string, boolean>> {
    const api = (path: string) => call(ctx.app, path).then((res) => errorOf(res) === 'ok');
    // The download answers the PDF itself, a refusal the error envelope.
    const file = (path: string) =>
      call(ctx.app, path).then((res) => res.statusCode === 200 && res.headers['content-type'] === 'application/pdf');
    const readUrl = `/read/${id}?token=${link}`;
    return {
      book: await api(`/public/book/get?id=${id}&token=${link}`),
      text: await api(`/public/book/text?id=${id}&page=1&token=${link}`),
      search: await api(`/public/book/search?id=${id}&q=minutes&token=${link}`),
      download: await file(`/public/book/download?id=${id}&token=${link}`),
      print: await file(`/public/book/download?id=${id}&disposition=inline&token=${link}`),
      comments: await api(`/public/book/comment?id=${id}&token=${link}`),
      subscription: await api(`/public/book/subscription/get?id=${id}&token=${link}`),
      triggers: await api(`/public/book/trigger?id=${id}&token=${link}`),
      stats: await counts(id, link),
      reader: await inject(readUrl).then((res) => res.statusCode === 200 && preloadHasBook(res.body)),
      pageImage: await inject(`/pages/${id}/240/1.webp?r=1&t=${pages}`).then((res) => res.statusCode === 200),
      pageJpeg: await inject(`/pages/${id}/1240/1.jpg?r=1&t=${pages}`).then((res) => res.statusCode === 200),
      thumbnail: await inject(`/thumbs/${id}/small.webp?r=1&t=${pages}`).then((res) => res.statusCode === 200),
      // A private book has no overview page and no oEmbed answer, with or without a token.
      overview: await inject(`/publication/${id}?token=${link}`).then((res) => res.statusCode === 200),
      oembed: await inject(`/oembed?url=${encodeURIComponent(`http://localhost${readUrl}`)}&format=json`).then(
        (res) => res.statusCode === 200,
      ),
    };
  }
  const READER_ROUTES = ['book', 'text', 'search', 'download', 'print', 'comments', 'subscription', 'triggers', 'stats', 'reader'];
  const PAGE_ROUTES = ['pageImage', 'pageJpeg', 'thumbnail'];
  const all = (open: boolean, routes: string[]) => Object.fromEntries(routes.map((r) => [r, open]));
  const everything = (open: boolean) => ({ ...all(open, [...READER_ROUTES, ...PAGE_ROUTES]), overview: false, oembed: false });

  it('renewing the private link refuses the old tokens everywhere and gives the owner the new ones', async () => {
    const id = await makePrivate();
    const old = await tokensOf(id);
    expect(await opens(id, old)).toEqual(everything(true));

    const res = await own('/account/book/private/renew', { id });
    expect(errorOf(res)).toBe('ok');
    const book = res.json().content;
    const fresh = await tokensOf(id);
    expect(fresh.link).not.toBe(old.link);
    expect(fresh.pages).not.toBe(old.pages);
    // The answer, the owner's book and the owner's list carry the new tokens right away.
    expect(book.url.private).toBe(`/read/${id}?token=${fresh.link}`);
    expect(book.image.small).toBe(`/thumbs/${id}/small.webp?r=1&t=${fresh.pages}`);
    expect((await own(`/account/book/get?id=${id}`)).json().content.url.private).toBe(`/read/${id}?token=${fresh.link}`);
    const item = (await own('/account/book')).json().content.list.find((b: { id: string }) => b.id === id);
    expect(item.image.small).toBe(`/thumbs/${id}/small.webp?r=1&t=${fresh.pages}`);
    // The reader the new link opens hands out the new pages token.
    const reader = (await call(ctx.app, `/public/book/get?id=${id}&token=${fresh.link}`)).json().content;
    expect(reader.pageUrl).toContain(`&t=${fresh.pages}`);

    expect(await opens(id, old)).toEqual(everything(false));
    expect(await opens(id, fresh)).toEqual(everything(true));
    // The old tokens answer as wrong ones do.
    expect(errorOf(await call(ctx.app, `/public/book/get?id=${id}&token=${old.link}`))).toBe('BOOK:403');
  });

  it('switching the private link off revokes both tokens for good, even once it is on again', async () => {
    const id = await makePrivate();
    const old = await tokensOf(id);
    await update({ id, private_url: 0 });
    const off = await tokensOf(id);
    expect(off.pages).not.toBe(old.pages);
    expect(await opens(id, old)).toEqual(everything(false));
    // No link while it is off; the owner's reader gets pages with the new pages token.
    expect((await own(`/account/book/get?id=${id}`)).json().content.url.private).toBeUndefined();
    expect(await opens(id, off)).toEqual({ ...everything(false), ...all(true, PAGE_ROUTES) });

    await update({ id, private_url: 1 });
    expect(await opens(id, old)).toEqual(everything(false));
    const on = await tokensOf(id);
    expect(on).toEqual(off);
    expect((await own(`/account/book/get?id=${id}`)).json().content.url.private).toBe(`/read/${id}?token=${on.link}`);
    expect(await opens(id, on)).toEqual(everything(true));
  });

  it('leaving private publishing revokes the tokens (one book or a selection)', async () => {
    for (const bulk of [false, true]) {
      const id = await makePrivate();
      const old = await tokensOf(id);
      await update(bulk ? { ids: [id], publishing_mode: 1 } : { id, publishing_mode: 1 });
      await update(bulk ? { ids: [id], publishing_mode: 2 } : { id, publishing_mode: 2 });
      expect(await opens(id, old)).toEqual(everything(false));
      expect(await opens(id, await tokensOf(id))).toEqual(everything(true));
    }
  });

  it('keeps the tokens through other edits', async () => {
    const id = await makePrivate();
    const old = await tokensOf(id);
    await update({ id, name: 'Renamed', private_url: 1, publishing_mode: 2 });
    expect(await tokensOf(id)).toEqual(old);
  });

  it('renews only for the owner, and refuses bad input without changing anything', async () => {
    const id = await makePrivate();
    const old = await tokensOf(id);
    expect((await call(ctx.app, '/account/book/private/renew', { id })).statusCode).toBe(401);
    expect(errorOf(await own('/account/book/private/renew', { id }, stranger))).toBe('BOOK:404');
    expect(errorOf(await own('/account/book/private/renew', { id: 'nosuchbook0000' }))).toBe('BOOK:404');
    const invalid = await own('/account/book/private/renew', {});
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().content).toMatchObject({ type: 'VALIDATION', fields: ['id'] });
    expect(errorOf(await own('/account/book/private/renew', { id: 42 }))).toBe('VALIDATION:1');
    const blocked = await makeBook(ctx.app, owner.accountId, {
      columns: { publishing_mode: 2, is_valid: 0 },
      settings: { private_url: 1 },
    });
    const blockedTokens = await tokensOf(blocked);
    expect(errorOf(await own('/account/book/private/renew', { id: blocked }))).toBe('BOOK:423');
    expect(await tokensOf(blocked)).toEqual(blockedTokens);
    expect(await tokensOf(id)).toEqual(old);
  });
});
