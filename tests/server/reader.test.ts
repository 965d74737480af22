import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READER_PRELOAD_ID, type ReaderBook, type ReaderPreload } from '../../src/contracts/reader';
import { type BookManifest, type BookSizes, SIZES_FILE } from '../../src/server/convert/index';
import { INLINE_PAGE_MAX_BYTES, readerKeys } from '../../src/server/reader/files';
import { bookPaths } from '../../src/server/storage/paths';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { elementsOf, linkHref, metaContent, textOf } from './html-support';
import { type BookSpec, linkToken, makeBook, makeReaderPublicDir, pagesTokenOf } from './reader-support';

/**
 * The reader's server side: the public book call and its gates (anonymous, owner, private link),
 * page images, page text, search, and the `/read/:id` page (config, language, Open Graph, framing).
 */
describe.each(DIALECTS)('reader on %s', (dialect) => {
  const publicDir = makeReaderPublicDir();
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_DIR: publicDir, QUIRE_CONVERT_CONCURRENCY: '0' } });
  afterAll(() => rm(publicDir, { recursive: true, force: true }));
  let owner = { token: '', accountId: '', name: '' };
  let stranger = '';
  const ids: Record<string, string> = {};
  const DAY = 86_400_000;

  beforeAll(async () => {
    const a = await signedIn(ctx, 'reader-owner');
    owner = { token: a.token, accountId: a.content.account.id, name: a.content.account.name };
    stranger = (await signedIn(ctx, 'reader-stranger')).token;
    const make = (spec: Parameters<typeof makeBook>[2] = {}) => makeBook(ctx.app, owner.accountId, spec);
    ids.public = await make({
      name: 'Le Petit <Livre>',
      description: 'Une histoire "courte" & vraie.',
      pages: 3,
      texts: ['Première page: le café est chaud.', 'Nothing here.', 'CAFE au lait, cafe noir, Café crème.'],
      settings: {
        read_mode: 1,
        'logo.url': 'https://example.com/logo.png',
        'logo.link': 'https://example.com',
        'sfx.mode': 1,
        download_mode: 0,
      },
    });
    ids.scheduled = await make({ columns: { publish_at: Date.now() + DAY } });
    ids.deactivated = await make({ columns: { is_published: 0 } });
    ids.blocked = await make({ columns: { is_valid: 0, invalid_reason: 'spam' } });
    // Converting with no page yet (pages_done 0): nothing to read, even for its owner.
    ids.converting = await make({ columns: { status: 'CONVERTING', pages_done: 0 } });
    ids.private = await make({ columns: { publishing_mode: 2 }, settings: { private_url: 1 }, direction: 'rtl' });
    ids.privateNoLink = await make({ columns: { publishing_mode: 2 }, settings: { private_url: 0 } });
    ids.inline = await make({ pages: 2 });
    ids.adult = await make({ pages: 2, columns: { is_adult: 1 } });
  });

  const get = (id: string, options: { token?: string; link?: string; cookie?: string } = {}) =>
    call(ctx.app, `/public/book/get?id=${id}${options.link ? `&token=${options.link}` : ''}`, undefined, {
      token: options.token,
      cookie: options.cookie,
    });
  const errorCode = (res: LightMyRequestResponse) => (res.json().status === 'error' ? res.json().content.code : 'ok');

  describe('GET {api}/public/book/get', () => {
    it('answers a public book to anyone, with its presentation fields', async () => {
      const res = await get(ids.public as string);
      expect(res.statusCode).toBe(200);
      const book: ReaderBook = res.json().content;
      expect(book).toMatchObject({
        id: ids.public,
        name: 'Le Petit <Livre>',
        account: { name: owner.name, url: { overview: `/publisher/${owner.accountId}` } },
        direction: 'rtl',
        view: 'auto',
        skin: '2021',
        background: null,
        logo: { url: 'https://example.com/logo.png', link: 'https://example.com' },
        music: null,
        sfx: { url: null, enabled: false },
        download: false,
        print: true,
        share: true,
        license: '',
        comments: 4,
        subscribe: false,
        is_adult: false,
        publishing_mode: 1,
        source_kind: 'pdf',
        outline: [{ title: 'Start', page: 1, items: [] }],
      });
      expect(book.pages).toHaveLength(3);
      expect(book.pages[0]).toEqual({
        width: 595,
        height: 842,
        links: [{ rect: [0.1, 0.1, 0.4, 0.05], url: 'https://example.com/quire' }],
      });
      expect(book.pageUrl).toBe(`/pages/${ids.public}/{w}/{n}.webp?r=1`);
      expect(book.image.large).toBe(`/thumbs/${ids.public}/large.webp?r=1`);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    });

    it('refuses by gate to anonymous readers and strangers', async () => {
      for (const token of [undefined, stranger]) {
        expect(errorCode(await get('nosuchbook', { token }))).toBe(404);
        expect(errorCode(await get(ids.scheduled as string, { token }))).toBe(404);
        expect(errorCode(await get(ids.deactivated as string, { token }))).toBe(410);
        expect(errorCode(await get(ids.blocked as string, { token }))).toBe(423);
        expect(errorCode(await get(ids.converting as string, { token }))).toBe(409);
        expect(errorCode(await get(ids.private as string, { token }))).toBe(403);
      }
      const res = await get(ids.deactivated as string);
      expect(res.statusCode).toBe(410);
      expect(res.json().content).toMatchObject({ type: 'BOOK', code: 410 });
    });

    it('lets the owner through every gate but blocked (and a book still converting has no pages)', async () => {
      for (const name of ['scheduled', 'deactivated', 'private', 'privateNoLink']) {
        const res = await get(ids[name] as string, { token: owner.token });
        expect(errorCode(res), name).toBe('ok');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      expect(errorCode(await get(ids.blocked as string, { token: owner.token }))).toBe(423);
      expect(errorCode(await get(ids.converting as string, { token: owner.token }))).toBe(409);
      // The session cookie (the fallback of the bearer token) is enough.
      expect(errorCode(await get(ids.scheduled as string, { cookie: `quire_token=${owner.token}` }))).toBe('ok');
    });

    it('opens a private book with its private link, and only while private_url is on', async () => {
      const id = ids.private as string;
      const link = await linkToken(ctx.app, id);
      const res = await get(id, { link });
      expect(errorCode(res)).toBe('ok');
      const book: ReaderBook = res.json().content;
      expect(book.direction).toBe('rtl');
      expect(book.pageUrl).toBe(`/pages/${id}/{w}/{n}.webp?r=1&t=${await pagesTokenOf(ctx.app, id)}`);
      expect(errorCode(await get(id, { link: `${link.slice(0, -1)}${link.endsWith('a') ? 'b' : 'a'}` }))).toBe(403);
      expect(errorCode(await get(id, { link: await linkToken(ctx.app, ids.privateNoLink as string) }))).toBe(403);
      expect(errorCode(await get(id, { link: await pagesTokenOf(ctx.app, id) }))).toBe(403);
      const noLink = ids.privateNoLink as string;
      expect(errorCode(await get(noLink, { link: await linkToken(ctx.app, noLink) }))).toBe(403);
      // A link does not open a scheduled book.
      const scheduledPrivate = await makeBook(ctx.app, owner.accountId, {
        columns: { publishing_mode: 2, publish_at: Date.now() + DAY },
        settings: { private_url: 1 },
      });
      expect(errorCode(await get(scheduledPrivate, { link: await linkToken(ctx.app, scheduledPrivate) }))).toBe(404);
    });

    it('shows its owner the private link (only while private_url is on), and that link opens the book', async () => {
      const own = (id: string) => call(ctx.app, `/account/book/get?id=${id}`, undefined, { token: owner.token });
      const url: string = (await own(ids.private as string)).json().content.url.private;
      expect(url).toBe(`/read/${ids.private}?token=${await linkToken(ctx.app, ids.private as string)}`);
      expect(errorCode(await get(ids.private as string, { link: new URL(url, 'http://x').searchParams.get('token') ?? '' }))).toBe('ok');
      expect((await own(ids.privateNoLink as string)).json().content.url.private).toBeUndefined();
      expect((await own(ids.public as string)).json().content.url.private).toBeUndefined();
    });

    it('validates the id and the token', async () => {
      expect((await call(ctx.app, '/public/book/get?id=../etc')).json().content).toMatchObject({ type: 'VALIDATION', fields: ['id'] });
      expect((await call(ctx.app, `/public/book/get?id=${ids.public}&token=short`)).json().content).toMatchObject({ fields: ['token'] });
    });
  });

  describe('page text and search', () => {
    it('answers the text of a page, gated', async () => {
      const res = await call(ctx.app, `/public/book/text?id=${ids.public}&page=3`);
      expect(res.json().content).toEqual({ page: 3, text: 'CAFE au lait, cafe noir, Café crème.' });
      expect(errorCode(await call(ctx.app, `/public/book/text?id=${ids.public}&page=4`))).toBe(1);
      expect(errorCode(await call(ctx.app, `/public/book/text?id=${ids.public}&page=0`))).toBe(1);
      expect(errorCode(await call(ctx.app, `/public/book/text?id=${ids.private}&page=1`))).toBe(403);
      const link = await linkToken(ctx.app, ids.private as string);
      expect(errorCode(await call(ctx.app, `/public/book/text?id=${ids.private}&page=1&token=${link}`))).toBe('ok');
    });

    it('finds words regardless of case and accents, one hit per page with its count', async () => {
      const res = await call(ctx.app, `/public/book/search?id=${ids.public}&q=${encodeURIComponent('cafe')}`);
      expect(res.json().content).toEqual([
        { page: 1, count: 1, excerpt: 'Première page: le café est chaud.' },
        { page: 3, count: 3, excerpt: 'CAFE au lait, cafe noir, Café crème.' },
      ]);
      const accented = await call(ctx.app, `/public/book/search?id=${ids.public}&q=${encodeURIComponent('CRÈME')}`);
      expect(accented.json().content).toEqual([{ page: 3, count: 1, excerpt: 'CAFE au lait, cafe noir, Café crème.' }]);
      expect((await call(ctx.app, `/public/book/search?id=${ids.public}&q=zebra`)).json().content).toEqual([]);
      expect(errorCode(await call(ctx.app, `/public/book/search?id=${ids.public}&q=a`))).toBe(1);
      expect(errorCode(await call(ctx.app, `/public/book/search?id=${ids.deactivated}&q=page`))).toBe(410);
      expect(errorCode(await call(ctx.app, `/public/book/search?id=${ids.deactivated}&q=page`, undefined, { token: owner.token }))).toBe(
        'ok',
      );
    });
  });

  describe('page images', () => {
    const image = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it('serves a public book’s pages at the reader widths, cached for good', async () => {
      const thumb = await image(`/pages/${ids.public}/240/2.webp?r=1`);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(240);

      const jpg = await image(`/pages/${ids.public}/1240/1.jpg`);
      expect(jpg.statusCode).toBe(200);
      expect(jpg.headers['content-type']).toBe('image/jpeg');
      expect(jpg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each([1240, 620])('answers the %i-px width at once from the JPEG, then the WebP made meanwhile', async (width) => {
      const url = `/pages/${ids.public}/${width}/3.webp?r=1`;
      const first = await image(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/jpeg');
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect((await sharp(first.rawPayload).metadata()).width).toBe(1240);
      let later = first;
      for (let i = 0; i < 100 && later.headers['content-type'] !== 'image/webp'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        later = await image(url);
      }
      expect(later.headers['content-type']).toBe('image/webp');
      expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(later.rawPayload).metadata()).width).toBe(width);
    });

    it('renders the zoom width from the PDF', async () => {
      const zoom = await image(`/pages/${ids.public}/2480/1.webp?r=1`);
      expect(zoom.statusCode).toBe(200);
      expect((await sharp(zoom.rawPayload).metadata()).width).toBe(2480);
    });

    it('refuses other widths, pages out of range and malformed names', async () => {
      for (const url of [
        `/pages/${ids.public}/300/1.webp`,
        `/pages/${ids.public}/240/0.webp`,
        `/pages/${ids.public}/240/4.webp`,
        `/pages/${ids.public}/240/1.png`,
        `/pages/${ids.public}/240/1.jpg`,
        `/pages/${ids.public}/620/1.jpg`,
        `/pages/${ids.public}/0240/1.webp`,
        `/pages/${ids.public}/240/01.webp`,
        '/pages/nosuchbook/240/1.webp',
      ]) {
        const res = await image(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('text/plain');
      }
    });

    it('gates pages like the book: private by pages token or the owner’s cookie, privately cached', async () => {
      const id = ids.private as string;
      expect((await image(`/pages/${id}/240/1.webp`)).statusCode).toBe(404);
      expect((await image(`/pages/${id}/240/1.webp?t=${await linkToken(ctx.app, id)}`)).statusCode).toBe(404);
      const byToken = await image(`/pages/${id}/240/1.webp?t=${await pagesTokenOf(ctx.app, id)}`);
      expect(byToken.statusCode).toBe(200);
      expect(byToken.headers['cache-control']).toBe('private, max-age=3600');
      const byCookie = await image(`/pages/${id}/240/1.webp`, { cookie: `quire_token=${owner.token}` });
      expect(byCookie.statusCode).toBe(200);
      expect((await image(`/pages/${id}/240/1.webp`, { cookie: `quire_token=${stranger}` })).statusCode).toBe(404);
      for (const name of ['scheduled', 'deactivated', 'blocked', 'converting']) {
        expect((await image(`/pages/${ids[name]}/240/1.webp`)).statusCode, name).toBe(404);
      }
      expect((await image(`/pages/${ids.deactivated}/240/1.webp`, { cookie: `quire_token=${owner.token}` })).statusCode).toBe(200);
      expect((await image(`/pages/${ids.blocked}/240/1.webp`, { cookie: `quire_token=${owner.token}` })).statusCode).toBe(404);
    });
  });

  describe('GET {thumbs}/thumbs/:id/:size.webp', () => {
    const thumb = (id: string, query = '', headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: `/thumbs/${id}/small.webp?r=1${query}`, headers });
    const cookie = () => ({ cookie: `quire_token=${owner.token}` });

    it('serves public and converting books to anyone, with a shared cache', async () => {
      for (const id of [ids.public, ids.converting] as string[]) {
        const res = await thumb(id);
        expect(res.statusCode, id).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('keeps private, scheduled, deactivated and blocked covers to their owner (a private one also by its pages token)', async () => {
      for (const name of ['private', 'privateNoLink', 'scheduled', 'deactivated', 'blocked']) {
        const id = ids[name] as string;
        expect((await thumb(id)).statusCode, name).toBe(404);
        // The private link's token opens the reader, not the images; the pages token does.
        expect((await thumb(id, `&t=${await linkToken(ctx.app, id)}`)).statusCode, name).toBe(404);
        const owners = await thumb(id, '', cookie());
        expect(owners.statusCode, name).toBe(200);
        expect(owners.headers['cache-control'], name).toBe('private, max-age=3600');
        expect(owners.headers.vary, name).toContain('Cookie');
      }
      for (const name of ['private', 'privateNoLink']) {
        const id = ids[name] as string;
        const byToken = await thumb(id, `&t=${await pagesTokenOf(ctx.app, id)}`);
        expect(byToken.statusCode, name).toBe(200);
        expect(byToken.headers['cache-control']).toBe('private, max-age=3600');
      }
      // The owner's views and the reader's book give a private book's covers with that token.
      const view = (await call(ctx.app, `/account/book/get?id=${ids.private}`, undefined, { token: owner.token })).json().content;
      expect(view.image.small).toBe(`/thumbs/${ids.private}/small.webp?r=1&t=${await pagesTokenOf(ctx.app, ids.private as string)}`);
      expect((await ctx.app.inject({ method: 'GET', url: view.image.small })).statusCode).toBe(200);
    });
  });

  describe('GET {viewer}/read/:id', () => {
    const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
    const preload = (html: string): ReaderPreload => {
      const script = elementsOf(html, 'script').find((s) => s.attribs.id === READER_PRELOAD_ID && s.attribs.type === 'application/json');
      if (!script) throw new Error('no preload script');
      return JSON.parse(textOf(script));
    };

    it('serves the reader with the config, the language, Open Graph tags and the book inline', async () => {
      const res = await page(`/read/${ids.public}`, { cookie: 'lang=fr', host: 'books.example.org' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.body;
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain('id="quire-config"');
      expect(html).not.toContain('<!--quire-config-->');
      expect(elementsOf(html, 'title').map(textOf)).toEqual(['Le Petit <Livre>']);
      expect(html).toContain('<title>Le Petit &lt;Livre&gt;</title>');
      expect(metaContent(html, 'og:title')).toBe('Le Petit <Livre>');
      expect(metaContent(html, 'og:description')).toBe('Une histoire "courte" & vraie.');
      expect(html).toContain('content="Une histoire &quot;courte&quot; &amp; vraie."');
      expect(metaContent(html, 'og:type')).toBe('book');
      // On the public URL (default http://localhost:$QUIRE_PORT), not the Host the request named (DESIGN §11).
      expect(metaContent(html, 'og:image')).toBe(`http://localhost:3000/thumbs/${ids.public}/large.webp?r=1`);
      expect(linkHref(html, 'canonical')).toBe(`http://localhost:3000/read/${ids.public}`);
      expect(html).not.toContain('books.example.org');
      // Page 1 preloaded from the head, and shown as plain HTML in the reader root before the script
      // runs: the small width where the screen draws page 1 at most that wide (the page's displayed
      // width under .qr-boot: the window's width or its height between the bars times the page's
      // proportions, 595 × 842 pt here), else the normal one.
      const [head, body] = html.split('</head>') as [string, string];
      const small = `/pages/${ids.public}/620/1.webp?r=1`;
      const normal = `/pages/${ids.public}/1240/1.webp?r=1`;
      const srcset = `${small} 620w, ${normal} 1240w`;
      const sizes =
        '(max-width: 745px) min(calc(100vw - 24px), calc((100vh - 120px) * 0.7067)), min(calc(100vw - 24px), calc((100vh - 128px) * 0.7067))';
      expect(
        elementsOf(head, 'link')
          .filter((l) => l.attribs.rel === 'preload')
          .map((l) => l.attribs),
      ).toEqual([{ rel: 'preload', as: 'image', fetchpriority: 'high', imagesrcset: srcset, imagesizes: sizes }]);
      // …first in the head, before the scripts: the browser asks for it first.
      expect(head.indexOf('rel="preload"')).toBeGreaterThan(head.indexOf('<meta charset'));
      expect(head.indexOf('rel="preload"')).toBeLessThan(head.indexOf('<script'));
      expect(head.match(/rel="preload"/g)).toHaveLength(1);
      const [img] = elementsOf(body, 'img');
      expect(elementsOf(body, 'img')).toHaveLength(1);
      expect(img?.attribs).toMatchObject({ src: normal, srcset, sizes, fetchpriority: 'high', width: '1240', height: '1755' });
      // Laid out by its own attributes, the stylesheet after it in the body: not render-blocking there.
      expect(img?.attribs.style).toContain('max-height:100%');
      expect(head).not.toContain('rel="stylesheet"');
      const sheets = elementsOf(body, 'link');
      expect(sheets.map((l) => l.attribs.rel)).toEqual(['stylesheet']);
      expect(body.indexOf('rel="stylesheet"')).toBeGreaterThan(body.indexOf('<img'));
      expect(html).not.toContain('noindex');
      const inline = preload(html);
      expect('book' in inline && inline.book.name).toBe('Le Petit <Livre>');
      expect(html.match(/<\/script>/g)?.length).toBe(2);
    });

    it('puts page 1 in the HTML once its small image is made: no second request before the first page', async () => {
      const id = ids.inline as string;
      const key = readerKeys(id).webp(620, 1);
      const bootImg = (html: string) => elementsOf(html.split('</head>')[1] ?? '', 'img')[0]?.attribs ?? {};
      const preloads = (html: string) => elementsOf(html.split('</head>')[0] ?? '', 'link').filter((l) => l.attribs.rel === 'preload');
      // The first opening links to it (and has it made for the next readers).
      const first = await page(`/read/${id}`);
      expect(bootImg(first.body).srcset).toMatch(new RegExp(`^/pages/${id}/620/1\\.webp\\?r=1 620w, `));
      expect(preloads(first.body)).toHaveLength(1);
      let html = first.body;
      for (let i = 0; i < 100 && !bootImg(html)['data-inline']; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        html = (await page(`/read/${id}`)).body;
      }
      const img = bootImg(html);
      expect(img['data-inline']).toBe('620');
      // The small candidate is the image itself (the same bytes the page route serves), the normal one a URL.
      const [small, normal] = (img.srcset ?? '').split(', ');
      expect(normal).toBe(`/pages/${id}/1240/1.webp?r=1 1240w`);
      expect(small).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+ 620w$/);
      const bytes = Buffer.from((small ?? '').slice('data:image/webp;base64,'.length, -' 620w'.length), 'base64');
      const served = await page(`/pages/${id}/620/1.webp?r=1`);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(bytes.equals(served.rawPayload)).toBe(true);
      expect((await sharp(bytes).metadata()).width).toBe(620);
      expect(img.src).toBe(`/pages/${id}/1240/1.webp?r=1`);
      // The <img> leads the body: no preload (it would repeat the image's bytes).
      expect(preloads(html)).toHaveLength(0);
      if (ctx.app.storage.kind === 's3') {
        // Another instance: not in its cache, taken from the bucket.
        await ctx.app.storage.dropLocal(key);
        expect(bootImg((await page(`/read/${id}`)).body)['data-inline']).toBe('620');
      }
      // Too large to carry in every opening: linked again.
      await ctx.app.storage.write(key, Buffer.alloc(INLINE_PAGE_MAX_BYTES + 1, 1));
      const large = await page(`/read/${id}`);
      expect(bootImg(large.body)['data-inline']).toBeUndefined();
      expect(bootImg(large.body).srcset).toMatch(new RegExp(`^/pages/${id}/620/1\\.webp`));
      expect(preloads(large.body)).toHaveLength(1);
      await ctx.app.storage.remove(key);
      // An explicit book asks first: no page 1 in its HTML at all.
      const adult = await page(`/read/${ids.adult}`);
      expect(elementsOf(adult.body, 'img')).toHaveLength(0);
      expect(adult.body).not.toContain('data:image/webp');
    });

    it('serves gated books the page without their details', async () => {
      for (const [name, code] of [
        ['private', 403],
        ['scheduled', 404],
        ['deactivated', 410],
        ['blocked', 423],
      ] as const) {
        const res = await page(`/read/${ids[name]}`);
        expect(res.statusCode).toBe(200);
        expect(res.body, name).not.toContain('og:title');
        expect(res.body).toContain('<title>Quire reader</title>');
        expect(metaContent(res.body, 'robots')).toBe('noindex');
        expect(preload(res.body)).toEqual({ error: { type: 'BOOK', code } });
      }
      const unknown = await page('/read/nosuchbook');
      expect(preload(unknown.body)).toEqual({ error: { type: 'BOOK', code: 404 } });
    });

    it('shows a private book through its link, kept out of indexes and shared caches', async () => {
      const id = ids.private as string;
      const res = await page(`/read/${id}?token=${await linkToken(ctx.app, id)}`);
      expect(res.body).toContain('og:title');
      expect(metaContent(res.body, 'robots')).toBe('noindex');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const inline = preload(res.body);
      expect('book' in inline && inline.book.pageUrl).toContain(`&t=${await pagesTokenOf(ctx.app, id)}`);
      const owners = await page(`/read/${ids.deactivated}`, { cookie: `quire_token=${owner.token}` });
      expect('book' in preload(owners.body)).toBe(true);
    });

    it('lets other sites frame the reader, and only the reader', async () => {
      const reader = await page(`/read/${ids.public}`);
      expect(reader.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(reader.headers['content-security-policy']).toContain("script-src 'self';");
      expect(reader.headers['x-frame-options']).toBeUndefined();
      // Framable by anyone, so no opener isolation either (it would only cost a process swap).
      expect(reader.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      for (const url of ['/healthz', '/api/public/status?v=2', `/pages/${ids.public}/240/1.webp`]) {
        const other = await page(url);
        expect(other.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
        expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(other.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      }
    });
  });
  describe('progressive reading (a book being converted, its owner only)', () => {
    const image = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
    const cookie = () => ({ cookie: `quire_token=${owner.token}` });
    const prog: Record<string, string> = {};
    /** A book mid-conversion: `done` of `total` pages in the store, no manifest yet (written last). */
    const converting = async (done: number, total: number, columns: BookSpec['columns'] = {}, sizes = true) => {
      const id = await makeBook(ctx.app, owner.accountId, {
        pages: total,
        columns: { status: 'CONVERTING', pages_done: done, pages_total: total, ...columns },
      });
      const paths = bookPaths(ctx.app.config.dataDir, id);
      await rm(paths.manifest);
      for (let n = done + 1; n <= total; n++) await rm(path.join(paths.pages, '1240', `${n}.jpg`));
      if (sizes) {
        const early: BookSizes = {
          pages: total,
          sizes: Array.from({ length: total }, (_, i) => (i === 0 ? { width: 842, height: 595 } : { width: 595, height: 842 })),
        };
        await writeFile(path.join(paths.dir, SIZES_FILE), JSON.stringify(early));
      }
      return id;
    };

    beforeAll(async () => {
      prog.book = await converting(2, 4);
      prog.unsized = await converting(1, 3, {}, false);
      prog.private = await converting(2, 4, { publishing_mode: 2 });
      prog.blocked = await converting(2, 4, { is_valid: 0, invalid_reason: 'spam' });
      prog.queued = await converting(0, 0, { status: 'QUEUED' }, false);
      prog.failed = await converting(2, 4, { status: 'ERROR', error_code: 'CORRUPT' });
      prog.done = await converting(2, 4);
    });

    it('answers its owner the book so far: sizes from sizes.json, converting fields, no outline, links, download or print', async () => {
      const res = await get(prog.book as string, { token: owner.token });
      expect(errorCode(res)).toBe('ok');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const book: ReaderBook = res.json().content;
      expect(book.converting).toEqual({ pages_done: 2, pages_total: 4 });
      expect(book.pages).toEqual([
        { width: 842, height: 595, links: [] },
        { width: 595, height: 842, links: [] },
        { width: 595, height: 842, links: [] },
        { width: 595, height: 842, links: [] },
      ]);
      expect(book).toMatchObject({ outline: [], download: false, print: false });
      // Without sizes.json: every page at A4 (pages_total of them).
      const unsized: ReaderBook = (await get(prog.unsized as string, { token: owner.token })).json().content;
      expect(unsized.converting).toEqual({ pages_done: 1, pages_total: 3 });
      expect(unsized.pages.map((p) => [p.width, p.height])).toEqual([
        [595, 842],
        [595, 842],
        [595, 842],
      ]);
    });

    it('keeps every other gate: visitors, strangers and private links wait for DONE; blocked, queued and no page yet refuse the owner too', async () => {
      for (const token of [undefined, stranger]) {
        expect(errorCode(await get(prog.book as string, { token }))).toBe(409);
        expect(errorCode(await get(prog.failed as string, { token }))).toBe(409);
        expect(errorCode(await get(prog.private as string, { token }))).toBe(403);
      }
      expect(errorCode(await get(prog.private as string, { link: await linkToken(ctx.app, prog.private as string) }))).toBe(403);
      expect(errorCode(await get(prog.private as string, { token: owner.token }))).toBe('ok');
      expect(errorCode(await get(prog.blocked as string, { token: owner.token }))).toBe(423);
      expect(errorCode(await get(prog.queued as string, { token: owner.token }))).toBe(409);
      expect(errorCode(await get(ids.converting as string, { token: owner.token }))).toBe(409);
      // A failed conversion tells its owner so (BOOK 422), and only its owner.
      const failed = await get(prog.failed as string, { token: owner.token });
      expect(failed.statusCode).toBe(422);
      expect(failed.json().content).toMatchObject({ type: 'BOOK', code: 422 });
    });

    it('serves its owner the pages converted so far (the JPEG at every width), 404 for the others and for anyone else', async () => {
      const id = prog.book as string;
      for (const url of [
        `/pages/${id}/1240/1.webp?r=1`,
        `/pages/${id}/620/2.webp?r=1`,
        `/pages/${id}/240/1.webp?r=1`,
        `/pages/${id}/2480/2.webp?r=1`,
        `/pages/${id}/1240/2.jpg?r=1`,
      ]) {
        const res = await image(url, cookie());
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('private, max-age=60');
      }
      for (const url of [
        `/pages/${id}/1240/3.webp?r=1`,
        `/pages/${id}/1240/3.jpg?r=1`,
        `/pages/${id}/1240/4.webp?r=1`,
        `/pages/${id}/1240/5.webp?r=1`,
      ])
        expect((await image(url, cookie())).statusCode, url).toBe(404);
      expect((await image(`/pages/${id}/1240/1.webp?r=1`)).statusCode).toBe(404);
      expect((await image(`/pages/${id}/1240/1.webp?r=1`, { cookie: `quire_token=${stranger}` })).statusCode).toBe(404);
      for (const other of [prog.blocked, prog.failed, prog.queued] as string[])
        expect((await image(`/pages/${other}/1240/1.webp?r=1`, cookie())).statusCode, other).toBe(404);
    });

    it('keeps text, search and download for the finished book', async () => {
      const id = prog.book as string;
      const opts = { token: owner.token };
      expect(errorCode(await call(ctx.app, `/public/book/text?id=${id}&page=1`, undefined, opts))).toBe(409);
      expect(errorCode(await call(ctx.app, `/public/book/search?id=${id}&q=page`, undefined, opts))).toBe(409);
      expect((await call(ctx.app, `/public/book/download?id=${id}`, undefined, opts)).statusCode).toBe(409);
    });

    it('shows its owner page 1 on /read/<id> as for a DONE book; visitors get the converting gate', async () => {
      const id = prog.book as string;
      const res = await ctx.app.inject({ method: 'GET', url: `/read/${id}`, headers: cookie() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const html = res.body;
      const data = elementsOf(html, 'script').find((s) => s.attribs.id === READER_PRELOAD_ID);
      const preload: ReaderPreload = JSON.parse(textOf(data ?? ({} as never)));
      expect('book' in preload && preload.book.converting).toEqual({ pages_done: 2, pages_total: 4 });
      const boot = elementsOf(html.split('</head>')[1] ?? '', 'img')[0]?.attribs ?? {};
      expect(boot.src ?? '').toContain(`/pages/${id}/`);
      expect(boot['data-inline']).toBeUndefined();
      // The boot image's URL answers (the JPEG).
      expect((await image(boot.src as string, cookie())).statusCode).toBe(200);
      const anonymous = await ctx.app.inject({ method: 'GET', url: `/read/${id}` });
      const gate = elementsOf(anonymous.body, 'script').find((s) => s.attribs.id === READER_PRELOAD_ID);
      expect(JSON.parse(textOf(gate ?? ({} as never)))).toEqual({ error: { type: 'BOOK', code: 409 } });
    });

    it('answers the whole book once DONE (no converting fields, its manifest)', async () => {
      const id = prog.done as string;
      expect((await get(id, { token: owner.token })).json().content.converting).toEqual({ pages_done: 2, pages_total: 4 });
      const paths = bookPaths(ctx.app.config.dataDir, id);
      const manifest: BookManifest = {
        version: 1,
        pages: 4,
        direction: 'ltr',
        sizes: Array.from({ length: 4 }, () => ({ width: 595, height: 842, links: [] })),
        outline: [{ title: 'Start', page: 1, items: [] }],
        images: { jpeg: [1240], webp: [] },
      };
      await writeFile(paths.manifest, JSON.stringify(manifest));
      await ctx.app.db.updateTable('books').set({ status: 'DONE', pages_done: 4 }).where('id', '=', id).execute();
      const book: ReaderBook = (await get(id, { token: owner.token })).json().content;
      expect(book.converting).toBeUndefined();
      expect(book.outline).toEqual([{ title: 'Start', page: 1, items: [] }]);
      expect(book.download).toBe(true);
    });
  });
});
