import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageItem, SkinItem } from '../../src/contracts/library';
import { LIBRARY_MAX } from '../../src/contracts/library';
import type { PresetLists } from '../../src/contracts/presets';
import type { ReaderBook } from '../../src/contracts/reader';
import { updateAccount } from '../../src/server/accounts/repo';
import { newId } from '../../src/server/auth/crypto';
import { exifOrientation, imageSize } from '../../src/server/library/probe';
import { insertItem } from '../../src/server/library/repo';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS, tempDir } from './helpers';
import { fetchBrand, makePng, uploadImage } from './library-support';
import { multipartBody, partFiles, upload } from './publish-support';
import { makeBook, makeReaderPublicDir, pagesTokenOf } from './reader-support';

/**
 * The branding libraries (issue 16): `{api}/account/theme|background|logo/…` on both databases —
 * every call, every refusal (gating, validation, type, size, dimensions, unreadable images, limits,
 * another account's ids), the re-encoded files and who may load them, the book settings that may
 * name an item, the reader that shows it, and deletion with the books falling back to the default.
 */
const SKIN = { name: 'Harbour', toolbar: '#0b3954', text: '#ffffff', accent: '#ff5a5f', background: '#e0e0e0', style: 'solid' };

describe.each(DIALECTS)('account libraries on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0', QUIRE_PUBLIC_DIR: makeReaderPublicDir() } });
  const owner = { token: '', accountId: '', cookie: '' };
  const other = { token: '', accountId: '' };
  let premium = '';
  let free = '';

  const account = async (prefix: string, mode?: 'PREMIUM' | 'PLATINUM') => {
    const { token, content, response } = await signedIn(ctx, prefix);
    const accountId = content.account.id as string;
    if (mode) await updateAccount(ctx.app.db, accountId, { mode, type: mode }, Date.now());
    const cookie = String(response.headers['set-cookie'] ?? '')
      .split(/,(?=\s*\w+=)/)
      .map((c) => c.split(';')[0]?.trim())
      .filter((c) => c?.startsWith('quire_token='))
      .join('; ');
    return { token, accountId, cookie };
  };

  beforeAll(async () => {
    Object.assign(owner, await account('library-owner', 'PLATINUM'));
    Object.assign(other, await account('library-other', 'PLATINUM'));
    premium = (await account('library-premium', 'PREMIUM')).token;
    free = (await account('library-free')).token;
  });

  const api = (url: string, body?: Record<string, unknown>, token = owner.token, method?: 'PATCH' | 'DELETE') =>
    call(ctx.app, url, body, { token, ...(method ? { method } : {}) });
  const content = async <T>(res: Promise<{ json: () => { status: string; content: T } }>) => {
    const json = (await res).json();
    expect(json.status, JSON.stringify(json)).toBe('ok');
    return json.content;
  };
  const libraryFiles = async (accountId: string) => readdir(path.join(ctx.config.dataDir, 'files', 'library', accountId)).catch(() => []);
  const rows = async () =>
    (
      await ctx.app.db
        .selectFrom('library_items')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const bookSettings = async (id: string) => (await api(`/account/book/get?id=${id}`)).json().content as Record<string, unknown>;
  const readerBook = async (id: string, token?: string): Promise<ReaderBook> =>
    content(call(ctx.app, `/public/book/get?id=${id}`, undefined, token ? { token } : {}));

  it('needs a session and the page’s plan: platinum accounts only (SPEC §6)', async () => {
    for (const page of ['theme', 'background', 'logo'] as const) {
      expect((await call(ctx.app, `/account/${page}/`)).json().content).toMatchObject({ type: 'SESSION', code: 301 });
      for (const token of [free, premium]) {
        const res = await api(`/account/${page}/`, undefined, token);
        expect(res.statusCode).toBe(403);
        expect(res.json().content).toMatchObject({ type: 'ACCOUNT', code: 402 });
      }
      expect((await api(`/account/${page}/`)).json().content).toEqual({ items: [], limit: LIBRARY_MAX[page === 'theme' ? 'skin' : page] });
    }
    expect((await api('/account/theme/create', SKIN, premium)).json().content).toMatchObject({ code: 402 });
    const refused = await uploadImage(ctx.app, premium, 'background', { name: 'bg.png', data: makePng(1000, 700) });
    expect(refused.json().content).toMatchObject({ code: 402 });
    expect(await rows()).toBe(0);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });

  describe('skins', () => {
    it('creates, lists, reads, updates and deletes a skin', async () => {
      const skin = await content<SkinItem>(api('/account/theme/create', { ...SKIN, toolbar: '#0B3954', name: '  Harbour ' }));
      expect(skin).toMatchObject({ ...SKIN, kind: 'skin', books: 0, location: `resource:${skin.id}` });
      expect(skin['url.preview']).toBe(`/brand/${skin.id}/preview.svg`);
      expect((await content<{ items: SkinItem[] }>(api('/account/theme/'))).items.map((s) => s.id)).toContain(skin.id);
      expect(await content(api(`/account/theme/get?id=${skin.id}`))).toEqual(skin);

      const updated = await content<SkinItem>(
        api('/account/theme/update', { ...SKIN, id: skin.id, name: 'Night harbour', style: 'minimal' }, owner.token, 'PATCH'),
      );
      expect(updated).toMatchObject({ id: skin.id, name: 'Night harbour', style: 'minimal', toolbar: '#0b3954' });

      // Its preview, to its owner only (the cookie the browser sends, or a bearer token).
      const preview = await fetchBrand(ctx.app, skin['url.preview'], { cookie: owner.cookie });
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toContain('image/svg+xml');
      expect(preview.headers['content-security-policy']).toContain("default-src 'none'");
      // Minimal: no toolbar colour, the text and accent on the background.
      expect(preview.body).toContain('fill="#e0e0e0"');
      expect(preview.body).toContain('fill="#ff5a5f"');
      expect((await fetchBrand(ctx.app, skin['url.preview'])).statusCode).toBe(404);
      expect((await fetchBrand(ctx.app, skin['url.preview'], { token: other.token })).statusCode).toBe(404);

      const removed = await content(api('/account/theme/delete', { id: skin.id }, owner.token, 'DELETE'));
      expect(removed).toEqual({ id: skin.id, books: 0 });
      expect((await api(`/account/theme/get?id=${skin.id}`)).json().content).toMatchObject({ type: 'LIBRARY', code: 961 });
    });

    it('refuses invalid skins, naming the fields, and stores nothing', async () => {
      const before = await rows();
      for (const [body, fields] of [
        [{ ...SKIN, name: '  ' }, ['name']],
        [{ ...SKIN, name: 'n'.repeat(61) }, ['name']],
        [{ ...SKIN, toolbar: 'red' }, ['toolbar']],
        [{ ...SKIN, text: '#fff' }, ['text']],
        [{ ...SKIN, accent: '#12345g' }, ['accent']],
        [{ ...SKIN, background: 'url(x)' }, ['background']],
        [{ ...SKIN, style: 'glass' }, ['style']],
        [{ name: 'Only a name' }, ['toolbar', 'text', 'accent', 'background', 'style']],
      ] as const) {
        const res = await api('/account/theme/create', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().content).toMatchObject({ type: 'VALIDATION', code: 1, fields });
      }
      expect(await rows()).toBe(before);
    });

    it('answers another account’s skin exactly like an unknown one, and changes nothing', async () => {
      const mine = await content<SkinItem>(api('/account/theme/create', SKIN));
      const unknown = newId();
      for (const [url, body] of [
        ['/account/theme/update', { ...SKIN, name: 'Taken' }],
        ['/account/theme/delete', {}],
      ] as const) {
        const foreign = await api(url, { ...body, id: mine.id }, other.token);
        const missing = await api(url, { ...body, id: unknown }, other.token);
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json().content).toEqual(missing.json().content);
        expect(foreign.json().content).toMatchObject({ type: 'LIBRARY', code: 961 });
      }
      expect((await api(`/account/theme/get?id=${mine.id}`, undefined, other.token)).json().content).toMatchObject({ code: 961 });
      expect(await content(api(`/account/theme/get?id=${mine.id}`))).toMatchObject({ name: 'Harbour' });
      expect((await api('/account/theme/get?id=not-hex')).json().content).toMatchObject({ type: 'VALIDATION', fields: ['id'] });
    });

    it('keeps at most LIBRARY_MAX skins per account', async () => {
      const acct = await account('library-full', 'PLATINUM');
      const now = Date.now();
      for (let i = 0; i < LIBRARY_MAX.skin; i++) {
        await insertItem(ctx.app.db, {
          id: newId(),
          account_id: acct.accountId,
          kind: 'skin',
          name: `Skin ${i}`,
          design: JSON.stringify({ ...SKIN, name: undefined }),
          width: null,
          height: null,
          bytes: null,
          created_at: now + i,
        });
      }
      const res = await api('/account/theme/create', SKIN, acct.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().content).toMatchObject({ type: 'LIBRARY', code: 962 });
      const list = await content<{ items: SkinItem[] }>(api('/account/theme/', undefined, acct.token));
      expect(list.items).toHaveLength(LIBRARY_MAX.skin);
      // Newest first.
      expect(list.items[0]?.name).toBe(`Skin ${LIBRARY_MAX.skin - 1}`);
    });
  });

  describe('images', () => {
    it('re-encodes a background as WebP with a preview, and serves it to its owner only', async () => {
      const item = await content<ImageItem>(
        uploadImage(ctx.app, owner.token, 'background', { name: 'Sunny_day.png', data: makePng(1600, 1000) }),
      );
      expect(item).toMatchObject({ kind: 'background', name: 'Sunny day', width: 1600, height: 1000, books: 0 });
      expect(item.location).toBe(`resource:${item.id}`);
      expect(item['url.image']).toBe(`/brand/${item.id}/image.webp`);
      expect((await libraryFiles(owner.accountId)).sort()).toEqual(expect.arrayContaining([`${item.id}.preview.webp`, `${item.id}.webp`]));
      expect(await partFiles(ctx.config.dataDir)).toEqual([]);

      const image = await fetchBrand(ctx.app, item['url.image'], { cookie: owner.cookie });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('private, max-age=3600');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1000 });
      expect(item.bytes).toBe(image.rawPayload.length);
      const preview = await sharp((await fetchBrand(ctx.app, item['url.preview'], { token: owner.token })).rawPayload).metadata();
      expect(preview).toMatchObject({ format: 'webp', width: 480, height: 300 });

      for (const auth of [{}, { token: other.token }]) expect((await fetchBrand(ctx.app, item['url.image'], auth)).statusCode).toBe(404);
      for (const url of [`/brand/${item.id}/preview.svg`, `/brand/${item.id}/original.png`, `/brand/${item.id.toUpperCase()}/image.webp`])
        expect((await fetchBrand(ctx.app, url, { token: owner.token })).statusCode, url).toBe(404);
    });

    it('turns a photo upright, keeps no metadata, and scales a large one down', async () => {
      // 1200 × 800 stored on its side (EXIF orientation 6): shown 800 × 1200.
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret GPS place' } } })
        .toBuffer();
      const item = await content<ImageItem>(uploadImage(ctx.app, owner.token, 'background', { name: 'photo.jpg', data: photo }));
      expect(item).toMatchObject({ width: 800, height: 1200 });
      const served = await fetchBrand(ctx.app, item['url.image'], { token: owner.token });
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1200 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Secret GPS place'))).toBe(false);

      const wide = await sharp({ create: { width: 6000, height: 3000, channels: 3, background: '#884422' } })
        .webp()
        .toBuffer();
      const big = await content<ImageItem>(uploadImage(ctx.app, owner.token, 'background', { name: 'wide.webp', data: wide }));
      expect(big).toMatchObject({ width: 6000, height: 3000 });
      const stored = await sharp((await fetchBrand(ctx.app, big['url.image'], { token: owner.token })).rawPayload).metadata();
      expect(stored).toMatchObject({ width: 3840, height: 1920 });
    });

    it('keeps a logo’s transparency and its own limits', async () => {
      const transparent = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .png()
        .toBuffer();
      const logo = await content<ImageItem>(
        uploadImage(ctx.app, owner.token, 'logo', { name: 'mark.png', data: transparent }, { name: 'Our mark' }),
      );
      expect(logo).toMatchObject({ kind: 'logo', name: 'Our mark', width: 300, height: 120 });
      const meta = await sharp((await fetchBrand(ctx.app, logo['url.image'], { token: owner.token })).rawPayload).metadata();
      expect(meta.hasAlpha).toBe(true);
      // A logo may be small, not larger than 2000 px; a background must be at least 800 × 600.
      expect((await uploadImage(ctx.app, owner.token, 'logo', { name: 'x.png', data: makePng(2001, 100) })).json().content).toMatchObject({
        code: 966,
      });
      expect(
        (await uploadImage(ctx.app, owner.token, 'background', { name: 'x.png', data: makePng(300, 120) })).json().content,
      ).toMatchObject({ code: 965 });
    });

    it('refuses what is not a PNG, JPEG or WebP image of the right size, and keeps nothing of it', async () => {
      const before = await rows();
      const files = await libraryFiles(owner.accountId);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="800"><script>alert(1)</script></svg>');
      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200)]);
      const cases: [string, { name: string; data: Buffer } | undefined, number, string][] = [
        ['text', { name: 'notes.png', data: Buffer.from('just some text, named like a picture') }, 415, 'LIBRARY.963'],
        ['svg', { name: 'logo.svg', data: svg }, 415, 'LIBRARY.963'],
        ['gif', { name: 'anim.gif', data: gif }, 415, 'LIBRARY.963'],
        ['too small', { name: 'small.png', data: makePng(799, 600) }, 400, 'LIBRARY.965'],
        ['too small (portrait)', { name: 'small.png', data: makePng(599, 900) }, 400, 'LIBRARY.965'],
        ['too wide', { name: 'wide.png', data: makePng(8001, 700) }, 400, 'LIBRARY.966'],
        ['unreadable', { name: 'broken.png', data: makePng(1000, 800, { corrupt: true }) }, 400, 'LIBRARY.967'],
        ['truncated header', { name: 'cut.png', data: makePng(1000, 800).subarray(0, 20) }, 400, 'LIBRARY.967'],
        ['over 5 MB', { name: 'huge.png', data: Buffer.concat([makePng(1000, 800), Buffer.alloc(5 * 1024 * 1024)]) }, 413, 'LIBRARY.964'],
        ['empty', { name: 'empty.png', data: Buffer.alloc(0) }, 400, 'PUBLISH.210'],
        ['no file', undefined, 400, 'PUBLISH.214'],
      ];
      for (const [what, file, status, code] of cases) {
        const res = await uploadImage(ctx.app, owner.token, 'background', file);
        expect(res.statusCode, what).toBe(status);
        const { type, code: number } = res.json().content;
        expect(`${type}.${number}`, what).toBe(code);
      }
      // A body that ends in the middle of the file, two files, or a file in another field.
      const whole = multipartBody({}, { name: 'cut.png', data: makePng(1000, 800) });
      const cut = whole.payload.subarray(0, whole.payload.length - 200);
      const truncated = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/background/create?v=2',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': whole.contentType },
        payload: cut,
      });
      expect(truncated.json().content).toMatchObject({ type: 'PUBLISH', code: 215 });
      const boundary = '----quireTwoFiles';
      const part = (field: string, name: string) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          makePng(1000, 800),
          Buffer.from('\r\n'),
        ]);
      for (const payload of [
        Buffer.concat([part('file', 'a.png'), part('file', 'b.png'), Buffer.from(`--${boundary}--\r\n`)]),
        Buffer.concat([part('image', 'a.png'), Buffer.from(`--${boundary}--\r\n`)]),
      ]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/account/background/create?v=2',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().content.type).toBe('API');
      }
      // JSON is not an upload: no file.
      expect((await api('/account/logo/create', { name: 'x' })).json().content).toMatchObject({ type: 'PUBLISH', code: 214 });
      // The name is checked too.
      const named = await uploadImage(ctx.app, owner.token, 'background', { name: 'ok.png', data: makePng(1000, 800) }, { name: ' ' });
      expect(named.json().content).toMatchObject({ type: 'VALIDATION', fields: ['name'] });
      expect(await rows()).toBe(before);
      expect((await libraryFiles(owner.accountId)).sort()).toEqual(files.sort());
      expect(await partFiles(ctx.config.dataDir)).toEqual([]);
    });

    it('keeps at most LIBRARY_MAX images of a kind, refusing before the file is read', async () => {
      const acct = await account('library-full-images', 'PLATINUM');
      const now = Date.now();
      for (let i = 0; i < LIBRARY_MAX.logo; i++) {
        await insertItem(ctx.app.db, {
          id: newId(),
          account_id: acct.accountId,
          kind: 'logo',
          name: `Logo ${i}`,
          design: null,
          width: 100,
          height: 100,
          bytes: 10,
          created_at: now,
        });
      }
      const res = await uploadImage(ctx.app, acct.token, 'logo', { name: 'one-more.png', data: makePng(100, 100) });
      expect(res.json().content).toMatchObject({ type: 'LIBRARY', code: 962 });
      expect(await libraryFiles(acct.accountId)).toEqual([]);
      // Another kind still has room.
      expect((await uploadImage(ctx.app, acct.token, 'background', { name: 'bg.png', data: makePng(1000, 800) })).json().status).toBe('ok');
    });
  });

  describe('in books, the settings and the reader', () => {
    let skin: SkinItem;
    let background: ImageItem;
    let logo: ImageItem;
    let theirs: ImageItem;

    beforeAll(async () => {
      skin = await content<SkinItem>(api('/account/theme/create', { ...SKIN, name: 'Book skin', style: 'translucent' }));
      background = await content<ImageItem>(
        uploadImage(ctx.app, owner.token, 'background', { name: 'Book bg.png', data: makePng(1000, 800) }),
      );
      logo = await content<ImageItem>(uploadImage(ctx.app, owner.token, 'logo', { name: 'Book logo.png', data: makePng(200, 80) }));
      theirs = await content<ImageItem>(uploadImage(ctx.app, other.token, 'background', { name: 'Theirs.png', data: makePng(1000, 800) }));
    });

    it('lists the account’s own items after the presets of each list, and only its own', async () => {
      const mine = await content<PresetLists>(api('/account/book/preset/'));
      const own = mine.backgrounds.filter((p) => p.own);
      expect(own.map((p) => p.id)).toContain(background.id);
      expect(own.map((p) => p.id)).not.toContain(theirs.id);
      expect(mine.backgrounds.findIndex((p) => p.own)).toBeGreaterThan(mine.backgrounds.findIndex((p) => !p.own));
      expect(mine.backgrounds.find((p) => p.id === background.id)).toMatchObject({
        type: 'background',
        location: background.location,
        description: '1000 × 800',
        'url.preview': background['url.preview'],
        enabled: true,
      });
      expect(mine.skins.find((p) => p.id === skin.id)).toMatchObject({ own: true, location: skin.location, type: 'skin' });
      expect(mine.logos.find((p) => p.id === logo.id)).toMatchObject({ own: true, location: logo.location });
      const others = await content<PresetLists>(api('/account/book/preset/', undefined, other.token));
      expect(others.backgrounds.filter((p) => p.own).map((p) => p.id)).toEqual([theirs.id]);
      // Locked accounts keep the presets (an item stays listed if a downgraded account still has some).
      expect((await content<PresetLists>(api('/account/book/preset/', undefined, free))).skins.every((p) => !p.own)).toBe(true);
    });

    it('lets a book use the account’s own items and refuses any other resource exactly alike', async () => {
      const book = await makeBook(ctx.app, owner.accountId);
      const update = (fields: Record<string, unknown>) => api('/account/book/update', { id: book, ...fields });
      await content(update({ 'skin.url': skin.location, 'bg.url': background.location, 'logo.url': logo.location }));
      expect(await bookSettings(book)).toMatchObject({
        'skin.url': skin.location,
        'bg.url': background.location,
        'logo.url': logo.location,
      });

      const foreign = await update({ 'bg.url': theirs.location });
      const unknown = await update({ 'bg.url': `resource:${newId()}` });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().content).toEqual({ type: 'VALIDATION', code: 1, message: 'validation.invalid', fields: ['bg.url'] });
      expect(unknown.json().content).toEqual(foreign.json().content);
      // An item of another kind is not one of this field's.
      expect((await update({ 'bg.url': logo.location })).json().content).toMatchObject({ fields: ['bg.url'] });
      expect((await update({ 'skin.url': background.location, 'logo.url': skin.location })).json().content).toMatchObject({
        fields: ['skin.url', 'logo.url'],
      });
      expect(await bookSettings(book)).toMatchObject({ 'bg.url': background.location });
      // Presets, colours and remote URLs are as before.
      const presets = await content<PresetLists>(api('/account/book/preset/'));
      const preset = presets.backgrounds.find((p) => !p.own);
      await content(update({ 'bg.url': preset?.location, 'logo.url': presets.backgrounds[1]?.location, 'skin.url': 'night' }));
      await content(update({ 'bg.url': '#223344', 'logo.url': 'https://cdn.example/logo.png' }));
    });

    it('gives an upload the default instead of a resource that is not the account’s (a stale saved preset)', async () => {
      const res = await upload(
        ctx.app,
        owner.token,
        { name: 'doc.txt', data: Buffer.from('library upload') },
        { 'bg.url': theirs.location, 'logo.url': logo.location, 'skin.url': `resource:${newId()}` },
      );
      const created = res.json().content;
      expect(res.json().status).toBe('ok');
      expect(created['bg.url'] ?? '').toBe('');
      expect(created['logo.url']).toBe(logo.location);
      expect(created['skin.url']).toBe('2021');
    });

    it('shows them in the reader, with files whoever may read the book may load', async () => {
      const book = await makeBook(ctx.app, owner.accountId, {
        settings: {
          'skin.url': skin.location,
          'bg.url': background.location,
          'logo.url': logo.location,
          'logo.link': 'https://example.org/',
        },
      });
      const read = await readerBook(book);
      expect(read.skin).toBe('2021');
      expect(read.theme).toEqual({
        toolbar: SKIN.toolbar,
        text: SKIN.text,
        accent: SKIN.accent,
        background: SKIN.background,
        style: 'translucent',
      });
      expect(read.background).toBe(`/brand/${background.id}/image.webp?b=${book}`);
      expect(read.logo).toEqual({ url: `/brand/${logo.id}/image.webp?b=${book}`, link: 'https://example.org/' });
      const anonymous = await fetchBrand(ctx.app, read.background ?? '');
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers['cache-control']).toBe('public, max-age=86400');
      expect((await fetchBrand(ctx.app, read.logo?.url ?? '')).statusCode).toBe(200);
      // The book must use it: another book of the owner, or the logo's URL with the background's id, opens nothing.
      const plain = await makeBook(ctx.app, owner.accountId);
      expect((await fetchBrand(ctx.app, `/brand/${background.id}/image.webp?b=${plain}`)).statusCode).toBe(404);
      expect((await fetchBrand(ctx.app, `/brand/${logo.id}/image.webp?b=${book}&x=1`)).statusCode).toBe(200);
      expect((await fetchBrand(ctx.app, `/brand/${theirs.id}/image.webp?b=${book}`)).statusCode).toBe(404);
      // Another account's book that names the item (written directly, past the settings check) opens nothing either.
      const foreignBook = await makeBook(ctx.app, other.accountId, { settings: { 'bg.url': background.location } });
      expect((await readerBook(foreignBook)).background).toBeNull();
      expect((await fetchBrand(ctx.app, `/brand/${background.id}/image.webp?b=${foreignBook}`)).statusCode).toBe(404);

      // A private book: its URLs carry the pages token; without it nothing opens.
      const hidden = await makeBook(ctx.app, owner.accountId, {
        columns: { publishing_mode: 2 },
        settings: { private_url: 1, 'bg.url': background.location },
      });
      const token = await pagesTokenOf(ctx.app, hidden);
      const privateRead = await readerBook(hidden, owner.token);
      expect(privateRead.background).toBe(`/brand/${background.id}/image.webp?b=${hidden}&t=${token}`);
      const opened = await fetchBrand(ctx.app, privateRead.background ?? '');
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['cache-control']).toBe('private, max-age=3600');
      expect((await fetchBrand(ctx.app, `/brand/${background.id}/image.webp?b=${hidden}`)).statusCode).toBe(404);
      expect((await fetchBrand(ctx.app, `/brand/${background.id}/image.webp?b=${hidden}&t=${'0'.repeat(32)}`)).statusCode).toBe(404);
    });

    it('asks how many publications use an item, and deleting it puts them back on the default', async () => {
      const acct = owner;
      const books = await Promise.all(
        [1, 2, 3].map(() =>
          makeBook(ctx.app, acct.accountId, {
            settings: { 'skin.url': skin.location, 'bg.url': background.location, 'logo.url': logo.location },
          }),
        ),
      );
      expect((await content<ImageItem>(api(`/account/background/get?id=${background.id}`))).books).toBeGreaterThanOrEqual(3);
      const counted = (await content<{ items: ImageItem[] }>(api('/account/background/'))).items.find((i) => i.id === background.id);
      const inUse = counted?.books ?? 0;
      expect(inUse).toBeGreaterThanOrEqual(3);

      // Another account cannot delete it.
      expect((await api('/account/background/delete', { id: background.id }, other.token)).json().content).toMatchObject({ code: 961 });

      expect(await content(api('/account/background/delete', { id: background.id }))).toEqual({ id: background.id, books: inUse });
      expect(await content(api('/account/theme/delete', { id: skin.id }))).toMatchObject({ id: skin.id });
      expect((await content<ImageItem>(api(`/account/logo/get?id=${logo.id}`))).books).toBeGreaterThanOrEqual(3);
      // The logo's id is no background or skin.
      expect((await api(`/account/background/get?id=${logo.id}`)).json().content).toMatchObject({ code: 961 });
      expect((await api('/account/theme/delete', { id: logo.id })).json().content).toMatchObject({ code: 961 });
      expect(await content(api('/account/logo/delete', { id: logo.id }, owner.token, 'DELETE'))).toMatchObject({ id: logo.id });
      for (const book of books) {
        expect(await bookSettings(book)).toMatchObject({ 'skin.url': '2021', 'bg.url': '', 'logo.url': '' });
        const read = await readerBook(book);
        expect(read).toMatchObject({ skin: '2021', theme: null, background: null, logo: null });
      }
      expect(await libraryFiles(owner.accountId)).not.toEqual(expect.arrayContaining([`${background.id}.webp`]));
      expect((await fetchBrand(ctx.app, background['url.image'], { token: owner.token })).statusCode).toBe(404);
      expect((await api('/account/background/delete', { id: background.id })).json().content).toMatchObject({ code: 961 });
    });
  });
});

describe('image headers (src/server/library/probe.ts)', () => {
  const probe = async (data: Buffer, type: 'png' | 'jpeg' | 'webp') => {
    const dir = await tempDir('quire-probe-');
    const file = path.join(dir, 'image');
    await writeFile(file, data);
    return imageSize(file, type);
  };
  const base = (width: number, height: number, channels: 3 | 4 = 3) =>
    sharp({ create: { width, height, channels, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } });

  it('reads every WebP variant, PNG, and baseline and progressive JPEG', async () => {
    expect(await probe(await base(1234, 567).webp().toBuffer(), 'webp')).toEqual({ width: 1234, height: 567 });
    expect(await probe(await base(1234, 567).webp({ lossless: true }).toBuffer(), 'webp')).toEqual({ width: 1234, height: 567 });
    expect(await probe(await base(1234, 567, 4).webp().toBuffer(), 'webp')).toEqual({ width: 1234, height: 567 });
    expect(await probe(await base(321, 123).png().toBuffer(), 'png')).toEqual({ width: 321, height: 123 });
    expect(await probe(await base(640, 480).jpeg({ progressive: true }).toBuffer(), 'jpeg')).toEqual({ width: 640, height: 480 });
    // A large APP segment before the frame header (an embedded ICC profile or thumbnail).
    const jpeg = await base(640, 480).jpeg().toBuffer();
    const app2 = Buffer.concat([Buffer.from([0xff, 0xe2, 0xff, 0xff]), Buffer.alloc(0xfffd, 7)]);
    expect(await probe(Buffer.concat([jpeg.subarray(0, 2), app2, app2, jpeg.subarray(2)]), 'jpeg')).toEqual({ width: 640, height: 480 });
  });

  it('turns the size by the EXIF orientation, and gives up on broken headers', async () => {
    for (const orientation of [1, 3, 5, 6, 8]) {
      const photo = await base(300, 200).jpeg().withMetadata({ orientation }).toBuffer();
      expect(await probe(photo, 'jpeg'), String(orientation)).toEqual(
        orientation >= 5 ? { width: 200, height: 300 } : { width: 300, height: 200 },
      );
    }
    expect(exifOrientation(Buffer.from('Exif\0\0MM'))).toBe(1);
    expect(await probe(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), 'jpeg')).toBeNull();
    expect(await probe(Buffer.from([0xff, 0xd8, 0x00, 0x00]), 'jpeg')).toBeNull();
    expect(await probe(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'webp')).toBeNull();
    expect(await probe(makePng(10, 10).subarray(0, 16), 'png')).toBeNull();
    // A file of nothing but fill bytes ends.
    expect(await probe(Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(100_000, 0xff)]), 'jpeg')).toBeNull();
  });
});
