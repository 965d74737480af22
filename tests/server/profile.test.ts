import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountSchema } from '../../src/contracts/accounts';
import { AVATAR_MAX_BYTES, AVATAR_SIZES, PublicProfileAnswerSchema } from '../../src/contracts/profile';
import { updateAccount } from '../../src/server/accounts/repo';
import { type AccountsCtx, call, nextIp, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { elementsOf, type HtmlElement, metaContent, scriptTexts, textOf } from './html-support';
import { multipartBody, partFiles } from './publish-support';

/**
 * Issue 16, the account's own pages on the server: account details through `{api}/account/update`
 * (gated `info_account`), the public profile (`{api}/account/profile/…`, gated `profile`: premium and
 * up), the avatar (sniffed, limited, cropped, re-encoded without metadata, served with a versioned URL)
 * and what the publisher page shows of it. Every refusal changes nothing.
 */

const ORIGIN = 'https://quire.example';

/** A signed-in account of a mode (as `quire account set --mode` does). */
async function member(ctx: AccountsCtx, name: string, mode: 'FREE' | 'PREMIUM' | 'PLATINUM' = 'PREMIUM', type?: 'PREMIUM_DEMO') {
  const signed = await signedIn(ctx, name);
  const accountId = signed.content.account.id as string;
  if (mode !== 'FREE' || type) await updateAccount(ctx.app.db, accountId, { mode, type: type ?? mode }, Date.now());
  return { token: signed.token, accountId };
}

const accountRow = (app: FastifyInstance, id: string) =>
  app.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A solid image: the left half red, the right half blue (so a crop's side can be told). */
async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 400, height = 200, orientation?: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) raw[i] = 255;
      else raw[i + 2] = 255;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (orientation) image = image.withMetadata({ orientation });
  if (format === 'jpeg') image = image.withExif({ IFD0: { Copyright: 'secret maker', Artist: 'Ada' } });
  return image.toFormat(format).toBuffer();
}

function sendAvatar(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string | number>,
  file?: { name: string; data: Buffer; type?: string },
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/account/profile/avatar?v=2',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: nextIp(),
  });
}

/** The average colour of a served image: [r, g, b]. */
async function colourOf(data: Buffer): Promise<number[]> {
  const { channels } = await sharp(data).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

const avatarFiles = (app: FastifyInstance, accountId: string) =>
  readdir(path.join(app.config.dataDir, 'files', 'avatars', accountId)).catch(() => [] as string[]);

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, remoteAddress: nextIp() });
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe.each(DIALECTS)('account details and public profile on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_PUBLIC_URL: ORIGIN, QUIRE_CONVERT_CONCURRENCY: '0' } });

  describe('account details ({api}/account/update)', () => {
    it('saves name, city, country and website, clears them with empty values, and bumps ats', async () => {
      const { token, response } = await signedIn(ctx, 'details');
      const res = await call(
        ctx.app,
        '/account/update',
        { name: '  Ada Books ', city: 'Lyon', country: 'fr', url: 'https://ada.example/books' },
        { token },
      );
      expect(res.json().status).toBe('ok');
      const account = v.parse(AccountSchema, res.json().content);
      expect(account).toMatchObject({ name: 'Ada Books', city: 'Lyon', country: 'FR', url: { website: 'https://ada.example/books' } });
      expect(res.json().ats).toBeGreaterThan(response.json().ats);
      const session = (await call(ctx.app, '/profile/session', undefined, { token })).json();
      expect(session.content.account).toMatchObject({
        name: 'Ada Books',
        city: 'Lyon',
        country: 'FR',
        url: { website: 'https://ada.example/books' },
      });
      expect(session.ats).toBe(res.json().ats);
      // PATCH, form body, clearing: empty city, country and website become null; the name stays.
      const cleared = await call(ctx.app, '/account/update', { city: '', country: '', url: '' }, { token, method: 'PATCH', form: true });
      expect(cleared.json().content).toMatchObject({ name: 'Ada Books', city: null, country: null, url: { website: null } });
    });

    it('refuses bad details and changes nothing', async () => {
      const { token, content } = await signedIn(ctx, 'details-bad');
      const before = await accountRow(ctx.app, content.account.id);
      const cases: [Record<string, unknown>, string[]][] = [
        [{ name: '' }, ['name']],
        [{ name: 'x'.repeat(121) }, ['name']],
        [{ city: 'c'.repeat(101) }, ['city']],
        [{ country: 'ZZ' }, ['country']],
        [{ country: 'France' }, ['country']],
        [{ url: 'ftp://ada.example' }, ['url']],
        [{ url: 'javascript:alert(1)' }, ['url']],
        [{ url: 'https://user:pw@ada.example' }, ['url']],
        [{ url: 'https://127.0.0.1/' }, ['url']],
        [{ url: `https://ada.example/${'p'.repeat(500)}` }, ['url']],
        [{}, []],
      ];
      for (const [body, fields] of cases) {
        const res = await call(ctx.app, '/account/update', body, { token });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().content, JSON.stringify(body)).toMatchObject({ type: 'VALIDATION', code: 1 });
        if (fields.length > 0) expect(res.json().content.fields).toEqual(fields);
      }
      expect(await accountRow(ctx.app, content.account.id)).toEqual(before);
    });

    it('saves the usage context with details in one patch; the context alone stays open to every account', async () => {
      const { token } = await signedIn(ctx, 'details-context');
      const both = await call(
        ctx.app,
        '/account/update',
        { context: 'pro', company_activity_sector: 'arts_culture', job_title: 'manager', company_size: '2-10', city: 'Turin' },
        { token },
      );
      expect(both.json().content).toMatchObject({ context: 'pro', company_activity_sector: 'arts_culture', city: 'Turin' });
      // A demo account's menu has no account details page: its details are refused, its usage context is not.
      const demo = await member(ctx, 'details-demo', 'PREMIUM', 'PREMIUM_DEMO');
      const before = await accountRow(ctx.app, demo.accountId);
      const refused = await call(ctx.app, '/account/update', { name: 'Renamed' }, { token: demo.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().content).toMatchObject({ type: 'ACCOUNT', code: 402 });
      const mixed = await call(ctx.app, '/account/update', { context: 'ind', name: 'Renamed' }, { token: demo.token });
      expect(mixed.json().content).toMatchObject({ type: 'ACCOUNT', code: 402 });
      expect(await accountRow(ctx.app, demo.accountId)).toEqual(before);
      const context = await call(ctx.app, '/account/update', { context: 'edu' }, { token: demo.token });
      expect(context.json().content).toMatchObject({ context: 'edu', name: before.name });
    });

    it('refuses an anonymous caller', async () => {
      const res = await call(ctx.app, '/account/update', { name: 'Nobody' });
      expect(res.json().content).toMatchObject({ type: 'SESSION', code: 301 });
    });
  });

  describe('public profile ({api}/account/profile/…)', () => {
    it('is for premium and up: a free or demo account is refused on every call, an anonymous one asked to sign in', async () => {
      const free = await member(ctx, 'profile-free', 'FREE');
      const demo = await member(ctx, 'profile-demo', 'PREMIUM', 'PREMIUM_DEMO');
      for (const who of [free, demo]) {
        const before = await accountRow(ctx.app, who.accountId);
        const answers = [
          await call(ctx.app, '/account/profile/get', undefined, { token: who.token }),
          await call(ctx.app, '/account/profile/update', { description: 'Hello' }, { token: who.token }),
          await call(ctx.app, '/account/profile/avatar/delete', {}, { token: who.token }),
          await sendAvatar(ctx.app, who.token, { x: 0, y: 0, size: 200 }, { name: 'a.png', data: await picture('png') }),
        ];
        for (const res of answers) {
          expect(res.statusCode).toBe(403);
          expect(res.json().content).toMatchObject({ type: 'ACCOUNT', code: 402 });
        }
        expect(await accountRow(ctx.app, who.accountId)).toEqual(before);
        expect(await avatarFiles(ctx.app, who.accountId)).toEqual([]);
      }
      expect((await call(ctx.app, '/account/profile/get')).json().content).toMatchObject({ type: 'SESSION', code: 301 });
    });

    it('reads and saves description, website and social links', async () => {
      const { token, accountId } = await member(ctx, 'profile-texts');
      const empty = await call(ctx.app, '/account/profile/get', undefined, { token });
      expect(empty.headers['cache-control']).toBe('private, no-store');
      expect(v.parse(PublicProfileAnswerSchema, empty.json().content)).toMatchObject({
        description: '',
        website: null,
        social: {},
        image: { small: null, large: null },
        account: { id: accountId },
      });
      const saved = await call(
        ctx.app,
        '/account/profile/update',
        {
          description: '  We publish <b>zines</b>.\r\nSince 2010.\u0007  ',
          website: 'https://ada.example',
          social: {
            instagram: 'https://www.instagram.com/ada.books',
            x: 'https://twitter.com/adabooks',
            linkedin: 'https://www.linkedin.com/company/ada-books/',
            mastodon: 'https://mastodon.social/@ada',
            facebook: 'https://www.facebook.com/profile.php?id=1234',
            youtube: '',
          },
        },
        { token },
      );
      expect(saved.json().status).toBe('ok');
      expect(saved.json().content).toMatchObject({
        description: 'We publish <b>zines</b>.\nSince 2010.',
        website: 'https://ada.example',
        social: {
          instagram: 'https://www.instagram.com/ada.books',
          x: 'https://twitter.com/adabooks',
          linkedin: 'https://www.linkedin.com/company/ada-books/',
          mastodon: 'https://mastodon.social/@ada',
          facebook: 'https://www.facebook.com/profile.php?id=1234',
        },
        account: { url: { website: 'https://ada.example' } },
      });
      expect(Object.keys(saved.json().content.social)).toEqual(['facebook', 'instagram', 'x', 'linkedin', 'mastodon']);
      expect(saved.json().ats).toBeGreaterThan(empty.json().ats);
      // The social links are replaced as a whole (a JSON string in a form body too); the rest stays.
      const replaced = await call(
        ctx.app,
        '/account/profile/update',
        { social: JSON.stringify({ github: 'https://github.com/ada' }) },
        { token, form: true, method: 'PATCH' },
      );
      expect(replaced.json().content).toMatchObject({
        description: 'We publish <b>zines</b>.\nSince 2010.',
        website: 'https://ada.example',
        social: { github: 'https://github.com/ada' },
      });
      expect((await call(ctx.app, '/account/profile/get', undefined, { token })).json().content.social).toEqual({
        github: 'https://github.com/ada',
      });
    });

    it('refuses bad texts and links and changes nothing', async () => {
      const { token, accountId } = await member(ctx, 'profile-bad');
      await call(ctx.app, '/account/profile/update', { description: 'Kept', social: { github: 'https://github.com/kept' } }, { token });
      const before = await accountRow(ctx.app, accountId);
      const cases: [Record<string, unknown>, string][] = [
        [{ description: 'd'.repeat(1001) }, 'description'],
        [{ description: Array.from({ length: 31 }, () => 'line').join('\n') }, 'description'],
        [{ website: 'ada.example' }, 'website'],
        [{ website: 'data:text/html,hi' }, 'website'],
        [{ social: { instagram: 'https://www.instagram.evil.example/ada' } }, 'social.instagram'],
        [{ social: { instagram: 'http://www.instagram.com/ada' } }, 'social.instagram'],
        [{ social: { x: 'https://x.com/ada/status/1' } }, 'social.x'],
        [{ social: { linkedin: 'https://www.linkedin.com/feed/' } }, 'social.linkedin'],
        [{ social: { youtube: 'https://www.youtube.com/watch?v=abc' } }, 'social.youtube'],
        [{ social: { tiktok: 'https://www.tiktok.com/ada' } }, 'social.tiktok'],
        [{ social: { mastodon: 'https://mastodon.social/users/ada' } }, 'social.mastodon'],
        [{ social: { bluesky: 'https://bsky.app/search?q=ada' } }, 'social.bluesky'],
        [{ social: { github: `https://github.com/${'a'.repeat(300)}` } }, 'social.github'],
        [{ social: { myspace: 'https://myspace.com/ada' } }, 'social'],
        [{ social: '{not json' }, 'social'],
      ];
      for (const [body, field] of cases) {
        const res = await call(ctx.app, '/account/profile/update', body, { token });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().content, JSON.stringify(body)).toMatchObject({ type: 'VALIDATION' });
        expect(res.json().content.fields.join(','), JSON.stringify(body)).toContain(field);
      }
      expect(await accountRow(ctx.app, accountId)).toEqual(before);
    });
  });

  describe('avatar', () => {
    it('crops, scales and re-encodes an avatar without metadata, served at a versioned URL', async () => {
      const { token, accountId } = await member(ctx, 'avatar');
      // The right-hand square of a 400×200 image: all blue.
      const res = await sendAvatar(
        ctx.app,
        token,
        { x: 200, y: 0, size: 200 },
        { name: 'me.jpg', data: await picture('jpeg'), type: 'image/jpeg' },
      );
      expect(res.json().status).toBe('ok');
      const answer = v.parse(PublicProfileAnswerSchema, res.json().content);
      const { small, large } = answer.image;
      if (!small || !large) throw new Error('no avatar URLs');
      expect(small).toMatch(new RegExp(`^/avatars/${accountId}/[A-Za-z0-9_-]+-small\\.webp$`));
      expect(answer.account.image.small).toBe(small);
      const session = (await call(ctx.app, '/profile/session', undefined, { token })).json();
      expect(session.content.account.image.small).toBe(small);
      for (const [url, side] of [
        [small, AVATAR_SIZES.small],
        [large, AVATAR_SIZES.large],
      ] as const) {
        const file = await get(ctx.app, url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        expect(file.headers['cache-control']).toContain('immutable');
        const meta = await sharp(file.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', side, side]);
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        const [r, , b] = await colourOf(file.rawPayload);
        expect(b).toBeGreaterThan(200);
        expect(r).toBeLessThan(40);
      }
      expect((await get(ctx.app, small)).rawPayload.includes(Buffer.from('secret maker'))).toBe(false);
      expect(await partFiles(ctx.config.dataDir)).toEqual([]);
    });

    it('turns a JPEG upright by its EXIF orientation before cropping (the square is in upright pixels)', async () => {
      const { token } = await member(ctx, 'avatar-orient');
      // Stored 400×200 with orientation 6 (shown turned a quarter clockwise: 200×400, red on top).
      const data = await picture('jpeg', 400, 200, 6);
      const top = await sendAvatar(ctx.app, token, { x: 0, y: 0, size: 200 }, { name: 'turned.jpg', data });
      const [r1 = 0, , b1 = 0] = await colourOf((await get(ctx.app, top.json().content.image.small)).rawPayload);
      expect([r1 > 200, b1 < 40]).toEqual([true, true]);
      const bottom = await sendAvatar(ctx.app, token, { x: 0, y: 200, size: 200 }, { name: 'turned.jpg', data });
      const [r2 = 0, , b2 = 0] = await colourOf((await get(ctx.app, bottom.json().content.image.small)).rawPayload);
      expect([r2 < 40, b2 > 200]).toEqual([true, true]);
    });

    it('takes PNG and WebP too; a new avatar replaces the old, whose URL is gone; removing it goes back to none', async () => {
      const { token, accountId } = await member(ctx, 'avatar-replace');
      const first = await sendAvatar(ctx.app, token, { x: 0, y: 0, size: 200 }, { name: 'a.png', data: await picture('png') });
      const firstUrl: string = first.json().content.image.small;
      expect((await get(ctx.app, firstUrl)).statusCode).toBe(200);
      const second = await sendAvatar(ctx.app, token, { x: 100, y: 0, size: 200 }, { name: 'b.webp', data: await picture('webp') });
      const secondUrl: string = second.json().content.image.small;
      expect(secondUrl).not.toBe(firstUrl);
      expect((await get(ctx.app, firstUrl)).statusCode).toBe(404);
      expect((await get(ctx.app, secondUrl)).statusCode).toBe(200);
      expect((await avatarFiles(ctx.app, accountId)).length).toBe(2);
      const removed = await call(ctx.app, '/account/profile/avatar/delete', {}, { token });
      expect(removed.json().content).toMatchObject({ image: { small: null, large: null }, account: { image: { small: null } } });
      expect((await get(ctx.app, secondUrl)).statusCode).toBe(404);
      expect(await avatarFiles(ctx.app, accountId)).toEqual([]);
      // Removing again is harmless.
      expect((await call(ctx.app, '/account/profile/avatar/delete', {}, { token })).json().status).toBe('ok');
    });

    it('refuses what is not a usable picture, and changes nothing', async () => {
      const { token, accountId } = await member(ctx, 'avatar-bad');
      const kept = await sendAvatar(ctx.app, token, { x: 0, y: 0, size: 200 }, { name: 'kept.png', data: await picture('png') });
      const before = await accountRow(ctx.app, accountId);
      const files = await avatarFiles(ctx.app, accountId);
      // A PNG header that claims 20000×20000 pixels (never decoded), and one cut short.
      const header = Buffer.from(await picture('png', 200, 200)).subarray(0, 33);
      const huge = Buffer.from(header);
      huge.writeUInt32BE(20_000, 16);
      huge.writeUInt32BE(20_000, 20);
      const cut = Buffer.concat([header, Buffer.alloc(40)]);
      const cases: [Record<string, string | number>, { name: string; data: Buffer; type?: string } | undefined, string, number][] = [
        [{ x: 0, y: 0, size: 200 }, { name: 'a.gif', data: await picture('gif') }, 'PROFILE', 981],
        [{ x: 0, y: 0, size: 200 }, { name: 'a.png', data: Buffer.from('not a picture at all'), type: 'image/png' }, 'PROFILE', 981],
        [{ x: 0, y: 0, size: 96 }, { name: 'small.png', data: await picture('png', 120, 60) }, 'PROFILE', 982],
        [{ x: 0, y: 0, size: 96 }, { name: 'huge.png', data: huge }, 'PROFILE', 983],
        [{ x: 0, y: 0, size: 96 }, { name: 'wide.png', data: await picture('png', 10_001, 100) }, 'PROFILE', 983],
        [{ x: 0, y: 0, size: 96 }, { name: 'cut.png', data: cut }, 'PROFILE', 984],
        [{ x: 0, y: 0, size: 96 }, { name: 'big.png', data: Buffer.alloc(AVATAR_MAX_BYTES + 1, 1) }, 'PROFILE', 985],
        [{ x: 0, y: 0, size: 201 }, { name: 'a.png', data: await picture('png') }, 'VALIDATION', 1],
        [{ x: 0, y: 0, size: 50 }, { name: 'a.png', data: await picture('png') }, 'VALIDATION', 1],
        [{ x: -1, y: 0, size: 100 }, { name: 'a.png', data: await picture('png') }, 'VALIDATION', 1],
        [{ x: 0, y: 0 }, { name: 'a.png', data: await picture('png') }, 'VALIDATION', 1],
        [{ x: 0, y: 0, size: 100 }, undefined, 'PUBLISH', 214],
        [{ x: 0, y: 0, size: 100 }, { name: 'empty.png', data: Buffer.alloc(0) }, 'PUBLISH', 210],
      ];
      for (const [fields, upload, type, code] of cases) {
        const res = await sendAvatar(ctx.app, token, fields, upload);
        expect(res.json().content, `${upload?.name} ${JSON.stringify(fields)}`).toMatchObject({ type, code });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect(await accountRow(ctx.app, accountId)).toEqual(before);
      expect(await avatarFiles(ctx.app, accountId)).toEqual(files);
      expect(await partFiles(ctx.config.dataDir)).toEqual([]);
      expect((await get(ctx.app, kept.json().content.image.small)).statusCode).toBe(200);
    });

    it('serves no avatar for unknown accounts, versions or sizes', async () => {
      const { token, accountId } = await member(ctx, 'avatar-serve');
      const small: string = (
        await sendAvatar(ctx.app, token, { x: 0, y: 0, size: 200 }, { name: 'a.png', data: await picture('png') })
      ).json().content.image.small;
      const version = /\/([^/]+)-small\.webp$/.exec(small)?.[1] ?? '';
      for (const url of [
        `/avatars/nobody/${version}-small.webp`,
        `/avatars/${accountId}/other-small.webp`,
        `/avatars/${accountId}/${version}-huge.webp`,
        `/avatars/${accountId}/${version}-small.png`,
        `/avatars/${accountId}/..%2F..%2Fquire.db`,
        `/avatars/..%2F${accountId}/${version}-small.webp`,
      ]) {
        expect((await get(ctx.app, url)).statusCode, url).toBe(404);
      }
    });
  });

  describe('the publisher page', () => {
    let accountId = '';
    let avatar = '';
    beforeAll(async () => {
      const member1 = await member(ctx, 'publisher-profile');
      accountId = member1.accountId;
      await call(ctx.app, '/account/update', { name: 'Ada <i>Press</i>' }, { token: member1.token });
      const up = await sendAvatar(ctx.app, member1.token, { x: 0, y: 0, size: 200 }, { name: 'a.png', data: await picture('png') });
      avatar = up.json().content.image.large;
      await call(
        ctx.app,
        '/account/profile/update',
        {
          description: 'Zines <script>alert(1)</script>\nand "books"',
          website: 'https://ada.example/?a=1&b=2',
          social: { github: 'https://github.com/ada', bluesky: 'https://bsky.app/profile/ada.bsky.social' },
        },
        { token: member1.token },
      );
    });

    it('shows the avatar, the description (escaped, line breaks kept) and the links with rel="me noopener"', async () => {
      const res = await get(ctx.app, `/publisher/${accountId}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      const [img] = elementsOf(res.body, 'img').filter((i) => i.attribs.class === 'ov-profile__avatar');
      expect(img?.attribs.src).toBe(avatar);
      expect(
        elementsOf(res.body, 'p')
          .filter((p) => p.attribs.class === 'ov-profile__description')
          .map(textOf),
      ).toEqual(['Zines <script>alert(1)</script>\nand "books"']);
      const links = elementsOf(res.body, 'a')
        .filter((a) => a.attribs.rel?.startsWith('me'))
        .map((a) => [(a.parent as HtmlElement).attribs['data-link'], a.attribs.href, a.attribs.rel, textOf(a)]);
      expect(links).toEqual([
        ['website', 'https://ada.example/?a=1&b=2', 'me noopener', 'Website'],
        ['bluesky', 'https://bsky.app/profile/ada.bsky.social', 'me noopener', 'Bluesky'],
        ['github', 'https://github.com/ada', 'me noopener', 'GitHub'],
      ]);
      expect(metaContent(res.body, 'og:image')).toBe(`${ORIGIN}${pathOf(avatar)}`);
      expect(metaContent(res.body, 'description')).toBe('Zines <script>alert(1)</script> and "books"');
      const data = JSON.parse(scriptTexts(res.body, 'application/ld+json')[0] ?? '{}');
      expect(data).toMatchObject({
        name: 'Ada <i>Press</i>',
        image: `${ORIGIN}${pathOf(avatar)}`,
        sameAs: ['https://ada.example/?a=1&b=2', 'https://bsky.app/profile/ada.bsky.social', 'https://github.com/ada'],
      });
    });

    it('shows nothing of a profile that is empty', async () => {
      const plain = await member(ctx, 'publisher-plain', 'FREE');
      const res = await get(ctx.app, `/publisher/${plain.accountId}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('ov-profile__avatar');
      expect(res.body).not.toContain('ov-profile__description');
      expect(res.body).not.toContain('rel="me');
    });
  });
});
