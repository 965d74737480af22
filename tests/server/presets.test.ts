import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRESET_LISTS, type PresetLists, PresetListsSchema } from '../../src/contracts/presets';
import type { ReaderBook } from '../../src/contracts/reader';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { makeBook } from './reader-support';

/** GET {api}/account/book/preset/, the served assets, and how the reader call resolves preset values. */
describe.each(DIALECTS)('presets on %s', (dialect) => {
  const ctx = useAccountsApp(dialect);
  let token = '';
  let accountId = '';
  let lists: PresetLists;

  beforeAll(async () => {
    const a = await signedIn(ctx, 'presets');
    token = a.token;
    accountId = a.content.account.id;
    const res = await call(ctx.app, '/account/book/preset/', undefined, { token });
    expect(res.json().status).toBe('ok');
    lists = res.json().content;
  });

  const fetchAsset = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('needs a session', async () => {
    const res = await call(ctx.app, '/account/book/preset/');
    expect(res.json().content).toMatchObject({ type: 'SESSION', code: 301 });
  });

  it('answers the six non-empty lists in the contract shape', () => {
    expect(v.safeParse(PresetListsSchema, lists).success).toBe(true);
    expect(Object.keys(lists).sort()).toEqual([...PRESET_LISTS].sort());
    const sizes = Object.fromEntries(PRESET_LISTS.map((l) => [l, lists[l].length]));
    expect(sizes).toEqual({ skins: 3, backgrounds: 6, logos: 3, logolinks: 3, musics: 3, sfx: 2 });
    expect(lists.skins.map((s) => s.location)).toEqual(['2021', 'classic', 'night']);
    for (const list of ['backgrounds', 'logos', 'musics', 'sfx'] as const)
      for (const item of lists[list]) expect(item.location).toBe(`resource:${item.id}`);
    for (const item of lists.logolinks) expect(item.location).toMatch(/^https:\/\/[a-z.]+\/$/);
    const ids = PRESET_LISTS.flatMap((l) => lists[l].map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const l of PRESET_LISTS) for (const item of lists[l]) expect(item).toMatchObject({ enabled: true, name: expect.any(String) });
  });

  it('serves every preview: images as SVG without scripts, sounds as WAV, cached immutably', async () => {
    for (const l of PRESET_LISTS) {
      for (const item of lists[l]) {
        const res = await fetchAsset(item['url.preview']);
        expect(res.statusCode, item['url.preview']).toBe(200);
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
        if (l === 'musics' || l === 'sfx') {
          expect(res.headers['content-type']).toBe('audio/wav');
          const wav = res.rawPayload;
          expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
          expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
          expect(wav.readUInt16LE(20)).toBe(1); // PCM
          expect(wav.readUInt16LE(34)).toBe(16); // 16-bit
          const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
          if (l === 'musics') expect(seconds).toBeGreaterThanOrEqual(8);
          else expect(seconds).toBeLessThan(0.5);
          expect(seconds).toBeLessThanOrEqual(15);
        } else {
          expect(res.headers['content-type']).toContain('image/svg+xml');
          expect(res.headers['content-security-policy']).toContain("default-src 'none'");
          expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
          expect(res.body).not.toMatch(/<script|on[a-z]+=|href=/i);
        }
      }
    }
  });

  it('serves the same bytes each time, with byte ranges for audio', async () => {
    const url = lists.musics[0]?.['url.preview'] ?? '';
    const whole = await fetchAsset(url);
    expect((await fetchAsset(url)).rawPayload.equals(whole.rawPayload)).toBe(true);
    const part = await fetchAsset(url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    const tail = await fetchAsset(url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(-10))).toBe(true);
    expect((await fetchAsset(url, { range: `bytes=${whole.rawPayload.length}-` })).statusCode).toBe(416);
  });

  it('answers 404 for unknown files, wrong extensions and unknown skins', async () => {
    const bg = lists.backgrounds[0]?.id ?? '';
    const sfx = lists.sfx[0]?.id ?? '';
    for (const url of [
      '/resources/0123456789abcdef.svg',
      `/resources/${bg}.wav`,
      `/resources/${sfx}.svg`,
      `/resources/${bg}.svg.bak`,
      '/resources/..%2Fquire.db',
      '/skins/evil/preview.svg',
    ])
      expect((await fetchAsset(url)).statusCode, url).toBe(404);
  });

  describe('in the reader call', () => {
    const readerBook = async (settings: Record<string, unknown>): Promise<ReaderBook> => {
      const id = await makeBook(ctx.app, accountId, { settings });
      const res = await call(ctx.app, `/public/book/get?id=${id}`);
      expect(res.json().status).toBe('ok');
      return res.json().content;
    };

    it('turns preset resources into served URLs and keeps skin ids', async () => {
      const [bg, logo, link, music, sfx] = [lists.backgrounds[2], lists.logos[1], lists.logolinks[0], lists.musics[1], lists.sfx[1]];
      const book = await readerBook({
        'skin.url': 'night',
        'bg.url': bg?.location,
        'logo.url': logo?.location,
        'logo.link': link?.location,
        'music.url': music?.location,
        'sfx.url': sfx?.location,
      });
      expect(book.skin).toBe('night');
      expect(book.background).toBe(bg?.['url.preview']);
      expect(book.logo).toEqual({ url: logo?.['url.preview'], link: link?.location });
      expect(book.music).toEqual({ url: music?.['url.preview'], loop: true });
      expect(book.sfx).toEqual({ url: sfx?.['url.preview'], enabled: true });
      for (const url of [book.background, book.logo?.url, book.music?.url, book.sfx.url])
        expect((await fetchAsset(url ?? '')).statusCode).toBe(200);
    });

    it('keeps remote URLs and colours, defaults the page-turn sound, drops what it cannot load', async () => {
      const remote = await readerBook({
        'skin.url': 'https://skins.example/evil.css',
        'bg.url': '#123456',
        'logo.url': 'https://cdn.example/logo.png',
        'music.url': 'https://cdn.example/song.mp3',
        'sfx.url': '',
      });
      expect(remote.skin).toBe('2021');
      expect(remote.background).toBe('#123456');
      expect(remote.logo).toEqual({ url: 'https://cdn.example/logo.png', link: null });
      expect(remote.music?.url).toBe('https://cdn.example/song.mp3');
      expect(remote.sfx.url).toBe(lists.sfx[0]?.['url.preview']);

      const unknown = await readerBook({
        'skin.url': 'unknown-skin',
        'bg.url': 'resource:0123456789abcdef',
        // An audio resource used as an image (and the reverse) is not served as such.
        'logo.url': lists.sfx[0]?.location,
        'music.url': lists.backgrounds[0]?.location,
        'sfx.url': 'resource:ffff',
      });
      expect(unknown).toMatchObject({ skin: '2021', background: null, logo: null, music: null, sfx: { url: null } });
    });
  });
});
