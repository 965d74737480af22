import { beforeAll, describe, expect, it } from 'vitest';
import { call, signedIn, useAccountsApp } from './accounts-support';
import { DIALECTS } from './helpers';
import { upload } from './publish-support';

/**
 * Book settings on update and upload (SPEC §3 Book, §5 validation, issue 6 quality bar): every field's
 * valid values read back; every invalid value is refused with nothing changed.
 */
describe.each(DIALECTS)('book settings on %s', (dialect) => {
  const ctx = useAccountsApp(dialect, { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  let premium = { token: '', accountId: '' };
  let free = { token: '', accountId: '' };
  let bookId = '';
  let freeBookId = '';
  let folderId = '';
  let foreignFolderId = '';
  let presets: Record<string, { location: string }[]> = {};

  async function newBook(token: string, name: string): Promise<string> {
    const res = await upload(ctx.app, token, { name: `${name}.txt`, data: Buffer.from(`text of ${name}`) });
    expect(res.json().status).toBe('ok');
    const id: string = res.json().content.id;
    await ctx.app.db.updateTable('books').set({ status: 'DONE', pages_total: 1, pages_done: 1 }).where('id', '=', id).execute();
    return id;
  }
  const get = async (token: string, id: string) => {
    const res = await call(ctx.app, `/account/book/get?id=${id}`, undefined, { token });
    expect(res.json().status).toBe('ok');
    return res.json().content;
  };
  const row = (id: string) => ctx.app.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const update = (token: string, body: Record<string, unknown>, form = false) =>
    call(ctx.app, '/account/book/update', body, { token, form });

  beforeAll(async () => {
    const a = await signedIn(ctx, 'settings-premium');
    premium = { token: a.token, accountId: a.content.account.id };
    await ctx.app.db.updateTable('accounts').set({ mode: 'PREMIUM' }).where('id', '=', premium.accountId).execute();
    const b = await signedIn(ctx, 'settings-free');
    free = { token: b.token, accountId: b.content.account.id };
    bookId = await newBook(premium.token, 'Settings');
    freeBookId = await newBook(free.token, 'Free settings');
    folderId = (await call(ctx.app, '/account/subscription/create', { name: 'Mine' }, { token: premium.token })).json().content.id;
    foreignFolderId = (await call(ctx.app, '/account/subscription/create', { name: 'Theirs' }, { token: free.token })).json().content.id;
    presets = (await call(ctx.app, '/account/book/preset/', undefined, { token: premium.token })).json().content;
  });

  const loc = (list: string, i = 0) => presets[list]?.[i]?.location ?? '';

  it('reads back every field’s valid values (JSON body)', async () => {
    const future = Math.floor((ctx.app.clock() + 7 * 86_400_000) / 1000);
    const cases: [string, unknown, unknown?][] = [
      ['name', 'Renamed book'],
      ['name', '  Trimmed  ', 'Trimmed'],
      ['description', 'A longer description'],
      ['description', ''],
      ['is_adult', 1],
      ['is_adult', 0],
      ['adult_mode', 1],
      ...(['auto', 'book', 'scroll', 'slide'] as const).map((view): [string, unknown] => ['document.view', view]),
      ['skin.url', 'classic'],
      ['skin.url', 'night'],
      ['skin.url', '2021'],
      ['skin.url', 'https://skins.example/my-skin'],
      ['bg.url', loc('backgrounds', 3)],
      ['bg.url', 'https://images.example/bg.jpg'],
      ['bg.url', '#1a2b3c'],
      ['bg.url', ''],
      ['logo.url', loc('logos', 2)],
      ['logo.url', 'http://images.example/logo.png'],
      ['logo.url', null],
      ['logo.link', loc('logolinks', 1)],
      ['logo.link', 'https://publisher.example/about?x=1'],
      ['logo.link', ''],
      ['music.url', loc('musics', 2)],
      ['music.url', 'https://audio.example/song.mp3'],
      ['music.mode', 1],
      ['sfx.url', loc('sfx', 1)],
      ['sfx.url', 'https://audio.example/turn.wav'],
      ['sfx.url', null],
      ['sfx.mode', 1],
      ['read_mode', 1],
      ...[0, 1, 4].map((m): [string, unknown] => ['comment_mode', m]),
      ...[0, 1, 2].map((m): [string, unknown] => ['download_mode', m]),
      ...[0, 2].map((m): [string, unknown] => ['print_mode', m]),
      ['share_mode', 0],
      ...['by', 'by_nc', 'by_nc_nd', 'by_nc_sa', 'by_nd', 'by_sa', 'pd', ''].map((l): [string, unknown] => ['license_mode', l]),
      ['publishing_mode', 2],
      ['private_url', 1],
      ['publishing_mode', 1],
      ['subscribe_mode', 1],
      ['subscription.id', folderId],
      ['subscription.id', null],
      ['date', '2024-02-29'],
      ['publish_date', future],
      ['publish_date', null],
      ['is_published', 0, false],
      ['is_published', 1, true],
    ];
    for (const [field, value, readBack] of cases) {
      const res = await update(premium.token, { id: bookId, [field]: value });
      expect(res.json().status, `${field}=${JSON.stringify(value)}: ${res.body}`).toBe('ok');
      expect((await get(premium.token, bookId))[field], `${field}=${JSON.stringify(value)}`).toEqual(readBack ?? value);
    }
    await update(premium.token, { id: bookId, publish_date: future });
    expect(await get(premium.token, bookId)).toMatchObject({ is_scheduled: true, publish_date: future });
  });

  it('takes form bodies too (numbers as text)', async () => {
    const res = await update(
      premium.token,
      { id: bookId, comment_mode: '1', read_mode: '0', 'skin.url': 'classic', 'logo.link': 'https://a.example/', 'sfx.url': loc('sfx') },
      true,
    );
    expect(res.json().status, res.body).toBe('ok');
    expect(await get(premium.token, bookId)).toMatchObject({
      comment_mode: 1,
      read_mode: 0,
      'skin.url': 'classic',
      'logo.link': 'https://a.example/',
      'sfx.url': loc('sfx'),
    });
  });

  const INVALID: [string, unknown][] = [
    // The quality bar.
    ['logo.link', 'not a url'],
    ['license_mode', 'xyz'],
    ['publishing_mode', 7],
    ['name', ''],
    ['name', '   '],
    ['comment_mode', 3],
    ['skin.url', 'javascript:alert(1)'],
    // The rest of SPEC §5 and §3.
    ['skin.url', 'data:text/css,body{}'],
    ['skin.url', 'my skin'],
    ['skin.url', 'ftp://skins.example/x'],
    ['bg.url', 'javascript:alert(1)'],
    ['bg.url', 'url(https://x.example/a.png)'],
    ['bg.url', 'red; color: blue'],
    ['logo.url', 'data:image/png;base64,AAAA'],
    ['logo.url', '/relative/logo.png'],
    ['logo.link', 'javascript:alert(1)'],
    ['logo.link', 'mailto:a@b.example'],
    ['logo.link', 'example.com'],
    ['music.url', 'song.mp3'],
    ['music.url', 'data:audio/wav;base64,AAAA'],
    ['music.url', '2021'],
    ['sfx.url', 'javascript:void(0)'],
    ['sfx.url', 'resource:xyz'],
    ['logo.link', `https://x.example/${'a'.repeat(2048)}`],
    ['name', 'n'.repeat(256)],
    ['description', 'd'.repeat(5001)],
    ['is_adult', 2],
    ['adult_mode', 'yes'],
    ['document.view', 'flip'],
    ['music.mode', 2],
    ['sfx.mode', -1],
    ['read_mode', 2],
    ['download_mode', 5],
    ['print_mode', 3],
    ['share_mode', 2],
    ['private_url', 2],
    ['subscribe_mode', 9],
    ['subscription.id', 'no-such-folder'],
    ['date', '2024/01/01'],
    ['publish_date', 'tomorrow'],
    ['is_published', 2],
  ];

  it('refuses every invalid value and changes nothing', async () => {
    const before = await get(premium.token, bookId);
    const rowBefore = await row(bookId);
    for (const [field, value] of INVALID) {
      const res = await update(premium.token, { id: bookId, name: 'Should not stick', [field]: value });
      const what = `${field}=${JSON.stringify(value).slice(0, 40)}`;
      expect(res.json().status, what).toBe('error');
      expect(res.json().content, what).toMatchObject({ type: 'VALIDATION', fields: [field] });
    }
    expect(await get(premium.token, bookId)).toEqual(before);
    expect(await row(bookId)).toEqual(rowBefore);
  });

  it('refuses another account’s folder, for one book and for a selection', async () => {
    const before = await row(bookId);
    const one = await update(premium.token, { id: bookId, 'subscription.id': foreignFolderId });
    expect(one.json().content).toMatchObject({ type: 'VALIDATION', fields: ['subscription.id'] });
    const other = await newBook(premium.token, 'Second');
    const bulk = await update(premium.token, { ids: [bookId, other], 'subscription.id': foreignFolderId, comment_mode: 0 });
    expect(bulk.json().content).toMatchObject({ type: 'VALIDATION', fields: ['subscription.id'] });
    expect(await row(bookId)).toEqual(before);
    expect((await get(premium.token, other))['subscription.id']).toBeNull();
  });

  it('refuses scheduling for a free account (and accepts "now")', async () => {
    const before = await row(freeBookId);
    const future = Math.floor((ctx.app.clock() + 86_400_000) / 1000);
    const res = await update(free.token, { id: freeBookId, publish_date: future });
    expect(res.json().content).toMatchObject({ type: 'VALIDATION', fields: ['publish_date'] });
    expect(await row(freeBookId)).toEqual(before);
    expect((await update(free.token, { id: freeBookId, publish_date: null })).json().status).toBe('ok');
  });

  it('validates the settings sent with an upload the same way', async () => {
    const count = async () =>
      Number(
        (
          await ctx.app.db
            .selectFrom('books')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await count();
    for (const [field, value] of [
      ['skin.url', 'javascript:alert(1)'],
      ['logo.link', 'not a url'],
      ['subscription.id', foreignFolderId],
      ['license_mode', 'xyz'],
    ] as const) {
      const res = await upload(ctx.app, premium.token, { name: 'refused.txt', data: Buffer.from('refused') }, { [field]: value });
      expect(res.json().content, field).toMatchObject({ type: 'VALIDATION', fields: [field] });
    }
    expect(await count()).toBe(n);
    const ok = await upload(
      ctx.app,
      premium.token,
      { name: 'presets.txt', data: Buffer.from('with presets') },
      { 'skin.url': 'night', 'bg.url': loc('backgrounds', 5), 'music.url': loc('musics'), 'subscription.id': folderId },
    );
    expect(ok.json().status, ok.body).toBe('ok');
    expect(ok.json().content).toMatchObject({
      'skin.url': 'night',
      'bg.url': loc('backgrounds', 5),
      'music.url': loc('musics'),
      'subscription.id': folderId,
    });
  });
});
